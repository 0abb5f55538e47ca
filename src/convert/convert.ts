// Rewrites a manifest so that every release on the path accepts it: runs the analysis on the input, lets
// every registered converter rewrite the objects' YAML nodes (comments, key order and quoting stay), and
// prints back only the documents that changed; the others are copied from the input byte for byte.
// What the analysis found and no converter answered is returned as `unconverted`, with the reason.
// Pure: text and knowledge base in, text and lists out.
import {
  isCollection,
  isMap,
  isNode,
  isScalar,
  isSeq,
  LineCounter,
  parseAllDocuments,
  type Document,
  type YAMLMap,
} from 'yaml';
import {
  analyze,
  DEFAULT_LIMITS,
  readManifest,
  type Finding,
  type ManifestLimits,
  type ManifestObject,
} from '../analysis';
import { apiFieldConverter } from './api-fields';
import { apiVersionConverter } from './api-versions';
import { componentFlagConverter } from './component-flags';
import { getEntry } from './nodes';
import { respaced } from './source-lines';
import {
  matches,
  type ConversionChange,
  type ConversionResult,
  type ConvertContext,
  type Converter,
  type FindingMatch,
} from './types';
import { wellKnownKeyConverter } from './well-known-keys';

/** Every converter, in the order they run on an object: the API version first, as it may replace the object. */
export const CONVERTERS: readonly Converter[] = [
  apiVersionConverter,
  apiFieldConverter,
  wellKnownKeyConverter,
  componentFlagConverter,
];

const NO_CONVERSION = 'no automatic conversion is recorded for this';

interface Slot {
  node: YAMLMap;
  replace(node: YAMLMap): void;
}

export function convertManifest(
  text: string,
  ctx: ConvertContext,
  limits: ManifestLimits = DEFAULT_LIMITS,
): ConversionResult {
  const read = readManifest(text, limits);
  const { findings } = analyze(read, ctx);
  const objectAt = new Map<string, ManifestObject>();
  for (const o of read.objects)
    if (!objectAt.has(`${o.documentIndex}:${o.line}`)) objectAt.set(`${o.documentIndex}:${o.line}`, o);

  const lines = new LineCounter();
  // Unlike the analysis, refuse to edit a document that repeats a key: which of the two counts is unclear.
  const docs = parseAllDocuments(text, { lineCounter: lines, uniqueKeys: true }) as Document[];
  const repeatsKeys = new Set<number>();
  const changes: ConversionChange[] = [];
  const answered = new Map<string, FindingMatch[]>();
  const reasons = new Map<string, (FindingMatch & { reason: string })[]>();
  const visited = new Set<string>();
  const changedDocs = new Set<number>();
  const lineOfNode = (n: unknown) => (isNode(n) && n.range ? lines.linePos(n.range[0]).line : null);

  docs.forEach((doc, documentIndex) => {
    if (doc.errors.length > 0) {
      repeatsKeys.add(documentIndex);
      return;
    }
    for (const slot of slotsOf(doc)) {
      const first = slot.node.items[0]?.key;
      const line = isScalar(first) && first.range ? lines.linePos(first.range[0]).line : 0;
      const objectKey = `${documentIndex}:${line}`;
      const object = objectAt.get(objectKey);
      if (!object) continue;
      visited.add(objectKey);
      let node = slot.node;
      for (const converter of CONVERTERS) {
        const outcome = converter.convert({ object, node, lineOfNode }, ctx);
        if (outcome.replace) {
          slot.replace(outcome.replace);
          node = outcome.replace;
        }
        if (outcome.changes.length > 0) changedDocs.add(documentIndex);
        changes.push(...outcome.changes);
        answered.set(objectKey, [...(answered.get(objectKey) ?? []), ...outcome.answered]);
        reasons.set(objectKey, [...(reasons.get(objectKey) ?? []), ...outcome.reasons]);
      }
    }
  });

  const unconverted: Finding[] = [];
  for (const f of findings) {
    if (f.severity === 'INFO') continue;
    const objectKey = `${f.resource.documentIndex}:${f.resource.line}`;
    if ((answered.get(objectKey) ?? []).some((m) => matches(m, f))) continue;
    const reason = repeatsKeys.has(f.resource.documentIndex)
      ? `document ${f.resource.documentIndex + 1} repeats a key in a map (${docs[f.resource.documentIndex].errors[0].message.split('\n')[0].replace(/ at line \d+, column \d+:?$/, '')}); remove the duplicate first`
      : !visited.has(objectKey)
        ? "the object is written inside another one (a ConfigMap's text block); edit it by hand"
        : ((reasons.get(objectKey) ?? []).find((m) => matches(m, f))?.reason ?? NO_CONVERSION);
    unconverted.push({ ...f, message: `${f.message} Not converted: ${reason.replace(/\.+$/, '')}.` });
  }
  changes.sort((a, b) => a.resource.documentIndex - b.resource.documentIndex || a.line - b.line);
  return { manifest: printDocuments(text, docs, changedDocs), changes, unconverted, documents: read.objects.length };
}

/** The objects of a document that can be rewritten: the document itself, or the items of a List. */
function slotsOf(doc: Document): Slot[] {
  const root = doc.contents;
  if (!isMap(root)) return [];
  const kind = getEntry(root, 'kind')?.value;
  const items = getEntry(root, 'items')?.value;
  if (isScalar(kind) && typeof kind.value === 'string' && /List$/.test(kind.value) && isSeq(items)) {
    return items.items.flatMap((item, i) =>
      isMap(item)
        ? [
            {
              node: item as YAMLMap,
              replace: (n: YAMLMap) => {
                items.items[i] = n;
              },
            },
          ]
        : [],
    );
  }
  return [
    {
      node: root as YAMLMap,
      replace: (n: YAMLMap) => {
        doc.contents = n;
      },
    },
  ];
}

/** The input, with each changed document printed anew in the style its source uses. */
function printDocuments(text: string, docs: Document[], changed: Set<number>): string {
  if (changed.size === 0) return text;
  let out = '';
  let start = 0;
  docs.forEach((doc, i) => {
    const end = i === docs.length - 1 ? text.length : doc.range![2];
    const source = text.slice(start, end);
    if (!changed.has(i)) {
      out += source;
      start = end;
      return;
    }
    // A comment after the last node belongs to the document, which the printer sets off with a blank line;
    // attached to the contents it prints where it was.
    if (doc.comment && !doc.directives?.docEnd && isCollection(doc.contents)) {
      doc.contents.comment = [doc.contents.comment, doc.comment].filter(Boolean).join('\n');
      doc.comment = null;
    }
    let printed = isJson(doc, source)
      ? `${JSON.stringify(doc.toJS(), null, /^\{[ \t]*\r?\n( +)"/.exec(source.trim())?.[1].length ?? 0)}\n`
      : respaced(
          source,
          doc.toString({
            lineWidth: 0,
            indent: indentOf(source),
            indentSeq: !/^( *)[^\s#-][^\n]*:[ \t]*\r?\n\1- /m.test(source),
            flowCollectionPadding: !/[{[][^\s\]}]/.test(source),
          }),
          doc.toJS(),
        );
    if (source.includes('\r\n')) printed = printed.replace(/\r?\n/g, '\r\n');
    // Blank lines that end the source stay (the printer ends a document with exactly one newline).
    const eol = source.includes('\r\n') ? '\r\n' : '\n';
    const ending = (/(?:\r?\n)*$/.exec(source)?.[0] ?? '').split(/\r?\n/).length - 1;
    printed = printed.replace(/(?:\r?\n)*$/, '') + eol.repeat(ending);
    out += printed;
    start = end;
  });
  return out;
}

/** A document written as JSON (a flow map opening the source, no comments) is printed back as JSON. */
function isJson(doc: Document, source: string): boolean {
  return (
    isMap(doc.contents) && doc.contents.flow === true && source.trimStart().startsWith('{') && !source.includes('#')
  );
}

/** The indentation step the source uses (2 by default). */
function indentOf(source: string): number {
  const m = /^[^\s#-][^\n]*:[ \t]*\r?\n( +)\S/m.exec(source);
  return m ? Math.min(Math.max(m[1].length, 1), 8) : 2;
}
