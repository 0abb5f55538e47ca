// How convertManifest prints: untouched documents byte for byte, changed ones in their own style (JSON
// stays JSON, CRLF stays CRLF, separators, comments and trailing blank lines stay).
import { type KnowledgeBase } from '../../src/kb/knowledge-base';
import { convertManifest } from '../../src/services/convert-manifest';
import { testKnowledgeBase } from '../support/knowledge-base';

let kb: KnowledgeBase;
beforeAll(async () => {
  kb = await testKnowledgeBase();
});
const convert = (text: string) => convertManifest(kb, '1.15', '1.16', text).manifest;
const np = 'apiVersion: extensions/v1beta1\nkind: NetworkPolicy\nmetadata: {name: a}\n';
const fixed = (text: string) => text.replace('extensions/v1beta1', 'networking.k8s.io/v1');

describe('printing a converted manifest', () => {
  it.each([
    ['a single document', np],
    ['trailing blank lines', `${np}\n\n`],
    ['a comment after the object', `${np}# end\n`],
    ['an explicit document end', `${np}...\n`],
    ['a separator at the end', `${np}---\n`],
    [
      'separators, directives-free comments and an untouched first document',
      `# header\nx: 1   # odd  spacing kept\n---\n# about the policy\n${np}`,
    ],
    [
      "the author's spacing on untouched lines of the changed document",
      `${np}spec:\n  podSelector:   {}      # every pod\n  policyTypes: [ Ingress ,  Egress ]\n  ingress:\n    - from: [{podSelector: {matchLabels: {app:   web}}}]\n`,
    ],
    [
      "the author's spacing with CRLF line ends",
      `${np}spec:\n  podSelector: {}   # every pod\n`.replace(/\n/g, '\r\n'),
    ],
    ['CRLF line ends', np.replace(/\n/g, '\r\n')],
    ['no final newline', np.slice(0, -1)],
    [
      'single-line JSON',
      JSON.stringify({ apiVersion: 'extensions/v1beta1', kind: 'NetworkPolicy', metadata: { name: 'j' } }),
    ],
  ])('%s: only the changed value differs', (_, text) => {
    expect(convert(text)).toBe(fixed(text));
  });

  it('a JSON manifest comes back as JSON with its indentation, new fields included', () => {
    const input = `${JSON.stringify({ apiVersion: 'extensions/v1beta1', kind: 'Deployment', metadata: { name: 'j' }, spec: { template: { metadata: { labels: { a: 'b' } } } } }, null, 4)}\n`;
    const out = convert(input);
    expect(JSON.parse(out)).toEqual({
      apiVersion: 'apps/v1',
      kind: 'Deployment',
      metadata: { name: 'j' },
      spec: { selector: { matchLabels: { a: 'b' } }, template: { metadata: { labels: { a: 'b' } } } },
    });
    expect(out).toBe(`${JSON.stringify(JSON.parse(out), null, 4)}\n`);
  });

  it('never re-spaces the content of a block scalar whose lines differ only in spacing', () => {
    const text = `${np}  annotations:\n    note: |\n      a # x\n      a   # x\n      b:  c\n      b: c\n`.replace(
      'metadata: {name: a}\n',
      'metadata:\n  name: a\n',
    );
    const out = convert(text);
    expect(out).toBe(fixed(text));
  });

  it('returns the input itself when nothing needs converting', () => {
    const text = 'apiVersion: v1\nkind: ConfigMap\nmetadata:   {name: x}   # as written\n';
    expect(convert(text)).toBe(text);
  });

  it.each([
    ['LF', '\n'],
    ['CRLF', '\r\n'],
  ])('keeps a sequence style that does not indent list items (%s)', (_, eol) => {
    const text = `${np}spec:\n  podSelector: {}\n  ingress:\n  - from:\n    - podSelector: {}\n`.replace(/\n/g, eol);
    expect(convert(text)).toBe(fixed(text));
  });
});
