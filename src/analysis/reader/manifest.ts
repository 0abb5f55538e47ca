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
import { isListValue, objectOfListItem, objectsOfDocument, type DocumentOut } from './manifest-objects';
import {
  DEFAULT_LIMITS,
  isPlainObject,
  ManifestError,
  type Locator,
  type Manifest,
  type ManifestLimits,
  type ManifestObject,
  type ManifestSink,
  type PathSegment,
  type SkippedDocument,
} from './manifest-types';
import { ITEMS_READ, lineStartsOf, Segmenter, sliceOf, type Segment, type TextWindow } from './yaml-documents';
import {
  buildLineIndex,
  entriesOf,
  isLiteral,
  jsonLineIndex,
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

/**
 * A manifest's text handed over in pieces (a file read a chunk at a time), for a reader that never holds it
 * whole: `pieces` yields it in order, each piece but the last ending with a line break or not (a line may
 * run on into the next piece); it may be asked again (to start over). `bytes` is its size, for the limit.
 */
export interface TextInPieces {
  bytes: number;
  pieces(): Iterable<string>;
}

/**
 * Reads a manifest given in pieces as readManifestInto does, a segment at a time (a document, or one item of a
 * List), holding only the segment being read and the piece it is in. `screen` is asked about each window of the
 * text before it is read: true when it may be something the caller refuses before reading (a template, binary
 * data). Returns the number of documents, or null when the text must be read whole instead (it is not one the
 * segments can be cut from with certainty, a segment needs the exact reader's view of the whole text, the
 * screen said so, or it holds no content): the sink was handed documents and must restart.
 */
export function readManifestInPieces(
  input: TextInPieces,
  limits: ManifestLimits,
  sink: ManifestSink,
  screen: (window: string) => boolean,
): number | null {
  if (input.bytes > limits.maxBytes) {
    throw new ManifestError('TOO_LARGE', `the manifest is ${input.bytes} bytes; the limit is ${limits.maxBytes} bytes`);
  }
  const reader = new SegmentReader(limits, sink, true);
  const documents = reader.read(input.pieces(), screen);
  return documents !== null && reader.content ? documents : null;
}

/**
 * Thrown by a TextInPieces that cannot give its text in pieces after all (a file that cannot be opened, bytes that
 * are not UTF-8 text): the text is then read whole, where what is wrong with it is told precisely.
 */
export class NotInPieces extends Error {}

/** The most characters of one segment held across pieces (4 Mi, UTF-16 units) before the text is read whole. */
const MAX_CARRY = 4 * 1024 * 1024;

/** The fast reader, or null when the whole text must go to the exact reader. */
function readFast(text: string, limits: ManifestLimits, sink: ManifestSink): number | null {
  // Items of a List are read one by one; where they cannot be, the documents whole.
  const documents = new SegmentReader(limits, sink, true).read([text]);
  if (documents !== null) return documents;
  sink.restart();
  return new SegmentReader(limits, sink, false).read([text]);
}

/** The comma after a JSON element, at the end of its last line. */
const TRAILING_COMMA = /,([ \t]*\r?\n?)$/;

/** What makes the exact reader needed for the items of a List read one by one: anchors and aliases may reach across items. */
const ANCHOR_OR_ALIAS = /(?:^|[\s[\]{},])[&*][^\s,[\]{}]/m;

/**
 * The fast reader over segments (yaml-documents.ts): each document or List item is read as soon as the
 * Segmenter has cut it and handed to the sink; a List's header is checked at its end.
 */
class SegmentReader {
  private readonly out: DocumentOut = { objects: [], skipped: [], total: 0 };
  private readonly segmenter: Segmenter;
  /** Whether any document has content. */
  content = false;

  constructor(
    private readonly limits: ManifestLimits,
    private readonly sink: ManifestSink,
    splitItems: boolean,
  ) {
    this.segmenter = new Segmenter(splitItems);
  }

  /** The number of documents, or null when the text must be read otherwise. */
  read(pieces: Iterable<string>, screen?: (window: string) => boolean): number | null {
    const it = pieces[Symbol.iterator]();
    try {
      let piece = it.next();
      let carry = '';
      let base = 0;
      for (;;) {
        const next = piece.done ? piece : it.next();
        const text = carry + (piece.done ? '' : piece.value);
        if (screen?.(text)) return null;
        const window: TextWindow = { text, lineStarts: lineStartsOf(text), base };
        const complete = next.done === true;
        const keep = this.segmenter.feed(window, complete, (s) => this.segment(window, s));
        if (keep === null) return null;
        if (complete) return this.segmenter.documentCount;
        carry = keep < window.lineStarts.length ? text.slice(window.lineStarts[keep]) : '';
        // One segment (a document, a List item) this large is read whole: pieces would only copy it again.
        if (screen && carry.length > MAX_CARRY) return null;
        base += keep;
        piece = next;
      }
    } catch (e) {
      if (e instanceof NotInPieces) return null;
      throw e;
    } finally {
      it.return?.();
    }
  }

  private segment(w: TextWindow, s: Segment): boolean {
    if (s.kind === 'document') {
      if (!s.hasContent) return true;
      this.content = true;
      return this.document(w, s.documentIndex, s.firstLine, s.endLine);
    }
    this.content = true;
    if (s.kind === 'item') return this.item(w, s);
    return listHeader(s.header, this.limits);
  }

  /** One document, whole. */
  private document(w: TextWindow, documentIndex: number, firstLine: number, endLine: number): boolean {
    const { limits, out } = this;
    const read = readSegment(w, firstLine, endLine, documentIndex, limits, limits.maxDepth, true);
    if (!read) return false;
    objectsOfDocument(documentIndex, read.value, read.locate, limits, out);
    handOn(out, this.sink);
    return true;
  }

  /** One item of a List, read as a list of that one item; false when it cannot be read on its own. */
  private item(w: TextWindow, s: Extract<Segment, { kind: 'item' }>): boolean {
    const { limits, out } = this;
    if (s.json) return this.jsonItem(w, s);
    // Anchors and aliases may reach across items: such an item is not read on its own.
    const { start, end } = sliceOf(w, s.firstLine, s.endLine);
    if (ANCHOR_OR_ALIAS.test(w.text.slice(start, end))) return false;
    // The item is at depth 2 of its one-item list, at depth 3 of its document (the List, then items).
    const read = readSegment(w, s.firstLine, s.endLine, s.documentIndex, limits, limits.maxDepth - 1, false);
    const value = read?.value;
    if (!read || !Array.isArray(value) || value.length !== 1) return false;
    let itemLocator: Locator | undefined;
    objectOfListItem(
      s.documentIndex,
      value[0],
      s.item,
      () => (itemLocator ??= new ItemLocator(read.locate(), s.item, s.firstContentLine, [0])),
      limits,
      out,
    );
    handOn(out, this.sink);
    return true;
  }

  /** One element of a JSON List: values as JSON reads them (for JSON, what YAML reads). */
  private jsonItem(w: TextWindow, s: Extract<Segment, { kind: 'item' }>): boolean {
    const { limits, out } = this;
    const { start, end } = sliceOf(w, s.firstLine, s.endLine);
    // The comma after the element is not its own.
    const source = w.text.slice(start, end).replace(TRAILING_COMMA, '$1');
    const lineShift = w.base + s.firstLine;
    let value: unknown;
    try {
      value = JSON.parse(source);
    } catch {
      return false;
    }
    if (!isPlainObject(value) || deeperThan(value, limits.maxDepth - 2)) return false;
    // Positions from the element's brackets and strings; else the exact reader's, the element inside a flow
    // list opened on the line before it (as it is in the document).
    let locator: Locator | undefined;
    const locate = () => {
      if (locator) return locator;
      const index = jsonLineIndex(source, lineShift + 1);
      const inner =
        index && verifyLineIndex(index, [value])
          ? new IndexLocator(index)
          : readExact(`[\n${source}\n]`, limits, lineShift - 1, s.documentIndex)[0].locator;
      return (locator = new ItemLocator(inner, s.item, s.firstContentLine, [0]));
    };
    objectOfListItem(s.documentIndex, value, s.item, locate, limits, out);
    handOn(out, this.sink);
    return true;
  }
}

/**
 * Lines [firstLine, endLine) of a window as one YAML document: its value, and its positions asked for when a
 * finding needs a line; null when it is to be read otherwise (js-yaml refuses it, it is not one document, it
 * nests deeper than `maxDepth`). `exactErrors`: whether the exact reader's refusal is the answer (a whole
 * document: a YAML error is always the exact reader's) or a reason to read otherwise (a List item).
 */
function readSegment(
  w: TextWindow,
  firstLine: number,
  endLine: number,
  documentIndex: number,
  limits: ManifestLimits,
  maxDepth: number,
  exactErrors: boolean,
): { value: unknown; locate: () => Locator } | null {
  const { start, end } = sliceOf(w, firstLine, endLine);
  const source = w.text.slice(start, end);
  if (needsExact(source)) {
    let docs: ReturnType<typeof readExact>;
    try {
      docs = readExact(source, limits, w.base + firstLine, documentIndex);
    } catch (e) {
      if (exactErrors || !(e instanceof ManifestError)) throw e;
      return null;
    }
    if (docs.length !== 1 || deeperThan(docs[0].value, maxDepth)) return null;
    return { value: docs[0].value, locate: () => docs[0].locator };
  }
  // Block YAML of plain, quoted and one-line flow values: read with its line index in one pass.
  const read = readBlockYaml(w.text, w.lineStarts, firstLine, endLine, w.base);
  let value: unknown = read?.value;
  if (!read) {
    try {
      value = loadDocument(source);
    } catch {
      return null;
    }
  }
  if (deeperThan(value, maxDepth)) return null;
  let locator: Locator | undefined = read ? new IndexLocator(read.index) : undefined;
  return {
    value,
    locate: () => (locator ??= fastLocator(w, firstLine, endLine, documentIndex, source, value, limits)),
  };
}

/**
 * Whether the rest of a document whose items were read one by one (with ITEMS_READ in their place) makes it a
 * List; else it is read whole.
 */
function listHeader(header: string, limits: ManifestLimits): boolean {
  let value: unknown;
  try {
    if (needsExact(header)) {
      const docs = readExact(header, limits);
      if (docs.length !== 1) return false;
      value = docs[0].value;
    } else {
      const lineStarts = lineStartsOf(header);
      value = readBlockYaml(header, lineStarts, 0, lineStarts.length)?.value ?? loadDocument(header);
    }
  } catch {
    return false;
  }
  const items = isPlainObject(value) ? value.items : undefined;
  return Array.isArray(items) && items.length === 1 && items[0] === ITEMS_READ && isListValue(value, true);
}

/**
 * Positions in one item of a List read on its own: paths under ['items', n] are those under the prefix in the
 * item's own locator; the document's root is its first key.
 */
class ItemLocator implements Locator {
  constructor(
    private readonly inner: Locator,
    private readonly item: number,
    private readonly rootLine: number,
    /** Where the item is in what `inner` read: [0], in a one-item list. */
    private readonly prefix: PathSegment[],
  ) {}

  private inItem(path: PathSegment[]): PathSegment[] | null {
    return path.length >= 2 && path[0] === 'items' && path[1] === this.item ? [...this.prefix, ...path.slice(2)] : null;
  }

  firstKeyLine(path: PathSegment[]): number {
    const p = this.inItem(path);
    return p ? this.inner.firstKeyLine(p) : this.rootLine;
  }

  entryLine(path: PathSegment[]): number | undefined {
    const p = this.inItem(path);
    return p ? this.inner.entryLine(p) : undefined;
  }

  literalBlocks(path: PathSegment[]): Map<string, number> {
    const p = this.inItem(path);
    return p ? this.inner.literalBlocks(p) : new Map();
  }
}

/**
 * Positions for one document: the line index when it describes the loaded value, else the exact reader
 * (which may then refuse a document js-yaml accepted: only corner cases such as a comment glued to a
 * flow collection's bracket, reported when a finding first needs a line of that document).
 */
function fastLocator(
  w: TextWindow,
  firstLine: number,
  endLine: number,
  documentIndex: number,
  source: string,
  value: unknown,
  limits: ManifestLimits,
): Locator {
  const index = buildLineIndex(w.text, w.lineStarts, firstLine, endLine, w.base);
  if (index && verifyLineIndex(index, value)) return new IndexLocator(index);
  return readExact(source, limits, w.base + firstLine, documentIndex)[0].locator;
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
