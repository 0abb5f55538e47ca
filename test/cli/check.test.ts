// `netkb check` as a process: exit codes, formats, inputs.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, sep } from 'node:path';
import { projectRoot } from '../../src/config';
import { seededDatabase } from '../support/http';

const root = projectRoot();
const realWorld = join(root, 'test', 'fixtures', 'real-world');

function netkb(args: string[], input?: string, env: Record<string, string> = {}) {
  const r = spawnSync(join(root, 'node_modules', '.bin', 'tsx'), [join(root, 'src', 'cli', 'netkb.ts'), ...args], {
    encoding: 'utf8',
    input,
    env: { ...process.env, DATABASE_URL: `file:${seededDatabase()}`, ...env },
    cwd: root,
    // The large reports below are more than spawnSync's default 1 MiB of output.
    maxBuffer: 16 * 1024 * 1024,
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'netkb-cli-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('exit codes', () => {
  it('1 when a finding is at or above --fail-on (default breaking), 0 with --fail-on none', () => {
    const file = join(realWorld, 'kube-proxy-daemonset-1.14.yaml');
    const failing = netkb(['check', file, '--from', '1.14', '--to', '1.20']);
    expect(failing.code).toBe(1);
    expect(failing.stdout).toMatch(/BREAKING\s+\S*kube-proxy-daemonset-1\.14\.yaml:56/);
    expect(netkb(['check', file, '--from', '1.14', '--to', '1.20', '--fail-on', 'none']).code).toBe(0);
  });

  it('0 when only warnings are found and --fail-on is breaking; 1 with --fail-on warning', () => {
    const file = join(dir, 'warn.yaml');
    writeFileSync(file, 'apiVersion: extensions/v1beta1\nkind: Ingress\nmetadata: {name: i}\nspec: {}\n');
    expect(netkb(['check', file, '--from', '1.15', '--to', '1.20']).code).toBe(0);
    expect(netkb(['check', file, '--from', '1.15', '--to', '1.20', '--fail-on', 'warning']).code).toBe(1);
  });

  it.each([
    ['no --from', ['check', 'x.yaml', '--to', '1.20'], /--from is required/],
    ['an unknown option', ['check', 'x.yaml', '--from', '1.15', '--to', '1.20', '--frmo', '1'], /Unknown option/i],
    [
      'an unknown format',
      ['check', 'x.yaml', '--from', '1.15', '--to', '1.20', '--format', 'xml'],
      /--format must be one of table, json, markdown, sarif, junit/,
    ],
    [
      'an unknown --fail-on',
      ['check', 'x.yaml', '--from', '1.15', '--to', '1.20', '--fail-on', 'loud'],
      /--fail-on must be breaking, warning, info or none/,
    ],
    [
      'a file that does not exist',
      ['check', 'nope.yaml', '--from', '1.15', '--to', '1.20'],
      /nope\.yaml: no such file or directory/,
    ],
    [
      'an unknown release',
      ['check', join(realWorld, 'helm-rendered.yaml'), '--from', '1.15', '--to', '1.99'],
      /release 1\.99 is not in the knowledge base/,
    ],
    ['an unknown command', ['frobnicate'], /unknown command "frobnicate"/],
  ])('2 for %s, with a message on stderr', (_, args, message) => {
    const r = netkb(args as string[]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(message as RegExp);
    expect(r.stdout).toBe('');
  });

  it("a file over NETKB_MAX_FILE_BYTES is an error entry (2); the server's NETKB_MAX_MANIFEST_BYTES does not apply", () => {
    const file = join(realWorld, 'ingress-controller-2019.yaml');
    const small = netkb(['check', file, '--from', '1.15', '--to', '1.20', '--format', 'json'], undefined, {
      NETKB_MAX_FILE_BYTES: '100',
    });
    expect(small.code).toBe(2);
    expect(JSON.parse(small.stdout).files[0].error).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
    const server = netkb(['check', file, '--from', '1.15', '--to', '1.20'], undefined, {
      NETKB_MAX_MANIFEST_BYTES: '100',
    });
    expect(server.code).toBe(1);
    const bad = netkb(['check', file, '--from', '1.15', '--to', '1.20'], undefined, { NETKB_MAX_FILE_BYTES: 'lots' });
    expect([bad.code, bad.stderr]).toEqual([
      2,
      expect.stringContaining('NETKB_MAX_FILE_BYTES "lots" must be a positive whole number of bytes'),
    ]);
  });

  it('2 for invalid YAML, naming the file, line and column', () => {
    const file = join(dir, 'broken.yaml');
    writeFileSync(file, 'apiVersion: v1\nkind: Service\nmetadata:\n  name: [oops\n');
    const r = netkb(['check', file, '--from', '1.15', '--to', '1.20']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(
      new RegExp(
        `${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: invalid YAML in document 1 at line \\d+, column \\d+`,
      ),
    );
  });
});

describe('inputs', () => {
  it('reads directories recursively (*.yaml, *.yml, *.json) and stdin', () => {
    const tree = join(dir, 'tree');
    mkdirSync(join(tree, 'nested'), { recursive: true });
    writeFileSync(join(tree, 'a.yaml'), 'apiVersion: extensions/v1beta1\nkind: NetworkPolicy\nmetadata: {name: a}\n');
    writeFileSync(
      join(tree, 'nested', 'b.json'),
      JSON.stringify({ apiVersion: 'apps/v1beta2', kind: 'Deployment', metadata: { name: 'b' } }),
    );
    writeFileSync(join(tree, 'nested', 'notes.txt'), 'not a manifest');
    const r = netkb(
      ['check', tree, '-', '--from', '1.15', '--to', '1.16', '--format', 'json'],
      'apiVersion: apps/v1beta1\nkind: StatefulSet\nmetadata: {name: c}\n',
    );
    expect(r.code).toBe(1);
    const out = JSON.parse(r.stdout);
    expect(out.files.map((f: any) => f.file)).toEqual([
      join(tree, 'a.yaml'),
      join(tree, 'nested', 'b.json'),
      '<stdin>',
    ]);
    expect(out.files.map((f: any) => f.findings[0].replacement)).toEqual([
      'networking.k8s.io/v1',
      'apps/v1',
      'apps/v1',
    ]);
  });
});

describe('formats', () => {
  const file = join(realWorld, 'ingress-controller-2019.yaml');

  it('every format names a live object of a kubectl dump as last applied or live, and no Secret value', () => {
    const dump = readFileSync(join(root, 'test', 'fixtures', 'rules', 'api-version', 'live-dump-last-applied.yaml'));
    const secretValue = 'bm90LWluLWFueS1vdXRwdXQ=';
    const secret = `apiVersion: v1
kind: Secret
metadata:
  name: db
  namespace: shop
  uid: 4d1c9e2a-0000-4000-8000-00000000000b
  resourceVersion: "11"
  annotations:
    kubectl.kubernetes.io/last-applied-configuration: '{"apiVersion":"v1","kind":"Secret","metadata":{"name":"db","annotations":{"scheduler.alpha.kubernetes.io/critical-pod":""}},"data":{"password":"${secretValue}"}}'
data:
  password: ${secretValue}
`;
    const input = join(dir, 'dump.yaml');
    writeFileSync(input, `${dump}\n---\n${secret}`);
    const out = (format: string) => netkb(['check', input, '--from', '1.15', '--to', '1.22', '--format', format]);
    for (const format of ['table', 'json', 'markdown', 'sarif', 'junit', 'csv']) {
      const r = out(format);
      expect([format, r.code]).toEqual([format, 1]);
      // The text formats say it in words, JSON and SARIF (its result properties) in the resource's origin.
      const said = ['json', 'sarif'].includes(format) ? '"source": "LAST_APPLIED"' : 'last applied, live as apps/v1';
      expect([format, r.stdout]).toEqual([format, expect.stringContaining(said)]);
      expect([format, r.stdout]).not.toEqual([format, expect.stringContaining(secretValue)]);
    }
    expect(out('table').stdout).toMatch(/Service\/web \(live, no last-applied configuration\)/);
    const json = JSON.parse(out('json').stdout);
    const findings = json.files[0].findings;
    expect(findings.find((f: any) => f.resource.kind === 'Deployment')).toMatchObject({
      line: 19,
      effectiveIn: '1.16',
      resource: { apiVersion: 'extensions/v1beta1', origin: { source: 'LAST_APPLIED', liveApiVersion: 'apps/v1' } },
    });
    // The Secret's applied form is checked: its removed annotation is found at the annotation's line.
    expect(findings.find((f: any) => f.resource.kind === 'Secret')).toMatchObject({ ruleId: 'well-known-key' });
  });

  it("every format names the Helm release of an object of a release's manifest, and no value of the release", () => {
    const input = join(root, 'test', 'fixtures', 'rules', 'api-version', 'helm-release-storage.yaml');
    for (const format of ['table', 'json', 'markdown', 'sarif', 'junit', 'csv']) {
      const r = netkb(['check', input, '--from', '1.20', '--to', '1.25', '--format', format]);
      expect([format, r.code]).toEqual([format, 1]);
      const said = ['json', 'sarif'].includes(format) ? '"chart": "web-1.1.0"' : 'Helm release shop/web revision 2';
      expect([format, r.stdout]).toEqual([format, expect.stringContaining(said)]);
      // The release's values appear in no format.
      expect([format, r.stdout]).not.toEqual([format, expect.stringContaining('hunter2-never-shown')]);
    }
    const table = netkb(['check', input, '--from', '1.20', '--to', '1.25']).stdout;
    expect(table).toContain(
      'Ingress/web (Helm release shop/web revision 2, chart web-1.1.0, web/templates/ingress.yaml, line 14 of its manifest)',
    );
    // The superseded revision (an extensions/v1beta1 Deployment) is not decoded.
    expect(table).not.toContain('Deployment/web');
    expect(table).toMatch(/CronJob\/cleanup \(Helm release kube-system\/cleanup revision 4, chart cleanup-0\.3\.2/);
  });

  it('--apiserver-metrics and --audit-log: the requested deprecated APIs, with their callers, in every format', () => {
    const fixture = (name: string) => join(root, 'test', 'fixtures', 'apiserver', name);
    const args = ['--apiserver-metrics', fixture('metrics.txt'), '--audit-log', fixture('audit.log')];
    for (const format of ['table', 'json', 'markdown', 'sarif', 'junit', 'csv']) {
      const r = netkb(['check', ...args, '--from', '1.20', '--to', '1.25', '--format', format]);
      expect([format, r.code]).toEqual([format, 1]);
      const said = ['json', 'sarif'].includes(format)
        ? '"userAgent": "nginx-ingress-controller/v0.26.1"'
        : 'nginx-ingress-controller/v0.26.1) list, watch ×2';
      expect([format, r.stdout]).toEqual([format, expect.stringContaining(said)]);
      expect([format, r.stdout]).not.toEqual([format, expect.stringContaining('s3cr3t-never-shown')]);
    }
    const json = JSON.parse(netkb(['check', ...args, '--from', '1.20', '--to', '1.25', '--format', 'json']).stdout);
    expect(json.files.map((f: any) => [f.file.split('/').pop(), f.findings.length, f.error])).toEqual([
      ['metrics.txt', 3, null],
      ['audit.log', 1, null],
    ]);
    // With manifests too; and a file that is not what the option says is an error entry, exit 2.
    const manifest = join(realWorld, 'ingress-controller-2019.yaml');
    const mixed = netkb(['check', manifest, '--apiserver-metrics', manifest, '--from', '1.20', '--to', '1.25']);
    expect(mixed.code).toBe(2);
    expect(mixed.stderr).toMatch(
      /ingress-controller-2019\.yaml: line \d+ is not in Prometheus' text format \[NOT_A_MANIFEST/,
    );
    const none = netkb(['check', '--from', '1.20', '--to', '1.25']);
    expect([none.code, none.stderr]).toEqual([
      2,
      expect.stringContaining('or give --apiserver-metrics or --audit-log'),
    ]);
  });

  it('json: the report with every finding', () => {
    const r = netkb(['check', file, '--from', '1.15', '--to', '1.20', '--format', 'json']);
    const out = JSON.parse(r.stdout);
    expect(out).toMatchObject({ from: '1.15', to: '1.20', path: ['1.15', '1.16', '1.17', '1.18', '1.19', '1.20'] });
    const all = out.files.flatMap((f: any) => f.findings);
    expect(out.summary.breaking).toBe(all.filter((f: any) => f.severity === 'BREAKING').length);
    expect(all.find((f: any) => f.resource.kind === 'Deployment' && f.ruleId === 'api-version')).toMatchObject({
      severity: 'BREAKING',
      effectiveIn: '1.16',
      line: 23,
      replacement: 'apps/v1',
    });
  });

  it('sarif: SARIF 2.1.0 with rules and file/line locations', () => {
    const r = netkb(['check', file, '--from', '1.15', '--to', '1.20', '--format', 'sarif']);
    const log = JSON.parse(r.stdout);
    expect(log.version).toBe('2.1.0');
    const run = log.runs[0];
    expect(run.tool.driver.name).toBe('netkb');
    expect(run.tool.driver.rules.map((x: any) => x.id)).toEqual(
      expect.arrayContaining(['api-version', 'component-flag', 'feature-gate']),
    );
    const dep = run.results.find((x: any) => x.ruleId === 'api-version' && x.level === 'error');
    // Relative to the working directory (the project folder here): test/cli/sarif.test.ts covers the URI rules.
    expect(dep.locations[0].physicalLocation).toEqual({
      artifactLocation: { uri: relative(root, file).split(sep).join('/'), uriBaseId: '%SRCROOT%' },
      region: { startLine: 23 },
    });
    expect(run.tool.driver.rules[dep.ruleIndex].id).toBe('api-version');
    expect(run.results.every((x: any) => ['error', 'warning', 'note'].includes(x.level))).toBe(true);
  });

  it('junit: one suite per file, failures for findings at or above --fail-on', () => {
    const r = netkb([
      'check',
      file,
      join(realWorld, 'helm-rendered.yaml'),
      '--from',
      '1.15',
      '--to',
      '1.20',
      '--format',
      'junit',
    ]);
    expect(r.stdout.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<testsuites')).toBe(true);
    expect(r.stdout.match(/<testsuite /g)).toHaveLength(2);
    const json = JSON.parse(
      netkb([
        'check',
        file,
        join(realWorld, 'helm-rendered.yaml'),
        '--from',
        '1.15',
        '--to',
        '1.20',
        '--format',
        'json',
      ]).stdout,
    );
    const breaking = json.summary.breaking;
    expect(r.stdout.match(/<failure /g)).toHaveLength(breaking);
    expect(Number(/<testsuites [^>]*failures="(\d+)"/.exec(r.stdout)![1])).toBe(breaking);
  });

  it('every format states what the report covered, adding up the files and naming the kinds not covered', () => {
    const a = join(dir, 'cov-a.yaml');
    const b = join(dir, 'cov-b.yaml');
    writeFileSync(
      a,
      'apiVersion: projectcontour.io/v1\nkind: HTTPProxy\nmetadata: {name: x}\n---\napiVersion: v1\nkind: ConfigMap\nmetadata: {name: y}\n',
    );
    writeFileSync(b, 'apiVersion: projectcontour.io/v1\nkind: HTTPProxy\nmetadata: {name: z}\n');
    const run = (format: string) => netkb(['check', a, b, '--from', '1.24', '--to', '1.28', '--format', format]).stdout;
    const sentence = '1 of 3 objects checked; not covered: projectcontour.io/v1 HTTPProxy (2)';
    expect(run('table').split('\n')[1]).toBe(`Coverage: ${sentence}.`);
    expect(run('markdown').split('\n')[0]).toContain(`(${sentence})`);
    const json = JSON.parse(run('json'));
    expect(json.coverage).toEqual({
      objects: 3,
      checked: 1,
      notCovered: [{ apiVersion: 'projectcontour.io/v1', kind: 'HTTPProxy', objects: 2 }],
    });
    expect(json.files.map((f: any) => f.coverage.checked)).toEqual([1, 0]);
    expect(JSON.parse(run('sarif')).runs[0].properties.coverage).toMatchObject({
      objects: 3,
      checked: 1,
      text: sentence,
    });
    expect(run('junit')).toContain(
      '<property name="netkb.coverage" value="1 of 2 objects checked; not covered: projectcontour.io/v1 HTTPProxy (1)"/>',
    );
  });

  it('markdown: grouped by release, with file and line', () => {
    const r = netkb(['check', file, '--from', '1.15', '--to', '1.20', '--format', 'markdown']);
    expect(r.stdout).toMatch(/^\*\*netkb: 1\.15 → 1\.20\*\*/);
    expect(r.stdout).toMatch(
      /\*\*1\.16\*\*\n- 🔴 Deployment ingress-nginx\/nginx-ingress-controller, \S*ingress-controller-2019\.yaml:23:/,
    );
  });

  it('--output writes the report to a file', () => {
    const out = join(dir, 'report.sarif');
    const r = netkb(['check', file, '--from', '1.15', '--to', '1.20', '--format', 'sarif', '--output', out]);
    expect(r.stdout).toBe('');
    expect(JSON.parse(readFileSync(out, 'utf8')).version).toBe('2.1.0');
  });

  it('json and sarif of a large report (written in pieces): the same bytes on stdout and in --output, indented as before', () => {
    // About 400 findings: several batches of output (1.2 MB of JSON, each finding with its release note).
    const big = join(dir, 'big.yaml');
    writeFileSync(big, Array.from({ length: 80 }, () => readFileSync(file, 'utf8')).join('\n---\n'));
    for (const format of ['json', 'sarif']) {
      const out = join(dir, `big.${format}`);
      const printed = netkb(['check', big, '--from', '1.15', '--to', '1.20', '--format', format, '--fail-on', 'none']);
      expect(printed.code).toBe(0);
      const written = netkb(['check', big, '--from', '1.15', '--to', '1.20', '--format', format, '-o', out]);
      expect(written.stdout).toBe('');
      expect(readFileSync(out, 'utf8')).toBe(printed.stdout);
      const parsed = JSON.parse(printed.stdout);
      expect(printed.stdout).toBe(JSON.stringify(parsed, null, 2) + '\n');
      const findings = format === 'json' ? parsed.files[0].findings : parsed.runs[0].results;
      expect(findings.length).toBeGreaterThan(300);
      expect(printed.stdout.length).toBeGreaterThan(4 * 65536);
    }
  });

  it('stops quietly when the reader of its output goes away (netkb check … | head)', () => {
    const big = join(dir, 'big-for-head.yaml');
    writeFileSync(big, Array.from({ length: 80 }, () => readFileSync(file, 'utf8')).join('\n---\n'));
    const r = spawnSync(
      'bash',
      ['-c', `set -o pipefail; node bin/netkb check '${big}' --from 1.15 --to 1.20 --format json | head -c 20`],
      { encoding: 'utf8', cwd: root, env: { ...process.env, DATABASE_URL: `file:${seededDatabase()}` } },
    );
    expect(r.stdout).toBe('{\n  "from": "1.15",\n');
    expect(r.stderr).toBe('');
    expect(r.status).toBe(141);
  });
});

describe('help', () => {
  it('netkb check --help documents options, formats and exit codes', () => {
    const r = netkb(['check', '--help']);
    expect(r.code).toBe(0);
    for (const word of ['--from', '--to', '--format', 'sarif', 'junit', '--fail-on', 'Exit codes', 'standard input'])
      expect(r.stdout).toContain(word);
  });

  it('bin/netkb runs the compiled CLI', () => {
    const r = spawnSync(join(root, 'bin', 'netkb'), ['--help'], { encoding: 'utf8' });
    expect(r.stdout + r.stderr).toMatch(/Usage: netkb COMMAND|not built yet/);
    expect(r.stdout).toMatch(/check\s+report what breaks/);
  });
});
