// ingressToGateway over HTTP on the run's seeded database: the Gateway API objects, the change list and the
// unconverted findings with their lines, the ingress-nginx records behind them, the errors of bad input, and
// caching: an answer that carries the user's manifest is private; and the same answers from the worker pool.
import { startTestServer, type TestServer } from '../support/http';
import { stallingWorkers } from '../support/stalling-worker';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ maxManifestBytes: 64 * 1024 });
});
afterAll(() => server.close());

const CONVERT = `query($manifest: String!, $provider: IngressProvider, $cls: String, $ga: String, $ch: GatewayApiChannel) {
  ingressToGateway(manifest: $manifest, provider: $provider, gatewayClassName: $cls, gatewayApi: $ga, gatewayApiChannel: $ch) {
    manifest gatewayApiRelease gatewayApiChannel
    changes { ruleId line description resource { apiVersion kind name namespace line } }
    unconverted { ruleId messageId severity line path message effectiveIn gatewayApiRelease resource { kind name line } }
    unprotected { name namespace ingress { kind name line } lost { control description annotation line ingress { name line } } }
  } }`;

const INGRESS = `apiVersion: networking.k8s.io/v1beta1
kind: Ingress
metadata:
  name: shop
  namespace: web
  annotations:
    nginx.ingress.kubernetes.io/ssl-redirect: "false"
    nginx.ingress.kubernetes.io/server-snippet: |
      return 403;
spec:
  tls:
    - hosts: [shop.example.com]
      secretName: shop-tls
  rules:
    - host: shop.example.com
      http:
        paths:
          - path: /api
            pathType: Exact
            backend:
              serviceName: api
              servicePort: 8080
`;

describe('ingressToGateway', () => {
  it('turns an older Ingress into a Gateway and an HTTPRoute, and says what it made and left', async () => {
    const { ingressToGateway: r } = await server.data(CONVERT, { manifest: INGRESS, cls: 'eg' });
    expect(r.manifest).toContain('kind: Gateway\n');
    expect(r.manifest).toContain('  gatewayClassName: eg\n');
    expect(r.manifest).toContain('kind: HTTPRoute\n');
    expect(r.manifest).toMatch(/type: Exact\n\s+value: \/api\n/);
    expect(r.manifest).toMatch(/- name: shop-tls\n/);
    // ssl-redirect "false": no redirect route, the route is on both listeners.
    expect(r.manifest).not.toContain('https-redirect');
    expect(r.manifest).toContain('sectionName: http-shop-example-com');
    expect(r.manifest).toContain('sectionName: https-shop-example-com');
    expect(r.changes.some((c: any) => c.ruleId === 'api-version' && c.line === 1)).toBe(true);
    expect(r.changes).toContainEqual(
      expect.objectContaining({
        ruleId: 'ingress-to-gateway',
        line: 18,
        resource: expect.objectContaining({ kind: 'Ingress', name: 'shop', namespace: 'web' }),
      }),
    );
    expect(r.unconverted).toEqual([
      expect.objectContaining({
        ruleId: 'ingress-to-gateway',
        messageId: 'annotation-not-converted',
        severity: 'WARNING',
        line: 8,
        path: 'metadata.annotations["nginx.ingress.kubernetes.io/server-snippet"]',
        resource: { kind: 'Ingress', name: 'shop', line: 1 },
      }),
    ]);
    expect(r.unconverted[0].message).toContain('nginx.ingress.kubernetes.io/server-snippet is not converted');
  });

  it('never opens what the Ingress protected: the route is listed in unprotected and marked, the annotation BREAKING', async () => {
    const guarded = INGRESS.replace(
      '  annotations:\n',
      '  annotations:\n    nginx.ingress.kubernetes.io/auth-url: https://auth.example.com/check\n',
    );
    const { ingressToGateway: r } = await server.data(CONVERT, { manifest: guarded, cls: 'eg' });
    expect(r.unprotected).toEqual([
      {
        name: 'shop',
        namespace: 'web',
        ingress: { kind: 'Ingress', name: 'shop', line: 1 },
        lost: [
          {
            control: 'external-auth',
            description: 'external authentication',
            annotation: 'nginx.ingress.kubernetes.io/auth-url',
            line: 7,
            ingress: { name: 'shop', line: 1 },
          },
        ],
      },
    ]);
    expect(r.manifest).toMatch(
      /^# UNPROTECTED: .*external authentication.*\n\napiVersion: gateway\.networking\.k8s\.io\/v1\nkind: HTTPRoute\n/m,
    );
    expect(r.unconverted).toContainEqual(
      expect.objectContaining({ messageId: 'access-not-converted', severity: 'BREAKING', line: 7 }),
    );
    // Without the annotation nothing is lost.
    expect((await server.data(CONVERT, { manifest: INGRESS, cls: 'eg' })).ingressToGateway.unprotected).toEqual([]);
    // The records say which annotations belong to which control.
    const { ingressNginxAnnotations: records } = await server.data(
      '{ ingressNginxAnnotations { name access { control description part scope offValues } } }',
    );
    expect(records.find((a: any) => a.name === 'nginx.ingress.kubernetes.io/auth-tls-verify-client').access).toEqual({
      control: 'client-certificate',
      description: 'client certificate authentication',
      part: 'setting',
      scope: 'host',
      offValues: ['off'],
    });
    expect(records.find((a: any) => a.name === 'nginx.ingress.kubernetes.io/rewrite-target').access).toBeNull();
  });

  it('without gatewayClassName, names the GatewayClass after the ingress class; a class-less Ingress is listed', async () => {
    const classed = INGRESS.replace('spec:\n', 'spec:\n  ingressClassName: nginx\n');
    const { ingressToGateway: a } = await server.data(CONVERT, { manifest: classed });
    expect(a.manifest).toContain('  gatewayClassName: nginx\n');
    const { ingressToGateway: b } = await server.data(CONVERT, { manifest: INGRESS });
    expect(b.manifest).toBe('');
    expect(b.unconverted.map((f: any) => f.messageId)).toContain('no-ingress-class');
  });

  it('refuses a manifest without an Ingress, a bad class name and an unknown provider', async () => {
    const none = await server.query(CONVERT, { manifest: 'apiVersion: v1\nkind: Service\nmetadata: {name: a}\n' });
    expect(none.errors?.[0].extensions?.code).toBe('BAD_USER_INPUT');
    expect(none.errors?.[0].message).toMatch(/no Ingress/);
    const badClass = await server.query(CONVERT, { manifest: INGRESS, cls: 'Not A Name' });
    expect(badClass.errors?.[0].extensions?.code).toBe('BAD_USER_INPUT');
    expect(badClass.errors?.[0].extensions?.argument).toBe('gatewayClassName');
    const provider = await server.query(CONVERT, { manifest: INGRESS, provider: 'TRAEFIK' });
    expect(provider.status).toBe(400);
    expect(provider.errors?.[0].message).toMatch(/TRAEFIK/);
    const template = await server.query(CONVERT, { manifest: 'apiVersion: v1\nkind: {{ .Values.kind }}\n' });
    expect(template.errors?.[0].extensions?.code).toBe('TEMPLATE_NOT_RENDERED');
    const large = await server.query(CONVERT, { manifest: `# ${'x'.repeat(70 * 1024)}\n${INGRESS}` });
    expect(large.errors?.[0].extensions?.code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('writes for the Gateway API release and channel asked for, each kind at its storage version there', async () => {
    const { gatewayApiReleases } = await server.data('{ gatewayApiReleases { version } }');
    const latest = gatewayApiReleases[gatewayApiReleases.length - 1].version;
    const byDefault = (await server.data(CONVERT, { manifest: INGRESS, cls: 'eg' })).ingressToGateway;
    expect([byDefault.gatewayApiRelease, byDefault.gatewayApiChannel]).toEqual([latest, 'STANDARD']);
    for (const [ga, ch] of [
      ['1.0.0', 'STANDARD'],
      ['v1.0.0', 'EXPERIMENTAL'],
      [latest, 'EXPERIMENTAL'],
    ]) {
      const { ingressToGateway: r } = await server.data(CONVERT, { manifest: INGRESS, cls: 'eg', ga, ch });
      const tag = ga.startsWith('v') ? ga : `v${ga}`;
      expect([r.gatewayApiRelease, r.gatewayApiChannel]).toEqual([tag, ch]);
      const { gatewayApiRelease: release } = await server.data(
        'query($v: String!, $ch: GatewayApiChannel) { gatewayApiRelease(version: $v) { kinds(channel: $ch) { kind group storageVersion } } }',
        { v: tag, ch },
      );
      const route = release.kinds.find((k: any) => k.kind === 'HTTPRoute');
      expect(r.manifest).toContain(`apiVersion: ${route.group}/${route.storageVersion}\nkind: HTTPRoute\n`);
      expect(r.unconverted.length).toBeGreaterThan(0);
      expect(r.unconverted.every((f: any) => f.gatewayApiRelease === tag)).toBe(true);
    }
  });

  it('lists what the chosen bundle cannot hold, with the first release that can, and writes it for that release', async () => {
    // A rewrite to a fixed path: the oldest bundles' HTTPRoute has no URLRewrite filter, and a route without it
    // would send the backend paths it does not expect, so the route is held back.
    const rewrite = INGRESS.replace('spec:\n', 'spec:\n  ingressClassName: nginx\n').replace(
      '    nginx.ingress.kubernetes.io/ssl-redirect: "false"\n',
      '    nginx.ingress.kubernetes.io/ssl-redirect: "false"\n    nginx.ingress.kubernetes.io/rewrite-target: /v2\n',
    );
    const { gatewayApiReleases } = await server.data('{ gatewayApiReleases { version } }');
    // Oldest first: a release whose HTTPRoute lacks the filter lists the route as such.
    let gap: any;
    for (const { version } of gatewayApiReleases) {
      const { ingressToGateway: r } = await server.data(CONVERT, { manifest: rewrite, ga: version });
      gap = r.unconverted.find((f: any) => f.messageId === 'not-in-bundle' && /URLRewrite|urlRewrite/.test(f.message));
      if (gap) {
        expect(r.manifest).not.toContain('URLRewrite');
        break;
      }
    }
    expect(gap).toMatchObject({ severity: 'BREAKING', resource: { kind: 'Ingress', name: 'shop' } });
    expect(gap.message).toMatch(/^HTTPRoute web\/shop is not written: .*; the first release that (accepts|has) it is/);
    const first = /the first release that (?:accepts|has) it is (v[\d.]+) \(standard channel\)/.exec(gap.message)?.[1];
    expect(first).toBeDefined();
    const { ingressToGateway: then } = await server.data(CONVERT, { manifest: rewrite, ga: first });
    expect(then.unconverted.map((f: any) => f.messageId)).not.toContain('not-in-bundle');
    expect(then.manifest).toContain('type: URLRewrite');
  });

  it('converts only the Ingresses of ingressClass, and refuses a class no Ingress has', async () => {
    const q = `query($m: String!, $c: String) { ingressToGateway(manifest: $m, ingressClass: $c) { manifest changes { description } } }`;
    const classed = INGRESS.replace('spec:\n', 'spec:\n  ingressClassName: nginx\n');
    const other = classed
      .replace(/name: shop\n/, 'name: shop-internal\n')
      .replace('ingressClassName: nginx', 'ingressClassName: internal');
    const mixed = `${classed}---\n${other}`;
    const { ingressToGateway: r } = await server.data(q, { m: mixed, c: 'internal' });
    expect(r.manifest).toContain('gatewayClassName: internal\n');
    expect(r.manifest).not.toContain('gatewayClassName: nginx\n');
    expect(r.changes.map((c: any) => c.description)).toContain(
      'ingress class nginx: left out, only the Ingresses of class internal are converted (ingressClass, --ingress-class)',
    );
    const res = await server.query(q, { m: mixed, c: 'external' });
    expect(res.errors?.[0].extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      argument: 'ingressClass',
      knownClasses: ['nginx', 'internal'],
    });
  });

  it('refuses a Gateway API release it does not hold, with the closest tags', async () => {
    const res = await server.query(CONVERT, { manifest: INGRESS, cls: 'eg', ga: 'v1.2.9' });
    expect(res.errors?.[0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', argument: 'gatewayApi' });
    expect(res.errors?.[0].extensions?.suggestions).toEqual(expect.arrayContaining(['v1.2.0']));
    expect(res.errors?.[0].message).toMatch(/^gatewayApi: Gateway API release "v1.2.9" is not in the knowledge base/);
  });

  it("writes the implementation's policies for the access controls it carries, and refuses an unknown one", async () => {
    const q = `query($m: String!, $i: String, $v: String) { ingressToGateway(manifest: $m, implementation: $i, implementationVersion: $v) {
      manifest implementation implementationVersion unprotected { name } unconverted { messageId severity } } }`;
    const guarded = `apiVersion: networking.k8s.io/v1
kind: Ingress
metadata:
  name: ledger
  namespace: finance
  annotations:
    nginx.ingress.kubernetes.io/whitelist-source-range: 10.0.0.0/8
spec:
  ingressClassName: nginx
  defaultBackend:
    service:
      name: ledger
      port:
        number: 80
`;
    const plain = (await server.data(q, { m: guarded })).ingressToGateway;
    expect(plain.unprotected).toEqual([{ name: 'ledger' }]);
    expect(plain.implementation).toBeNull();
    const { ingressToGateway: r } = await server.data(q, { m: guarded, i: 'envoy-gateway', v: 'v1.2.0' });
    expect(r.implementation).toBe('envoy-gateway');
    expect(r.implementationVersion).toBe('v1.2.0');
    expect(r.unprotected).toEqual([]);
    expect(r.manifest).toContain('kind: SecurityPolicy\n');
    expect(r.manifest).toMatch(/defaultAction: Deny\n/);
    expect(r.unconverted.map((f: any) => f.messageId)).not.toContain('access-not-converted');
    const bad = await server.query(q, { m: guarded, i: 'istio' });
    expect(bad.errors?.[0].extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      argument: 'implementation',
      knownImplementations: ['envoy-gateway'],
    });
    const release = await server.query(q, { m: guarded, i: 'envoy-gateway', v: '0.6.0' });
    expect(release.errors?.[0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', argument: 'implementationVersion' });
  });

  it("writes the implementation's traffic policy for the body size, affinity and rate it carries, from the release that has them", async () => {
    const q = `query($m: String!, $v: String) { ingressToGateway(manifest: $m, implementation: "envoy-gateway", implementationVersion: $v) {
      manifest changes { description } unconverted { messageId severity message } } }`;
    const m = `apiVersion: networking.k8s.io/v1
kind: Ingress
metadata:
  name: upload
  namespace: shop
  annotations:
    nginx.ingress.kubernetes.io/proxy-body-size: 10m
    nginx.ingress.kubernetes.io/affinity: cookie
    nginx.ingress.kubernetes.io/limit-rps: "5"
spec:
  ingressClassName: nginx
  defaultBackend:
    service:
      name: upload
      port:
        number: 80
`;
    const plain = (await server.data(`query($m: String!) { ingressToGateway(manifest: $m) { manifest } }`, { m }))
      .ingressToGateway;
    expect(plain.manifest).not.toContain('BackendTrafficPolicy');
    const now = (await server.data(q, { m, v: 'v1.9.0' })).ingressToGateway;
    expect(now.manifest).toContain('kind: BackendTrafficPolicy\n');
    expect(now.manifest).toMatch(/requestBuffer:\n\s+limit: 10Mi\n/);
    expect(now.manifest).toMatch(/cookie:\n\s+name: INGRESSCOOKIE\n\s+ttl: 0s\n/);
    expect(now.manifest).toMatch(/type: Distinct\n\s+value: ::\/0\n\s+limit:\n\s+requests: 5\n\s+unit: Second\n/);
    expect(now.unconverted.filter((f: any) => f.messageId === 'annotation-not-converted')).toEqual([]);
    // v1.3.0 has neither the request buffer nor per-client local limits: both listed with the release that has them.
    const old = (await server.data(q, { m, v: 'v1.3.0' })).ingressToGateway;
    expect(old.manifest).not.toContain('requestBuffer');
    expect(old.manifest).toContain('ConsistentHash');
    const listed = old.unconverted.filter((f: any) => f.messageId === 'annotation-not-converted');
    expect(listed.map((f: any) => /carries (\S+) from (v[\d.]+) on/.exec(f.message)?.slice(1))).toEqual([
      ['nginx.ingress.kubernetes.io/proxy-body-size', 'v1.4.0'],
      ['nginx.ingress.kubernetes.io/limit-rps', 'v1.4.0'],
    ]);
  });

  it('answers a GET privately, with no ETag', async () => {
    const query = 'query($m: String!) { ingressToGateway(manifest: $m, gatewayClassName: "eg") { manifest } }';
    const res = await fetch(
      `${server.url}?query=${encodeURIComponent(query)}&variables=${encodeURIComponent(JSON.stringify({ m: INGRESS }))}`,
      { headers: { 'apollo-require-preflight': 'true' } },
    );
    expect(res.status).toBe(200);
    const body = (await res.json()) as any;
    expect(body.errors).toBeUndefined();
    expect(body.data.ingressToGateway.manifest).toContain('kind: HTTPRoute');
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(res.headers.get('etag')).toBeNull();
  });
});

describe('ingressToGateway in the worker pool', () => {
  jest.setTimeout(120_000);

  it('answers exactly as the in-line conversion does, refusals included, and stops one over its time budget', async () => {
    const cases = [
      { manifest: INGRESS, cls: 'eg' },
      { manifest: 'apiVersion: v1\nkind: Service\nmetadata: {name: s}\n' },
      { manifest: INGRESS, cls: 'Not A Name' },
      { manifest: INGRESS, cls: 'eg', ga: 'v1.0.0', ch: 'EXPERIMENTAL' },
      { manifest: INGRESS, cls: 'eg', ga: 'v9.9.9' },
    ];
    const expected = await Promise.all(cases.map((v) => server.query(CONVERT, v)));
    expect(expected[0].data?.ingressToGateway.manifest).toContain('kind: HTTPRoute');
    expect(expected[1].errors?.[0].extensions?.code).toBe('BAD_USER_INPUT');
    expect(expected[2].errors?.[0].extensions?.code).toBe('BAD_USER_INPUT');
    const pooled = await startTestServer({ maxManifestBytes: 64 * 1024, analysisPool: { size: 1, timeoutMs: 30_000 } });
    try {
      for (const [i, variables] of cases.entries()) {
        const res = await pooled.query(CONVERT, variables);
        expect(res.status).toBe(expected[i].status);
        expect(res.data ?? null).toEqual(expected[i].data ?? null);
        expect(res.errors?.map((e) => [e.message, e.extensions?.code])).toEqual(
          expected[i].errors?.map((e) => [e.message, e.extensions?.code]),
        );
      }
    } finally {
      await pooled.close();
    }
    // A worker that never answers: the budget is proven whatever the speed of the machine.
    const workers = stallingWorkers();
    workers.stalling = true;
    const slow = await startTestServer({ analysisPool: { size: 1, timeoutMs: 50, startWorker: workers.startWorker } });
    try {
      expect((await slow.query(CONVERT, cases[0])).errors?.[0].extensions?.code).toBe('TIMEOUT');
    } finally {
      await slow.close();
    }
  });
});
