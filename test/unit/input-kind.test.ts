// The input detector (src/analysis/reader/input-kind.ts): templates, kustomizations, empty and binary
// input are named with a stable code and the line and column where they show; real manifests pass.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { bytesProblem, inputProblem, noObjectsProblem, readManifest } from '../../src/analysis';
import { projectRoot } from '../../src/config';

const fixtures = join(projectRoot(), 'test', 'fixtures');
const input = (name: string) => readFileSync(join(fixtures, 'inputs', name), 'utf8');

describe('templates', () => {
  it('a Helm template that is not YAML: TEMPLATE_NOT_RENDERED (helm) at the first {{', () => {
    expect(inputProblem(input('helm-include.yaml'))).toMatchObject({
      code: 'TEMPLATE_NOT_RENDERED',
      template: 'helm',
      line: 5,
      column: 9,
      message: expect.stringContaining('looks like a Helm template'),
    });
    expect(inputProblem(input('helm-include.yaml'))!.message).toContain('`helm template`');
  });

  it('a Helm template that parses as YAML ({{ .Values.name }} is a flow map) is still named', () => {
    // The YAML reader alone would take it: the detector must not depend on a YAML error.
    expect(() => readManifest(input('helm-flow-map.yaml'))).not.toThrow();
    expect(inputProblem(input('helm-flow-map.yaml'))).toMatchObject({
      code: 'TEMPLATE_NOT_RENDERED',
      template: 'helm',
      line: 5,
      column: 9,
    });
  });

  it('{{- include ... }} at a line start, and .Values inside quotes', () => {
    expect(
      inputProblem('apiVersion: v1\nkind: ConfigMap\nmetadata:\n  labels:\n    {{- include "x.labels" . }}\n'),
    ).toMatchObject({
      code: 'TEMPLATE_NOT_RENDERED',
      template: 'helm',
      line: 5,
      column: 5,
    });
    expect(inputProblem('apiVersion: v1\nkind: ConfigMap\ndata:\n  image: "{{ .Values.image }}"\n')).toMatchObject({
      template: 'helm',
      line: 4,
      column: 11,
    });
  });

  it('a Jinja (Salt) template: {% if %}, {{ pillar[...] }}, {# #}', () => {
    expect(inputProblem(input('salt-jinja.yaml'))).toMatchObject({
      code: 'TEMPLATE_NOT_RENDERED',
      template: 'jinja',
      line: 1,
      column: 1,
      message: expect.stringMatching(/Jinja \(Salt\) template.*render it first/),
    });
    expect(inputProblem('apiVersion: v1\nkind: ConfigMap\ndata:\n  region: {{ pillar["region"] }}\n')).toMatchObject({
      template: 'jinja',
      line: 4,
      column: 11,
    });
    expect(
      inputProblem('apiVersion: v1\n{% if grains["os"] == "Ubuntu" %}\nkind: ConfigMap\n{% endif %}\n'),
    ).toMatchObject({ template: 'jinja', line: 2, column: 1 });
  });

  it('template text that is the data of other tools (Prometheus, Argo) in strings, blocks and comments passes', () => {
    expect(inputProblem(readFileSync(join(fixtures, 'inputs', 'legit', 'prometheus-rules.yaml'), 'utf8'))).toBeNull();
    expect(
      inputProblem('apiVersion: v1\nkind: ConfigMap # {{ .Values.x }}\ndata:\n  a: "{{ $labels.job }}"\n'),
    ).toBeNull();
  });
});

describe('kustomizations', () => {
  it('kind Kustomization of kustomize.config.k8s.io: KUSTOMIZATION, pointing at kustomize build', () => {
    expect(inputProblem(input('kustomization.yaml'))).toMatchObject({
      code: 'KUSTOMIZATION',
      line: 1,
      column: 1,
      message: expect.stringContaining('`kustomize build`'),
    });
    expect(inputProblem('resources: [a.yaml]\nkind: Kustomization\n')).toMatchObject({
      code: 'KUSTOMIZATION',
      line: 2,
    });
    // Flux's Kustomization is a custom resource of its own group: a real object.
    const flux =
      'apiVersion: kustomize.toolkit.fluxcd.io/v1\nkind: Kustomization\nmetadata:\n  name: apps\nspec:\n  path: ./apps\n';
    expect(inputProblem(flux, 'clusters/prod/kustomization.yaml')).toBeNull();
  });

  it('a file named kustomization.yaml without apiVersion and kind: by its name only', () => {
    const text = input('kustomize-bare/kustomization.yaml');
    expect(inputProblem(text, 'overlays/staging/kustomization.yaml')).toMatchObject({ code: 'KUSTOMIZATION', line: 2 });
    expect(inputProblem(text, 'Kustomization')).toMatchObject({ code: 'KUSTOMIZATION' });
    expect(inputProblem(text, 'values.yaml')).toBeNull();
    // A kustomization.yaml that is a real object (someone named a ConfigMap so) is read as one.
    expect(inputProblem('apiVersion: v1\nkind: ConfigMap\n', 'kustomization.yaml')).toBeNull();
  });
});

describe('empty input', () => {
  it.each([
    ['an empty file', '', /is empty/],
    ['blank lines', '\n  \n\r\n', /is empty/],
    ['only comments and markers', input('comments-only.yaml'), /only comments/],
    ['only markers', '---\n---\n...\n', /only document markers/],
  ])('%s: NOT_A_MANIFEST at 1:1', (_, text, message) => {
    expect(inputProblem(text)).toMatchObject({ code: 'NOT_A_MANIFEST', line: 1, column: 1, message });
  });

  it('documents none of which has apiVersion and kind: NOT_A_MANIFEST at the first of them', () => {
    const read = readManifest(input('no-kind.yaml'));
    expect(inputProblem(input('no-kind.yaml'))).toBeNull();
    expect(noObjectsProblem(read.objects.length, read.skipped)).toMatchObject({
      code: 'NOT_A_MANIFEST',
      line: 2,
      column: 1,
      message: expect.stringContaining('none of its 2 documents has apiVersion and kind'),
    });
  });

  it('one document without apiVersion and kind: the message says it has none', () => {
    const text = 'replicaCount: 2\nimage:\n  tag: "1.0"\n';
    const read = readManifest(text);
    expect(noObjectsProblem(read.objects.length, read.skipped)).toEqual({
      code: 'NOT_A_MANIFEST',
      message: 'not a Kubernetes manifest: its one document has no apiVersion and kind (line 1)',
      line: 1,
      column: 1,
    });
  });

  it('a List with items, documents without kind next to objects, and an empty List are manifests', () => {
    for (const name of ['legit/list.yaml', 'legit/some-without-kind.yaml']) {
      const read = readManifest(input(name));
      expect(inputProblem(input(name))).toBeNull();
      expect(noObjectsProblem(read.objects.length, read.skipped)).toBeNull();
    }
    const emptyList = readManifest('apiVersion: v1\nkind: List\nitems: []\n');
    expect(noObjectsProblem(emptyList.objects.length, emptyList.skipped)).toBeNull();
  });
});

describe('binary input', () => {
  it('a NUL character: BINARY_INPUT with its line and column and a short escaped excerpt', () => {
    const p = inputProblem(
      'apiVersion: v1\nkind: Secret\ndata:\n  key: PK\u0003\u0004\u0000\u0000\u0008' + 'x'.repeat(200),
    )!;
    expect(p).toMatchObject({ code: 'BINARY_INPUT', line: 4, column: 10 });
    expect(p.excerpt!.length).toBeLessThanOrEqual(40);
    expect(p.excerpt).toContain('\\u0003\\u0004');
    // Nothing below U+0020 but escapes, in the excerpt and in the message.
    expect(p.message).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/);
    expect(JSON.parse(`"${p.excerpt}"`)).toContain('PK\u0003\u0004');
  });

  it('bytes that are not UTF-8, and NUL bytes, in a file', () => {
    const latin1 = Buffer.concat([
      Buffer.from('apiVersion: v1\nkind: ConfigMap\ndata:\n  city: M'),
      Buffer.from([0xfc]),
      Buffer.from('nchen\n'),
    ]);
    expect(bytesProblem(latin1)).toMatchObject({ code: 'BINARY_INPUT', line: 4, column: 10 });
    expect(bytesProblem(latin1)!.message).toContain('byte 0xfc, not UTF-8');
    const gzip = Buffer.from([0x1f, 0x8b, 0x08, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x03, 0xff, 0xfe]);
    const p = bytesProblem(gzip)!;
    // 0x8b cannot start a UTF-8 sequence (0x1f before it is a control character, refused in the text check).
    expect(p).toMatchObject({ code: 'BINARY_INPUT', line: 1, column: 2 });
    expect(p.message).toContain('byte 0x8b, not UTF-8');
    expect(bytesProblem(Buffer.from('apiVersion: v1\n\u0000'))).toMatchObject({ line: 2, column: 1 });
    expect(bytesProblem(Buffer.from('apiVersion: v1\n\u0000'))!.message).toContain('a NUL byte');
    expect(p.message).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/);
    expect(p.excerpt!.length).toBeLessThanOrEqual(40);
  });

  it('UTF-8 text passes: a byte-order mark, CRLF line ends, accents, emoji', () => {
    const text = '\ufeffapiVersion: v1\r\nkind: ConfigMap\r\ndata:\r\n  city: "München 🚀"\r\n';
    expect(bytesProblem(Buffer.from(text, 'utf8'))).toBeNull();
    expect(inputProblem(text)).toBeNull();
  });

  it('rendered Helm output and the real-world fixtures pass', () => {
    for (const name of ['helm-rendered.yaml', 'ingress-controller-2019.yaml', 'kube-proxy-daemonset-1.14.yaml']) {
      const bytes = readFileSync(join(fixtures, 'real-world', name));
      expect(bytesProblem(bytes)).toBeNull();
      expect(inputProblem(bytes.toString('utf8'), name)).toBeNull();
    }
  });
});
