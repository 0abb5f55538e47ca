// The fast manifest reader (js-yaml + line index) must give exactly what the exact reader (`yaml`
// document API) gives: the same documents, objects, values and lines for every path. Compared on every
// fixture and on generated manifests written in many YAML styles.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { stringify } from 'yaml';
import { dump, load } from 'js-yaml';
import {
  readManifest,
  readManifestExact,
  readManifestInPieces,
  type Manifest,
  type PathSegment,
} from '../../src/analysis';
import {
  buildLineIndex,
  jsonLineIndex,
  nodeAt,
  lineOf,
  readBlockYaml,
  verifyLineIndex,
  type LineEntry,
} from '../../src/analysis/reader/yaml-line-index';
import { splitDocuments } from '../../src/analysis/reader/yaml-documents';
import { readExact } from '../../src/analysis/reader/manifest-exact';
import { YAML_CORE_SCHEMA } from '../../src/analysis/reader/yaml-core-schema';
import { DEFAULT_LIMITS } from '../../src/analysis/reader/manifest-types';

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = join(dir, f);
    return statSync(p).isDirectory() ? filesUnder(p) : /\.ya?ml$/.test(f) ? [p] : [];
  });
}

/** Every path of a value, plus one missing key under each map (lineOf falls back to the parent). */
function pathsOf(v: unknown, prefix: PathSegment[] = [], out: PathSegment[][] = []): PathSegment[][] {
  out.push(prefix);
  if (Array.isArray(v)) v.forEach((x, i) => pathsOf(x, [...prefix, i], out));
  else if (typeof v === 'object' && v !== null) {
    out.push([...prefix, 'no-such-key']);
    for (const [k, x] of Object.entries(v)) pathsOf(x, [...prefix, k], out);
  }
  return out;
}

function view(m: Manifest) {
  return {
    documents: m.documents,
    skipped: m.skipped,
    objects: m.objects.map((o) => ({
      documentIndex: o.documentIndex,
      line: o.line,
      apiVersion: o.apiVersion,
      kind: o.kind,
      name: o.name,
      namespace: o.namespace,
      value: o.value,
      lines: pathsOf(o.value).map((p) => `${p.join('.')}@${o.lineOf(p)}`),
    })),
  };
}

function outcome(read: () => Manifest) {
  try {
    return view(read());
  } catch (e) {
    return { error: (e as { code?: string }).code ?? String(e), message: (e as Error).message };
  }
}

function same(text: string): void {
  expect(outcome(() => readManifest(text))).toEqual(outcome(() => readManifestExact(text)));
}

describe('fast and exact manifest readers agree', () => {
  const fixtures = filesUnder(join(__dirname, '..', 'fixtures', 'rules')).concat(
    filesUnder(join(__dirname, '..', 'fixtures', 'real-world')),
  );

  it.each(fixtures.map((f) => [f.slice(f.indexOf('fixtures')), f]))('on %s', (_name, file) => {
    same(readFileSync(file, 'utf8'));
  });

  it('indexes the block-style fixtures by their lines (the fast path is really taken)', () => {
    let indexed = 0;
    for (const f of filesUnder(join(__dirname, '..', 'fixtures', 'real-world'))) {
      const text = readFileSync(f, 'utf8');
      const split = splitDocuments(text)!;
      for (const d of split.documents.filter((x) => x.hasContent)) {
        const index = buildLineIndex(text, split.lineStarts, d.firstLine, d.endLine);
        const value = readManifestExact(text.slice(d.start, d.end)).objects[0]?.value;
        if (index && value && verifyLineIndex(index, value)) indexed++;
      }
    }
    expect(indexed).toBeGreaterThanOrEqual(5);
  });

  it('indexes a map with many keys (looked up through its key index) and refuses one that repeats a key', () => {
    const keys = (n: number, mod: number) => Array.from({ length: n }, (_, i) => `  k${i % mod}: v${i}\n`).join('');
    const text = `apiVersion: v1\nkind: ConfigMap\ndata:\n${keys(40, 40)}`;
    const split = splitDocuments(text)!;
    const index = buildLineIndex(text, split.lineStarts, 0, split.lineStarts.length)!;
    expect(verifyLineIndex(index, readManifestExact(text).objects[0].value)).toBe(true);
    expect(readManifest(text).objects[0].lineOf(['data', 'k37'])).toBe(41);
    const repeated = `apiVersion: v1\nkind: ConfigMap\ndata:\n${keys(40, 35)}`;
    expect(buildLineIndex(repeated, splitDocuments(repeated)!.lineStarts, 0, 43)).toBeNull();
  });

  it.each([
    [
      'comments, blank lines and markers',
      '# head\n---\napiVersion: v1 # c\nkind: Service\n\nmetadata:\n  # inner\n  name: a\n...\n---\n---\napiVersion: v1\nkind: Pod\n',
    ],
    [
      'a compact list under a key',
      'apiVersion: v1\nkind: Pod\nspec:\n  containers:\n  - name: a\n    args:\n    - --x=1\n    -\n      - nested\n  - name: b\n',
    ],
    [
      'block scalars and multi-line scalars',
      'apiVersion: v1\nkind: ConfigMap\ndata:\n  a: |\n    apiVersion: kubeproxy.config.k8s.io/v1alpha1\n    kind: KubeProxyConfiguration\n    mode: ipvs\n  b: >-\n    folded\n    text\n  c: plain that\n    goes on\n  d: "quoted that\n    goes on"\nmetadata: {name: x}\n',
    ],
    [
      'quoted keys and empty values',
      'apiVersion: v1\nkind: Service\nmetadata:\n  "name": a\n  \'labels\':\n    "a.b/c": \'x\'\n  annotations:\nspec:\n  ipFamily:\n  ports:\n  -\n  - port: 80\n',
    ],
    [
      'a List',
      'apiVersion: v1\nkind: List\nitems:\n- apiVersion: v1\n  kind: Service\n  metadata: {name: a}\n- 3\n- apiVersion: extensions/v1beta1\n  kind: Ingress\n',
    ],
    [
      'anchors and aliases',
      'apiVersion: v1\nkind: Pod\nmetadata: &m {name: a}\nspec:\n  x: *m\n---\napiVersion: v1\nkind: Service\nspec:\n  ports:\n  - port: 80\n',
    ],
    ['a multi-line flow collection', 'apiVersion: v1\nkind: Pod\nspec: {\n  containers: [\n    {name: a}\n  ]\n}\n'],
    [
      'CRLF line ends',
      'apiVersion: v1\r\nkind: Pod\r\nmetadata:\r\n  name: a\r\nspec:\r\n  containers:\r\n  - name: b\r\n',
    ],
    [
      'JSON',
      '{"apiVersion": "v1", "kind": "Service", "metadata": {"name": "a"},\n "spec": {"ports": [{"port": 80}]}}\n',
    ],
    ['duplicate keys', 'apiVersion: v1\nkind: Pod\nkind: Service\nmetadata:\n  name: a\n  name: b\n'],
    ['scalar and empty documents', 'just text\n---\n# only a comment\n---\n- a\n- b\n---\napiVersion: v1\nkind: Pod\n'],
    ['invalid YAML', 'apiVersion: v1\nkind: Pod\n---\napiVersion: v1\n  kind: Service\n bad: [\n'],
    ['tabs in indentation', 'apiVersion: v1\nkind: Pod\nspec:\n\tcontainers: []\n'],
    ['a directive', '%YAML 1.2\n---\napiVersion: v1\nkind: Pod\n'],
    [
      'odd scalars',
      'apiVersion: v1\nkind: Pod\nspec:\n  a: 0o17\n  b: 0x1F\n  c: 0b101\n  d: -.5\n  e: .inf\n  f: 1_000\n  g: 2020-01-01\n  h: ~\n  i: TRUE\n  j: yes\n  "k": "\\x41"\n',
    ],
    [
      'a colon glued to a flow indicator',
      'apiVersion: v1\nkind: Service\nspec: {name: [{\'\': {.:,: "multi"}}], b: [a:]}\n',
    ],
    [
      'a map with many keys',
      `apiVersion: v1\nkind: ConfigMap\ndata:\n${Array.from({ length: 40 }, (_, i) => `  k${i}: v${i}\n`).join('')}metadata:\n  name: big\n`,
    ],
    [
      'a map with many keys and a duplicate',
      `apiVersion: v1\nkind: ConfigMap\ndata:\n${Array.from({ length: 40 }, (_, i) => `  k${i % 35}: v${i}\n`).join('')}`,
    ],
    ['deep nesting', `apiVersion: v1\nkind: Pod\nspec: ${'['.repeat(80)}${']'.repeat(80)}\n`],
  ])('on %s', (_name, text) => same(text));

  const key = fc.oneof(
    fc.constantFrom('name', 'a.b/c', 'app.kubernetes.io/name', 'x: y', '- z', '#h', 'true', '1', 'null', ''),
    fc.string({ maxLength: 8 }),
  );
  const leaf = fc.oneof(
    fc.string({ maxLength: 30 }),
    fc.integer(),
    fc.double({ noNaN: true }),
    fc.boolean(),
    fc.constant(null),
    fc.constantFrom(
      'multi\nline\ntext\n',
      '  leading',
      'trailing  ',
      'a: b',
      '- c',
      '# d',
      "it's",
      'say "hi"',
      '0o17',
      '-.5',
      '*',
      '&x',
      '!t',
      '{}',
      '[]',
      '|',
      '>',
    ),
  );
  const tree = fc.letrec((tie) => ({
    value: fc.oneof({ depthSize: 'small', withCrossShrink: true }, leaf, tie('map'), tie('list')),
    map: fc.dictionary(key, tie('value'), { maxKeys: 5 }),
    list: fc.array(tie('value'), { maxLength: 4 }),
  })).value;
  const object = fc
    .record({
      kind: fc.constantFrom('Service', 'Deployment', 'ConfigMap', 'List'),
      spec: tree,
      metadata: fc.record({ name: fc.string({ maxLength: 10 }) }),
    })
    .map((o) => ({ apiVersion: 'v1', ...o }));
  const styles = fc.record({
    indent: fc.constantFrom(2, 4),
    indentSeq: fc.boolean(),
    lineWidth: fc.constantFrom(0, 20, 80),
    defaultStringType: fc.constantFrom('PLAIN', 'QUOTE_DOUBLE', 'QUOTE_SINGLE', 'BLOCK_LITERAL', 'BLOCK_FOLDED'),
    flowLevel: fc.constantFrom(-1, 1, 2, 3),
    writer: fc.constantFrom('yaml', 'js-yaml'),
    comments: fc.boolean(),
  });

  it('on generated manifests in many styles', () => {
    fc.assert(
      fc.property(fc.array(object, { minLength: 1, maxLength: 3 }), styles, (objects, s) => {
        const docs = objects.map((o) =>
          s.writer === 'yaml'
            ? stringify(o, {
                indent: s.indent,
                indentSeq: s.indentSeq,
                lineWidth: s.lineWidth,
                defaultStringType: s.defaultStringType as 'PLAIN',
                collectionStyle: s.flowLevel === 1 ? 'flow' : 'any',
              })
            : dump(o, { indent: s.indent, lineWidth: s.lineWidth || -1, flowLevel: s.flowLevel, noCompatMode: true }),
        );
        let text = docs.join('---\n');
        // Comments indented like the next line: valid wherever they land (inside a multi-line quoted scalar
        // both readers take them as text; at column 0 there js-yaml is lenient where `yaml` refuses).
        if (s.comments) {
          const lines = text.split('\n');
          text = lines
            .map((l, i) => (i % 3 === 1 && lines[i + 1] ? `${l}\n${/^ */.exec(lines[i + 1])![0]}# note ${i}` : l))
            .join('\n');
        }
        same(text);
      }),
      { numRuns: 400, seed: 20261130 },
    );
  });

  it('readBlockYaml: what it reads is what the exact reader reads, its index what the line scanner builds (or it gives up)', () => {
    fc.assert(
      fc.property(fc.array(object, { minLength: 1, maxLength: 3 }), styles, (objects, s) => {
        const text = objects
          .map((o) =>
            s.writer === 'yaml'
              ? stringify(o, { indent: s.indent, indentSeq: s.indentSeq, lineWidth: s.lineWidth })
              : dump(o, { indent: s.indent, lineWidth: s.lineWidth || -1, flowLevel: s.flowLevel, noCompatMode: true }),
          )
          .join('---\n');
        for (const d of documentsOf(text)) checkBlockRead(text, d);
      }),
      { numRuns: 400, seed: 20261202 },
    );
  });
  it('readBlockYaml reads no text otherwise than the exact reader: generated manifests with characters put in, taken out, lines repeated', () => {
    const edit = fc.record({
      at: fc.nat(),
      what: fc.constantFrom('insert', 'delete', 'repeat line'),
      char: fc.constantFrom(
        ':',
        ' ',
        '#',
        '-',
        '"',
        "'",
        '[',
        ']',
        '{',
        '}',
        ',',
        '?',
        '\t',
        '\n',
        '|',
        '>',
        '&',
        '*',
        '!',
        '%',
        'x',
        '1',
      ),
    });
    fc.assert(
      fc.property(object, styles, fc.array(edit, { minLength: 1, maxLength: 4 }), (o, s, edits) => {
        let text = dump(o, {
          indent: s.indent,
          lineWidth: s.lineWidth || -1,
          flowLevel: s.flowLevel,
          noCompatMode: true,
        });
        for (const e of edits) {
          const at = e.at % (text.length + 1);
          if (e.what === 'insert') text = text.slice(0, at) + e.char + text.slice(at);
          else if (e.what === 'delete') text = text.slice(0, at) + text.slice(at + 1);
          else {
            const lines = text.split('\n');
            const n = at % lines.length;
            lines.splice(n, 0, lines[n]);
            text = lines.join('\n');
          }
        }
        for (const d of documentsOf(text)) {
          const read = readBlockYaml(text, d.lineStarts, d.firstLine, d.endLine);
          if (!read) continue;
          expect(read.value).toEqual(reference(text.slice(d.start, d.end)));
        }
      }),
      { numRuns: 3000, seed: 20261202 },
    );
  });
});

/** The documents of a text with content, as splitDocuments cuts them. */
function documentsOf(text: string) {
  const split = splitDocuments(text);
  if (!split) return [];
  return split.documents.filter((d) => d.hasContent).map((d) => ({ ...d, lineStarts: split.lineStarts }));
}

/** The index without the values readBlockYaml hangs on its nodes. */
function bare(e: LineEntry | undefined | null): unknown {
  if (e === undefined || e === null || typeof e === 'number') return e;
  return {
    ...e,
    value: null,
    keys: e.keys?.map((k) => (typeof k === 'string' ? k : bare(k))) ?? null,
    items: e.items?.map(bare) ?? null,
  };
}

/** readBlockYaml on one document: null, or the reference value and the scanner's index; true when it read it. */
function checkBlockRead(text: string, d: ReturnType<typeof documentsOf>[number]): boolean {
  const read = readBlockYaml(text, d.lineStarts, d.firstLine, d.endLine);
  if (!read) return false;
  expect(read.value).toEqual(reference(text.slice(d.start, d.end)));
  expect(bare(read.index)).toEqual(bare(buildLineIndex(text, d.lineStarts, d.firstLine, d.endLine)));
  return true;
}

describe('readBlockYaml, the reader for block YAML with its line index in one pass', () => {
  const readOne = (text: string) => {
    const [d] = documentsOf(text);
    return readBlockYaml(text, d.lineStarts, d.firstLine, d.endLine);
  };

  it.each([
    ['flow collections', 'a: [kube-proxy, --x=1, -1, ?q, "a, b", \'c]d\', {k: v, n: [1, 2.5, true, ~]}, [], {}]\n'],
    [
      'plain scalars and comments',
      'a: b#c # comment\nb: nginx:1.19 \nc: http://x/y\nd: 0o17\ne: -.5\nf: .inf\ng: 1e3\nh: \t x\n',
    ],
    ['quoted keys and values', '"a b": \'it\'\'s\'\n\'c\': "d\\u00e9\\n"\ne: ""\n'],
    ['empty values and nested lists', 'a:\nb:\n  - - x\n    - y\n  -\n  - k: v\n    l:\nc: # note\n  d: 1\n'],
    ['a list under a key at its indentation', 'a:\n- 1\n- b: 2\nc: 3\n'],
    ['CRLF', 'a: 1\r\nb:\r\n  c: [x, y]\r\n'],
    ['a tab inside double quotes', 'a: "b\tc"\n'],
    ['scalars on the line after their key or dash', 'a:\n  b\nc:\n  - \n    d\ne:\n  [1, 2]\n'],
    [
      'a List',
      'apiVersion: v1\nkind: List\nitems:\n- apiVersion: v1\n  kind: Service\n  metadata: {name: a, namespace: b}\n',
    ],
    // js-yaml puts the last line into the inner list; the exact reader (and YAML) into the outer one.
    ['an empty item ending a compact nested list', 'a:\n  - - 1\n    - # none\n  - b: 2\n'],
  ])('reads %s as the exact reader does', (_name, text) => {
    expect(readOne(text)).not.toBeNull();
    for (const d of documentsOf(text)) expect(checkBlockRead(text, d)).toBe(true);
  });

  it.each([
    ['a block scalar', 'a: |\n  x\n'],
    ['a folded block scalar', 'a: >-\n  x\n'],
    ['a plain scalar over lines', 'a: b\n  c\n'],
    ['a quoted scalar over lines', 'a: "b\n  c"\n'],
    ['a key that is not a string', '1: a\n'],
    ['a key true', 'true: a\n'],
    ['a flow key that is not a string', 'a: {1: b}\n'],
    ['a merge key', '<<: {a: 1}\nb: 2\n'],
    ['__proto__', '__proto__: {a: 1}\n'],
    ['a colon in a flow scalar', 'a: {b:c}\n'],
    ['an implicit pair in a flow list', 'a: [b: c]\n'],
    ['an empty flow entry', 'a: [b, , c]\n'],
    ['a trailing comma', 'a: [b, c,]\n'],
    ['a dash and a tab in a flow list', 'a: [b, -\t1]\n'],
    ['a colon and a space starting a plain scalar', 'a:\n  : b\n'],
    ['a quote left open at the end', 'a: 1\nb: "c\n'],
    ['a flow key without a value', 'a: {b}\n'],
    ['a repeated flow key', 'a: {b: 1, b: 2}\n'],
    ['an escape JSON does not know', 'a: "\\x41"\n'],
    ['a scalar document', 'just text\n'],
    ['a repeated key', 'a: 1\na: 2\n'],
    ['an anchor', 'a: &x 1\n'],
    ['a tag', 'a: !t 1\n'],
    ['a flow collection over lines', 'a: [b,\n  c]\n'],
  ])('gives up on %s (js-yaml or the exact reader reads it)', (_name, text) => {
    expect(readOne(text)).toBeNull();
  });

  it('reads no soup of YAML tokens otherwise than the exact reader (or js-yaml where that refuses it)', () => {
    const token = fc.constantFrom(
      ...['[', ']', '{', '}', ', ', ',', ': ', ':', ' ', 'a', 'b c', '-', '- ', '-1', '?', '? ', '"x"', "'y'"],
      ...["'it''s'", '"a\\"b"', '1', '0x1F', 'true', 'null', '~', ' #c', '#', '.5', '1e3', '&a', '*a', '!t', '|'],
      ...['>', '\t', '\n', '\n  ', '\n- ', 'k: ', '<<: ', '"k": ', "'z': ", '"'],
    );
    let read = 0;
    fc.assert(
      fc.property(fc.array(token, { maxLength: 14 }), fc.array(token, { maxLength: 8 }), (a, b) => {
        const text = `apiVersion: v1\nkind: Pod\nspec: ${a.join('')}\nmeta:\n  x: ${b.join('')}\n`;
        for (const d of documentsOf(text)) {
          const result = readBlockYaml(text, d.lineStarts, d.firstLine, d.endLine);
          if (!result) continue;
          read++;
          expect(result.value).toEqual(reference(text.slice(d.start, d.end)));
        }
      }),
      { numRuns: 3000, seed: 20261202 },
    );
    expect(read).toBeGreaterThan(100); // the soups it reads are many enough to mean something
  });

  it('reads the block documents of the real-world fixtures (the one-pass path is really taken)', () => {
    let read = 0;
    for (const f of filesUnder(join(__dirname, '..', 'fixtures', 'real-world'))) {
      const text = readFileSync(f, 'utf8');
      for (const d of documentsOf(text)) if (checkBlockRead(text, d)) read++;
    }
    expect(read).toBeGreaterThanOrEqual(5);
  });
});

/**
 * What the fast reader must read a document as: the exact reader's value (the reference); where the exact
 * reader refuses the text, js-yaml's (the fast reader's known leniencies, such as a comment glued to a
 * quoted scalar); where both refuse it, nothing may be read (this throws).
 */
function reference(source: string): unknown {
  try {
    return readExact(source, DEFAULT_LIMITS)[0].value;
  } catch {
    return load(source, { schema: YAML_CORE_SCHEMA, json: true });
  }
}

/** The manifest read from `pieces` as readManifestInPieces hands it on (null when it leaves the text to be read whole). */
function readInPieces(pieces: string[]): Manifest | null {
  const objects: Manifest['objects'] = [];
  const skipped: Manifest['skipped'] = [];
  const documents = readManifestInPieces(
    { bytes: Buffer.byteLength(pieces.join('')), pieces: () => pieces },
    DEFAULT_LIMITS,
    {
      document(o, s) {
        objects.push(...o);
        skipped.push(...s);
      },
      restart() {
        objects.length = 0;
        skipped.length = 0;
      },
    },
    () => false,
  );
  return documents === null ? null : { objects, skipped, documents };
}

/** `text` cut at the given offsets. */
function cut(text: string, at: number[]): string[] {
  const offsets = [...new Set(at.map((a) => a % (text.length + 1)))].sort((a, b) => a - b);
  return [...offsets, text.length].map((end, i) => text.slice(i === 0 ? 0 : offsets[i - 1], end));
}

describe('a List read item by item, and a text read in pieces', () => {
  const item = fc.record({
    apiVersion: fc.constantFrom('v1', 'apps/v1', 'extensions/v1beta1'),
    kind: fc.constantFrom('Service', 'Deployment', 'Ingress', 'ConfigMap'),
    metadata: fc.record({
      name: fc.string({ maxLength: 10 }),
      annotations: fc.dictionary(fc.string({ maxLength: 6 }), fc.string({ maxLength: 12 }), { maxKeys: 2 }),
    }),
    spec: fc.dictionary(
      fc.constantFrom('replicas', 'items', 'x', 'rules'),
      fc.oneof(
        fc.integer(),
        fc.string({ maxLength: 20 }),
        fc.array(fc.oneof(fc.integer(), fc.constantFrom('a: b', '- c', 'text\nover lines')), { maxLength: 3 }),
      ),
      { maxKeys: 3 },
    ),
  });
  const entry = fc.oneof(
    { weight: 6, arbitrary: item },
    { weight: 1, arbitrary: fc.oneof(fc.integer(), fc.constant(null), fc.constant('- x')) },
  );
  const list = fc.record({
    kind: fc.constantFrom('List', 'ServiceList', 'Thing'),
    items: fc.array(entry, { maxLength: 6 }),
    before: fc.boolean(),
    style: fc.record({
      indent: fc.constantFrom(2, 4),
      indentSeq: fc.boolean(),
      writer: fc.constantFrom('yaml', 'js-yaml', 'json', 'json-lines'),
    }),
  });
  const write = (l: {
    kind: string;
    items: unknown[];
    before: boolean;
    style: { indent: number; indentSeq: boolean; writer: string };
  }) => {
    // kubectl sorts keys (items before kind); the metadata goes after or before the list.
    const value = l.before
      ? { metadata: { resourceVersion: '' }, apiVersion: 'v1', kind: l.kind, items: l.items }
      : { apiVersion: 'v1', items: l.items, kind: l.kind, metadata: { resourceVersion: '' } };
    // kubectl's -o json; netkb cluster's pages (one item a line).
    if (l.style.writer === 'json') return `${JSON.stringify(value, null, l.style.indent)}\n`;
    if (l.style.writer === 'json-lines')
      return `{"apiVersion":"v1","kind":${JSON.stringify(l.kind)},"items":[\n${l.items.map((i) => JSON.stringify(i)).join(',\n')}\n]}\n`;
    return l.style.writer === 'yaml'
      ? stringify(value, { indent: l.style.indent, indentSeq: l.style.indentSeq })
      : dump(value, { indent: l.style.indent, noArrayIndent: !l.style.indentSeq, noCompatMode: true });
  };

  it('reads generated Lists (kubectl and other styles, items of every sort) as the exact reader does, whole and in pieces', () => {
    fc.assert(
      fc.property(fc.array(list, { minLength: 1, maxLength: 3 }), fc.array(fc.nat(), { maxLength: 6 }), (lists, at) => {
        const text = lists.map(write).join('---\n# next\n');
        same(text);
        const pieces = readInPieces(cut(text, at));
        if (pieces !== null) expect(outcome(() => pieces)).toEqual(outcome(() => readManifestExact(text)));
      }),
      { numRuns: 300, seed: 20261205 },
    );
  });

  it('hands each item of a List on as soon as its piece is read, not when the text ends', () => {
    const items = Array.from(
      { length: 30 },
      (_, i) => `- apiVersion: v1\n  kind: Service\n  metadata: {name: s-${i}}\n`,
    );
    const text = `apiVersion: v1\nitems:\n${items.join('')}kind: List\n`;
    const handed: number[] = [];
    let objects = 0;
    const pieces = function* () {
      for (let i = 0; i < text.length; i += 64) {
        handed.push(objects);
        yield text.slice(i, i + 64);
      }
    };
    const documents = readManifestInPieces(
      { bytes: text.length, pieces },
      DEFAULT_LIMITS,
      { document: (o) => (objects += o.length), restart: () => (objects = 0) },
      () => false,
    );
    expect(documents).toBe(1);
    expect(objects).toBe(30);
    // Before the last piece was asked for, all but the last items had been read and handed on.
    expect(handed[handed.length - 1]).toBeGreaterThanOrEqual(28);
    expect(handed[Math.floor(handed.length / 2)]).toBeGreaterThan(10);
  });

  it('reads a kubectl dump in pieces: every item, at its line', () => {
    const items = Array.from(
      { length: 40 },
      (_, i) =>
        `- apiVersion: apps/v1\n  kind: Deployment\n  metadata:\n    name: web-${i}\n    # note\n  spec:\n    replicas: ${i}\n\n`,
    ).join('');
    const text = `apiVersion: v1\nitems:\n${items}kind: List\nmetadata:\n  resourceVersion: ""\n`;
    const read = readInPieces(cut(text, [7, 100, 101, 1500, 3000]))!;
    expect(read).not.toBeNull();
    expect(read.documents).toBe(1);
    expect(read.objects.map((o) => o.name)).toEqual(Array.from({ length: 40 }, (_, i) => `web-${i}`));
    expect(read.objects[39].line).toBe(3 + 39 * 8);
    expect(read.objects[39].lineOf(['spec', 'replicas'])).toBe(3 + 39 * 8 + 6);
    expect(outcome(() => read)).toEqual(outcome(() => readManifestExact(text)));
  });

  it.each([
    [
      'a kind that is not a List, with a top-level items list',
      'apiVersion: v1\nitems:\n- apiVersion: v1\n  kind: Pod\nkind: Thing\n',
    ],
    ['no kind at all', 'apiVersion: v1\nitems:\n- apiVersion: v1\n  kind: Pod\n'],
    [
      'an alias from one item to another',
      'apiVersion: v1\nkind: List\nitems:\n- apiVersion: v1\n  kind: Pod\n  metadata: &m {name: a}\n- apiVersion: v1\n  kind: Pod\n  metadata: *m\n',
    ],
    [
      'items at two indentations',
      'apiVersion: v1\nkind: List\nitems:\n  - apiVersion: v1\n    kind: Pod\n - apiVersion: v1\n   kind: Pod\n',
    ],
    ['a repeated items key', 'apiVersion: v1\nkind: List\nitems:\n- apiVersion: v1\n  kind: Pod\nitems: []\n'],
    ['a root block scalar', '|\nitems:\n- apiVersion: v1\n  kind: Pod\nkind: List\n'],
    [
      'an item nested too deep',
      `apiVersion: v1\nkind: List\nitems:\n- apiVersion: v1\n  kind: Pod\n  spec: ${'['.repeat(70)}${']'.repeat(70)}\n`,
    ],
    [
      'JSON: an element that is not an object',
      '{\n  "apiVersion": "v1",\n  "kind": "List",\n  "items": [\n    3,\n    {"apiVersion": "v1", "kind": "Pod"}\n  ]\n}\n',
    ],
    [
      'JSON: two elements on a line',
      '{"apiVersion": "v1", "kind": "List", "items": [\n{"apiVersion": "v1", "kind": "Pod"}, {"apiVersion": "v1", "kind": "Pod"}\n]}\n',
    ],
    ['JSON: all on one line', '{"apiVersion": "v1", "kind": "List", "items": [{"apiVersion": "v1", "kind": "Pod"}]}\n'],
    [
      'JSON: a comment between elements',
      '{"apiVersion": "v1", "kind": "List", "items": [\n# c\n{"apiVersion": "v1", "kind": "Pod"}\n]}\n',
    ],
    [
      'JSON: a repeated items key',
      '{"apiVersion": "v1", "kind": "List", "items": [\n{"apiVersion": "v1", "kind": "Pod"}\n], "items": []}\n',
    ],
    [
      'JSON: an array never closed',
      '{"apiVersion": "v1", "kind": "List", "items": [\n{"apiVersion": "v1", "kind": "Pod"}\n',
    ],
    ['an item with a YAML error', 'apiVersion: v1\nkind: List\nitems:\n- apiVersion: v1\n  kind: Pod\n  a: [1\n'],
  ])('gives up cutting on %s: the whole text read as the exact reader reads it', (_name, text) => {
    same(text);
    const pieces = readInPieces([text]);
    if (pieces !== null) expect(outcome(() => pieces)).toEqual(outcome(() => readManifestExact(text)));
  });

  it('reads a JSON List element by element: braces and quotes inside strings, the lines of each element', () => {
    const pod = (name: string) => ({
      apiVersion: 'v1',
      kind: 'Pod',
      metadata: { name, annotations: { a: '{"x": [1, "]"]} \\"q\\"' } },
    });
    const text = `${JSON.stringify({ apiVersion: 'v1', items: [pod('a'), pod('b'), pod('c')], kind: 'List' }, null, 4)}\n`;
    const read = readInPieces(cut(text, [50, 300]))!;
    expect(read).not.toBeNull();
    expect(read.objects.map((o) => [o.name, o.line, o.lineOf(['metadata', 'annotations', 'a'])])).toEqual([
      ['a', 5, 10],
      ['b', 15, 20],
      ['c', 25, 30],
    ]);
    expect(outcome(() => read)).toEqual(outcome(() => readManifestExact(text)));
  });

  it('indexes a JSON element by its brackets and strings as the exact reader places it, or gives up', () => {
    const source =
      '    {\n      "a\\"b": {},\n      "list": [\n        1,\n        {"x": "}\\\\"}\n      ],\n      "z": null\n    }';
    const index = jsonLineIndex(source, 10)!;
    const value = JSON.parse(source);
    expect(verifyLineIndex(index, [value])).toBe(true);
    const exact = readExact(`[\n${source}\n]`, DEFAULT_LIMITS, 8)[0].locator;
    for (const path of [[0], [0, 'a"b'], [0, 'list'], [0, 'list', 0], [0, 'list', 1], [0, 'list', 1, 'x'], [0, 'z']])
      expect(lineOf(nodeAt(index, path)!)).toBe(exact.entryLine(path));
    expect(jsonLineIndex('{"a": 1, "a": 2}', 1)).toBeNull();
    expect(jsonLineIndex('{a: 1}', 1)).toBeNull();
    expect(jsonLineIndex('{"a": "x\ny"}', 1)).toBeNull();
    expect(jsonLineIndex('{"a": 1} x', 1)).toBeNull();
  });

  it('leaves to whole-text reading what the screen stops, what has no content, and what cannot be cut with certainty', () => {
    const limits = DEFAULT_LIMITS;
    const sink = { document: () => undefined, restart: () => undefined };
    const pieces = (text: string) => ({ bytes: text.length, pieces: () => [text] });
    const manifest = 'apiVersion: v1\nkind: Pod\n';
    expect(readManifestInPieces(pieces(manifest), limits, sink, () => false)).toBe(1);
    expect(readManifestInPieces(pieces(manifest), limits, sink, () => true)).toBeNull();
    expect(readManifestInPieces(pieces('# only a comment\n---\n'), limits, sink, () => false)).toBeNull();
    expect(readManifestInPieces(pieces(`%YAML 1.2\n---\n${manifest}`), limits, sink, () => false)).toBeNull();
    expect(readManifestInPieces(pieces(`\ufeff${manifest}`), limits, sink, () => false)).toBeNull();
    expect(() =>
      readManifestInPieces({ bytes: limits.maxBytes + 1, pieces: () => [] }, limits, sink, () => false),
    ).toThrow(/the limit is/);
  });
});
