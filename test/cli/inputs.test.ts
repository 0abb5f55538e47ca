// `netkb check` and `netkb convert` over inputs that are not plain manifests: every file is checked, each
// one that cannot be (a template, a kustomization, no object, binary, invalid YAML) is an error entry with
// file, line, column and code in every format, the good files' findings are all there, and the exit code is 2;
// but a file a directory walk finds that is recognisably no manifest (src/cli/passed-over.ts) is passed over
// with a note in every format, and leaves the exit code alone. --exclude leaves paths out of the walk.
import { cpSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { projectRoot } from '../../src/config';
import { netkb as runNetkb } from '../support/cli';

const inputs = join(projectRoot(), 'test', 'fixtures', 'inputs');
const RANGE = ['--from', '1.15', '--to', '1.22'];

let dir: string;
let mixed: string;
const at = (name: string) => join(mixed, name);

/** The error entries the mixed folder must give: file, code, line, column. */
let expectedErrors: { file: string; code: string; line: number; column: number }[];
/** The values file of the mixed folder: no document has apiVersion and kind, so the walk passes it over. */
let values: { file: string; code: string; line: number; column: number };

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'netkb-inputs-'));
  mixed = join(dir, 'mixed');
  cpSync(join(inputs, 'mixed'), mixed, { recursive: true });
  // Binary data is made here rather than committed: a zip header in a .yaml file, NUL at line 2, column 5.
  writeFileSync(
    at('f-binary.yaml'),
    Buffer.from([0x61, 0x3a, 0x20, 0x31, 0x0a, 0x50, 0x4b, 0x03, 0x04, 0x00, 0x00, 0xff]),
  );
  expectedErrors = [
    { file: at('b-helm-template.yaml'), code: 'TEMPLATE_NOT_RENDERED', line: 5, column: 9 },
    { file: at('e-broken.yaml'), code: 'BAD_USER_INPUT', line: 5, column: 1 },
    { file: at('f-binary.yaml'), code: 'BINARY_INPUT', line: 2, column: 5 },
  ];
  values = { file: at('c-values.yaml'), code: 'NOT_A_MANIFEST', line: 2, column: 1 };
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const check = (format: string) => runNetkb(['check', mixed, ...RANGE, '--format', format]);

describe('netkb check over a folder mixing good and bad files', () => {
  it('json: an error entry per bad file, the good files with their findings, the values file passed over; exit 2', () => {
    const r = check('json');
    expect(r.code).toBe(2);
    const out = JSON.parse(r.stdout);
    expect(out.files.map((f: any) => f.file)).toEqual(
      ['a-ingress.yaml', 'b-helm-template.yaml', 'd-daemonset.json', 'e-broken.yaml', 'f-binary.yaml'].map(at),
    );
    expect(
      out.files.filter((f: any) => f.error).map((f: any) => ({ file: f.file, ...f.error, message: undefined })),
    ).toEqual(expectedErrors.map((e) => ({ ...e, message: undefined })));
    expect(out.summary).toMatchObject({ breaking: 2, errors: 3, skippedFiles: 1 });
    expect(out.skippedFiles).toEqual([
      {
        ...values,
        message: 'not a Kubernetes manifest: none of its 2 documents has apiVersion and kind (first at line 2)',
      },
    ]);
    const good = out.files.filter((f: any) => !f.error);
    expect(good.map((f: any) => [f.file, f.findings[0].ruleId, f.findings[0].line, f.findings[0].effectiveIn])).toEqual(
      [
        [at('a-ingress.yaml'), 'api-version', 1, '1.22'],
        [at('d-daemonset.json'), 'api-version', 2, '1.16'],
      ],
    );
    // The binary file's message quotes an escaped excerpt, never the raw bytes.
    const binary = out.files.find((f: any) => f.file === at('f-binary.yaml')).error.message;
    expect(binary).toContain('\\u0003\\u0004\\u0000');
    expect(r.stdout + r.stderr).not.toMatch(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/);
    // Each error is also on stderr, with file, line and column.
    for (const e of expectedErrors) expect(r.stderr).toContain(`[${e.code} at ${e.file}:${e.line}:${e.column}]`);
    expect(r.stderr).toContain('netkb check: 1 file found in folders is not a manifest and passed over');
  });

  it('table: the findings, a NOT CHECKED section with file:line:column and code, then PASSED OVER; exit 2', () => {
    const r = check('table');
    expect(r.code).toBe(2);
    expect(r.stdout).toMatch(
      /: 2 breaking, \d+ warning, \d+ info in 5 files; 3 files could not be checked; 1 file passed over \(not manifests\)\n/,
    );
    expect(r.stdout).toMatch(new RegExp(`1\\.22\\s+BREAKING\\s+${esc(at('a-ingress.yaml'))}:1\\s+Ingress/shop`));
    expect(r.stdout).toMatch(
      new RegExp(`1\\.16\\s+BREAKING\\s+${esc(at('d-daemonset.json'))}:2\\s+DaemonSet/node-agent`),
    );
    const section = r.stdout.slice(r.stdout.indexOf('NOT CHECKED'), r.stdout.indexOf('PASSED OVER'));
    for (const e of expectedErrors)
      expect(section).toMatch(new RegExp(`${esc(`${e.file}:${e.line}:${e.column}`)}\\s+${e.code}\\s+\\S`));
    expect(section).toContain('looks like a Helm template');
    expect(section).not.toContain('c-values.yaml');
    expect(r.stdout.slice(r.stdout.indexOf('PASSED OVER'))).toMatch(
      new RegExp(
        `${esc(`${values.file}:2:1`)}\\s+NOT_A_MANIFEST\\s+not a Kubernetes manifest: none of its 2 documents`,
      ),
    );
  });

  it('markdown: a Not checked list with file:line:column and code, then the findings; exit 2', () => {
    const r = check('markdown');
    expect(r.code).toBe(2);
    expect(r.stdout).toContain('**Not checked** (3 files):');
    expect(r.stdout).toContain(
      `**Passed over, not manifests** (1 file):\n- ⏭️ ${values.file}: \`NOT_A_MANIFEST\` not a Kubernetes manifest: none of its 2 documents`,
    );
    for (const e of expectedErrors) expect(r.stdout).toContain(`- ❌ ${e.file}:${e.line}:${e.column}: \`${e.code}\``);
    expect(r.stdout).toContain(`DaemonSet node-agent, ${at('d-daemonset.json')}:2:`);
    expect(r.stdout).toContain(`Ingress shop, ${at('a-ingress.yaml')}:1:`);
  });

  it('sarif: the findings as results, each bad file an error notification with its location; exit 2', () => {
    const r = check('sarif');
    expect(r.code).toBe(2);
    const run = JSON.parse(r.stdout).runs[0];
    // The folder is outside the working directory (the project): absolute file:// URIs (test/cli/sarif.test.ts).
    const uri = (file: string) => pathToFileURL(file).href;
    expect(run.results.map((x: any) => [x.locations[0].physicalLocation.artifactLocation.uri, x.ruleId])).toEqual(
      expect.arrayContaining([
        [uri(at('a-ingress.yaml')), 'api-version'],
        [uri(at('d-daemonset.json')), 'api-version'],
      ]),
    );
    expect(run.invocations[0].executionSuccessful).toBe(false);
    expect(
      run.invocations[0].toolExecutionNotifications.map((n: any) => ({
        file: n.locations[0].physicalLocation.artifactLocation.uri,
        code: n.descriptor.id,
        line: n.locations[0].physicalLocation.region.startLine,
        column: n.locations[0].physicalLocation.region.startColumn,
        level: n.level,
      })),
    ).toEqual([
      ...expectedErrors.map((e) => ({ ...e, file: uri(e.file), level: 'error' })),
      { ...values, file: uri(values.file), level: 'note' },
    ]);
  });

  it('junit: an <error> case per bad file (type = code, file:line:column), failures for the findings; exit 2', () => {
    const r = check('junit');
    expect(r.code).toBe(2);
    expect(r.stdout).toMatch(/<testsuites [^>]*tests="6" failures="2" errors="3" skipped="1">/);
    expect(r.stdout).toContain(
      `<testcase classname="${values.file}" name="passed over: NOT_A_MANIFEST at line 2, column 1"><skipped message="not a Kubernetes manifest: none of its 2 documents`,
    );
    for (const e of expectedErrors) {
      expect(r.stdout).toContain(`<error type="${e.code}"`);
      expect(r.stdout).toContain(`>${e.file}:${e.line}:${e.column} `);
    }
    expect(r.stdout).toContain(`name="1.22 Ingress/shop line 1: api-version/removed"><failure type="BREAKING"`);
    expect(r.stdout).toContain(`name="1.16 DaemonSet/node-agent line 2: api-version/removed"><failure type="BREAKING"`);
  });

  it('csv: an ERROR row per bad file, a SKIPPED row for the values file; exit 2', () => {
    const r = check('csv');
    expect(r.code).toBe(2);
    const rows = r.stdout.split('\r\n').map((line) => line.split(','));
    const rowsOf = (severity: string) => rows.filter((row) => row[5] === severity).map((row) => row.slice(0, 4));
    expect(rowsOf('ERROR')).toEqual(expectedErrors.map((e) => [e.file, `${e.line}`, `${e.column}`, e.code]));
    expect(rowsOf('SKIPPED')).toEqual([[values.file, '2', '1', 'NOT_A_MANIFEST']]);
    // Its row has every column: the last three are checked, since and already_at_from.
    expect(rows[0].slice(-3)).toEqual(['checked', 'since', 'already_at_from']);
    expect(rows.find((row) => row[5] === 'SKIPPED')!.slice(-3)).toEqual(['false', '', 'false']);
  });

  it('a file that cannot be read (a dangling link) is UNREADABLE_FILE at 1:1; the other file is checked', () => {
    const tree = join(dir, 'with-link');
    mkdirSync(tree);
    cpSync(at('a-ingress.yaml'), join(tree, 'a-ingress.yaml'));
    symlinkSync(join(tree, 'gone.yaml'), join(tree, 'b-link.yaml'));
    const r = runNetkb(['check', tree, ...RANGE, '--format', 'json']);
    expect(r.code).toBe(2);
    const [good, link] = JSON.parse(r.stdout).files;
    expect(good.findings.map((f: any) => f.ruleId)).toEqual(['api-version']);
    expect(link).toMatchObject({
      file: join(tree, 'b-link.yaml'),
      error: { code: 'UNREADABLE_FILE', line: 1, column: 1, message: 'cannot be read (ENOENT)' },
    });
  });

  it('--output gets the whole report; the errors still reach stderr and the exit code is 2', () => {
    const out = join(dir, 'report.json');
    const r = runNetkb(['check', mixed, ...RANGE, '--format', 'json', '--output', out]);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain('TEMPLATE_NOT_RENDERED');
  });
});

describe('netkb check names each kind of input that is not a manifest', () => {
  it.each([
    ['helm-include.yaml', 'TEMPLATE_NOT_RENDERED', 5, 9, /looks like a Helm template.*`helm template`/],
    ['helm-flow-map.yaml', 'TEMPLATE_NOT_RENDERED', 5, 9, /looks like a Helm template/],
    ['salt-jinja.yaml', 'TEMPLATE_NOT_RENDERED', 1, 1, /Jinja \(Salt\) template.*render it first/],
    ['kustomization.yaml', 'KUSTOMIZATION', 1, 1, /a kustomization.*`kustomize build`/],
    ['kustomize-bare/kustomization.yaml', 'KUSTOMIZATION', 2, 1, /a kustomization/],
    ['empty.yaml', 'NOT_A_MANIFEST', 1, 1, /is empty/],
    ['comments-only.yaml', 'NOT_A_MANIFEST', 1, 1, /only comments/],
    ['no-kind.yaml', 'NOT_A_MANIFEST', 2, 1, /none of its 2 documents has apiVersion and kind/],
  ])('%s: %s at %d:%d, exit 2', (name, code, line, column, message) => {
    const r = runNetkb(['check', join(inputs, name), ...RANGE, '--format', 'json']);
    expect(r.code).toBe(2);
    const [file] = JSON.parse(r.stdout).files;
    expect(file.error).toMatchObject({ code, line, column, message: expect.stringMatching(message) });
    expect(file.findings).toEqual([]);
  });

  it('legitimate inputs pass: a List, a document without kind next to an object, Prometheus/Argo template text, BOM and CRLF', () => {
    const bomCrlf = join(dir, 'bom-crlf.yaml');
    writeFileSync(bomCrlf, '\ufeffapiVersion: extensions/v1beta1\r\nkind: NetworkPolicy\r\nmetadata:\r\n  name: a\r\n');
    const r = runNetkb(['check', join(inputs, 'legit'), bomCrlf, ...RANGE, '--format', 'json', '--fail-on', 'none']);
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(out.files.every((f: any) => f.error === null)).toBe(true);
    const byName = Object.fromEntries(out.files.map((f: any) => [f.file.split('/').pop(), f]));
    expect(byName['list.yaml'].findings.map((f: any) => f.ruleId)).toContain('api-version');
    expect(byName['some-without-kind.yaml'].findings.map((f: any) => `${f.ruleId}/${f.messageId}`)).toEqual(
      expect.arrayContaining(['not-kubernetes/skipped', 'api-version/removed']),
    );
    expect(byName['prometheus-rules.yaml'].documents).toBe(3);
    expect(byName['bom-crlf.yaml'].findings[0]).toMatchObject({ ruleId: 'api-version', line: 1 });
  });

  it('a file in Latin-1 (no NUL byte) is refused where its first byte that is not UTF-8 stands; UTF-8 passes', () => {
    const latin1 = join(dir, 'latin1.yaml');
    const utf8 = join(dir, 'utf8.yaml');
    const text = 'apiVersion: extensions/v1beta1\nkind: Ingress\nmetadata:\n  name: caf\u00e9\n';
    writeFileSync(latin1, Buffer.from(text, 'latin1'));
    writeFileSync(utf8, text);
    const r = runNetkb(['check', latin1, utf8, ...RANGE, '--format', 'json']);
    expect(r.code).toBe(2);
    const [bad, good] = JSON.parse(r.stdout).files;
    expect(bad.error).toMatchObject({ code: 'BINARY_INPUT', line: 4, column: 12 });
    expect(bad.error.message).toContain('byte 0xe9, not UTF-8');
    expect(good.error).toBeNull();
    expect(good.findings[0].resource.name).toBe('caf\u00e9');
  });
});

describe('netkb convert over several files', () => {
  it('writes every convertible manifest, names each bad file on stderr with line, column and code; exit 2', () => {
    const r = runNetkb(['convert', mixed, ...RANGE]);
    expect(r.code).toBe(2);
    expect(r.stdout).toContain(
      `# Source: ${at('a-ingress.yaml')}\napiVersion: networking.k8s.io/v1beta1\nkind: Ingress`,
    );
    expect(r.stdout).toContain(`---\n# Source: ${at('d-daemonset.json')}\n{`);
    expect(r.stdout).not.toContain('b-helm-template');
    expect(r.stderr).toContain(`netkb convert ${at('a-ingress.yaml')} (1.15 -> 1.22): 1 change`);
    for (const e of expectedErrors) expect(r.stderr).toContain(`[${e.code} at ${e.file}:${e.line}:${e.column}]`);
    expect(r.stderr).toContain(
      `netkb convert: passed over ${values.file}: not a Kubernetes manifest: none of its 2 documents has apiVersion and kind (first at line 2) [NOT_A_MANIFEST at ${values.file}:2:1]`,
    );
    expect(r.stdout).not.toContain('c-values');
  });

  it('--format json: {from, to, path, files: [{file, manifest, changes, unconverted, error}], skippedFiles}', () => {
    const r = runNetkb(['convert', mixed, ...RANGE, '--format', 'json']);
    expect(r.code).toBe(2);
    const out = JSON.parse(r.stdout);
    expect(out).toMatchObject({ from: '1.15', to: '1.22' });
    expect(
      out.files.filter((f: any) => f.error).map((f: any) => [f.file, f.error.code, f.error.line, f.error.column]),
    ).toEqual(expectedErrors.map((e) => [e.file, e.code, e.line, e.column]));
    const ingress = out.files.find((f: any) => f.file === at('a-ingress.yaml'));
    expect(ingress.manifest).toContain('apiVersion: networking.k8s.io/v1beta1');
    expect(ingress.changes).toHaveLength(1);
    expect(out.files.find((f: any) => f.file === at('b-helm-template.yaml')).manifest).toBeNull();
    expect(out.files.map((f: any) => f.file)).not.toContain(values.file);
    expect(out.skippedFiles).toEqual([
      { ...values, message: expect.stringMatching(/^not a Kubernetes manifest: none/) },
    ]);
  });

  it('one template given alone: exit 2, the message on stderr, nothing on stdout', () => {
    const r = runNetkb(['convert', join(inputs, 'helm-flow-map.yaml'), ...RANGE]);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/looks like a Helm template .*\[TEMPLATE_NOT_RENDERED at .*helm-flow-map\.yaml:5:9\]/);
  });
});

describe('netkb check over a repository: charts, kustomizations, values and tool configuration', () => {
  const repo = join(inputs, 'repo');
  const chart = join(repo, 'chart');
  const inRepo = (name: string) => join(repo, name);
  /** What the walk passes over, by file: its code, line and column, and what the message must say. */
  const passedOver: [string, string, number, number, RegExp][] = [
    [
      'chart/Chart.yaml',
      'NOT_A_MANIFEST',
      1,
      1,
      /^the Helm chart's Chart\.yaml \(its name and version\), not a manifest$/,
    ],
    [
      'chart/templates/deployment.yaml',
      'TEMPLATE_NOT_RENDERED',
      4,
      9,
      new RegExp(`^a template of the Helm chart ${esc(chart)} .*check the output of \`helm template ${esc(chart)}\`$`),
    ],
    [
      'chart/values-prod.yaml',
      'NOT_A_MANIFEST',
      1,
      1,
      new RegExp(`^values of the Helm chart ${esc(chart)}, not a manifest`),
    ],
    [
      'chart/values.yaml',
      'NOT_A_MANIFEST',
      1,
      1,
      new RegExp(`^values of the Helm chart ${esc(chart)}, not a manifest`),
    ],
    [
      'config/lint.yaml',
      'BAD_USER_INPUT',
      3,
      1,
      /^invalid YAML .*; "apiVersion" appears nowhere in it, so it is no manifest$/,
    ],
    [
      'docker-compose.yml',
      'NOT_A_MANIFEST',
      1,
      1,
      /^not a Kubernetes manifest: its one document has no apiVersion and kind/,
    ],
    [
      'kustomize/base/kustomization.yaml',
      'KUSTOMIZATION',
      1,
      1,
      new RegExp(
        `^a kustomization, not a manifest: check the output of \`kustomize build ${esc(inRepo('kustomize/base'))}\``,
      ),
    ],
  ];

  it("checks the manifests, passes over the rest with the reason, and the exit code is the findings' alone", () => {
    const r = runNetkb(['check', repo, ...RANGE, '--format', 'json']);
    expect(r.code).toBe(1);
    const out = JSON.parse(r.stdout);
    expect(out.files.map((f: any) => [f.file, f.error])).toEqual(
      ['chart/templates/policy.yaml', 'deploy/ingress.yaml', 'kustomize/base/service.yaml', 'legacy/old.yaml'].map(
        (name) => [inRepo(name), null],
      ),
    );
    // A chart template without template markers is a manifest as it stands: checked.
    expect(out.files[0].findings.map((f: any) => f.ruleId)).toEqual(['api-version']);
    expect(out.skippedFiles).toEqual(
      passedOver.map(([name, code, line, column, message]) => ({
        file: inRepo(name),
        code,
        line,
        column,
        message: expect.stringMatching(message),
      })),
    );
    expect(out.summary).toMatchObject({ breaking: 3, errors: 0, skippedFiles: 7 });
    expect(r.stderr).toContain('netkb check: 7 files found in folders are not manifests and passed over');
    expect(runNetkb(['check', repo, ...RANGE, '--fail-on', 'none']).code).toBe(0);
  });

  it('--exclude leaves paths out of the walk (names anywhere, paths from the folder); excluded files are not listed', () => {
    const r = runNetkb([
      'check',
      repo,
      ...RANGE,
      '--format',
      'json',
      '--exclude',
      'legacy',
      '--exclude',
      'chart/**',
      '--exclude',
      '*.yml',
    ]);
    expect(r.code).toBe(1);
    const out = JSON.parse(r.stdout);
    expect(out.files.map((f: any) => f.file)).toEqual(
      ['deploy/ingress.yaml', 'kustomize/base/service.yaml'].map(inRepo),
    );
    expect(out.skippedFiles.map((f: any) => f.file)).toEqual(
      ['config/lint.yaml', 'kustomize/base/kustomization.yaml'].map(inRepo),
    );
  });

  it('--exclude leaving nothing, or a glob of nothing, is a usage error (exit 2)', () => {
    const none = runNetkb(['check', repo, ...RANGE, '--exclude', '*']);
    expect(none.code).toBe(2);
    expect(none.stderr).toContain(
      `${repo}: no *.yaml, *.yml or *.json files in this directory that --exclude leaves in`,
    );
    const empty = runNetkb(['check', repo, ...RANGE, '--exclude', './']);
    expect(empty.code).toBe(2);
    expect(empty.stderr).toContain('--exclude "./": give a glob such as');
  });

  it('files named on the command line are checked, whatever they are: exit 2 with the reason', () => {
    const r = runNetkb([
      'check',
      inRepo('chart/values-prod.yaml'),
      inRepo('chart/templates/deployment.yaml'),
      '--exclude',
      'values*.yaml',
      ...RANGE,
      '--format',
      'json',
    ]);
    expect(r.code).toBe(2);
    const out = JSON.parse(r.stdout);
    expect(out.skippedFiles).toEqual([]);
    expect(out.files.map((f: any) => f.error)).toEqual([
      {
        code: 'NOT_A_MANIFEST',
        message: 'not a Kubernetes manifest: its one document has no apiVersion and kind (line 1)',
        line: 1,
        column: 1,
      },
      expect.objectContaining({ code: 'TEMPLATE_NOT_RENDERED', line: 4, column: 9 }),
    ]);
  });

  it("a walk of a chart's templates folder knows its chart (the Chart.yaml above it)", () => {
    const r = runNetkb(['check', join(chart, 'templates'), ...RANGE, '--format', 'json']);
    expect(r.code).toBe(1);
    const out = JSON.parse(r.stdout);
    expect(out.skippedFiles).toEqual([
      expect.objectContaining({
        file: join(chart, 'templates', 'deployment.yaml'),
        code: 'TEMPLATE_NOT_RENDERED',
        message: expect.stringContaining(`helm template ${chart}`),
      }),
    ]);
  });

  it('a folder whose one file is passed over: check reports it with exit 0, convert --format json lists it', () => {
    const folder = join(dir, 'only-values');
    mkdirSync(folder);
    writeFileSync(join(folder, 'values.yaml'), 'replicaCount: 2\n');
    const checked = runNetkb(['check', folder, ...RANGE, '--format', 'json']);
    expect(checked.code).toBe(0);
    expect(JSON.parse(checked.stdout)).toMatchObject({
      files: [],
      skippedFiles: [{ file: join(folder, 'values.yaml'), code: 'NOT_A_MANIFEST' }],
    });
    const converted = runNetkb(['convert', folder, ...RANGE, '--format', 'json']);
    expect(converted.code).toBe(0);
    expect(JSON.parse(converted.stdout)).toMatchObject({
      files: [],
      skippedFiles: [{ file: join(folder, 'values.yaml'), code: 'NOT_A_MANIFEST' }],
    });
  });

  it('netkb convert passes over the same files and takes --exclude', () => {
    const r = runNetkb(['convert', repo, ...RANGE, '--exclude', 'legacy']);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain(`# Source: ${inRepo('deploy/ingress.yaml')}\n`);
    expect(r.stdout).not.toContain('old-agent');
    for (const [name, code, line, column] of passedOver)
      expect(r.stderr).toMatch(
        new RegExp(
          `netkb convert: passed over ${esc(inRepo(name))}: .* \\[${code} at ${esc(inRepo(name))}:${line}:${column}\\]`,
        ),
      );
  });
});

function esc(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
