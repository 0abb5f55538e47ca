// A conversion never opens what the Ingress protected: for every annotation record of the knowledge base that
// turns an access control on (seed `access.part: guard`), an Ingress that sets it converts to a route marked
// UNPROTECTED, listed in `unprotected`, with a BREAKING finding at the annotation; set to one of its offValues
// (where it has some) nothing is lost. Driven by the records, so a guard added to the seed is covered at once.
import { type KnowledgeBase } from '../../src/kb/knowledge-base';
import { ingressToGateway } from '../../src/services/ingress-to-gateway';
import { testKnowledgeBase } from '../support/knowledge-base';

let kb: KnowledgeBase;
beforeAll(async () => {
  kb = await testKnowledgeBase();
});

const ingress = (name: string, annotations: Record<string, string>, host = 'app.example.com', path = '/') =>
  [
    'apiVersion: networking.k8s.io/v1',
    'kind: Ingress',
    'metadata:',
    `  name: ${name}`,
    '  namespace: web',
    '  annotations:',
    ...Object.entries(annotations).map(([k, v]) => `    ${k}: ${JSON.stringify(v)}`),
    'spec:',
    '  ingressClassName: nginx',
    '  rules:',
    `    - host: ${host}`,
    '      http:',
    '        paths:',
    `          - path: ${path}`,
    '            pathType: Prefix',
    '            backend:',
    `              service: {name: ${name}, port: {number: 80}}`,
  ].join('\n');

describe('access controls are never dropped in silence', () => {
  it('the knowledge base names guards of every control', () => {
    const controls = new Set(
      kb.gatewayApi.annotations.filter((a) => a.access?.part === 'guard').map((a) => a.access!.control),
    );
    expect([...controls].sort()).toEqual(['basic-auth', 'client-certificate', 'external-auth', 'source-address']);
  });

  it('every guard, set, marks the route UNPROTECTED with a BREAKING finding at its line', () => {
    const guards = kb.gatewayApi.annotations.filter((a) => a.access?.part === 'guard');
    for (const guard of guards) {
      const result = ingressToGateway(kb, { manifest: ingress('app', { [guard.name]: 'value-that-turns-it-on' }) });
      const finding = result.unconverted.find((f) => f.path === `metadata.annotations["${guard.name}"]`);
      expect({
        guard: guard.name,
        severity: finding?.severity,
        messageId: finding?.messageId,
        line: finding?.line,
      }).toEqual({
        guard: guard.name,
        severity: 'BREAKING',
        messageId: 'access-not-converted',
        line: 7,
      });
      expect({ guard: guard.name, routes: result.unprotected.map((u) => u.name) }).toEqual({
        guard: guard.name,
        routes: ['app'],
      });
      expect(result.unprotected[0].lost).toEqual([
        expect.objectContaining({ control: guard.access!.control, annotation: guard.name, line: 7 }),
      ]);
      expect(result.manifest).toMatch(
        /^# UNPROTECTED: .*\n\napiVersion: gateway\.networking\.k8s\.io\/v1\nkind: HTTPRoute\n/m,
      );
    }
  });

  it('a value or setting that leaves the control off loses nothing', () => {
    const records = kb.gatewayApi.annotations.filter((a) => a.access && a.access.offValues.length > 0);
    expect(records.length).toBeGreaterThan(0);
    for (const r of records) {
      const guard = kb.gatewayApi.annotations.find(
        (a) => a.access?.control === r.access!.control && a.access.part === 'guard',
      )!;
      const annotations =
        r === guard ? { [r.name]: r.access!.offValues[0] } : { [guard.name]: 'on', [r.name]: r.access!.offValues[0] };
      const result = ingressToGateway(kb, { manifest: ingress('app', annotations) });
      expect({ record: r.name, unprotected: result.unprotected }).toEqual({ record: r.name, unprotected: [] });
      expect(result.unconverted.filter((f) => f.severity === 'BREAKING')).toEqual([]);
    }
  });

  it("a control of the whole host reaches the other Ingresses of the host, and only of the host's class", () => {
    const hostGuard = kb.gatewayApi.annotations.find((a) => a.access?.part === 'guard' && a.access.scope === 'host')!;
    const ownGuard = kb.gatewayApi.annotations.find((a) => a.access?.part === 'guard' && a.access.scope === 'ingress')!;
    const manifest = [
      ingress('guarded', { [hostGuard.name]: 'web/ca', [ownGuard.name]: 'x' }),
      ingress('same-host', {}, 'app.example.com', '/docs'),
      ingress('same-host-too', {}, 'app.example.com', '/blog'),
      ingress('other-host', {}, 'www.example.com'),
      ingress('other-class', {}, 'app.example.com', '/other').replace(
        'ingressClassName: nginx',
        'ingressClassName: internal',
      ),
    ].join('\n---\n');
    const result = ingressToGateway(kb, { manifest });
    expect(result.unprotected.map((u) => [u.name, u.lost.map((l) => l.control)])).toEqual([
      ['guarded', [ownGuard.access!.control, hostGuard.access!.control]],
      ['same-host', [hostGuard.access!.control]],
      ['same-host-too', [hostGuard.access!.control]],
    ]);
    // Each Ingress of the host is told, at its own host line.
    expect(
      result.unconverted.filter((f) => f.resource.name?.startsWith('same-host')).map((f) => f.resource.name),
    ).toEqual(['same-host', 'same-host-too']);
    const sameHost = result.unconverted.find((f) => f.resource.name === 'same-host');
    expect(sameHost).toMatchObject({
      severity: 'BREAKING',
      messageId: 'access-not-converted',
      path: 'spec.rules[0].host',
    });
    // No access control reaches them; their hosts have no TLS, which is said apart (default-certificate).
    expect(
      result.unconverted
        .filter((f) => f.resource.name === 'other-host' || f.resource.name === 'other-class')
        .filter((f) => f.messageId !== 'default-certificate'),
    ).toEqual([]);
  });

  it('a route that only redirects serves nothing protected and is not marked', () => {
    const guard = kb.gatewayApi.annotations.find((a) => a.access?.part === 'guard' && a.access.scope === 'ingress')!;
    const manifest = ingress('app', { [guard.name]: 'x' }).replace(
      '  rules:',
      '  tls:\n    - hosts: [app.example.com]\n      secretName: app-tls\n  rules:',
    );
    const result = ingressToGateway(kb, { manifest });
    expect(result.manifest).toContain('name: app-https-redirect');
    expect(result.unprotected.map((u) => u.name)).toEqual(['app']);
  });

  it('a guard written as a map (not a string, as Kubernetes wants) is still seen and marks the route', () => {
    const guard = kb.gatewayApi.annotations.find((a) => a.access?.part === 'guard' && a.access.scope === 'ingress')!;
    const manifest = ingress('app', {}).replace('  annotations:', `  annotations:\n    ${guard.name}: {url: x}`);
    const result = ingressToGateway(kb, { manifest });
    expect(result.unprotected.map((u) => u.name)).toEqual(['app']);
  });
});
