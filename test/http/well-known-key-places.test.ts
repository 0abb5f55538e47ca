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

  it("serves a key's life in its other roles: the master label kubeadm stops setting a release before the taint", async () => {
    const { wellKnownKeys } = await server.data(
      `{ wellKnownKeys { key type otherRoles { type deprecatedIn removedIn replacement replacementIn } } }`,
    );
    const master = wellKnownKeys.find((k: any) => k.key === 'node-role.kubernetes.io/master');
    expect(master.type).toBe('TAINT');
    expect(master.otherRoles).toEqual([
      {
        type: 'LABEL',
        deprecatedIn: '1.20',
        removedIn: '1.24',
        replacement: 'node-role.kubernetes.io/control-plane',
        replacementIn: '1.20',
      },
    ]);
    // A key with one role answers an empty list, not null.
    expect(wellKnownKeys.filter((k: any) => k.otherRoles.length === 0).length).toBeGreaterThan(50);
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

// Keys of every area (issue #28): a record for every key under a prefix, the keys Kubernetes names known through
// generated records, and a key of its reserved domains that nothing names reported as not checked.
const POD = `apiVersion: v1
kind: Pod
metadata:
  name: web
  annotations:
    container.seccomp.security.alpha.kubernetes.io/web: runtime/default
    kubectl.kubernetes.io/default-container: web
    made-up.kubernetes.io/widget: "on"
    example.com/owner: team-a
  labels:
    app.kubernetes.io/name: web
spec:
  containers: [{name: web, image: example.com/web:1}]
`;

const CHECKED = `query($from: KubeVersion!, $to: KubeVersion!, $manifest: String!) {
  upgradeReport(from: $from, to: $to, manifest: $manifest) {
    findings { ruleId messageId severity path line message effectiveIn checked }
    summary { info notChecked }
    passes
    strict: passes(strict: true)
    warnings: passes(failOn: WARNING)
  } }`;

describe('well-known keys of every area', () => {
  it('reads a key under a prefix record, knows the keys Kubernetes names, and says which key it could not check', async () => {
    const { upgradeReport: r } = await server.data(CHECKED, { from: '1.18', to: '1.28', manifest: POD });
    const keys = r.findings.filter((f: any) => f.ruleId === 'well-known-key');
    expect(keys.map((f: any) => [f.messageId, f.severity, f.effectiveIn, f.line, f.checked])).toEqual([
      ['notKnown', 'INFO', '1.18', 8, false],
      ['removed', 'BREAKING', '1.27', 6, true],
    ]);
    expect(keys[1].message).toBe(
      'annotation container.seccomp.security.alpha.kubernetes.io/web is no longer set or read from 1.27.',
    );
    expect(keys[0].message).toBe('annotation made-up.kubernetes.io/widget is not known to netkb: not checked.');
    // The user's own domain is not Kubernetes': nothing is said of example.com/owner.
    expect(r.findings.some((f: any) => f.message.includes('example.com/owner'))).toBe(false);
    expect(r.summary.notChecked).toBe(1);
    expect([r.passes, r.strict, r.warnings]).toEqual([false, false, false]);
  });

  it('passes a report whose only finding is not checked, unless strict', async () => {
    const only = POD.replace('    container.seccomp.security.alpha.kubernetes.io/web: runtime/default\n', '');
    const { upgradeReport: r } = await server.data(CHECKED, { from: '1.18', to: '1.28', manifest: only });
    expect(r.summary).toEqual({ info: 1, notChecked: 1 });
    expect([r.passes, r.strict, r.warnings]).toEqual([true, false, true]);
  });

  it('serves generated records apart from curated ones', async () => {
    const all = await server.data(`{ wellKnownKeys { key type generated summary } }`);
    const curated = await server.data(`{ wellKnownKeys(curatedOnly: true) { key generated } }`);
    const name = all.wellKnownKeys.find((k: any) => k.key === 'app.kubernetes.io/name');
    expect(name).toMatchObject({ type: null, generated: true });
    expect(name.summary).toContain('no deprecation or removal is recorded');
    expect(curated.wellKnownKeys.every((k: any) => !k.generated)).toBe(true);
    expect(curated.wellKnownKeys.map((k: any) => k.key)).toContain('container.seccomp.security.alpha.kubernetes.io/*');
    expect(all.wellKnownKeys.length).toBeGreaterThan(curated.wellKnownKeys.length + 50);
  });
});
