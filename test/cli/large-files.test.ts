// `netkb check` reads a file a piece at a time (1 MiB) and a List item by item: a cluster dump larger than a
// piece is checked with every finding at its line, and what must be refused (bytes that are not text, a
// template) is still found and told at its line when it is far into the file, after objects were checked.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { filePieces } from '../../src/cli/files';
import { netkb } from '../support/cli';

const RANGE = ['--from', '1.15', '--to', '1.22'];
let dir: string;

/** A `kubectl get -o yaml` List of `n` live Deployments (about 640 bytes each), the last one applied as extensions/v1beta1. */
function dump(n: number, tail = ''): { text: string; staleLine: number } {
  const item = (i: number, apiVersion: string) =>
    [
      '- apiVersion: apps/v1',
      '  kind: Deployment',
      '  metadata:',
      '    annotations:',
      `      kubectl.kubernetes.io/last-applied-configuration: '{"apiVersion":"${apiVersion}","kind":"Deployment","metadata":{"name":"web-${i}","namespace":"shop"},"spec":{"replicas":2,"template":{"metadata":{"labels":{"app":"web"}},"spec":{"containers":[{"image":"nginx","name":"web"}]}}}}'`,
      `    name: web-${i}`,
      '    namespace: shop',
      `    resourceVersion: "${1000 + i}"`,
      `    uid: 00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
      '  spec:',
      '    replicas: 2',
      '    selector:',
      '      matchLabels:',
      '        app: web',
      '    template:',
      '      metadata:',
      '        labels:',
      '          app: web',
      '      spec:',
      '        containers:',
      '        - image: nginx',
      '          name: web',
      '',
    ].join('\n');
  const items = Array.from({ length: n }, (_, i) => item(i, i === n - 1 ? 'extensions/v1beta1' : 'apps/v1'));
  const text = `apiVersion: v1\nitems:\n${items.join('')}${tail}kind: List\nmetadata:\n  resourceVersion: ""\n`;
  return { text, staleLine: 3 + (n - 1) * 22 };
}

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'netkb-large-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('netkb check on files larger than a piece', () => {
  it('checks every item of a 3 MB dump, the stale one at the line of its last-applied configuration', () => {
    const { text, staleLine } = dump(4000);
    expect(text.length).toBeGreaterThan(2.5 * 1024 * 1024);
    const file = join(dir, 'dump.yaml');
    writeFileSync(file, text);
    const r = netkb(['check', file, ...RANGE, '--format', 'json']);
    expect(r.code).toBe(1);
    const out = JSON.parse(r.stdout);
    expect(out.files[0].coverage.objects).toBe(4000);
    const removed = out.files[0].findings.filter((f: any) => f.messageId === 'removed');
    expect(removed.map((f: any) => [f.resource.name, f.line, f.resource.origin.source])).toEqual([
      ['web-3999', staleLine + 4, 'LAST_APPLIED'],
    ]);
  });

  it('reads a character whose bytes a piece boundary cuts as the same file read whole (standard input)', () => {
    const { text } = dump(1500);
    const items = text.slice(0, text.indexOf('kind: List'));
    // A comment whose first euro sign (3 bytes in UTF-8) begins one byte before the first piece ends.
    const pad = 1024 * 1024 - 1 - Buffer.byteLength(items) - 2;
    const euro = `# ${'x'.repeat(pad)}€€ ä 😀\n`;
    const file = join(dir, 'cut-character.yaml');
    const content = `${items}${euro}${dump(1).text.replace('apiVersion: v1\nitems:\n', '').replace('web-0', 'after-the-cut')}`;
    writeFileSync(file, content);
    expect(
      Buffer.from(content)
        .subarray(1024 * 1024 - 1, 1024 * 1024 + 2)
        .toString(),
    ).toBe('€');
    const fromFile = netkb(['check', file, ...RANGE, '--format', 'json']);
    const fromStdin = netkb(['check', '-', ...RANGE, '--format', 'json'], { input: content });
    expect(fromFile.code).toBe(1);
    const report = (r: { stdout: string }) => ({ ...JSON.parse(r.stdout).files[0], file: null });
    expect(report(fromFile)).toEqual(report(fromStdin));
    expect(report(fromFile).findings.map((f: any) => f.resource.name)).toContain('after-the-cut');
    // Read in pieces, not left to the whole-file reading: the cut character begins the second piece.
    const pieces = [...filePieces(file)];
    expect(pieces.length).toBe(2);
    expect(pieces[1].startsWith('€€ ä 😀')).toBe(true);
    expect(pieces.join('')).toBe(content);
  });

  it('refuses bytes that are not UTF-8 far into a dump, at their line and column', () => {
    const { text, staleLine } = dump(3000);
    const file = join(dir, 'binary.yaml');
    const bad = Buffer.concat([Buffer.from(text.slice(0, -1)), Buffer.from([0x20, 0xff, 0x0a])]);
    writeFileSync(file, bad);
    const r = netkb(['check', file, ...RANGE, '--format', 'json']);
    expect(r.code).toBe(2);
    const out = JSON.parse(r.stdout);
    expect(out.files[0].error).toMatchObject({ code: 'BINARY_INPUT', line: staleLine + 22 + 2, column: 23 });
    expect(out.files[0].findings).toEqual([]);
  });

  it('refuses a Helm template marker far into a dump, at its line', () => {
    const tail = '- apiVersion: v1\n  kind: ConfigMap\n  metadata:\n    name: {{ .Values.name }}\n';
    const { text, staleLine } = dump(3000, tail);
    const file = join(dir, 'template.yaml');
    writeFileSync(file, text);
    const r = netkb(['check', file, ...RANGE, '--format', 'json']);
    expect(r.code).toBe(2);
    expect(JSON.parse(r.stdout).files[0].error).toMatchObject({
      code: 'TEMPLATE_NOT_RENDERED',
      line: staleLine + 22 + 3,
      column: 11,
    });
  });

  it('checks a file of more objects than the API takes (50,000)', () => {
    const configMaps = (n: number) => 'apiVersion: v1\nkind: ConfigMap\nmetadata: {name: a}\n---\n'.repeat(n);
    const file = join(dir, 'many.yaml');
    writeFileSync(file, `${configMaps(60_000)}apiVersion: extensions/v1beta1\nkind: Ingress\nmetadata: {name: last}\n`);
    const r = netkb(['check', file, ...RANGE, '--format', 'json']);
    expect(r.code).toBe(1);
    const out = JSON.parse(r.stdout).files[0];
    expect(out.coverage.objects).toBe(60_001);
    expect(out.findings.map((f: any) => f.resource.name)).toEqual(['last']);
  });

  it('refuses a file over NETKB_MAX_FILE_BYTES before reading it', () => {
    const { text } = dump(200);
    const file = join(dir, 'over.yaml');
    writeFileSync(file, text);
    const r = netkb(['check', file, ...RANGE, '--format', 'json'], { env: { NETKB_MAX_FILE_BYTES: '100000' } });
    expect(r.code).toBe(2);
    expect(JSON.parse(r.stdout).files[0].error).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
    expect(JSON.parse(r.stdout).files[0].error.message).toMatch(/the limit is 100000 bytes/);
  });
});
