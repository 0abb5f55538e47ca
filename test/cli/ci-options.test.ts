// The command line in CI scripts, as a process: --version, --format csv, -o, a missing output folder, the
// note for a preliminary release, and both exit-code schemes (netkb's and Pluto's).
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { projectRoot } from '../../src/config';
import { netkb } from '../support/cli';

const root = projectRoot();
let dir: string;
/** Ingress networking.k8s.io/v1beta1 is deprecated in 1.19 and removed in 1.22 (seed/api-versions). */
let deprecatedOnly: string;
let removed: string;
let clean: string;
let broken: string;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'netkb-ci-'));
  deprecatedOnly = join(dir, 'ingress-v1beta1.yaml');
  writeFileSync(
    deprecatedOnly,
    'apiVersion: networking.k8s.io/v1beta1\nkind: Ingress\nmetadata:\n  name: \'web, "main"\'\nspec: {}\n',
  );
  removed = join(dir, 'ingress-extensions.yaml');
  writeFileSync(removed, 'apiVersion: extensions/v1beta1\nkind: Ingress\nmetadata: {name: old}\nspec: {}\n');
  clean = join(dir, 'configmap.yaml');
  writeFileSync(clean, 'apiVersion: v1\nkind: ConfigMap\nmetadata: {name: c}\ndata: {a: b}\n');
  broken = join(dir, 'broken.yaml');
  writeFileSync(broken, 'apiVersion: v1\nkind: Service\nmetadata:\n  name: [oops\n');
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** RFC 4180 records: quoted fields may hold commas, doubled quotes and line breaks; records end in CRLF. */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let fields: string[] = [];
  let i = 0;
  while (i < text.length) {
    let field = '';
    if (text[i] === '"') {
      for (i++; !(text[i] === '"' && text[i + 1] !== '"'); i++) {
        if (i >= text.length) throw new Error('unterminated quoted field');
        field += text[i];
        if (text[i] === '"') i++;
      }
      i++;
    } else {
      while (i < text.length && text[i] !== ',' && text[i] !== '\r' && text[i] !== '"') field += text[i++];
    }
    fields.push(field);
    if (text[i] === ',') i++;
    else if (text.startsWith('\r\n', i)) {
      records.push(fields);
      fields = [];
      i += 2;
    } else throw new Error(`unexpected ${JSON.stringify(text[i])} at ${i}`);
  }
  return records;
}

/** The check's JSON report, to compare other formats against. */
function jsonReport(files: string[], from: string, to: string) {
  return JSON.parse(netkb(['check', ...files, '--from', from, '--to', to, '--format', 'json']).stdout);
}

describe('netkb --version', () => {
  it.each([['--version'], ['-V']])('%s prints the package version and the knowledge base it uses', (flag) => {
    const r = netkb([flag]);
    expect(r.code).toBe(0);
    const [first, second] = r.stdout.split('\n');
    const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
    expect(first).toBe(`netkb ${pkg.version}`);
    // The same 12-character version `netkb stats` reports for the database built from these seed files.
    const stats = JSON.parse(netkb(['stats', '--format', 'json']).stdout);
    expect(second).toMatch(new RegExp(`^knowledge base ${stats.seed} \\(seed files in .+\\)$`));
  });

  it('is listed in netkb --help', () => {
    expect(netkb(['--help']).stdout).toMatch(/netkb --version\s+\(-V\)/);
  });
});

describe('--format csv', () => {
  it('writes a header and one RFC 4180 row per finding, quoting commas and doubling quotes, lines ending CRLF', () => {
    const r = netkb(['check', deprecatedOnly, removed, '--from', '1.15', '--to', '1.22', '--format', 'csv']);
    expect(r.code).toBe(1);
    expect(r.stdout.split('\r\n')[0]).toBe(
      'file,line,column,rule,message_id,severity,release,object,message,fix,gateway_api_release,checked,since,already_at_from',
    );
    expect(r.stdout).toContain(',"Ingress/web, ""main""",');
    const [, ...rows] = parseCsv(r.stdout);
    const report = jsonReport([deprecatedOnly, removed], '1.15', '1.22');
    const expected = report.files.flatMap((f: any) =>
      f.findings.map((x: any) => [
        f.file,
        String(x.line),
        '',
        x.ruleId,
        x.messageId,
        x.severity,
        x.effectiveIn,
        `Ingress/${x.resource.name}`,
        x.message,
        x.fix ?? '',
        x.gatewayApiRelease ?? '',
        String(x.checked),
        x.since ?? '',
        String(x.alreadyAtFrom),
      ]),
    );
    expect(expected.length).toBeGreaterThanOrEqual(2);
    expect(rows).toEqual(expected);
    expect(rows[0][7]).toBe('Ingress/web, "main"');
  });

  it('a file that could not be checked is a row with severity ERROR, its code, line and column', () => {
    const r = netkb(['check', clean, broken, '--from', '1.15', '--to', '1.20', '--format', 'csv']);
    expect(r.code).toBe(2);
    const [, ...rows] = parseCsv(r.stdout);
    expect(rows).toEqual([
      [
        broken,
        expect.stringMatching(/^\d+$/),
        expect.stringMatching(/^\d+$/),
        'BAD_USER_INPUT',
        '',
        'ERROR',
        '',
        '',
        expect.stringMatching(/^invalid YAML/),
        '',
        '',
        'false',
        '',
        'false',
      ],
    ]);
  });

  it('is refused by the lookup verbs, whose formats are their own', () => {
    const r = netkb(['gate', 'NFTablesProxyMode', '--format', 'csv']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/--format must be one of table, json, markdown/);
  });
});

describe('-o FILE', () => {
  it.each([
    ['check', ['--format', 'json']],
    ['check', ['--format', 'csv']],
    ['convert', []],
  ])('%s %p -o writes what stdout would get to the file, nothing to stdout', (verb, extra) => {
    const args = [verb, removed, '--from', '1.15', '--to', '1.22', ...extra];
    const out = join(dir, `${verb}-${extra.join('')}.out`);
    const toStdout = netkb(args);
    expect(toStdout.stdout).not.toBe('');
    const toFile = netkb([...args, '-o', out]);
    expect(toFile.stdout).toBe('');
    expect(toFile.code).toBe(toStdout.code);
    expect(readFileSync(out, 'utf8')).toBe(toStdout.stdout);
  });
});

describe('an output folder that does not exist', () => {
  it.each(['check', 'convert'])('%s: one line on stderr, exit code 2, nothing written, no stack trace', (verb) => {
    const out = join(dir, 'missing', 'report.out');
    const r = netkb([verb, removed, '--from', '1.15', '--to', '1.22', '--output', out]);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe(
      `netkb ${verb}: --output ${out}: the folder ${join(dir, 'missing')} does not exist; create it first\n`,
    );
    expect(existsSync(join(dir, 'missing'))).toBe(false);
  });

  it('exit code 1 (an error) with --exit-codes pluto', () => {
    const r = netkb([
      'check',
      removed,
      '--from',
      '1.15',
      '--to',
      '1.22',
      '-o',
      join(dir, 'missing', 'x.csv'),
      '--exit-codes',
      'pluto',
    ]);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/does not exist; create it first\n$/);
  });

  it('an output path that is a folder is refused the same way', () => {
    mkdirSync(join(dir, 'reports'), { recursive: true });
    const r = netkb(['check', removed, '--from', '1.15', '--to', '1.22', '-o', join(dir, 'reports')]);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(`netkb check: --output ${join(dir, 'reports')} is a folder: name a file in it\n`);
  });
});

describe('--stdin-name', () => {
  it("names standard input in convert's messages too; without it, convert says <stdin>", () => {
    const input = readFileSync(removed, 'utf8');
    const named = netkb(['convert', '-', '--from', '1.15', '--to', '1.22', '--stdin-name', 'chart/web.yaml'], {
      input,
    });
    expect(named.stderr).toMatch(/^netkb convert chart\/web\.yaml \(1\.15 -> 1\.22\): 1 change/m);
    const plain = netkb(['convert', '-', '--from', '1.15', '--to', '1.22'], { input });
    expect(plain.stderr).toMatch(/^netkb convert <stdin> \(1\.15 -> 1\.22\)/m);
  });

  it('an empty name is a usage error', () => {
    const r = netkb(['check', '-', '--from', '1.15', '--to', '1.22', '--stdin-name', ''], { input: 'a: 1\n' });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/--stdin-name must not be empty/);
  });
});

describe('a preliminary --to release', () => {
  let preliminary: string;
  let final: string;
  beforeAll(() => {
    const releases = JSON.parse(netkb(['releases', '--format', 'json']).stdout);
    preliminary = releases.find((r: any) => r.preliminary).version;
    final = releases.filter((r: any) => !r.preliminary).at(-1).version;
  });

  it.each(['check', 'convert'])('%s notes it on stderr, and only for such a release', (verb) => {
    const note = new RegExp(
      `^netkb ${verb}: note: ${preliminary.replace('.', '\\.')} is preliminary in the knowledge base`,
      'm',
    );
    const r = netkb([verb, clean, '--from', '1.30', '--to', preliminary]);
    expect(r.stderr).toMatch(note);
    expect(r.code).toBe(0);
    const plain = netkb([verb, clean, '--from', '1.30', '--to', final]);
    expect(plain.stderr).not.toMatch(/preliminary/);
  });

  it('diff notes it too, output unchanged', () => {
    const r = netkb(['diff', final, preliminary, '--format', 'json']);
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(/^netkb diff: note: .* is preliminary/m);
    expect(JSON.parse(r.stdout).to).toBe(preliminary);
  });
});

describe('exit codes', () => {
  const check = (file: string, ...extra: string[]) =>
    netkb(['check', file, '--from', '1.15', '--to', '1.20', ...extra]).code;
  const to122 = (file: string, ...extra: string[]) =>
    netkb(['check', file, '--from', '1.15', '--to', '1.22', ...extra]).code;

  it('netkb (default): 0 deprecated only, 1 removed, 1 deprecated with --fail-on warning, 2 bad input', () => {
    expect(check(deprecatedOnly)).toBe(0);
    expect(check(deprecatedOnly, '--exit-codes', 'netkb')).toBe(0);
    expect(check(deprecatedOnly, '--fail-on', 'warning')).toBe(1);
    expect(to122(removed)).toBe(1);
    expect(check(clean)).toBe(0);
    expect(check(broken)).toBe(2);
    expect(netkb(['check', clean, '--from', '1.15', '--to', '1.99']).code).toBe(2);
  });

  it("pluto: 0 nothing, 2 deprecated only, 3 removed, 1 errors (Pluto's meanings)", () => {
    expect(check(clean, '--exit-codes', 'pluto')).toBe(0);
    expect(check(deprecatedOnly, '--exit-codes', 'pluto')).toBe(2);
    expect(to122(removed, '--exit-codes=pluto')).toBe(3);
    // extensions/v1beta1: Deployment removed in 1.16, Ingress only deprecated then. Both: removed wins, as in Pluto.
    const deployment = join(dir, 'deployment-extensions.yaml');
    writeFileSync(deployment, 'apiVersion: extensions/v1beta1\nkind: Deployment\nmetadata: {name: d}\nspec: {}\n');
    const to116 = (...files: string[]) =>
      netkb(['check', ...files, '--from', '1.15', '--to', '1.16', '--exit-codes', 'pluto']).code;
    expect(to116(removed)).toBe(2);
    expect(to116(removed, deployment)).toBe(3);
    expect(check(broken, '--exit-codes', 'pluto')).toBe(1);
    expect(netkb(['check', clean, '--from', '1.15', '--to', '1.99', '--exit-codes', 'pluto']).code).toBe(1);
    expect(check(clean, '--exit-codes', 'pluto', '--frmo', '1')).toBe(1);
  });

  it('pluto: --fail-on breaking ignores deprecations (as --ignore-deprecations), none ignores both', () => {
    expect(check(deprecatedOnly, '--exit-codes', 'pluto', '--fail-on', 'breaking')).toBe(0);
    expect(to122(removed, '--exit-codes', 'pluto', '--fail-on', 'breaking')).toBe(3);
    expect(to122(removed, '--exit-codes', 'pluto', '--fail-on', 'none')).toBe(0);
  });

  it('an unknown scheme is a usage error naming both', () => {
    const r = netkb(['check', clean, '--from', '1.15', '--to', '1.20', '--exit-codes', 'plto']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/--exit-codes must be netkb or pluto/);
  });
});

describe('--strict', () => {
  // kube-apiserver with a gate no record names and a flag no record names: two findings that say what was
  // not checked, INFO, so the run passes unless --strict makes them count.
  let unknown: string;
  beforeAll(() => {
    unknown = join(dir, 'unknown-gate.yaml');
    writeFileSync(
      unknown,
      'apiVersion: v1\nkind: Pod\nmetadata: {name: kube-apiserver, namespace: kube-system}\nspec:\n  containers:\n' +
        '    - name: kube-apiserver\n      image: registry.k8s.io/kube-apiserver:v1.29.0\n' +
        '      command: [kube-apiserver, --feature-gates=NetkbHasNoSuchGate=true, --netkb-no-such-flag=1]\n',
    );
  });
  const run = (...extra: string[]) => netkb(['check', unknown, '--from', '1.29', '--to', '1.30', ...extra]);

  it('without it, what was not checked is reported and counted apart, and the exit code is 0', () => {
    const r = run();
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/0 breaking, 0 warning, 2 info \(2 not checked\) in 1 file/);
    expect(r.stdout).toMatch(/Feature gate NetkbHasNoSuchGate is not known to netkb: not checked\./);
    expect(r.stdout).toMatch(/kube-apiserver flag --netkb-no-such-flag is not known to netkb: not checked\./);
    const json = JSON.parse(run('--format', 'json').stdout);
    expect(json.summary).toMatchObject({ info: 2, notChecked: 2 });
    expect(json.files[0].findings.map((f: { checked: boolean }) => f.checked)).toEqual([false, false]);
  });

  it('with it, they count for the exit code in both schemes and fail JUnit cases', () => {
    expect(run('--strict').code).toBe(1);
    expect(run('--strict', '--exit-codes', 'pluto').code).toBe(2);
    expect(run('--strict', '--fail-on', 'none').code).toBe(1);
    const junit = run('--strict', '--format', 'junit').stdout;
    expect(junit).toMatch(/failures="2"/);
    expect(run('--format', 'junit').stdout).toMatch(/<testsuites [^>]*failures="0"/);
  });
});
