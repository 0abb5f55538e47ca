// References to other APIs inside objects (the api-reference rule) over HTTP, on the run's seeded SQLite file:
// upgradeReport places each finding on the line and field path of the reference itself (the apiVersion
// scalar, the apiGroups item), with the replacement and the release note of the referenced record; and
// convertManifest rewrites the references it can.
import { startTestServer, type TestServer } from '../support/http';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ maxManifestBytes: 64 * 1024 });
});
afterAll(() => server.close());

const REPORT = `query($from: KubeVersion!, $to: KubeVersion!, $manifest: String!) {
  upgradeReport(from: $from, to: $to, manifest: $manifest) {
    findings { ruleId messageId severity path line message effectiveIn fix replacement
      resource { kind name documentIndex line } change { version prs } } } }`;
const CONVERT = `query($from: KubeVersion!, $to: KubeVersion!, $manifest: String!) {
  convertManifest(from: $from, to: $to, manifest: $manifest) {
    manifest changes { ruleId line description } unconverted { ruleId messageId line } } }`;

const MANIFEST = `apiVersion: autoscaling/v1
kind: HorizontalPodAutoscaler
metadata: {name: web}
spec:
  scaleTargetRef:
    kind: Deployment
    name: web
    apiVersion: extensions/v1beta1
  maxReplicas: 4
---
apiVersion: rbac.authorization.k8s.io/v1
kind: ClusterRole
metadata: {name: ingress-reader}
rules:
  - verbs: [get, list]
    resources: [ingresses]
    apiGroups: ["", extensions]
`;

const references = (r: any) => r.findings.filter((f: any) => f.ruleId === 'api-reference');

describe('api-reference over HTTP', () => {
  it('reports an HPA target and an RBAC rule on the lines and paths of the references', async () => {
    const { upgradeReport: r } = await server.data(REPORT, { from: '1.15', to: '1.22', manifest: MANIFEST });
    expect(references(r)).toEqual([
      expect.objectContaining({
        messageId: 'groupKind',
        severity: 'WARNING',
        effectiveIn: '1.16',
        line: 8,
        path: 'spec.scaleTargetRef.apiVersion',
        replacement: 'apps/v1',
        resource: { kind: 'HorizontalPodAutoscaler', name: 'web', documentIndex: 0, line: 1 },
        change: expect.objectContaining({ version: '1.16' }),
      }),
      expect.objectContaining({
        messageId: 'groupResource',
        severity: 'WARNING',
        effectiveIn: '1.22',
        line: 17,
        // the second item of apiGroups: "extensions", not the core group before it
        path: 'rules[0].apiGroups[1]',
        replacement: 'networking.k8s.io',
        resource: { kind: 'ClusterRole', name: 'ingress-reader', documentIndex: 1, line: 11 },
        change: expect.objectContaining({ version: '1.22' }),
      }),
    ]);
    const [target, rule] = references(r);
    expect(target.message).toContain('no version of extensions serves Deployment');
    expect(target.fix).toMatch(/^Change spec\.scaleTargetRef\.apiVersion to apps\/v1.*served since 1\.9/);
    expect(rule.fix).toContain('networking.k8s.io serves ingresses since 1.14 (networking.k8s.io/v1beta1)');
  });

  it('reports nothing before the removal releases', async () => {
    const { upgradeReport: r } = await server.data(REPORT, { from: '1.14', to: '1.15', manifest: MANIFEST });
    expect(references(r)).toEqual([]);
  });

  it('convertManifest moves the target and adds the group, leaving nothing of the rule unconverted', async () => {
    const { convertManifest: c } = await server.data(CONVERT, { from: '1.15', to: '1.22', manifest: MANIFEST });
    expect(c.manifest).toContain('    apiVersion: apps/v1\n');
    expect(c.manifest).toContain('    apiGroups: ["", extensions, networking.k8s.io]\n');
    expect(c.changes.filter((x: any) => x.ruleId === 'api-reference').map((x: any) => x.line)).toEqual([8, 17]);
    expect(c.unconverted.filter((f: any) => f.ruleId === 'api-reference')).toEqual([]);
  });
});
