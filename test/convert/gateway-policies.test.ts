// The implementation's policies (src/convert/gateway/policies.ts) at every imported release: the fixture
// implementation-envoy-gateway converted for each Envoy Gateway release of the knowledge base writes policies
// that release's CRD schemas accept, with the auth-url path in pathOverride from v1.8.0 and in path before;
// and what the strategies refuse leaves the route UNPROTECTED rather than open wider.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseAllDocuments } from 'yaml';
import { projectRoot } from '../../src/config';
import type { KnowledgeBase } from '../../src/kb/knowledge-base';
import { ingressToGateway } from '../../src/services/ingress-to-gateway';
import { implementationSchemas } from '../support/gateway-schemas';
import { testKnowledgeBase } from '../support/knowledge-base';

let kb: KnowledgeBase;
beforeAll(async () => {
  kb = await testKnowledgeBase();
});
const tables = implementationSchemas();
const FIXTURE = readFileSync(
  join(projectRoot(), 'test', 'fixtures', 'gateway', 'implementation-envoy-gateway', 'in.yaml'),
  'utf8',
);

const policies = (manifest: string) =>
  parseAllDocuments(manifest)
    .map((d) => ('toJS' in d ? (d.toJS() as Record<string, any>) : {}))
    .filter((o) => String(o.apiVersion).startsWith(`${tables.group}/`));

it('writes policies every imported Envoy Gateway release accepts, pathOverride from v1.8.0 and path before', () => {
  const releases = kb.gatewayApi.implementations.find((i) => i.id === 'envoy-gateway')!.releases;
  expect(releases).toEqual(tables.releases);
  for (const release of releases) {
    const r = ingressToGateway(kb, {
      manifest: FIXTURE,
      implementation: 'envoy-gateway',
      implementationVersion: release,
    });
    expect(r.unprotected.map((u) => u.name)).toEqual(['legacy', 'partner']);
    const written = policies(r.manifest);
    expect(written.map((p) => p.metadata.name)).toEqual(['ledger', 'public', 'admin', 'reports']);
    for (const p of written) {
      const validate = tables.validatorFor(release, p.apiVersion, p.kind);
      const ok = validate(p);
      expect({ release, name: p.metadata.name, errors: ok ? null : validate.errors }).toEqual({
        release,
        name: p.metadata.name,
        errors: null,
      });
    }
    const http = written.find((p) => p.metadata.name === 'admin')!.spec.extAuth.http;
    const newer = releases.indexOf(release) >= releases.indexOf('v1.8.0');
    expect({ release, keys: Object.keys(http).sort() }).toEqual({
      release,
      keys: ['backendRefs', 'headersToBackend', newer ? 'pathOverride' : 'path'].sort(),
    });
  }
});

const INGRESS = (annotations: Record<string, string>) =>
  `apiVersion: networking.k8s.io/v1
kind: Ingress
metadata:
  name: app
  namespace: web
  annotations:
${Object.entries(annotations)
  .map(([k, v]) => `    nginx.ingress.kubernetes.io/${k}: ${JSON.stringify(v)}`)
  .join('\n')}
spec:
  ingressClassName: nginx
  defaultBackend:
    service:
      name: app
      port:
        number: 80
`;

it.each([
  [{ 'whitelist-source-range': '10.0.0.0/8, not-an-address' }, /"not-an-address" is not an address or CIDR/],
  [{ 'whitelist-source-range': '10.0.0.0/33' }, /is not an address or CIDR/],
  [
    { 'allowlist-source-range': '10.0.0.0/8', 'whitelist-source-range': '0.0.0.0/0' },
    /two allow lists with different addresses/,
  ],
  [{ 'auth-url': 'http://auth.example.com/check' }, /not a Service of the cluster/],
  [{ 'auth-url': 'http://oauth2-proxy.auth.svc/oauth2/auth?allowed_groups=admins' }, /has a query/],
  [{ 'auth-url': 'http://$host.auth.svc/x' }, /not a Service of the cluster|nginx variable/],
  [{ 'auth-type': 'basic' }, /no auth-secret names the Secret of the users/],
  [{ 'auth-type': 'basic', 'auth-secret': 'other/users' }, /in another namespace than the policy/],
])('refuses %j: the route stays UNPROTECTED, the reason is given', (annotations, reason) => {
  const r = ingressToGateway(kb, { manifest: INGRESS(annotations), implementation: 'envoy-gateway' });
  expect(r.unprotected.map((u) => u.name)).toEqual(['app']);
  expect(policies(r.manifest)).toEqual([]);
  const breaking = r.unconverted.filter((f) => f.messageId === 'access-not-converted');
  expect(breaking.length).toBeGreaterThan(0);
  expect(breaking[0].message).toMatch(/Envoy Gateway v1\.9\.0 cannot carry it either: /);
  expect(breaking[0].message).toMatch(reason);
});

it('takes a lone address as one host, and one allow list given under both names alike', () => {
  const r = ingressToGateway(kb, {
    manifest: INGRESS({
      'allowlist-source-range': '192.168.1.7,2001:db8::1',
      'whitelist-source-range': '192.168.1.7,2001:db8::1',
    }),
    implementation: 'envoy-gateway',
  });
  expect(r.unprotected).toEqual([]);
  expect(policies(r.manifest)[0].spec.authorization).toEqual({
    rules: [
      {
        name: 'allow-source-range',
        action: 'Allow',
        principal: { clientCIDRs: ['192.168.1.7/32', '2001:db8::1/128'] },
      },
    ],
    defaultAction: 'Deny',
  });
});
