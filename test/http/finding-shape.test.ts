// One shape of a finding: `netkb check --format json` writes each finding as the API answers a query that asks for
// every field of Finding (found by introspection, so a field added to the schema is asked for here at once), with
// the same values, on the same inputs: hand-written objects, objects read from a cluster (last applied, as served,
// from a Helm release) and the API server's record of deprecated requests.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { projectRoot } from '../../src/config';
import { reportFile } from '../../web/src/report-files';
import { runNode } from '../support/cli';
import { builtCli } from '../support/build';
import { seededDatabase, startTestServer, type TestServer } from '../support/http';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const fixtures = join(projectRoot(), 'test', 'fixtures');

interface TypeRef {
  kind: string;
  name: string | null;
  ofType: TypeRef | null;
}
interface IntrospectedType {
  name: string;
  kind: string;
  fields: { name: string; args: { type: TypeRef }[]; type: TypeRef }[] | null;
}

const INTROSPECTION = `{ __schema { types { name kind fields {
  name args { type { kind name ofType { kind name } } }
  type { kind name ofType { kind name ofType { kind name ofType { kind name } } } } } } } }`;

function named(t: TypeRef): TypeRef {
  return t.ofType ? named(t.ofType) : t;
}

/** The selection of every field of `typeName`; a union (Change.subjects) as its members' type and Node id. */
function selection(types: Map<string, IntrospectedType>, typeName: string): string {
  const fields = types.get(typeName)!.fields!.filter((f) => f.args.every((a) => a.type.kind !== 'NON_NULL'));
  return `{ ${fields
    .map((f) => {
      const t = named(f.type);
      if (t.kind === 'OBJECT') return `${f.name} ${selection(types, t.name!)}`;
      if (t.kind === 'UNION') return `${f.name} { __typename ... on Node { id } }`;
      return f.name;
    })
    .join(' ')} }`;
}

let query: string;
beforeAll(async () => {
  const schema = await server.data(INTROSPECTION);
  const types = new Map<string, IntrospectedType>(schema.__schema.types.map((t: IntrospectedType) => [t.name, t]));
  query = `query($from: KubeVersion!, $to: KubeVersion!, $manifest: String, $apiserverMetrics: String, $auditLog: String) {
    upgradeReport(from: $from, to: $to, manifest: $manifest, apiserverMetrics: $apiserverMetrics, auditLog: $auditLog) {
      summary ${selection(types, 'FindingSummary')}
      findings ${selection(types, 'Finding')} } }`;
});

/** A value as text with its keys in one order: the shape and the values count, not the order of the keys. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  const entries = Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
}

/** The findings in one order, whatever order each side lists them in (the CLI lists them file by file). */
const sorted = (findings: unknown[]) => findings.map(canonical).sort();

/**
 * Every finding object of the CLI's JSON report. The CLI runs beside this process's server without blocking it: a
 * blocked event loop would miss the server closing an idle keep-alive connection, and the next request would be
 * sent on it (ECONNRESET).
 */
async function cliFindings(args: string[]): Promise<{ findings: unknown[]; summary: Record<string, number> }> {
  const r = await runNode([builtCli(), 'check', ...args, '--format', 'json', '--fail-on', 'none'], {
    DATABASE_URL: `file:${seededDatabase()}`,
  });
  expect(r.stderr).not.toMatch(/error/i);
  expect(r.code).toBe(0);
  const report = JSON.parse(r.stdout);
  return { findings: report.files.flatMap((f: { findings: unknown[] }) => f.findings), summary: report.summary };
}

describe('a finding of the CLI JSON and of the API', () => {
  it.each([
    [
      'objects read from a cluster, some as last applied, one as served',
      'rules/api-version/live-dump-last-applied.yaml',
    ],
    ['objects of Helm releases stored in the cluster', 'rules/api-version/helm-release-storage.yaml'],
    ['a kube-proxy DaemonSet with flags, gates and labels', 'real-world/kube-proxy-daemonset-1.14.yaml'],
  ])('are one shape with the same values: %s', async (_, file) => {
    const path = join(fixtures, file);
    const { upgradeReport: api } = await server.data(query, {
      from: '1.15',
      to: '1.25',
      manifest: readFileSync(path, 'utf8'),
    });
    const cli = await cliFindings([path, '--from', '1.15', '--to', '1.25']);
    expect(api.findings.length).toBeGreaterThan(0);
    expect(sorted(cli.findings)).toEqual(sorted(api.findings));
    // The summary's counts are the API's, with what only a run of files has besides.
    expect(cli.summary).toEqual({ ...api.summary, errors: 0, skippedFiles: 0 });
  });

  it('are one shape for the API server record, its callers named', async () => {
    const metrics = join(fixtures, 'apiserver', 'metrics.txt');
    const auditLog = join(fixtures, 'apiserver', 'audit.log');
    const { upgradeReport: api } = await server.data(query, {
      from: '1.21',
      to: '1.25',
      apiserverMetrics: readFileSync(metrics, 'utf8'),
      auditLog: readFileSync(auditLog, 'utf8'),
    });
    const cli = await cliFindings([
      '--apiserver-metrics',
      metrics,
      '--audit-log',
      auditLog,
      '--from',
      '1.21',
      '--to',
      '1.25',
    ]);
    expect(api.findings.some((f: any) => f.resource.origin?.apiRequest?.callers.length > 0)).toBe(true);
    expect(sorted(cli.findings)).toEqual(sorted(api.findings));
  });

  it("the dashboard's JSON download, written from the API's answer, has the CLI's findings", async () => {
    const path = join(fixtures, 'real-world', 'ingress-controller-2019.yaml');
    const { upgradeReport: api } = await server.data(
      query.replace(
        'summary {',
        'from to path documents coverage { objects checked notCovered { apiVersion kind objects } } summary {',
      ),
      { from: '1.15', to: '1.22', manifest: readFileSync(path, 'utf8') },
    );
    const download = JSON.parse(reportFile(api, path, 'json'));
    const cli = await cliFindings([path, '--from', '1.15', '--to', '1.22']);
    expect(cli.findings.some((f: any) => f.change?.subjects.length > 0)).toBe(true);
    expect(sorted(download.files[0].findings)).toEqual(sorted(cli.findings));
  });

  it('name the release note behind them with every field of the API Change, its subjects by type and id', async () => {
    const path = join(fixtures, 'real-world', 'ingress-controller-2019.yaml');
    const cli = await cliFindings([path, '--from', '1.15', '--to', '1.22']);
    const change = (cli.findings as any[]).find((f) => f.change?.subjects.length > 0).change;
    const { node } = await server.data(
      `query($id: ID!) { node(id: $id) { ... on Change { id version kind actionRequired subjects { __typename ... on Node { id } } } } }`,
      { id: change.id },
    );
    expect(node).toEqual({
      id: change.id,
      version: change.version,
      kind: change.kind,
      actionRequired: change.actionRequired,
      subjects: change.subjects,
    });
  });
});
