// Rewrites a manifest so that every release on the path accepts it: runs the analysis on the input, lets
// every registered converter rewrite the objects' YAML nodes (comments, key order and quoting stay), and
// prints back only the documents that changed; the others are copied from the input byte for byte.
// What the analysis found and no converter answered is returned as `unconverted`, with the reason.
// Pure: text and knowledge base in, text and lists out.
import {
  Composer,
  isMap,
  isNode,
  isScalar,
  isSeq,
  LineCounter,
  Parser,
  type CST,
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
import { documentPrinter } from './print';
import { apiReferenceConverter } from './transforms/api-references';
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
const CONVERTERS: readonly Converter[] = [
  apiVersionConverter,
  apiFieldConverter,
  wellKnownKeyConverter,
  componentFlagConverter,
  apiReferenceConverter,
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
  // Documents are read, converted and written one at a time (the whole manifest's YAML nodes would take
  // many times the memory of the analysis). Unlike the analysis, refuse to edit a document that repeats a
  // key: which of the two counts is unclear.
  const composer = new Composer({ uniqueKeys: true });
  const printer = documentPrinter(text);
  const repeatsKeys = new Map<number, string>();
  const changes: ConversionChange[] = [];
  const answered = new Map<string, FindingMatch[]>();
  const reasons = new Map<string, (FindingMatch & { reason: string })[]>();
  const visited = new Set<string>();
  const lineOfNode = (n: unknown) => (isNode(n) && n.range ? lines.linePos(n.range[0]).line : null);

  // The parser's document tokens, in order: a changed document is composed again from its own token to
  // know what the input held (cheaper than reading its text again).
  const tokens: CST.Token[] = [];
  function* keep(all: Generator<CST.Token>) {
    for (const t of all) {
      if (t.type === 'document') tokens.push(t);
      yield t;
    }
  }
  let documentIndex = -1;
  for (const doc of composer.compose(keep(new Parser(lines.addNewLine).parse(text)))) {
    documentIndex++;
    const token = tokens.shift();
    if (doc.errors.length > 0) {
      repeatsKeys.set(documentIndex, doc.errors[0].message);
      printer.add(doc, false);
      continue;
    }
    let changed = false;
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
        if (outcome.changes.length > 0) changed = true;
        changes.push(...outcome.changes);
        if (outcome.answered.length > 0)
          answered.set(objectKey, [...(answered.get(objectKey) ?? []), ...outcome.answered]);
        if (outcome.reasons.length > 0) reasons.set(objectKey, [...(reasons.get(objectKey) ?? []), ...outcome.reasons]);
      }
    }
    printer.add(doc, changed, () => (token ? (new Composer().compose([token]).next().value ?? null) : null));
  }

  const unconverted: Finding[] = [];
  for (const f of findings) {
    if (f.severity === 'INFO') continue;
    const objectKey = `${f.resource.documentIndex}:${f.resource.line}`;
    if ((answered.get(objectKey) ?? []).some((m) => matches(m, f))) continue;
    const repeated = repeatsKeys.get(f.resource.documentIndex);
    const reason = repeated
      ? `document ${f.resource.documentIndex + 1} repeats a key in a map (${repeated.split('\n')[0].replace(/ at line \d+, column \d+:?$/, '')}); remove the duplicate first`
      : !visited.has(objectKey)
        ? (NOT_IN_PLACE[f.resource.origin?.source ?? ''] ?? NOT_IN_PLACE[''])
        : ((reasons.get(objectKey) ?? []).find((m) => matches(m, f))?.reason ?? NO_CONVERSION);
    unconverted.push({ ...f, message: `${f.message} Not converted: ${reason.replace(/\.+$/, '')}.` });
  }
  changes.sort((a, b) => a.resource.documentIndex - b.resource.documentIndex || a.line - b.line);
  return { manifest: printer.finish(), changes, unconverted, documents: read.objects.length };
}

/**
 * Why an object that is not written out in the input itself is not converted, by where it was read from
 * (reader ObjectOrigin): what to rewrite instead.
 */
const NOT_IN_PLACE: Record<string, string> = {
  '': "the object is written inside another one (a ConfigMap's text block); edit it by hand",
  LAST_APPLIED:
    'it is the configuration last applied to a live object, kept in its kubectl.kubernetes.io/last-applied-configuration annotation; convert the file it is applied from and apply that, which rewrites the annotation',
  HELM_RELEASE:
    "it is in the stored manifest of a Helm release; change the chart's template, and before the upgrade rewrite the API versions in the release's stored manifest (the helm-mapkubeapis plugin does so: https://github.com/helm/helm-mapkubeapis)",
};

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
