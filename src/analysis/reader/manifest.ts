// The reader's entry point: reads a manifest (multi-document YAML or JSON, kind: List, comments, empty
// documents) into objects that remember where they came from: document index, the line of their first
// key, and the line of any node inside them. Pure: takes text, returns data or throws ManifestError.
//
// Two readers give the same answer (test/unit/manifest-readers.test.ts compares them):
// - fast: block YAML of plain, quoted and one-line flow values (what most manifests are) is read with its
//   line index in one pass over its lines (readBlockYaml in yaml-line-index.ts); any other document is
//   loaded by js-yaml (with a schema that resolves scalars as `yaml` does), and the line index gives its
//   positions, built only when a finding asks for a line;
// - exact: the `yaml` package's document API (manifest-exact.ts).
// When the exact reader is used:
// - for the whole text, when splitDocuments cannot split it with certainty (a byte-order mark, a
//   directive, content on a "---" or "..." line), js-yaml refuses a document, a document nests deeper
//   than the limit, or a document given to the exact reader alone is not one document; so a YAML error
//   is always the exact reader's, with its line and column;
// - for one document (needsExact below), when it holds an anchor, alias or tag (or what looks like one:
//   &, * or ! at a line start or after a space or flow indicator), a "#" together with a line ending in
//   "[" or "{" (comments in a flow collection over several lines), or a colon right before a flow
//   indicator (":," ":]" ":}"), which js-yaml and `yaml` read differently;
// - for one document's positions only (fastLocator), when the line index gives up on it or disagrees
//   with the value js-yaml loaded; asked when a finding first needs a line of that document.
// One known leniency remains: js-yaml accepts a multi-line quoted scalar whose continuation line starts
// at column 0, which `yaml` refuses; the fast reader then reads the value as js-yaml does.
import { readExact } from './manifest-exact-lazy';
import type * as YamlLoad from './yaml-load';
import { objectsOfDocument, type DocumentOut } from './manifest-objects';
import {
  DEFAULT_LIMITS,
  ManifestError,
  type Locator,
  type Manifest,
  type ManifestLimits,
  type ManifestObject,
  type ManifestSink,
  type PathSegment,
  type SkippedDocument,
} from './manifest-types';
import { splitDocuments, type DocumentSlice, type LineStarts } from './yaml-documents';
import {
  buildLineIndex,
  entriesOf,
  isLiteral,
  lineOf,
  nodeAt,
  readBlockYaml,
  verifyLineIndex,
  type LineNode,
} from './yaml-line-index';

export * from './manifest-types';

/** Anchors, aliases and tags: a document holding one of these (or what looks like one) is read exactly. */
const NEEDS_EXACT = /(?:^|[\s[\]{},])[&*!][^\s,[\]{}]/m;
/** A flow collection that spans lines: with comments in it, js-yaml accepts placements `yaml` refuses. */
const MULTI_LINE_FLOW = /[[{][ \t]*$/m;

/** Every character the patterns below start with; a document without any of them is read fast. */
const EXACT_CANDIDATES = /[&*!#]|:[,\]}]/;

function needsExact(source: string): boolean {
  // Most documents hold none of these characters: one scan decides.
  if (!EXACT_CANDIDATES.test(source)) return false;
  const marks = source.includes('&') || source.includes('*') || source.includes('!');
  return (
    (marks && NEEDS_EXACT.test(source)) ||
    (source.includes('#') && MULTI_LINE_FLOW.test(source)) ||
    // A colon right before a flow indicator ("{a:, b}"): js-yaml and `yaml` split such keys differently.
    source.includes(':,') ||
    source.includes(':]') ||
    source.includes(':}')
  );
}

let yamlLoad: typeof YamlLoad | null = null;
/** js-yaml, loaded the first time a document needs it (yaml-load.ts). */
const loadDocument = (source: string): unknown =>
  (yamlLoad ??= require('./yaml-load') as typeof YamlLoad).loadDocument(source);

export function readManifest(text: string, limits: ManifestLimits = DEFAULT_LIMITS): Manifest {
  const objects: ManifestObject[] = [];
  const skipped: SkippedDocument[] = [];
  const documents = readManifestInto(text, limits, {
    document(o, s) {
      for (const x of o) objects.push(x);
      for (const x of s) skipped.push(x);
    },
    restart() {
      objects.length = 0;
      skipped.length = 0;
    },
  });
  return { objects, skipped, documents };
}

/**
 * Reads the manifest and hands it to `sink` document by document, as soon as each is read: a caller that
 * is done with a document before the next (upgradeReport) keeps only its findings, not every document's
 * values and positions. Returns the number of documents.
 */
export function readManifestInto(text: string, limits: ManifestLimits, sink: ManifestSink): number {
  // UTF-8 takes at most 3 bytes per UTF-16 unit: only a text that could be over the limit is measured.
  const bytes = text.length * 3 <= limits.maxBytes ? 0 : Buffer.byteLength(text, 'utf8');
  if (bytes > limits.maxBytes) {
    throw new ManifestError('TOO_LARGE', `the manifest is ${bytes} bytes; the limit is ${limits.maxBytes} bytes`);
  }
  const documents = readFast(text, limits, sink);
  if (documents !== null) return documents;
  sink.restart();
  return readExactInto(text, limits, sink);
}

export function readManifestExact(text: string, limits: ManifestLimits = DEFAULT_LIMITS): Manifest {
  const objects: ManifestObject[] = [];
  const skipped: SkippedDocument[] = [];
  const documents = readExactInto(text, limits, {
    document: (o, s) => {
      objects.push(...o);
      skipped.push(...s);
    },
    restart: () => undefined,
  });
  return { objects, skipped, documents };
}

function readExactInto(text: string, limits: ManifestLimits, sink: ManifestSink): number {
  const out: DocumentOut = { objects: [], skipped: [], total: 0 };
  const docs = readExact(text, limits);
  docs.forEach((doc, documentIndex) => {
    objectsOfDocument(documentIndex, doc.value, () => doc.locator, limits, out);
    handOn(out, sink);
  });
  return docs.length;
}

/** Gives the document just read to the sink and starts the next one empty. */
function handOn(out: DocumentOut, sink: ManifestSink): void {
  if (out.objects.length === 0 && out.skipped.length === 0) return;
  sink.document(out.objects, out.skipped);
  out.objects = [];
  out.skipped = [];
}

/** The fast reader, or null when the whole text must go to the exact reader. */
function readFast(text: string, limits: ManifestLimits, sink: ManifestSink): number | null {
  const split = splitDocuments(text);
  if (!split) return null;
  const out: DocumentOut = { objects: [], skipped: [], total: 0 };
  for (let documentIndex = 0; documentIndex < split.documents.length; documentIndex++) {
    const slice = split.documents[documentIndex];
    if (!slice.hasContent) continue;
    const source = text.slice(slice.start, slice.end);
    if (needsExact(source)) {
      const docs = readExact(source, limits, slice.firstLine, documentIndex);
      if (docs.length !== 1) return null;
      objectsOfDocument(documentIndex, docs[0].value, () => docs[0].locator, limits, out);
      handOn(out, sink);
      continue;
    }
    // Block YAML of plain, quoted and one-line flow values: read with its line index in one pass.
    const read = readBlockYaml(text, split.lineStarts, slice.firstLine, slice.endLine);
    let value: unknown = read?.value;
    if (!read) {
      try {
        value = loadDocument(source);
      } catch {
        return null;
      }
    }
    if (deeperThan(value, limits.maxDepth)) return null;
    let locator: Locator | undefined = read ? new IndexLocator(read.index) : undefined;
    const locate = () => (locator ??= fastLocator(text, split.lineStarts, slice, documentIndex, source, value, limits));
    objectsOfDocument(documentIndex, value, locate, limits, out);
    handOn(out, sink);
  }
  return split.documents.length;
}

/**
 * Positions for one document: the line index when it describes the loaded value, else the exact reader
 * (which may then refuse a document js-yaml accepted: only corner cases such as a comment glued to a
 * flow collection's bracket, reported when a finding first needs a line of that document).
 */
function fastLocator(
  text: string,
  lineStarts: LineStarts,
  slice: DocumentSlice,
  documentIndex: number,
  source: string,
  value: unknown,
  limits: ManifestLimits,
): Locator {
  const index = buildLineIndex(text, lineStarts, slice.firstLine, slice.endLine);
  if (index && verifyLineIndex(index, value)) return new IndexLocator(index);
  return readExact(source, limits, slice.firstLine, documentIndex)[0].locator;
}

class IndexLocator implements Locator {
  constructor(private readonly root: LineNode) {}

  firstKeyLine(path: PathSegment[]): number {
    const n = nodeAt(this.root, path);
    if (n === undefined) return this.root.line;
    return typeof n !== 'number' && n.kind === 'map' ? n.firstKeyLine : lineOf(n);
  }

  entryLine(path: PathSegment[]): number | undefined {
    if (path.length === 0) return undefined;
    const n = nodeAt(this.root, path);
    return n === undefined ? undefined : lineOf(n);
  }

  literalBlocks(path: PathSegment[]): Map<string, number> {
    const out = new Map<string, number>();
    const n = nodeAt(this.root, path);
    if (n !== undefined && typeof n !== 'number' && n.kind === 'map')
      for (const [k, child] of entriesOf(n)) if (isLiteral(child)) out.set(k, lineOf(child));
    return out;
  }
}

/** Whether maps and lists nest deeper than `max` (the root is level 1); recursion stops at max + 1. */
function deeperThan(value: unknown, max: number, depth = 1): boolean {
  if (typeof value !== 'object' || value === null) return false;
  if (depth > max) return true;
  if (Array.isArray(value)) {
    for (const item of value) if (deeperThan(item, max, depth + 1)) return true;
  } else {
    for (const k in value) if (deeperThan((value as Record<string, unknown>)[k], max, depth + 1)) return true;
  }
  return false;
}
