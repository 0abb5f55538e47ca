// What the API serves now that the knowledge base is checked against Kubernetes' source: the kinds the
// curated seed lacked, lifecycle-marker releases, locks only where a source states them, and advice that
// works on the path (an interim version when the lasting one is not served yet).
import { startTestServer, type TestServer } from '../support/http';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const REPORT = `query($from: KubeVersion!, $to: KubeVersion!, $manifest: String!) {
  upgradeReport(from: $from, to: $to, manifest: $manifest) { findings { ruleId messageId severity effectiveIn line fix replacement resource { apiVersion kind } } } }`;

describe('API versions generated from k8s.io/api', () => {
  it('knows the stable core kinds, with the release k8s.io/api gives and the source it was read from', async () => {
    const data = await server.data(`{
      svc: apiVersion(apiVersion: "v1", kind: "Service") { apiVersion kind introducedIn deprecatedIn removedIn servedByDefault sources }
      job: apiVersion(apiVersion: "batch/v1", kind: "Job") { introducedIn removedIn }
      hpa: apiVersion(apiVersion: "autoscaling/v1", kind: "HorizontalPodAutoscaler") { introducedIn }
    }`);
    expect(data.svc).toMatchObject({
      apiVersion: 'v1',
      kind: 'Service',
      introducedIn: '1.0',
      deprecatedIn: null,
      removedIn: null,
      servedByDefault: true,
    });
    expect(data.svc.sources[0]).toMatch(
      /^https:\/\/github\.com\/kubernetes\/api\/tree\/(kubernetes-1\.\d+\.0|master)\/core\/v1$/,
    );
    expect(data.job).toEqual({ introducedIn: '1.2', removedIn: null });
    expect(data.hpa).toEqual({ introducedIn: '1.2' });
  });

  it('reports a beta version past its removal marker as BREAKING at that release', async () => {
    const manifest =
      'apiVersion: networking.k8s.io/v1beta1\nkind: ServiceCIDR\nmetadata: {name: extra}\nspec:\n  cidrs: [10.96.0.0/16]\n';
    const { upgradeReport } = await server.data(REPORT, { from: '1.33', to: '1.37', manifest });
    const removed = upgradeReport.findings.find((f: any) => f.ruleId === 'api-version' && f.messageId === 'removed');
    expect(removed).toMatchObject({
      severity: 'BREAKING',
      effectiveIn: '1.37',
      line: 1,
      replacement: 'networking.k8s.io/v1',
    });
    expect(removed.fix).toMatch(/^Change apiVersion to networking\.k8s\.io\/v1\. It is served since 1\.33/);
  });

  it('deprecation follows the marker the API server warns with (ServiceCIDR v1beta1: 1.34)', async () => {
    const manifest =
      'apiVersion: networking.k8s.io/v1beta1\nkind: ServiceCIDR\nmetadata: {name: extra}\nspec:\n  cidrs: [10.96.0.0/16]\n';
    const { upgradeReport } = await server.data(REPORT, { from: '1.32', to: '1.35', manifest });
    expect(
      upgradeReport.findings
        .filter((f: any) => f.ruleId === 'api-version')
        .map((f: any) => [f.messageId, f.severity, f.effectiveIn]),
    ).toEqual([['deprecated', 'WARNING', '1.34']]);
  });

  it('names an interim version the user can move to at once when the lasting one is served only later', async () => {
    const manifest =
      'apiVersion: extensions/v1beta1\nkind: Ingress\nmetadata: {name: shop}\nspec:\n  backend: {serviceName: shop, servicePort: 80}\n';
    const { upgradeReport } = await server.data(REPORT, { from: '1.15', to: '1.22', manifest });
    const removed = upgradeReport.findings.find((f: any) => f.ruleId === 'api-version' && f.messageId === 'removed');
    expect(removed).toMatchObject({ severity: 'BREAKING', effectiveIn: '1.22', replacement: 'networking.k8s.io/v1' });
    expect(removed.fix).toMatch(
      /^Change apiVersion to networking\.k8s\.io\/v1beta1 now \(served since 1\.14\), then to networking\.k8s\.io\/v1, the version that stays, once the cluster runs 1\.19\./,
    );
    // From 1.19 on the lasting version is served at the start of the path: no interim step.
    const later = await server.data(REPORT, { from: '1.19', to: '1.22', manifest });
    expect(later.upgradeReport.findings.find((f: any) => f.messageId === 'removed').fix).toMatch(
      /^Change apiVersion to networking\.k8s\.io\/v1\. It is served since 1\.19/,
    );
  });
});

describe('feature-gate locks', () => {
  it("are stated where Kubernetes' feature files give them, and null where no source does", async () => {
    const data = await server.data(`{
      ipmode: featureGate(name: "LoadBalancerIPMode") { lifecycle { stage lockedToDefault since } stateIn(version: "1.33") { stage lockedToDefault } }
      draining: featureGate(name: "KubeProxyDrainingTerminatingNodes") { lifecycle { stage lockedToDefault } }
      cleanup: featureGate(name: "IPTablesOwnershipCleanup") { lifecycle { stage lockedToDefault } stateIn(version: "1.28") { stage lockedToDefault } }
      early: featureGate(name: "AllowExtTrafficLocalEndpoints") { lifecycle { stage lockedToDefault } }
    }`);
    expect(data.ipmode.lifecycle).toEqual([
      { stage: 'ALPHA', lockedToDefault: false, since: '1.29' },
      { stage: 'BETA', lockedToDefault: false, since: '1.30' },
      { stage: 'GA', lockedToDefault: true, since: '1.32' },
    ]);
    expect(data.ipmode.stateIn).toEqual({ stage: 'GA', lockedToDefault: true });
    expect(data.draining.lifecycle.find((s: any) => s.stage === 'GA').lockedToDefault).toBe(true);
    // Removed in 1.30, before the versioned specs: the locks come from the kube_features.go of 1.25-1.29.
    expect(data.cleanup.lifecycle).toEqual([
      { stage: 'ALPHA', lockedToDefault: false },
      { stage: 'BETA', lockedToDefault: false },
      { stage: 'GA', lockedToDefault: true },
    ]);
    expect(data.cleanup.stateIn).toEqual({ stage: 'GA', lockedToDefault: true });
    // Gone before the first release whose files were read: no source says.
    expect(data.early.lifecycle.every((s: any) => s.lockedToDefault === null)).toBe(true);
  });
});

describe('flags that stop components, now in the knowledge base', () => {
  it('a klog flag of kube-proxy: WARNING from 1.23, BREAKING at 1.26', async () => {
    const manifest = [
      'apiVersion: apps/v1',
      'kind: DaemonSet',
      'metadata: {name: kube-proxy, namespace: kube-system}',
      'spec:',
      '  selector: {matchLabels: {k8s-app: kube-proxy}}',
      '  template:',
      '    metadata: {labels: {k8s-app: kube-proxy}}',
      '    spec:',
      '      containers:',
      '        - name: kube-proxy',
      '          image: registry.k8s.io/kube-proxy:v1.22.0',
      '          command: [/usr/local/bin/kube-proxy, --config=/var/lib/kube-proxy/config.conf, --logtostderr=true]',
      '',
    ].join('\n');
    const { upgradeReport } = await server.data(REPORT, { from: '1.22', to: '1.26', manifest });
    const flag = upgradeReport.findings
      .filter((f: any) => f.ruleId === 'component-flag')
      .map((f: any) => [f.messageId, f.severity, f.effectiveIn, f.line]);
    expect(flag).toEqual([['removed', 'BREAKING', '1.26', 12]]);
    // A path that ends before the removal meets the deprecation only.
    const before = await server.data(REPORT, { from: '1.22', to: '1.25', manifest });
    expect(
      before.upgradeReport.findings
        .filter((f: any) => f.ruleId === 'component-flag')
        .map((f: any) => [f.messageId, f.severity, f.effectiveIn]),
    ).toEqual([['deprecated', 'WARNING', '1.23']]);
  });

  it('kube-apiserver --insecure-port: BREAKING at 1.24', async () => {
    const manifest = [
      'apiVersion: v1',
      'kind: Pod',
      'metadata: {name: kube-apiserver, namespace: kube-system}',
      'spec:',
      '  containers:',
      '    - name: kube-apiserver',
      '      image: registry.k8s.io/kube-apiserver:v1.23.0',
      '      command: [kube-apiserver, --insecure-port=0, --secure-port=6443]',
      '',
    ].join('\n');
    const { upgradeReport } = await server.data(REPORT, { from: '1.23', to: '1.24', manifest });
    expect(
      upgradeReport.findings.find((f: any) => f.ruleId === 'component-flag' && f.messageId === 'removed'),
    ).toMatchObject({ severity: 'BREAKING', effectiveIn: '1.24', line: 8 });
  });
});
