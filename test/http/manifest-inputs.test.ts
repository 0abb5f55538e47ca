// upgradeReport and convertManifest over HTTP with inputs that are not plain manifests: templates,
// kustomizations, empty input, documents without apiVersion and kind, binary data. Each is a client error
// with a stable extensions.code, line and column; the server stays up; legitimate inputs still pass.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { projectRoot } from '../../src/config';
import { openSearchIndex } from '../../src/db/search';
import { AnalysisPool } from '../../src/services/analysis-pool';
import { startServer } from '../../src/server';
import { seededDatabase, startTestServer, type TestServer } from '../support/http';
import { testKnowledgeBase } from '../support/knowledge-base';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ maxManifestBytes: 64 * 1024 });
});
afterAll(() => server.close());

const REPORT = `query($manifest: String!) {
  upgradeReport(from: "1.15", to: "1.22", manifest: $manifest) { documents findings { ruleId messageId line } } }`;
const CONVERT = `query($manifest: String!) {
  convertManifest(from: "1.15", to: "1.22", manifest: $manifest) { documents manifest } }`;

const fixture = (name: string) => readFileSync(join(projectRoot(), 'test', 'fixtures', 'inputs', name), 'utf8');
const BINARY = 'apiVersion: v1\nkind: Secret\ndata:\n  key: PK\u0003\u0004\u0000\u0000\u0008\u0000';

const CASES: [string, () => string, Record<string, unknown>, RegExp][] = [
  [
    'a Helm template that is not YAML',
    () => fixture('helm-include.yaml'),
    { code: 'TEMPLATE_NOT_RENDERED', template: 'helm', line: 5, column: 9 },
    /^manifest: looks like a Helm template .*`helm template`/,
  ],
  [
    'a Helm template that parses as YAML',
    () => fixture('helm-flow-map.yaml'),
    { code: 'TEMPLATE_NOT_RENDERED', template: 'helm', line: 5, column: 9 },
    /looks like a Helm template/,
  ],
  [
    'a Jinja (Salt) template',
    () => fixture('salt-jinja.yaml'),
    { code: 'TEMPLATE_NOT_RENDERED', template: 'jinja', line: 1, column: 1 },
    /Jinja \(Salt\) template.*render it first/,
  ],
  [
    'a kustomization',
    () => fixture('kustomization.yaml'),
    { code: 'KUSTOMIZATION', line: 1, column: 1 },
    /a kustomization.*`kustomize build`/,
  ],
  ['an empty manifest', () => '', { code: 'NOT_A_MANIFEST', line: 1, column: 1 }, /is empty/],
  [
    'only comments',
    () => fixture('comments-only.yaml'),
    { code: 'NOT_A_MANIFEST', line: 1, column: 1 },
    /only comments/,
  ],
  [
    'documents without apiVersion and kind',
    () => fixture('no-kind.yaml'),
    { code: 'NOT_A_MANIFEST', line: 2, column: 1 },
    /none of its 2 documents has apiVersion and kind/,
  ],
  [
    'binary data',
    () => BINARY,
    { code: 'BINARY_INPUT', line: 4, column: 10, excerpt: expect.stringContaining('PK\\u0003\\u0004\\u0000') },
    /binary data, not a YAML or JSON manifest: the control character U\+0003 at line 4, column 10/,
  ],
];

describe.each([
  ['upgradeReport', REPORT],
  ['convertManifest', CONVERT],
])('%s', (_, query) => {
  it.each(CASES)(
    '%s: a client error with its code, line and column; the server stays up',
    async (__, text, extensions, message) => {
      const res = await server.query(query, { manifest: text() });
      expect(res.status).toBe(200);
      expect(res.data).toBeNull();
      expect(res.errors).toHaveLength(1);
      expect(res.errors![0].extensions).toMatchObject({ argument: 'manifest', ...extensions });
      expect(res.errors![0].message).toMatch(message);
      // Never the raw bytes back.
      expect(JSON.stringify(res.errors)).not.toContain('\u0000');
      expect(res.errors![0].message).not.toMatch(/[\u0000-\u0008]/);
      expect((await fetch(`${server.base}/healthz`)).status).toBe(200);
    },
  );

  it('legitimate inputs pass: a List, a document without kind next to an object, Prometheus template text, BOM and CRLF', async () => {
    for (const manifest of [
      fixture('legit/list.yaml'),
      fixture('legit/some-without-kind.yaml'),
      fixture('legit/prometheus-rules.yaml'),
      '\ufeffapiVersion: extensions/v1beta1\r\nkind: NetworkPolicy\r\nmetadata:\r\n  name: a\r\n',
      readFileSync(join(projectRoot(), 'test', 'fixtures', 'real-world', 'helm-rendered.yaml'), 'utf8'),
      'apiVersion: v1\nkind: List\nitems: []\n',
    ]) {
      const res = await server.query(query, { manifest });
      expect(res.errors).toBeUndefined();
    }
  });
});

it('upgradeReport keeps the INFO finding of a document without kind next to an object', async () => {
  const r = await server.data(REPORT, { manifest: fixture('legit/some-without-kind.yaml') });
  expect(r.upgradeReport.documents).toBe(1);
  expect(r.upgradeReport.findings).toEqual(
    expect.arrayContaining([{ ruleId: 'not-kubernetes', messageId: 'skipped', line: 2 }]),
  );
});

it('upgradeReport checks live objects of a kubectl dump as last applied, naming the live object, and never a Secret value', async () => {
  const dump = readFileSync(
    join(projectRoot(), 'test', 'fixtures', 'rules', 'api-version', 'live-dump-last-applied.yaml'),
    'utf8',
  );
  // A live Secret whose last-applied configuration carries its data, as `kubectl apply` of a Secret leaves it.
  const secretValue = 'c3VwZXItc2VjcmV0LXZhbHVl';
  const secret = [
    'apiVersion: v1',
    'kind: Secret',
    'metadata:',
    '  name: db',
    '  namespace: shop',
    '  uid: 4d1c9e2a-0000-4000-8000-00000000000a',
    '  resourceVersion: "9"',
    '  annotations:',
    `    kubectl.kubernetes.io/last-applied-configuration: '{"apiVersion":"v1","kind":"Secret","metadata":{"name":"db","annotations":{"seccomp.security.alpha.kubernetes.io/pod":"runtime/default"}},"data":{"password":"${secretValue}"}}'`,
    'data:',
    `  password: ${secretValue}`,
  ].join('\n');
  const query = `query($manifest: String!) {
    upgradeReport(from: "1.15", to: "1.27", manifest: $manifest) {
      findings { messageId line message fix resource { apiVersion kind name namespace origin { source liveApiVersion } } }
      markdown
    } }`;
  const res = await server.query(query, { manifest: `${dump}\n---\n${secret}` });
  expect(res.errors).toBeUndefined();
  const r = res.data!.upgradeReport as {
    findings: { messageId: string; line: number; resource: Record<string, unknown> }[];
    markdown: string;
  };
  const byName = (name: string, messageId: string) =>
    r.findings.find((f) => f.resource.name === name && f.messageId === messageId);
  expect(byName('shop', 'removed')).toMatchObject({
    line: 44,
    resource: {
      apiVersion: 'networking.k8s.io/v1beta1',
      kind: 'Ingress',
      namespace: 'shop',
      origin: { source: 'LAST_APPLIED', liveApiVersion: 'networking.k8s.io/v1' },
    },
  });
  expect(byName('web', 'liveAsServed')?.resource.origin).toEqual({ source: 'LIVE', liveApiVersion: 'v1' });
  // The Secret's applied form is checked (its annotation's key is found), its namespace the live one's.
  expect(r.findings.find((f) => f.resource.kind === 'Secret')?.resource).toMatchObject({ namespace: 'shop' });
  expect(r.markdown).toContain('(last applied, live as networking.k8s.io/v1)');
  expect(JSON.stringify(res)).not.toContain(secretValue);
});

it("upgradeReport checks a Helm release's deployed manifest, names the release, and refuses a gzip bomb", async () => {
  const { gzipSync } = await import('node:zlib');
  const { releaseSecret } = await import('../support/helm-release');
  const { stringify } = await import('yaml');
  const query = `query($manifest: String!) {
    upgradeReport(from: "1.20", to: "1.25", manifest: $manifest) {
      findings { messageId line resource { apiVersion kind name namespace
        origin { source liveApiVersion helmRelease { namespace name revision chart template manifestLine } } } }
    } }`;
  const fixtureText = readFileSync(
    join(projectRoot(), 'test', 'fixtures', 'rules', 'api-version', 'helm-release-storage.yaml'),
    'utf8',
  );
  // The server's own limit (64 KiB here) holds for the dump; the fixture fits.
  const res = await server.query(query, { manifest: fixtureText });
  expect(res.errors).toBeUndefined();
  const findings = (res.data!.upgradeReport as { findings: { resource: Record<string, unknown> }[] }).findings;
  expect(findings.find((f) => f.resource.kind === 'Ingress')?.resource).toEqual({
    apiVersion: 'networking.k8s.io/v1beta1',
    kind: 'Ingress',
    name: 'web',
    namespace: 'shop',
    origin: {
      source: 'HELM_RELEASE',
      liveApiVersion: null,
      helmRelease: {
        namespace: 'shop',
        name: 'web',
        revision: 2,
        chart: 'web-1.1.0',
        template: 'web/templates/ingress.yaml',
        manifestLine: 14,
      },
    },
  });
  expect(JSON.stringify(res)).not.toContain('hunter2-never-shown');
  // 33 KiB of gzip that would be 34 MiB: refused on its decoded size, and the server answers the next request.
  const bomb = gzipSync(Buffer.alloc(34 * 1024 * 1024), { level: 9 }).toString('base64');
  const spec = {
    name: 'b',
    namespace: 'x',
    revision: 1,
    status: 'deployed' as const,
    chart: { name: 'b', version: '1' },
    manifest: '',
  };
  const refused = await server.query(query, { manifest: stringify(releaseSecret(spec, bomb)) });
  expect(refused.errors?.[0].extensions).toMatchObject({
    code: 'PAYLOAD_TOO_LARGE',
    decodedLimitBytes: String(32 * 1024 * 1024),
  });
  expect((await server.query(query, { manifest: fixtureText })).errors).toBeUndefined();
});

it("upgradeReport checks the API server's record, alone or beside a manifest, and refuses what is not one", async () => {
  const record = (name: string) => readFileSync(join(projectRoot(), 'test', 'fixtures', 'apiserver', name), 'utf8');
  const query = `query($manifest: String, $metrics: String, $audit: String) {
    upgradeReport(from: "1.20", to: "1.25", manifest: $manifest, apiserverMetrics: $metrics, auditLog: $audit) {
      summary { breaking info notChecked }
      findings { messageId line effectiveIn resource { kind origin { source apiRequest { recordedIn resource callers { user verbs requests } } } } }
    } }`;
  const alone = await server.query(query, { metrics: record('metrics.txt'), audit: record('audit.log') });
  expect(alone.errors).toBeUndefined();
  const report = alone.data!.upgradeReport as {
    summary: Record<string, number>;
    findings: { messageId: string; line: number; resource: { kind: string; origin: any } }[];
  };
  expect(report.summary).toEqual({ breaking: 3, info: 1, notChecked: 1 });
  expect(report.findings.map((f) => [f.resource.kind, f.line, f.resource.origin.apiRequest.recordedIn])).toEqual([
    ['componentstatuses', 9, 'METRICS'],
    ['Ingress', 6, 'METRICS'],
    ['PodSecurityPolicy', 7, 'METRICS'],
    ['CronJob', 4, 'AUDIT_LOG'],
  ]);
  expect(report.findings[1].resource.origin.apiRequest.callers).toEqual([
    { user: 'system:serviceaccount:ingress:controller', verbs: ['list', 'watch'], requests: 2 },
  ]);
  expect(JSON.stringify(alone)).not.toContain('s3cr3t-never-shown');
  // Beside a manifest: both inputs' findings, the manifest's with no origin.
  const manifest = 'apiVersion: batch/v1beta1\nkind: CronJob\nmetadata: {name: nightly}\n';
  const both = await server.data(query, { manifest, metrics: record('metrics.txt') });
  const kinds = (both.upgradeReport as { findings: { resource: { kind: string; origin: unknown } }[] }).findings.map(
    (f) => [f.resource.kind, f.resource.origin === null],
  );
  expect(kinds).toContainEqual(['CronJob', true]);
  expect(kinds).toContainEqual(['Ingress', false]);
  // Nothing to check, or a text that is not the record.
  const none = await server.query(query, {});
  expect(none.errors?.[0]).toMatchObject({ extensions: { code: 'BAD_USER_INPUT' } });
  const wrong = await server.query(query, { metrics: manifest });
  expect(wrong.errors?.[0]).toMatchObject({
    message: "apiserverMetrics: line 1 is not in Prometheus' text format",
    extensions: { code: 'NOT_A_MANIFEST', argument: 'apiserverMetrics', line: 1 },
  });
});

describe('in the worker pool', () => {
  jest.setTimeout(120_000);

  it('the same error, code and facts as in-line', async () => {
    const file = seededDatabase();
    const kb = await testKnowledgeBase(file);
    const pool = new AnalysisPool({ size: 1, timeoutMs: 30_000 });
    await pool.start(kb);
    const running = await startServer({
      kb,
      searcher: openSearchIndex(file),
      port: 0,
      host: '127.0.0.1',
      analysisPool: pool,
    });
    try {
      for (const [query, manifest] of [
        [REPORT, fixture('salt-jinja.yaml')],
        [CONVERT, BINARY],
      ]) {
        const inline = await server.query(query, { manifest });
        const res = await fetch(`http://127.0.0.1:${running.port}/graphql`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ query, variables: { manifest } }),
        });
        const body = (await res.json()) as any;
        expect(body.errors[0].message).toBe(inline.errors![0].message);
        expect(body.errors[0].extensions).toEqual(inline.errors![0].extensions);
      }
      // The API server's record reaches the worker: the same findings as in-line.
      const recordQuery = `query($metrics: String, $audit: String) {
        upgradeReport(from: "1.20", to: "1.25", apiserverMetrics: $metrics, auditLog: $audit) {
          findings { messageId line resource { kind origin { apiRequest { recordedIn callers { user } } } } } } }`;
      const record = (name: string) => readFileSync(join(projectRoot(), 'test', 'fixtures', 'apiserver', name), 'utf8');
      const variables = { metrics: record('metrics.txt'), audit: record('audit.log') };
      const res = await fetch(`http://127.0.0.1:${running.port}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ query: recordQuery, variables }),
      });
      const pooled = (await res.json()) as any;
      expect(pooled.errors).toBeUndefined();
      expect(pooled.data).toEqual((await server.query(recordQuery, variables)).data);
      expect(pooled.data.upgradeReport.findings).toHaveLength(4);
    } finally {
      await running.stop();
    }
  });
});
