import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { projectRoot } from '../../src/config';
import { startTestServer, type TestServer } from '../support/http';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ maxManifestBytes: 64 * 1024 });
});
afterAll(() => server.close());

const REPORT = `query($from: KubeVersion!, $to: KubeVersion!, $manifest: String!) {
  upgradeReport(from: $from, to: $to, manifest: $manifest) {
    from to path documents markdown
    summary { breaking warning info }
    findings { ruleId messageId severity path line message effectiveIn fix replacement
      resource { apiVersion kind name namespace documentIndex line }
      change { version prs kind } }
  } }`;

const fixture = (name: string) => readFileSync(join(projectRoot(), 'test', 'fixtures', 'real-world', name), 'utf8');

async function expectHealthy(): Promise<void> {
  const res = await fetch(`${server.base}/healthz`);
  expect(res.status).toBe(200);
  const data = await server.data('{ releases { version } }');
  expect(data.releases.length).toBeGreaterThan(0);
}

describe('upgradeReport', () => {
  it('answers 1.15 -> 1.20 for a kube-proxy DaemonSet of a 1.14 cluster, with the path and the notes behind each finding', async () => {
    const { upgradeReport: r } = await server.data(REPORT, {
      from: '1.15',
      to: '1.20',
      manifest: fixture('kube-proxy-daemonset-1.14.yaml'),
    });
    expect(r.path).toEqual(['1.15', '1.16', '1.17', '1.18', '1.19', '1.20']);
    // ServiceAccount, ConfigMap, the KubeProxyConfiguration inside it, DaemonSet
    expect(r.documents).toBe(4);
    const conntrack = r.findings.find(
      (f: any) => f.ruleId === 'component-flag' && f.message.includes('--conntrack-max'),
    );
    expect(conntrack).toMatchObject({
      severity: 'BREAKING',
      effectiveIn: '1.15',
      line: 56,
      replacement: '--conntrack-min --conntrack-max-per-core',
      path: 'spec.template.spec.containers[0].command[3]',
      resource: {
        apiVersion: 'apps/v1',
        kind: 'DaemonSet',
        name: 'kube-proxy',
        namespace: 'kube-system',
        documentIndex: 2,
        line: 23,
      },
      change: { version: '1.15', prs: [78399], kind: 'URGENT_UPGRADE_NOTE' },
    });
    expect(r.summary.breaking).toBe(r.findings.filter((f: any) => f.severity === 'BREAKING').length);
    expect(r.markdown).toMatch(/^\*\*netkb: 1\.15 → 1\.20\*\*/);
    expect(r.markdown).toMatch(/\*\*1\.15\*\*[\s\S]*DaemonSet kube-system\/kube-proxy, line 56/);
  });

  it('orders findings by the release they bite in, then document, then line', async () => {
    const { upgradeReport: r } = await server.data(REPORT, {
      from: '1.15',
      to: '1.20',
      manifest: fixture('ingress-controller-2019.yaml') + '\n---\n' + fixture('helm-rendered.yaml'),
    });
    const keys = r.findings.map((f: any) => [Number(f.effectiveIn.split('.')[1]), f.resource.documentIndex, f.line]);
    const sorted = [...keys].sort((a, b) => a[0] - b[0] || a[1] - b[1] || a[2] - b[2]);
    expect(keys).toEqual(sorted);
    expect(r.findings.map((f: any) => `${f.ruleId}/${f.messageId}@${f.effectiveIn}`)).toEqual(
      expect.arrayContaining([
        'api-version/removed@1.16',
        'api-version/deprecated@1.15',
        'well-known-key/deprecated@1.17',
      ]),
    );
  });

  it('counts and skips documents that are not Kubernetes objects', async () => {
    const { upgradeReport: r } = await server.data(REPORT, {
      from: '1.19',
      to: '1.20',
      manifest: 'a: 1\n---\napiVersion: v1\nkind: ConfigMap\nmetadata: {name: x}\n---\n',
    });
    expect(r.documents).toBe(1);
    expect(r.findings).toEqual([
      expect.objectContaining({ ruleId: 'not-kubernetes', severity: 'INFO', line: 1, effectiveIn: '1.19' }),
    ]);
  });

  it('accepts JSON and kind: List', async () => {
    const list = JSON.stringify(
      {
        apiVersion: 'v1',
        kind: 'List',
        items: [{ apiVersion: 'extensions/v1beta1', kind: 'NetworkPolicy', metadata: { name: 'np' }, spec: {} }],
      },
      null,
      2,
    );
    const { upgradeReport: r } = await server.data(REPORT, { from: '1.15', to: '1.16', manifest: list });
    expect(r.documents).toBe(1);
    expect(r.findings[0]).toMatchObject({
      ruleId: 'api-version',
      messageId: 'removed',
      effectiveIn: '1.16',
      line: 6,
      resource: { kind: 'NetworkPolicy', name: 'np', documentIndex: 0 },
    });
  });

  it('says so when nothing breaks', async () => {
    const { upgradeReport: r } = await server.data(REPORT, {
      from: '1.19',
      to: '1.20',
      manifest: 'apiVersion: v1\nkind: ConfigMap\nmetadata: {name: x}\n',
    });
    expect(r.findings).toEqual([]);
    expect(r.summary).toEqual({ breaking: 0, warning: 0, info: 0 });
    expect(r.markdown).toMatch(/Nothing in this manifest breaks/);
  });
});

describe('upgradeReport refuses bad input clearly and stays up', () => {
  it('invalid YAML: BAD_USER_INPUT naming line and column', async () => {
    const res = await server.query(REPORT, {
      from: '1.15',
      to: '1.20',
      manifest: 'apiVersion: v1\nkind: Service\nmetadata: {name: [x\n',
    });
    expect(res.errors![0].extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      line: expect.any(Number),
      column: expect.any(Number),
    });
    expect(res.errors![0].message).toMatch(/line \d+, column \d+/);
    await expectHealthy();
  });

  it('an alias bomb: MANIFEST_TOO_COMPLEX, quickly', async () => {
    const bomb = [
      'a: &a ["x","x","x","x","x","x","x","x","x"]',
      'b: &b [*a,*a,*a,*a,*a,*a,*a,*a,*a]',
      'c: &c [*b,*b,*b,*b,*b,*b,*b,*b,*b]',
      'd: &d [*c,*c,*c,*c,*c,*c,*c,*c,*c]',
      'e: &e [*d,*d,*d,*d,*d,*d,*d,*d,*d]',
      'f: &f [*e,*e,*e,*e,*e,*e,*e,*e,*e]',
      'g: &g [*f,*f,*f,*f,*f,*f,*f,*f,*f]',
      'apiVersion: v1',
      'kind: ConfigMap',
    ].join('\n');
    const res = await server.query(REPORT, { from: '1.15', to: '1.20', manifest: bomb });
    expect(res.errors![0].extensions!.code).toBe('MANIFEST_TOO_COMPLEX');
    await expectHealthy();
  });

  it('excessive nesting: MANIFEST_TOO_COMPLEX', async () => {
    const deep = `apiVersion: v1\nkind: ConfigMap\ndata: ${'['.repeat(200)}${']'.repeat(200)}\n`;
    const res = await server.query(REPORT, { from: '1.15', to: '1.20', manifest: deep });
    expect(res.errors![0].extensions!.code).toBe('MANIFEST_TOO_COMPLEX');
    expect(res.errors![0].message).toMatch(/nests deeper than/);
    await expectHealthy();
  });

  it('a manifest over the size limit: PAYLOAD_TOO_LARGE', async () => {
    const big = `apiVersion: v1\nkind: ConfigMap\ndata:\n  x: "${'y'.repeat(70 * 1024)}"\n`;
    const res = await server.query(REPORT, { from: '1.15', to: '1.20', manifest: big });
    expect(res.errors![0].extensions).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', limitBytes: 64 * 1024 });
    await expectHealthy();
  });

  it.each([
    ['an unknown release', '1.15', '1.99', /release 1\.99 is not in the knowledge base/],
    ['from after to', '1.20', '1.15', /from 1\.20 is after to 1\.15/],
    ['a malformed release', 'latest', '1.20', /not a Kubernetes release/],
  ])('%s: BAD_USER_INPUT', async (_, from, to, message) => {
    const res = await server.query(REPORT, { from, to, manifest: 'apiVersion: v1\nkind: ConfigMap\n' });
    expect(res.errors![0].extensions!.code).toBe('BAD_USER_INPUT');
    expect(res.errors![0].message).toMatch(message);
    await expectHealthy();
  });
});

describe('upgradeReport coverage', () => {
  const COVERAGE = `query($from: KubeVersion!, $to: KubeVersion!, $manifest: String!) {
    upgradeReport(from: $from, to: $to, manifest: $manifest) {
      documents markdown
      coverage { objects checked notCovered { apiVersion kind objects } }
      findings { ruleId messageId checked }
    } }`;
  const doc = (apiVersion: string, kind: string, name: string) =>
    `apiVersion: ${apiVersion}\nkind: ${kind}\nmetadata: {name: ${name}}\n`;

  it('states what it covered: every object of a kind netkb could not check at all is counted, not only the first', async () => {
    const manifest = [
      doc('projectcontour.io/v1', 'HTTPProxy', 'a'),
      doc('projectcontour.io/v1', 'HTTPProxy', 'b'),
      doc('projectcontour.io/v1', 'HTTPProxy', 'c'),
      doc('apps/v1beta1', 'ReplicaSet', 'old'),
      doc('gateway.networking.k8s.io/v1', 'HTTPRoute', 'r'),
      doc('v1', 'ConfigMap', 'ok'),
      doc('apps/v1', 'Deployment', 'web'),
    ].join('---\n');
    const { upgradeReport: r } = await server.data(COVERAGE, { from: '1.24', to: '1.28', manifest });
    expect(r.coverage).toEqual({
      objects: 7,
      checked: 2,
      notCovered: [
        { apiVersion: 'projectcontour.io/v1', kind: 'HTTPProxy', objects: 3 },
        { apiVersion: 'apps/v1beta1', kind: 'ReplicaSet', objects: 1 },
        { apiVersion: 'gateway.networking.k8s.io/v1', kind: 'HTTPRoute', objects: 1 },
      ],
    });
    // The findings say it once per kind; the coverage counts every object.
    expect(r.findings.filter((f: any) => !f.checked).map((f: any) => `${f.ruleId}/${f.messageId}`)).toEqual([
      'api-version/notCovered',
      'api-version/notKnown',
      'gateway-api/no-range',
    ]);
    expect(r.markdown.split('\n')[0]).toContain(
      '(2 of 7 objects checked; not covered: projectcontour.io/v1 HTTPProxy (3), apps/v1beta1 ReplicaSet (1), gateway.networking.k8s.io/v1 HTTPRoute (1))',
    );
  });

  it('says every object was checked when netkb knows every kind', async () => {
    const manifest = [doc('v1', 'ConfigMap', 'a'), doc('networking.k8s.io/v1', 'Ingress', 'b')].join('---\n');
    const { upgradeReport: r } = await server.data(COVERAGE, { from: '1.24', to: '1.28', manifest });
    expect(r.coverage).toEqual({ objects: 2, checked: 2, notCovered: [] });
    expect(r.markdown.split('\n')[0]).toContain('(2 objects checked)');
  });
});

describe('upgradeReport, hop by hop', () => {
  const HOP = `query($from: KubeVersion!, $to: KubeVersion!, $manifest: String!) {
    upgradeReport(from: $from, to: $to, manifest: $manifest) {
      summary { breaking warning alreadyAtFrom } markdown
      findings { messageId effectiveIn since alreadyAtFrom checked resource { kind apiVersion } } } }`;
  const manifest =
    'apiVersion: extensions/v1beta1\nkind: Ingress\nmetadata: {name: web, namespace: shop}\nspec: {backend: {serviceName: web, servicePort: 80}}\n' +
    '---\napiVersion: policy/v1beta1\nkind: PodDisruptionBudget\nmetadata: {name: web, namespace: shop}\nspec: {minAvailable: 1}\n';

  it('marks what the cluster has already at from: the Ingress removal of 1.22 is new from 1.21, already from 1.22', async () => {
    const hop = async (from: string, to: string) =>
      (await server.data(HOP, { from, to, manifest })).upgradeReport as {
        summary: Record<string, number>;
        markdown: string;
        findings: { resource: { kind: string } }[];
      };
    const first = await hop('1.21', '1.22');
    const second = await hop('1.22', '1.23');
    const ingress = (r: typeof first) => r.findings.find((f) => f.resource.kind === 'Ingress');
    const pdb = (r: typeof first) => r.findings.find((f) => f.resource.kind === 'PodDisruptionBudget');
    expect(ingress(first)).toMatchObject({ effectiveIn: '1.22', since: '1.22', alreadyAtFrom: false });
    expect(ingress(second)).toMatchObject({ effectiveIn: '1.22', since: '1.22', alreadyAtFrom: true });
    // A deprecation announced before from is already at from on both hops.
    expect(pdb(first)).toMatchObject({
      messageId: 'deprecated',
      effectiveIn: '1.21',
      since: '1.21',
      alreadyAtFrom: true,
    });
    expect(pdb(second)).toMatchObject({ effectiveIn: '1.22', since: '1.21', alreadyAtFrom: true });
    expect(first.summary).toEqual({ breaking: 1, warning: 1, alreadyAtFrom: 1 });
    expect(second.summary).toEqual({ breaking: 1, warning: 1, alreadyAtFrom: 2 });
    // The chat answer marks them too.
    expect(second.markdown).toContain('(2 already at 1.22)');
    expect(second.markdown).toContain('🔴 Ingress shop/web, line 1 _(already at 1.22)_:');
    expect(first.markdown).toContain('🔴 Ingress shop/web, line 1: ');
    expect(first.markdown).toContain('PodDisruptionBudget shop/web, line 6 _(already at 1.21)_:');
  });

  it('newOnly leaves them out of the findings, the counts, passes and the chat answer, and counts them', async () => {
    const { upgradeReport: r } = await server.data(
      `query($manifest: String!) { upgradeReport(from: "1.22", to: "1.23", manifest: $manifest, newOnly: true) {
        summary { breaking warning alreadyAtFrom dropped } passes markdown findings { messageId } } }`,
      { manifest },
    );
    expect(r.findings).toEqual([]);
    expect(r.summary).toEqual({ breaking: 0, warning: 0, alreadyAtFrom: 0, dropped: 2 });
    expect(r.passes).toBe(true);
    expect(r.markdown).toContain('0 breaking, 0 warnings, 0 info, 2 already at 1.22 left out');
    const { upgradeReport: all } = await server.data(
      `query($manifest: String!) { upgradeReport(from: "1.22", to: "1.23", manifest: $manifest) { summary { dropped } passes } }`,
      { manifest },
    );
    expect(all).toEqual({ summary: { dropped: 0 }, passes: false });
  });
});
