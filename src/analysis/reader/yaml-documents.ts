// Splits a YAML stream into its documents by their markers ("---" starts one, "..." ends one) the way
// the `yaml` package counts them, without parsing: the fast reader loads each piece on its own. The text
// may come in windows (a file read a chunk at a time): the Segmenter keeps its state from one window to
// the next and says which lines the next window must still hold.
//
// With splitItems, a document whose root is a block map at column 0 with a top-level `items:` key over a
// block list (what `kubectl get -o yaml` writes) is cut further: each item of that list is a segment of
// its own, and the rest of the document (its header: apiVersion, kind, metadata) is handed on at its end.
// A dump of a cluster is one such document; read item by item, it is never held whole. The same for a JSON
// document (`kubectl get -o json`, netkb cluster's pages) whose root object has an "items" array, when each
// element starts on a line of its own and its line ends after it (but for a comma).
//
// The Segmenter gives up (feed answers null) on what it does not cut with certainty: directives, a
// byte-order mark, content on a "---" line, a list whose items are not all at one indentation. The caller
// then reads the whole text with the exact reader (or without cutting items).

interface DocumentSlice {
  /** 0-based index of the slice's first line in the whole text. */
  firstLine: number;
  /** 0-based index one past the slice's last line. */
  endLine: number;
  start: number;
  end: number;
  /** Whether any line of the slice is content (not blank, not a comment, not a marker). */
  hasContent: boolean;
}

interface SplitText {
  /** Offset of the first character of each line. */
  lineStarts: LineStarts;
  documents: DocumentSlice[];
}

/** A window of the text: its lines are those of the whole text from line `base` (0-based) on. */
export interface TextWindow {
  text: string;
  lineStarts: LineStarts;
  base: number;
}

/**
 * What the Segmenter hands on; lines are 0-based indexes into the window's lines, [firstLine, endLine).
 * - a document, whole;
 * - item `item` of the top-level `items` list of document `documentIndex` (written as a one-item list, or a
 *   JSON element); `firstContentLine` is the 1-based line of the document's first key in the whole text;
 * - the end of such a document: `header` is its text with ITEMS_READ as the list's one item in place of its
 *   items (for its apiVersion and kind; a second items key is seen as the one that counts when it replaces it).
 */
export type Segment =
  | { kind: 'document'; documentIndex: number; firstLine: number; endLine: number; hasContent: boolean }
  | {
      kind: 'item';
      documentIndex: number;
      item: number;
      firstLine: number;
      endLine: number;
      firstContentLine: number;
      /** A JSON element (its last line may end in a comma), not a one-item YAML list. */
      json: boolean;
    }
  | { kind: 'listEnd'; documentIndex: number; header: string; items: number };

/** The one item of the list in a cut document's header. */
export const ITEMS_READ = 'netkb: items read one by one';

const START = /^---(?:[ \t]|$)/;
const END = /^\.\.\.(?:[ \t]|$)/;
const ITEMS_KEY = /^items:[ \t]*(?:#.*)?$/;
/** First characters of a root that is not a block map written at column 0 (an indented one, a list, a flow or block scalar). */
const ROOT_NOT_MAP = ' \t-[{|>';

/** Offsets of line starts; a typed array (filling one took a tenth of the time an array of numbers did). */
export type LineStarts = Int32Array;

export function lineStartsOf(text: string): LineStarts {
  let starts = new Int32Array(1024);
  let n = 1;
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) {
    if (n === starts.length) {
      const grown = new Int32Array(n * 2);
      grown.set(starts);
      starts = grown;
    }
    starts[n++] = i + 1;
  }
  return starts.subarray(0, n);
}

/** The documents of a whole text (no items cut out), or null when it cannot be split with certainty. */
export function splitDocuments(text: string): SplitText | null {
  const lineStarts = lineStartsOf(text);
  const window = { text, lineStarts, base: 0 };
  const documents: DocumentSlice[] = [];
  const fed = new Segmenter(false).feed(window, true, (s) => {
    if (s.kind === 'document') documents.push({ ...sliceOf(window, s.firstLine, s.endLine), hasContent: s.hasContent });
    return true;
  });
  return fed === null ? null : { lineStarts, documents };
}

/** Lines [firstLine, endLine) of a window as offsets into its text. */
export function sliceOf(
  w: TextWindow,
  firstLine: number,
  endLine: number,
): { firstLine: number; endLine: number; start: number; end: number } {
  return {
    firstLine,
    endLine,
    start: w.lineStarts[firstLine],
    end: endLine < w.lineStarts.length ? w.lineStarts[endLine] : w.text.length,
  };
}

/** Where the segmenter is in cutting the current document's `items` list. */
type ItemsState =
  /** Not cut: read as a whole document. */
  | 'whole'
  /** A root map at column 0, `items:` not met yet. */
  | 'header'
  /** Just after the `items:` line: the next content line says whether a block list follows. */
  | 'itemsKey'
  /** Inside the list. */
  | 'items'
  /** Past the list, in the rest of the header. */
  | 'after'
  /** A JSON root object, its "items" not met yet. */
  | 'json'
  /** In the JSON items array, between elements; in one element. */
  | 'jsonItems'
  | 'jsonItem';

export class Segmenter {
  /** The current document: its first line (in the whole text), whether it has a marker and content. */
  private first = 0;
  private hasMarker = false;
  private hasContent = false;
  private documents = 0;
  private state: ItemsState = 'whole';
  /** In 'items': the list's indentation, where the current item starts (whole text), its index. */
  private indent = 0;
  private itemStart = 0;
  private item = 0;
  /** 1-based line of the document's first content line. */
  private contentLine = 0;
  private itemsLine = 0;
  /** The header's lines before `items:`; in 'after', where its lines after the list start (whole text). */
  private headerBefore = '';
  private afterStart = 0;
  /** The next line to look at (whole text). */
  private next = 0;
  /** In a JSON document: how deep in objects and arrays the scan is. */
  private depth = 0;

  constructor(private readonly splitItems: boolean) {}

  /** Documents closed so far. */
  get documentCount(): number {
    return this.documents;
  }

  /**
   * Reads the lines of `w` not seen yet (all when `complete`, the input's last window; else all but its last,
   * which may be cut), handing each finished segment to `emit` (false from it stops: null). Returns the index
   * in `w` of the first line the next window must still hold, or null when the text cannot be cut with
   * certainty.
   */
  feed(w: TextWindow, complete: boolean, emit: (s: Segment) => boolean): number | null {
    const { text, lineStarts, base } = w;
    const last = complete ? lineStarts.length : lineStarts.length - 1;
    if (this.next === 0 && text.charCodeAt(0) === 0xfeff) return null;
    for (let i = this.next - base; i < last; i++) {
      const at = base + i;
      const start = lineStarts[i];
      const first = text.charCodeAt(start);
      // Only lines starting with '-', '.', '%', '#' or content at column 0 can change the split.
      if (first === 0x2d /* - */ || first === 0x2e /* . */) {
        const line = lineAt(w, i);
        if (START.test(line)) {
          if (!isBlankOrComment(line.slice(3))) return null;
          if (this.hasContent || this.hasMarker) {
            if (!this.close(w, at, emit)) return null;
            this.open(at, true);
          } else {
            this.hasMarker = true;
          }
          continue;
        }
        if (END.test(line)) {
          if (!isBlankOrComment(line.slice(3)) || !(this.hasContent || this.hasMarker)) return null;
          if (!this.close(w, at + 1, emit)) return null;
          this.open(at + 1, false);
          continue;
        }
      }
      if (!this.hasContent) {
        if (first === 0x25 /* % */) return null;
        if (isBlankOrComment(lineAt(w, i))) continue;
        this.hasContent = true;
        this.contentLine = at + 1;
        // A root map at column 0 may hold a list to cut; a root list or an indented root is read whole.
        this.state = !this.splitItems
          ? 'whole'
          : first === 0x7b /* { */
            ? 'json'
            : ROOT_NOT_MAP.includes(text[start])
              ? 'whole'
              : 'header';
        this.depth = 0;
      }
      if (this.state === 'whole' || this.state === 'after') continue;
      if (this.state === 'json' || this.state === 'jsonItems' || this.state === 'jsonItem') {
        if (!this.jsonLine(w, i, emit)) return null;
      } else if (!this.itemLine(w, i, emit)) return null;
    }
    if (base + last > this.next) this.next = base + last;
    if (complete) {
      if (!this.close(w, base + lineStarts.length, emit)) return null;
      return lineStarts.length;
    }
    const keep =
      this.state === 'items' || this.state === 'jsonItems' || this.state === 'jsonItem'
        ? this.itemStart
        : this.state === 'after'
          ? this.afterStart
          : this.first;
    return Math.min(keep, this.next) - base;
  }

  /** A line of a document being cut (state header, itemsKey or items); false when the cut must be given up. */
  private itemLine(w: TextWindow, i: number, emit: (s: Segment) => boolean): boolean {
    const at = w.base + i;
    const start = w.lineStarts[i];
    const { text } = w;
    const first = text.charCodeAt(start);
    if (this.state === 'header') {
      if (first === 0x69 /* i */ && ITEMS_KEY.test(lineAt(w, i))) {
        this.state = 'itemsKey';
        this.itemsLine = at;
      }
      return true;
    }
    const line = lineAt(w, i);
    if (isBlankOrComment(line)) return true;
    let indent = 0;
    while (line.charCodeAt(indent) === 0x20) indent++;
    if (line.charCodeAt(indent) === 0x09 /* tab */) return false;
    const isItem = line.charCodeAt(indent) === 0x2d && (indent + 1 === line.length || /[ \t]/.test(line[indent + 1]));
    if (this.state === 'itemsKey') {
      if (!isItem) {
        this.state = 'whole'; // `items:` over a map, or with no value: nothing to cut
        return true;
      }
      this.state = 'items';
      this.indent = indent;
      this.itemStart = at;
      this.item = 0;
      this.headerBefore = `${text.slice(w.lineStarts[this.first - w.base], w.lineStarts[this.itemsLine - w.base])}items: ["${ITEMS_READ}"]\n`;
      return true;
    }
    // In the list: an item at its indentation starts the next one; a line at column 0 ends the list.
    if (indent === this.indent && isItem) {
      if (!this.emitItem(w, at, emit)) return false;
      this.itemStart = at;
      this.item++;
      return true;
    }
    if (indent === 0) {
      if (!this.emitItem(w, at, emit)) return false;
      this.item++;
      this.state = 'after';
      this.afterStart = at;
      return true;
    }
    return indent > this.indent;
  }

  /**
   * A line of a JSON document being cut: its strings and brackets are followed to find "items": [ at the root and
   * each element of it; false when the cut must be given up (an element not on lines of its own, a comment, a
   * string over lines, anything but objects in the array).
   */
  private jsonLine(w: TextWindow, i: number, emit: (s: Segment) => boolean): boolean {
    const { text, lineStarts } = w;
    const at = w.base + i;
    const start = lineStarts[i];
    let end = i + 1 < lineStarts.length ? lineStarts[i + 1] - 1 : text.length;
    if (end > start && text.charCodeAt(end - 1) === 0x0d) end--;
    let lead = start;
    while (lead < end && (text.charCodeAt(lead) === 0x20 || text.charCodeAt(lead) === 0x09)) lead++;
    for (let j = lead; j < end; j++) {
      const c = text.charCodeAt(j);
      if (c === 0x22 /* " */) {
        if (this.state === 'jsonItems') return false; // an element that is a string, not an object
        const close = stringEnd(text, j, end);
        if (close === -1) return false;
        if (this.state === 'json' && this.depth === 1 && text.slice(j + 1, close) === 'items') {
          // "items" as a key of the root: a ':' and a '[' ending the line open the array to cut.
          const rest = /^[ \t]*:[ \t]*(\[)?[ \t]*$/.exec(text.slice(close + 1, end));
          if (!rest) return ((this.state = 'whole'), true);
          if (!rest[1]) return false;
          this.state = 'jsonItems';
          this.depth = 2;
          this.item = 0;
          this.itemStart = at + 1; // what the next window must hold: from the next element on
          this.headerBefore = `${text.slice(lineStarts[this.first - w.base], lineStarts[i + 1] ?? text.length)}"${ITEMS_READ}"\n`;
          return true;
        }
        j = close;
        continue;
      }
      if (c === 0x27 /* ' */) return false; // YAML's single-quoted strings: not JSON, not followed here
      if (this.state === 'jsonItems') {
        if (c === 0x7b /* { */ && j === lead) {
          this.state = 'jsonItem';
          this.itemStart = at;
          this.depth = 3;
          continue;
        }
        if (c === 0x5d /* ] */ && j === lead) {
          this.state = 'after';
          this.afterStart = at;
          return true;
        }
        if (c !== 0x2c /* , */ && c !== 0x20 && c !== 0x09) return false;
        continue;
      }
      if (c === 0x7b || c === 0x5b /* [ */) this.depth++;
      else if (c === 0x7d /* } */ || c === 0x5d) {
        this.depth--;
        if (this.state === 'jsonItem' && this.depth === 2) {
          if (!/^[ \t]*,?[ \t]*$/.test(text.slice(j + 1, end))) return false;
          if (!this.emitItem(w, at + 1, emit)) return false;
          this.item++;
          this.state = 'jsonItems';
          this.itemStart = at + 1;
          return true;
        }
      } else if (c === 0x23 /* # */) return false;
    }
    return true;
  }

  private emitItem(w: TextWindow, endLine: number, emit: (s: Segment) => boolean): boolean {
    return emit({
      kind: 'item',
      documentIndex: this.documents,
      item: this.item,
      firstLine: this.itemStart - w.base,
      endLine: endLine - w.base,
      firstContentLine: this.contentLine,
      json: this.state === 'jsonItem',
    });
  }

  /** Ends the current document at `endLine` (whole text); false when `emit` stopped. */
  private close(w: TextWindow, endLine: number, emit: (s: Segment) => boolean): boolean {
    if (!(this.hasContent || this.hasMarker)) return true;
    // A JSON document cut into items ends after its array (an unclosed one is not cut).
    if (this.state === 'jsonItems' || this.state === 'jsonItem') return false;
    if (this.state === 'items') {
      if (!this.emitItem(w, endLine, emit)) return false;
      this.item++;
    }
    const documentIndex = this.documents++;
    if (this.state === 'items' || this.state === 'after') {
      const after = this.state === 'after' ? sliceText(w, this.afterStart - w.base, endLine - w.base) : '';
      return emit({ kind: 'listEnd', documentIndex, header: this.headerBefore + after, items: this.item });
    }
    return emit({
      kind: 'document',
      documentIndex,
      firstLine: this.first - w.base,
      endLine: endLine - w.base,
      hasContent: this.hasContent,
    });
  }

  private open(first: number, hasMarker: boolean): void {
    this.first = first;
    this.hasMarker = hasMarker;
    this.hasContent = false;
    this.state = 'whole';
    this.headerBefore = '';
  }
}

/** The index of the quote closing the JSON string opened at `open`, on the same line; -1 when there is none. */
function stringEnd(text: string, open: number, end: number): number {
  for (let k = text.indexOf('"', open + 1); k !== -1 && k < end; k = text.indexOf('"', k + 1)) {
    let slashes = 0;
    while (text.charCodeAt(k - 1 - slashes) === 0x5c /* \ */) slashes++;
    if (slashes % 2 === 0) return k;
  }
  return -1;
}

function sliceText(w: TextWindow, firstLine: number, endLine: number): string {
  const { start, end } = sliceOf(w, firstLine, endLine);
  return w.text.slice(start, end);
}

function lineAt(w: TextWindow, i: number): string {
  const { text, lineStarts } = w;
  const end = i + 1 < lineStarts.length ? lineStarts[i + 1] - 1 : text.length;
  const line = text.slice(lineStarts[i], end);
  return line.endsWith('\r') ? line.slice(0, -1) : line;
}

function isBlankOrComment(s: string): boolean {
  const t = s.trimStart();
  return t === '' || t[0] === '#';
}
