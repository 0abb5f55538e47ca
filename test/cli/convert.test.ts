// `netkb convert` as a process: the manifest on stdout or -o, the change list on stderr, --format json,
// exit codes as netkb check (0 converted, 1 something left unconverted, 2 bad input or usage).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { projectRoot } from '../../src/config';
import { seededDatabase } from '../support/http';

const root = projectRoot();
const fixtures = join(root, 'test', 'fixtures', 'convert');

function netkb(args: string[], input?: string) {
  const r = spawnSync(join(root, 'node_modules', '.bin', 'tsx'), [join(root, 'src', 'cli', 'netkb.ts'), ...args], {
    encoding: 'utf8',
    input,
    env: { ...process.env, DATABASE_URL: `file:${seededDatabase()}` },
    cwd: root,
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** 1-based line of the first line of a fixture that matches (the fixtures' headers grow). */
function lineOf(file: string, pattern: RegExp): number {
  const n = readFileSync(file, 'utf8')
    .split('\n')
    .findIndex((l) => pattern.test(l));
  if (n === -1) throw new Error(`${file}: no line matches ${pattern}`);
  return n + 1;
}

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'netkb-convert-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('netkb convert', () => {
  it('writes the converted manifest to stdout and the changes to stderr; exit 0 when everything converted', () => {
    const before = join(fixtures, 'ingress-v1beta1-to-v1', 'before.yaml');
    const r = netkb(['convert', before, '--from', '1.19', '--to', '1.22']);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(readFileSync(join(fixtures, 'ingress-v1beta1-to-v1', 'after.yaml'), 'utf8'));
    expect(r.stderr).toMatch(/\(1\.19 -> 1\.22\): 9 changes, 0 not converted/);
    expect(r.stderr).toMatch(
      new RegExp(
        `changed\\s+${before.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}:${lineOf(before, /^  backend:/)}\\s+Ingress shop/shop: spec\\.backend -> spec\\.defaultBackend`,
      ),
    );
  });

  it('-o writes the manifest to a file; reading stdin with -', () => {
    const out = join(dir, 'out.yaml');
    const input = 'apiVersion: extensions/v1beta1\nkind: NetworkPolicy\nmetadata: {name: np} # keep\nspec: {}\n';
    const r = netkb(['convert', '-', '--from', '1.15', '--to', '1.16', '-o', out], input);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('');
    expect(readFileSync(out, 'utf8')).toBe(input.replace('extensions/v1beta1', 'networking.k8s.io/v1'));
    expect(r.stderr).toMatch(/<stdin>:1\s+NetworkPolicy np: apiVersion extensions\/v1beta1 -> networking\.k8s\.io\/v1/);
  });

  it('exit 1 when something BREAKING could not be converted, listed with its line and reason; --fail-on none gives 0', () => {
    const file = join(fixtures, 'kube-proxy-removed-flags', 'before.yaml');
    const r = netkb(['convert', file, '--from', '1.14', '--to', '1.15']);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe(readFileSync(join(fixtures, 'kube-proxy-removed-flags', 'after.yaml'), 'utf8'));
    expect(r.stderr).toMatch(
      new RegExp(
        `NOT CONVERTED \\S+before\\.yaml:${lineOf(file, /exec kube-proxy --conntrack-max/)}\\s+DaemonSet kube-system/kube-proxy: kube-proxy flag --conntrack-max is removed in 1\\.15.*Not converted: the flag is part of a shell command string`,
      ),
    );
    expect(netkb(['convert', file, '--from', '1.14', '--to', '1.15', '--fail-on', 'none']).code).toBe(0);
  });

  it('exit 0 when only warnings are left, 1 with --fail-on warning', () => {
    const file = join(fixtures, 'well-known-keys', 'before.yaml');
    expect(netkb(['convert', file, '--from', '1.17', '--to', '1.20']).code).toBe(0);
    expect(netkb(['convert', file, '--from', '1.17', '--to', '1.20', '--fail-on', 'warning']).code).toBe(1);
  });

  it('--format json: manifest, changes and unconverted in one document', () => {
    const file = join(fixtures, 'pod-security-policy', 'before.yaml');
    const r = netkb(['convert', file, '--from', '1.24', '--to', '1.25', '--format', 'json']);
    expect(r.code).toBe(1);
    const out = JSON.parse(r.stdout);
    expect(out).toMatchObject({
      from: '1.24',
      to: '1.25',
      path: ['1.24', '1.25'],
      documents: 1,
      manifest: readFileSync(file, 'utf8'),
      changes: [],
    });
    expect(out.unconverted).toEqual([
      expect.objectContaining({
        ruleId: 'api-version',
        messageId: 'removed',
        severity: 'BREAKING',
        line: lineOf(file, /^apiVersion: policy\/v1beta1/),
        effectiveIn: '1.25',
      }),
    ]);
    expect(r.stderr).toBe('');
  });

  it.each([
    ['no --to', ['convert', 'x.yaml', '--from', '1.15'], /--to is required/],
    ['no file', ['convert', '--from', '1.15', '--to', '1.16'], /name at least one FILE, DIR or -/],
    [
      'an unknown format',
      ['convert', 'x.yaml', '--from', '1.15', '--to', '1.16', '--format', 'xml'],
      /--format must be yaml or json/,
    ],
    [
      '--fail-on info (only check takes it)',
      ['convert', 'x.yaml', '--from', '1.15', '--to', '1.16', '--fail-on', 'info'],
      /--fail-on must be breaking, warning or none/,
    ],
    [
      'a file that does not exist',
      ['convert', 'nope.yaml', '--from', '1.15', '--to', '1.16'],
      /nope\.yaml: no such file or directory/,
    ],
    [
      'an unknown release',
      ['convert', join(fixtures, 'rbac-v1beta1', 'before.yaml'), '--from', '1.15', '--to', '1.99'],
      /release 1\.99 is not in the knowledge base/,
    ],
  ])('exit 2 for %s, with a message on stderr and nothing on stdout', (_, args, message) => {
    const r = netkb(args as string[]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(message as RegExp);
    expect(r.stdout).toBe('');
  });

  it("leaves live objects' last-applied configurations and Helm releases' manifests alone, saying what to rewrite instead", () => {
    const fixture = (name: string) => join(root, 'test', 'fixtures', 'rules', 'api-version', name);
    const live = netkb(['convert', fixture('live-dump-last-applied.yaml'), '--from', '1.15', '--to', '1.22']);
    expect(live.code).toBe(1);
    expect(live.stderr).toContain('0 changes, 2 not converted');
    expect(live.stderr).toContain('convert the file it is applied from and apply that');
    const helm = netkb(['convert', fixture('helm-release-storage.yaml'), '--from', '1.20', '--to', '1.25']);
    expect(helm.code).toBe(1);
    expect(helm.stderr).toContain("it is in the stored manifest of a Helm release; change the chart's template");
    expect(helm.stderr).not.toContain('hunter2-never-shown');
    // The Secrets are written back as they were: nothing of a release is rewritten.
    expect(helm.stdout).toBe(readFileSync(fixture('helm-release-storage.yaml'), 'utf8'));
  });

  it('exit 2 for invalid YAML, naming the file, line and column', () => {
    const file = join(dir, 'broken.yaml');
    writeFileSync(file, 'apiVersion: v1\nkind: Service\nmetadata:\n  name: [oops\n');
    const r = netkb(['convert', file, '--from', '1.15', '--to', '1.20']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/broken\.yaml: invalid YAML in document 1 at line \d+, column \d+/);
  });

  it('--help documents the options and exit codes', () => {
    const r = netkb(['convert', '--help']);
    expect(r.code).toBe(0);
    for (const word of ['--from', '--to', '--format', 'json', '--output', 'Exit codes', 'standard input'])
      expect(r.stdout).toContain(word);
    expect(netkb(['--help']).stdout).toMatch(/convert\s+rewrite a manifest/);
  });
});
