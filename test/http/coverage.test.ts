// What the whole covered range must answer (releases 1.14 to 1.36, 1.37 preliminary).
import { startTestServer, type TestServer } from '../support/http';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const REPORT = `query($from: KubeVersion!, $to: KubeVersion!, $m: String!) { upgradeReport(from: $from, to: $to, manifest: $m) {
  path findings { ruleId messageId severity effectiveIn line replacement } } }`;

describe('coverage', () => {
  it('knows every minor release from 1.14 to 1.37, and 1.37 only as preliminary', async () => {
    const { releases } = await server.data('{ releases { version preliminary releasedOn } }');
    const versions = releases.map((r: any) => r.version);
    for (let minor = 14; minor <= 37; minor++) expect(versions).toContain(`1.${minor}`);
    expect(releases.filter((r: any) => r.preliminary).map((r: any) => r.version)).toEqual(['1.37']);
    expect(
      releases.filter((r: any) => r.version !== '1.37').every((r: any) => /^\d{4}-\d{2}-\d{2}$/.test(r.releasedOn)),
    ).toBe(true);
  });

  it('has SIG-Network notes for every final release', async () => {
    for (let minor = 14; minor <= 36; minor++) {
      const data = await server.data(`{ release(version: "1.${minor}") { changes(first: 1) { totalCount } } }`);
      expect({ release: `1.${minor}`, any: data.release.changes.totalCount > 0 }).toEqual({
        release: `1.${minor}`,
        any: true,
      });
    }
  });

  it('1.20 -> 1.22: extensions/v1beta1 Ingress is BREAKING at 1.22', async () => {
    const m =
      'apiVersion: extensions/v1beta1\nkind: Ingress\nmetadata: {name: web}\nspec: {backend: {serviceName: web, servicePort: 80}}\n';
    const { upgradeReport } = await server.data(REPORT, { from: '1.20', to: '1.22', m });
    expect(upgradeReport.path).toEqual(['1.20', '1.21', '1.22']);
    expect(upgradeReport.findings).toContainEqual({
      ruleId: 'api-version',
      messageId: 'removed',
      severity: 'BREAKING',
      effectiveIn: '1.22',
      line: 1,
      replacement: 'networking.k8s.io/v1',
    });
  });

  it('a removed gate still set in --feature-gates is BREAKING at its removal release', async () => {
    const m = `apiVersion: v1
kind: Pod
metadata: {name: kube-apiserver, namespace: kube-system}
spec:
  containers:
    - name: kube-apiserver
      image: registry.k8s.io/kube-apiserver:v1.22.0
      command: [kube-apiserver, --feature-gates=IPv6DualStack=true]
`;
    const { upgradeReport } = await server.data(REPORT, { from: '1.22', to: '1.26', m });
    expect(upgradeReport.findings).toContainEqual({
      ruleId: 'feature-gate',
      messageId: 'removed',
      severity: 'BREAKING',
      effectiveIn: '1.25',
      line: 8,
      replacement: null,
    });
  });

  it('--proxy-mode=userspace is BREAKING at 1.26', async () => {
    const m =
      'apiVersion: v1\nkind: Pod\nmetadata: {name: kp}\nspec:\n  containers:\n    - name: kube-proxy\n      image: registry.k8s.io/kube-proxy:v1.25.0\n      command: [kube-proxy, --proxy-mode=userspace]\n';
    const { upgradeReport } = await server.data(REPORT, { from: '1.25', to: '1.27', m });
    expect(upgradeReport.findings.find((f: any) => f.messageId === 'valueRemoved')).toMatchObject({
      severity: 'BREAKING',
      effectiveIn: '1.26',
      line: 8,
    });
  });

  it('diff between distant releases lists gate transitions, API and flag removals', async () => {
    const { diff } = await server.data(`{ diff(from: "1.20", to: "1.26") {
      featureGates { gate { name } version after { exists } }
      removedApiVersions { apiVersion kind removedIn } removedFlags { component name removedIn } changes { totalCount } } }`);
    expect(diff.removedApiVersions).toEqual(
      expect.arrayContaining([
        { apiVersion: 'extensions/v1beta1', kind: 'Ingress', removedIn: '1.22' },
        { apiVersion: 'discovery.k8s.io/v1beta1', kind: 'EndpointSlice', removedIn: '1.25' },
      ]),
    );
    expect(diff.featureGates).toContainEqual({
      gate: { name: 'IPv6DualStack' },
      version: '1.25',
      after: { exists: false },
    });
    expect(diff.removedFlags.map((f: any) => `${f.component} ${f.name}`)).toContain('kubelet --network-plugin');
    expect(diff.changes.totalCount).toBeGreaterThan(150);
  });
});
