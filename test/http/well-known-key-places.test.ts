// The well-known-key rule through the API: the severity of a key follows the place that holds it
// (kinds.yaml keyPlaces), and a toleration of the old master taint is a WARNING at the release in which
// the control-plane taint is set next to it, linked to that release's note (#107533).
import { startTestServer, type TestServer } from '../support/http';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const REPORT = `query($from: KubeVersion!, $to: KubeVersion!, $manifest: String!) {
  upgradeReport(from: $from, to: $to, manifest: $manifest) {
    findings { ruleId messageId severity path line message effectiveIn fix replacement change { version prs kind } }
  } }`;

const DAEMONSET = `apiVersion: apps/v1
kind: DaemonSet
metadata: {name: agent, namespace: kube-system}
spec:
  selector: {matchLabels: {app: agent}}
  template:
    metadata: {labels: {app: agent}}
    spec:
      tolerations:
        - {key: node-role.kubernetes.io/master, operator: Exists, effect: NoSchedule}
      containers: [{name: agent, image: example.com/agent:1}]
`;

describe('well-known keys by place', () => {
  it('serves when the replacement of a key works: the control-plane taint from 1.24, unknown for other keys', async () => {
    const { wellKnownKeys } = await server.data(`{ wellKnownKeys { key replacement replacementIn } }`);
    const master = wellKnownKeys.find((k: any) => k.key === 'node-role.kubernetes.io/master');
    expect(master).toEqual({
      key: 'node-role.kubernetes.io/master',
      replacement: 'node-role.kubernetes.io/control-plane',
      replacementIn: '1.24',
    });
    expect(wellKnownKeys.filter((k: any) => k.replacementIn !== null).length).toBeLessThan(wellKnownKeys.length);
  });

  it('reports a leftover master toleration as a WARNING at 1.24, linked to #107533, and nothing BREAKING', async () => {
    const { upgradeReport: r } = await server.data(REPORT, { from: '1.20', to: '1.26', manifest: DAEMONSET });
    const keys = r.findings.filter((f: any) => f.ruleId === 'well-known-key');
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatchObject({
      messageId: 'replacementSet',
      severity: 'WARNING',
      effectiveIn: '1.24',
      path: 'spec.template.spec.tolerations[0].key',
      line: 10,
      replacement: 'node-role.kubernetes.io/control-plane',
      change: { version: '1.24', prs: [107533] },
    });
    expect(keys[0].message).toContain('node-role.kubernetes.io/control-plane as well');
    expect(keys[0].fix).toContain('Add a toleration for node-role.kubernetes.io/control-plane next to this one');
    expect(r.findings.some((f: any) => f.severity === 'BREAKING')).toBe(false);
  });

  it('says when the new taint arrives on a path that ends before it, and sends no toleration finding once both are there', async () => {
    const early = await server.data(REPORT, { from: '1.20', to: '1.22', manifest: DAEMONSET });
    const deprecated = early.upgradeReport.findings.find((f: any) => f.ruleId === 'well-known-key');
    expect(deprecated).toMatchObject({ messageId: 'deprecated', severity: 'WARNING', effectiveIn: '1.20' });
    expect(deprecated.fix).toContain('nodes are tainted with it from 1.24');

    const both = DAEMONSET.replace(
      '      containers:',
      '        - {key: node-role.kubernetes.io/control-plane, operator: Exists, effect: NoSchedule}\n      containers:',
    );
    const late = await server.data(REPORT, { from: '1.20', to: '1.26', manifest: both });
    const left = late.upgradeReport.findings.filter((f: any) => f.ruleId === 'well-known-key');
    // Only the old toleration's own removal is left, and it is no more than a WARNING.
    expect(left.map((f: any) => [f.messageId, f.severity, f.effectiveIn])).toEqual([['removed', 'WARNING', '1.25']]);
    expect(left[0].fix).toContain('once no node carries node-role.kubernetes.io/master');
  });
});
