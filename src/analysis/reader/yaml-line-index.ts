// A position index for block-style YAML, built from the lines alone: for every map entry and list item
// written in block style, the line where it is written. It is what lets the fast reader keep exact line
// numbers without building the `yaml` package's document tree. It gives up (returns null) on what it
// does not follow with certainty: flow collections spanning lines, anchors, aliases, tags, complex keys,
// tabs in indentation, duplicate keys, a root block scalar; and the caller also checks it against the
// loaded value (verifyLineIndex) before trusting it.
//
// The same scanner also reads values (readBlockYaml): for the block YAML most manifests are written in, the
// document's value and its index come from one pass, and js-yaml is not needed at all. In that mode it
// gives up on more (block scalars, scalars over several lines, keys that are not strings, what a flow
// collection holds beyond plain and quoted scalars). What it saves on a large manifest: docs/performance.md,
// "The block-YAML reader".
import type { PathSegment } from './manifest-types';
import { resolvePlain } from './core-scalars';
import type { LineStarts } from './yaml-documents';

// Character codes the scanner compares (charCodeAt), by name.
const TAB = 9; /* \t */
const CR = 13; /* \r */
const SPACE = 32;
const BANG = 33; /* ! */
const DOUBLE_QUOTE = 34; /* " */
const HASH = 35; /* # */
const AMPERSAND = 38; /* & */
const SINGLE_QUOTE = 39; /* ' */
const STAR = 42; /* * */
const DASH = 45; /* - */
const DOT = 46; /* . */
const COLON = 58; /* : */
const GREATER_THAN = 62; /* > */
const QUESTION = 63; /* ? */
const OPEN_BRACKET = 91; /* [ */
const BACKSLASH = 92; /* \ */
const CLOSE_BRACKET = 93; /* ] */
const OPEN_BRACE = 123; /* { */
const PIPE = 124; /* | */
const CLOSE_BRACE = 125; /* } */
const COMMA = 44; /* , */

/** One node as written: where its entry is, and what it holds. */
export interface LineNode {
  /** Line (1-based, in the whole text) of the entry: a map entry's key, a list item's start; the first content line for the root. */
  line: number;
  kind: 'map' | 'seq' | 'scalar' | 'flow' | 'null';
  /** For a map: the line of its first key. */
  firstKeyLine: number;
  /** A literal block scalar ("key: |"): the line of its header. */
  literal: boolean;
  /** A map's entries as [key, entry, key, entry, ...]: one array, not a Map, for the few keys most maps have. */
  keys: (string | LineEntry)[] | null;
  /** For a map with many keys: key -> index of its entry in `keys`. */
  index: Map<string, number> | null;
  items: LineEntry[] | null;
  /** When read with values (readBlockYaml): the map's object or the list's array. */
  value: Record<string, unknown> | unknown[] | null;
}

/** Past this many keys a map also gets an index, so lookups and the duplicate check stay fast. */
const MANY_KEYS = 16;

/** Index in `n.keys` of the entry for `key`, or -1. */
function slotOf(n: LineNode, key: string): number {
  if (n.index) return n.index.get(key) ?? -1;
  const keys = n.keys!;
  for (let i = 0; i < keys.length; i += 2) if (keys[i] === key) return i + 1;
  return -1;
}

/** Adds an entry to a map node; returns the index of the entry in `n.keys`. */
function addKey(n: LineNode, key: string, entry: LineEntry): number {
  const keys = n.keys!;
  const slot = keys.push(key, entry) - 1;
  if (n.index) n.index.set(key, slot);
  else if (keys.length > 2 * MANY_KEYS) {
    n.index = new Map();
    for (let i = 0; i < keys.length; i += 2) n.index.set(keys[i] as string, i + 1);
  }
  return slot;
}

/** The entry for `key` of a map node, if any. */
function entryOf(n: LineNode, key: string): LineEntry | undefined {
  const slot = n.keys ? slotOf(n, key) : -1;
  return slot < 0 ? undefined : (n.keys![slot] as LineEntry);
}

/** A map node's keys and entries, in the order written. */
export function* entriesOf(n: LineNode): Generator<[string, LineEntry]> {
  const keys = n.keys ?? [];
  for (let i = 0; i < keys.length; i += 2) yield [keys[i] as string, keys[i + 1] as LineEntry];
}

/**
 * A map entry or list item: a LineNode for a collection, a number for a leaf (most entries are leaves;
 * a number keeps the index small for the garbage collector): line * 4 + kind, kind 0 scalar, 1 null,
 * 2 flow collection, 3 literal block scalar.
 */
export type LineEntry = LineNode | number;

const SCALAR = 0;
const FLOW = 2;
const LITERAL = 3;
const LEAF_CODE = { scalar: SCALAR, null: 1, flow: FLOW } as const;
const leafKinds = ['scalar', 'null', 'flow', 'scalar'] as const;

/** The entry's line. */
export function lineOf(e: LineEntry): number {
  return typeof e === 'number' ? e >> 2 : e.line;
}

/** Whether the entry is a literal block scalar. */
export function isLiteral(e: LineEntry): boolean {
  return typeof e === 'number' ? (e & 3) === 3 : e.literal;
}

const node = (line: number): LineNode => ({
  line,
  kind: 'null',
  firstKeyLine: line,
  literal: false,
  keys: null,
  index: null,
  items: null,
  value: null,
});

/** The node as an entry of its parent: a leaf packed into a number, a collection as it is. */
function settled(n: LineNode): LineEntry {
  if (n.kind === 'map' || n.kind === 'seq') return n;
  return n.line * 4 + (n.literal ? 3 : LEAF_CODE[n.kind]);
}

/** The entry at `path`, or undefined when the index has none there. */
export function nodeAt(root: LineNode, path: PathSegment[]): LineEntry | undefined {
  let n: LineEntry | undefined = root;
  for (const seg of path) {
    if (n === undefined || typeof n === 'number') return undefined;
    n = typeof seg === 'number' ? n.items?.[seg] : entryOf(n, seg);
  }
  return n;
}

interface Frame {
  indent: number;
  node: LineNode;
}
/** An entry whose value starts on a later line; `parent` and `at` say where to settle it. */
interface Pending {
  node: LineNode;
  indent: number;
  inSeq: boolean;
  fromItem: boolean;
  parent: LineNode;
  at: number;
}

class GiveUp extends Error {}
const giveUp = (): never => {
  throw new GiveUp();
};

/**
 * Lines [firstLine, endLine) of `text` (0-based indexes into `lineStarts`; lines are numbered from lineBase + 1);
 * null when the scanner gives up.
 */
export function buildLineIndex(
  text: string,
  lineStarts: LineStarts,
  firstLine: number,
  endLine: number,
  lineBase = 0,
): LineNode | null {
  try {
    return new Scanner(text, lineStarts, false, lineBase).run(firstLine, endLine);
  } catch (e) {
    if (e instanceof GiveUp) return null;
    throw e;
  }
}

/**
 * Reads lines [firstLine, endLine) as one YAML document with its line index in the same pass: for block
 * maps and lists holding plain scalars (resolved as YAML_CORE_SCHEMA does), quoted scalars and flow
 * collections, each on one line; the value is what the exact reader (`yaml`) reads (test/analysis/
 * manifest-readers.test.ts compares them). Null for anything else (block scalars, scalars over several
 * lines, keys that are not strings, merge keys, what the index gives up on): js-yaml reads those.
 */
export function readBlockYaml(
  text: string,
  lineStarts: LineStarts,
  firstLine: number,
  endLine: number,
  lineBase = 0,
): { value: Record<string, unknown> | unknown[]; index: LineNode } | null {
  try {
    const index = new Scanner(text, lineStarts, true, lineBase).run(firstLine, endLine);
    return index.value === null ? null : { value: index.value, index };
  } catch (e) {
    if (e instanceof GiveUp) return null;
    throw e;
  }
}

// The scanner works on indexes into the whole text: a line's content is [s, e) (s at its first
// character after the indentation, e before the line break); nothing is cut out of the text but keys.
class Scanner {
  private root: LineNode | null = null;
  private stack: Frame[] = [];
  private pending: Pending | null = null;
  private blockIndent = -1;
  /** Inside a quoted scalar that goes on past its line: its quote (DOUBLE_QUOTE or SINGLE_QUOTE); else 0. */
  private quote: number = 0;
  /** Set by parseKey: the key, and the index just after its colon. */
  private key = '';
  private keyEnd = 0;
  /** Set by parseKey: whether the key was quoted. */
  private keyQuoted = false;
  /** Set by value() when reading values: the scalar or flow collection just read. */
  private scalar: unknown = null;

  constructor(
    private readonly t: string,
    private readonly lineStarts: LineStarts,
    /** Whether to build the document's value too (readBlockYaml); what it cannot read then gives up. */
    private readonly values: boolean,
    /** Lines of the whole text before `text`'s first line (when `text` is a window of a text read in pieces). */
    private readonly lineBase: number,
  ) {}

  run(firstLine: number, endLine: number): LineNode {
    const { t, lineStarts } = this;
    for (let n = firstLine; n < endLine; n++) {
      const start = lineStarts[n];
      let end = n + 1 < lineStarts.length ? lineStarts[n + 1] - 1 : t.length;
      if (end > start && t.charCodeAt(end - 1) === CR) end--;
      let i = start;
      while (i < end && t.charCodeAt(i) === SPACE) i++;
      let j = i;
      while (j < end && (t.charCodeAt(j) === SPACE || t.charCodeAt(j) === TAB)) j++;
      const blank = j === end;
      if (this.quote !== 0) {
        if (this.values) giveUp(); // a quoted scalar over several lines: js-yaml folds it
        if (closingQuote(t, start, end, this.quote) !== -1) this.quote = 0;
        continue;
      }
      const indent = i - start;
      if (this.blockIndent >= 0) {
        if (blank || indent > this.blockIndent) continue;
        this.blockIndent = -1;
      }
      if (blank) continue;
      const first = t.charCodeAt(i);
      if (first === HASH) continue;
      if (first === TAB) giveUp();
      if (indent === 0 && (first === DASH || first === DOT) && isDocumentMarker(t, i, end)) continue; // the slice's own markers
      this.line(indent, i, end, this.lineBase + n + 1);
    }
    if (this.pending) {
      this.pending.node.kind = 'null';
      this.settle(this.pending);
    }
    if (this.values && this.root?.value === null) giveUp(); // a scalar document
    return this.root ?? giveUp();
  }

  private line(i: number, s: number, e: number, L: number): void {
    const p = this.pending;
    if (p) {
      this.pending = null;
      if (i > p.indent || (i === p.indent && !p.inSeq && isSeqItem(this.t, s, e))) {
        if (p.fromItem) p.node.line = L;
        const top = this.stack[this.stack.length - 1];
        this.open(p.node, i, s, e, L, top ? top.indent : -1);
        this.settle(p);
        return;
      }
      p.node.kind = 'null';
      this.settle(p);
    }
    while (this.stack.length > 0) {
      const top = this.stack[this.stack.length - 1];
      if (top.indent > i || (top.indent === i && top.node.kind === 'seq' && !isSeqItem(this.t, s, e))) this.stack.pop();
      else break;
    }
    const top = this.stack[this.stack.length - 1];
    if (!top) {
      if (this.root) return this.values ? giveUp() : undefined; // lines after a root scalar belong to it
      this.root = node(L);
      this.open(this.root, i, s, e, L, -1);
      return;
    }
    if (top.indent < i) return this.values ? giveUp() : undefined; // continuation of a multi-line scalar
    if (top.node.kind === 'seq') this.item(top.node, i, s, e, L);
    else this.entry(top.node, i, e, L, this.parseKey(s, e));
  }

  /**
   * The node `n` starts at column i of line L, inside a parent written at `parentIndent`. `keyed` says
   * the caller has already found that [s, e) is a map entry (this.key and this.keyEnd hold it).
   */
  private open(n: LineNode, i: number, s: number, e: number, L: number, parentIndent: number, keyed = false): void {
    if (!keyed && isSeqItem(this.t, s, e)) {
      n.kind = 'seq';
      n.items = [];
      if (this.values) n.value = [];
      this.stack.push({ indent: i, node: n });
      this.item(n, i, s, e, L);
      return;
    }
    if (keyed || this.parseKey(s, e)) {
      n.kind = 'map';
      n.keys = [];
      if (this.values) n.value = {};
      n.firstKeyLine = L;
      this.stack.push({ indent: i, node: n });
      this.entry(n, i, e, L, true);
      return;
    }
    const code = this.value(s, e, parentIndent);
    n.kind = code === FLOW ? 'flow' : 'scalar';
    n.literal = code === LITERAL;
  }

  private item(seq: LineNode, i: number, s: number, e: number, L: number): void {
    const t = this.t;
    if (!isSeqItem(t, s, e)) giveUp();
    const items = seq.items!;
    let j = s + 1;
    while (t.charCodeAt(j) === SPACE) j++;
    if (j < e && t.charCodeAt(j) === TAB) giveUp();
    const values = seq.value as unknown[] | null;
    if (j >= e || t.charCodeAt(j) === HASH) {
      const n = node(L);
      values?.push(null); // until settled
      this.pending = { node: n, indent: i, inSeq: true, fromItem: true, parent: seq, at: items.push(n) - 1 };
      return;
    }
    const nested = isSeqItem(t, j, e);
    if (nested || this.parseKey(j, e)) {
      const n = node(L);
      items.push(n);
      values?.push(null); // the item's own map or list, made by open()
      this.open(n, i + (j - s), j, e, L, i, !nested);
      if (values) values[values.length - 1] = n.value;
      return;
    }
    items.push(L * 4 + this.value(j, e, i)); // a leaf item needs no node
    values?.push(this.scalar);
  }

  /** Puts a pending entry's final form into its parent. */
  private settle(p: Pending): void {
    if (p.inSeq) p.parent.items![p.at] = settled(p.node);
    else p.parent.keys![p.at] = settled(p.node);
    if (!this.values) return;
    // A scalar written on the line after its key or dash was read by open() just before this.
    const kind = p.node.kind;
    const value = kind === 'map' || kind === 'seq' ? p.node.value : kind === 'null' ? null : this.scalar;
    if (p.inSeq) (p.parent.value as unknown[])[p.at] = value;
    else (p.parent.value as Record<string, unknown>)[p.parent.keys![p.at - 1] as string] = value;
  }

  /** A map entry; `parsed` says parseKey has just succeeded on this line (this.key, this.keyEnd hold its answer). */
  private entry(map: LineNode, i: number, e: number, L: number, parsed: boolean): void {
    if (!parsed || slotOf(map, this.key) >= 0) return giveUp();
    const t = this.t;
    const key = this.key;
    const values = map.value as Record<string, unknown> | null;
    if (values) {
      if (!this.keyQuoted && resolvePlain(key) !== key) giveUp(); // js-yaml's key would be String(value)
      if (key === '<<' || key === '__proto__') giveUp(); // a merge; a key js-yaml defines with care
    }
    let v = this.keyEnd;
    while (v < e && (t.charCodeAt(v) === SPACE || t.charCodeAt(v) === TAB)) v++;
    if (v === e || t.charCodeAt(v) === HASH) {
      const n = node(L);
      if (values) values[key] = null; // until settled; the key takes its place in the order now
      this.pending = { node: n, indent: i, inSeq: false, fromItem: false, parent: map, at: addKey(map, key, n) };
      return;
    }
    if (isSeqItem(t, v, e) || this.parseKey(v, e)) giveUp(); // "key: - a" and "a: b: c" are not YAML
    addKey(map, key, L * 4 + this.value(v, e, i)); // a value on the key's line is a leaf: no node
    if (values) values[key] = this.scalar;
  }

  /** A value that is not a block collection (block scalar, flow collection, quoted or plain scalar): its leaf code. */
  private value(s: number, e: number, parentIndent: number): number {
    const t = this.t;
    const ch = t.charCodeAt(s);
    if (ch === PIPE || ch === GREATER_THAN) {
      if (this.values) giveUp(); // block scalars: js-yaml reads them
      if (parentIndent < 0 || !/^[|>][-+0-9]*[ \t]*(?:#.*)?$/.test(t.slice(s, e))) giveUp();
      this.blockIndent = parentIndent;
      return ch === PIPE ? LITERAL : SCALAR;
    }
    if (ch === OPEN_BRACKET || ch === OPEN_BRACE) {
      const end = flowEnd(t, s, e);
      if (end === -1 || !isBlankOrComment(t, end, e)) giveUp();
      if (this.values) this.scalar = readFlow(t, s, end);
      return FLOW;
    }
    if (ch === DOUBLE_QUOTE || ch === SINGLE_QUOTE) {
      const end = closingQuote(t, s + 1, e, ch);
      if (end === -1)
        this.quote = this.values ? giveUp() : ch; // over several lines: js-yaml folds it
      else if (!isBlankOrComment(t, end + 1, e)) giveUp();
      else if (this.values) this.scalar = unquote(t.slice(s, end + 1));
      return SCALAR;
    }
    if (INDICATORS.includes(t[s])) giveUp();
    if (this.values) this.scalar = resolvePlain(blockPlain(t, s, e));
    return SCALAR;
  }

  /** Whether [s, e) is "key: value" (or "key:"); if so this.key is the key and this.keyEnd the index after its colon. */
  private parseKey(s: number, e: number): boolean {
    const t = this.t;
    const ch = t.charCodeAt(s);
    if (ch === DOUBLE_QUOTE || ch === SINGLE_QUOTE) {
      const close = closingQuote(t, s + 1, e, ch);
      if (close === -1) return false;
      let j = close + 1;
      while (j < e && t.charCodeAt(j) === SPACE) j++;
      if (
        j >= e ||
        t.charCodeAt(j) !== COLON ||
        !(j + 1 === e || t.charCodeAt(j + 1) === SPACE || t.charCodeAt(j + 1) === TAB)
      )
        return false;
      this.key = unquote(t.slice(s, close + 1));
      this.keyEnd = j + 1;
      this.keyQuoted = true;
      return true;
    }
    if (KEY_REFUSED.includes(t[s])) return false;
    if (
      (ch === DASH || ch === QUESTION || ch === COLON) &&
      (s + 1 === e || t.charCodeAt(s + 1) === SPACE || t.charCodeAt(s + 1) === TAB)
    )
      return false;
    for (let j = s; j < e; j++) {
      const x = t.charCodeAt(j);
      if (x === HASH && j > s && (t.charCodeAt(j - 1) === SPACE || t.charCodeAt(j - 1) === TAB)) return false;
      if (x === COLON && (j + 1 === e || t.charCodeAt(j + 1) === SPACE || t.charCodeAt(j + 1) === TAB)) {
        this.key = t.slice(s, j).trimEnd();
        this.keyEnd = j + 1;
        this.keyQuoted = false;
        return true;
      }
    }
    return false;
  }
}

/** Characters that cannot start a plain scalar value here. */
const INDICATORS = '&*!%@`?,]}';
/** Characters that cannot start a plain key. */
const KEY_REFUSED = ',[]{}#&*!|>%@`';

function isDocumentMarker(t: string, s: number, e: number): boolean {
  const c = t.charCodeAt(s);
  if (e - s < 3 || t.charCodeAt(s + 1) !== c || t.charCodeAt(s + 2) !== c) return false;
  return s + 3 === e || t.charCodeAt(s + 3) === SPACE || t.charCodeAt(s + 3) === TAB;
}

function isBlankOrComment(t: string, from: number, e: number): boolean {
  let j = from;
  while (j < e && (t.charCodeAt(j) === SPACE || t.charCodeAt(j) === TAB)) j++;
  return j >= e || t.charCodeAt(j) === HASH;
}

function isSeqItem(t: string, s: number, e: number): boolean {
  return t.charCodeAt(s) === DASH && (s + 1 === e || t.charCodeAt(s + 1) === SPACE || t.charCodeAt(s + 1) === TAB);
}

/** Index of the closing quote (char code q) in [from, e), or -1 when the scalar goes on past this line. */
function closingQuote(t: string, from: number, e: number, q: number): number {
  for (let j = from; j < e; j++) {
    const c = t.charCodeAt(j);
    if (q === DOUBLE_QUOTE && c === BACKSLASH) {
      j++;
      continue;
    }
    if (c === q) {
      if (q === SINGLE_QUOTE && j + 1 < e && t.charCodeAt(j + 1) === SINGLE_QUOTE) {
        j++;
        continue;
      }
      return j;
    }
  }
  return -1;
}

function unquote(s: string): string {
  if (s[0] === "'") return s.slice(1, -1).replace(/''/g, "'");
  const inner = s.slice(1, -1);
  if (!inner.includes('\\')) return inner;
  try {
    return JSON.parse(s) as string;
  } catch {
    return giveUp();
  }
}

/** Index one past the bracket that closes the flow collection opening at s, or -1 if it is not on this line. */
function flowEnd(t: string, s: number, e: number): number {
  let depth = 0;
  for (let j = s; j < e; j++) {
    const ch = t.charCodeAt(j);
    if (ch === DOUBLE_QUOTE || ch === SINGLE_QUOTE) {
      const close = closingQuote(t, j + 1, e, ch);
      if (close === -1) return -1;
      j = close;
    } else if (ch === OPEN_BRACKET || ch === OPEN_BRACE) depth++;
    else if (ch === CLOSE_BRACKET || ch === CLOSE_BRACE) {
      depth--;
      if (depth === 0) return j + 1;
    } else if (ch === HASH && j > s && (t.charCodeAt(j - 1) === SPACE || t.charCodeAt(j - 1) === TAB)) return -1;
    else if ((ch === AMPERSAND || ch === STAR || ch === BANG) && (j === s || ' [{,'.includes(t[j - 1])))
      return giveUp();
  }
  return -1;
}

/**
 * A plain scalar in block context, [s, e), as text: gives up where YAML would read an indicator at its
 * start (": ", "- "). Every caller has found with parseKey that no ": " (or ":" at the end) comes before a
 * comment, and with isSeqItem that it is no list item; parseKey passes over a ": " at the start alone.
 */
function blockPlain(t: string, s: number, e: number): string {
  const text = plainText(t, s, e);
  const first = text.charCodeAt(0);
  if ((first === COLON || first === DASH) && (text.length === 1 || text[1] === ' ' || text[1] === '\t')) giveUp();
  return text;
}

/** A plain scalar in block context, [s, e): up to a comment (" #"), without the spaces before it or the end. */
function plainText(t: string, s: number, e: number): string {
  let end = e;
  for (let j = s + 1; j < e; j++) {
    const c = t.charCodeAt(j);
    if (c === HASH && (t.charCodeAt(j - 1) === SPACE || t.charCodeAt(j - 1) === TAB)) {
      end = j;
      break;
    }
  }
  while (end > s && (t.charCodeAt(end - 1) === SPACE || t.charCodeAt(end - 1) === TAB)) end--;
  return t.slice(s, end);
}

/**
 * The value of the flow collection [s, end) (one line, brackets balanced: flowEnd said so): lists and maps
 * of quoted and plain scalars. Gives up on what YAML reads in ways this does not follow: a plain scalar
 * holding ":" ({a:b}, [a: b]), an empty entry ([a,,b], [a,]), a key without a value, a key that is not a
 * string, a repeated key.
 */
function readFlow(t: string, s: number, end: number): unknown {
  const reader = new FlowReader(t, s, end);
  const value = reader.node(false);
  reader.space();
  if (reader.i !== end) giveUp();
  return value;
}

class FlowReader {
  constructor(
    private readonly t: string,
    public i: number,
    private readonly end: number,
  ) {}

  space(): void {
    const { t, end } = this;
    while (this.i < end && (t.charCodeAt(this.i) === SPACE || t.charCodeAt(this.i) === TAB)) this.i++;
  }

  /** A node; a key (`asKey`) stops at its colon, a value holding one gives up. */
  node(asKey: boolean): unknown {
    this.space();
    const ch = this.t.charCodeAt(this.i);
    if (ch === OPEN_BRACKET) return this.list();
    if (ch === OPEN_BRACE) return this.map();
    if (ch === DOUBLE_QUOTE || ch === SINGLE_QUOTE) {
      const close = closingQuote(this.t, this.i + 1, this.end, ch);
      if (close === -1) giveUp();
      const text = unquote(this.t.slice(this.i, close + 1));
      this.i = close + 1;
      return text;
    }
    return this.plain(asKey);
  }

  private list(): unknown[] {
    const t = this.t;
    this.i++;
    const list: unknown[] = [];
    this.space();
    if (t.charCodeAt(this.i) === CLOSE_BRACKET) {
      this.i++;
      return list;
    }
    for (;;) {
      list.push(this.node(false));
      this.space();
      const c = t.charCodeAt(this.i++);
      if (c === CLOSE_BRACKET) return list;
      if (c !== COMMA) return giveUp();
    }
  }

  private map(): Record<string, unknown> {
    const t = this.t;
    this.i++;
    const map: Record<string, unknown> = {};
    this.space();
    if (t.charCodeAt(this.i) === CLOSE_BRACE) {
      this.i++;
      return map;
    }
    for (;;) {
      this.space();
      const quoted = t.charCodeAt(this.i) === DOUBLE_QUOTE || t.charCodeAt(this.i) === SINGLE_QUOTE;
      const key = this.node(true);
      if (typeof key !== 'string' || (!quoted && resolvePlain(key) !== key)) return giveUp();
      if (key === '<<' || key === '__proto__' || Object.hasOwn(map, key)) giveUp();
      this.space();
      if (t.charCodeAt(this.i) !== COLON) giveUp(); // a key without a value
      const after = t.charCodeAt(++this.i);
      if (after !== SPACE && after !== TAB) giveUp(); // {"a":b} (YAML allows it after a quoted key; rare)
      map[key] = this.node(false);
      this.space();
      const c = t.charCodeAt(this.i++);
      if (c === CLOSE_BRACE) return map;
      if (c !== COMMA) return giveUp();
    }
  }

  /** A plain scalar: up to a flow indicator, without what makes YAML read it otherwise. */
  private plain(asKey: boolean): unknown {
    const { t, end } = this;
    const from = this.i;
    let i = from;
    for (; i < end; i++) {
      const c = t.charCodeAt(i);
      if (c === COMMA || c === CLOSE_BRACKET || c === CLOSE_BRACE || (c === COLON && asKey)) break;
      if (c === COLON || c === OPEN_BRACKET || c === OPEN_BRACE || c === HASH) giveUp();
    }
    this.i = i;
    let to = i;
    while (to > from && (t.charCodeAt(to - 1) === SPACE || t.charCodeAt(to - 1) === TAB)) to--;
    if (to === from) giveUp(); // an empty entry
    const first = t.charCodeAt(from);
    if (FLOW_PLAIN_REFUSED.includes(t[from])) giveUp();
    // "-" and "?" start a plain scalar only when a character other than a space or tab follows.
    const second = t.charCodeAt(from + 1);
    if ((first === DASH || first === QUESTION) && (to === from + 1 || second === SPACE || second === TAB)) giveUp();
    return resolvePlain(t.slice(from, to));
  }
}

/** Characters that cannot start a plain scalar in a flow collection. */
const FLOW_PLAIN_REFUSED = '&*!|>%@`';

/**
 * Whether the index describes `value` (the same document loaded by js-yaml): every block map has the
 * same keys, every block list the same length, every leaf is a leaf. Any difference means the scanner
 * misread the text, and the caller uses the exact reader for that document instead.
 */
export function verifyLineIndex(n: LineEntry, v: unknown): boolean {
  const kind = typeof n === 'number' ? leafKinds[n & 3] : n.kind;
  switch (kind) {
    case 'map': {
      if (typeof v !== 'object' || v === null || Array.isArray(v)) return false;
      // One pass over the value's keys: each is in the index and agrees, and there are as many.
      const obj = v as Record<string, unknown>;
      const map = n as LineNode;
      let count = 0;
      for (const k in obj) {
        const child = entryOf(map, k);
        if (child === undefined || !verifyLineIndex(child, obj[k])) return false;
        count++;
      }
      return count === map.keys!.length / 2;
    }
    case 'seq': {
      const items = (n as LineNode).items!;
      if (!Array.isArray(v) || v.length !== items.length) return false;
      for (let i = 0; i < items.length; i++) if (!verifyLineIndex(items[i], v[i])) return false;
      return true;
    }
    case 'scalar':
      return typeof v !== 'object' || v === null;
    case 'null':
      return v === null;
    case 'flow':
      return true;
  }
}

/**
 * The index of one JSON value (an element of a List as `kubectl get -o json` and netkb cluster write it), as a
 * one-item list, built by following its brackets and strings: the lines the exact reader gives, without its
 * parse. `firstLine` is the 1-based line the source starts on. Null on what is not JSON (and on a key given twice);
 * the caller checks it against the parsed value (verifyLineIndex) before trusting it.
 */
export function jsonLineIndex(source: string, firstLine: number): LineNode | null {
  const json = new JsonIndexer(source, firstLine);
  try {
    const root = node(firstLine);
    root.kind = 'seq';
    root.items = [json.value()];
    json.space();
    return json.i === source.length ? root : null;
  } catch (e) {
    if (e instanceof GiveUp) return null;
    throw e;
  }
}

/** JSON literals and numbers (RFC 8259, section 6), matched where a value starts. */
const JSON_SCALAR = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?|true|false|null/y;

class JsonIndexer {
  i = 0;
  constructor(
    private readonly s: string,
    private line: number,
  ) {}

  space(): void {
    for (;;) {
      const c = this.s.charCodeAt(this.i);
      if (c === 10) this.line++;
      else if (c !== SPACE && c !== TAB && c !== CR) return;
      this.i++;
    }
  }

  /** The value at `i`, as an entry on `entryLine` (its key's line in a map; else where it starts). */
  value(entryLine?: number): LineEntry {
    this.space();
    const at = entryLine ?? this.line;
    const c = this.s.charCodeAt(this.i);
    if (c === OPEN_BRACE || c === OPEN_BRACKET) return this.collection(c === OPEN_BRACE, at);
    if (c === DOUBLE_QUOTE) this.string();
    else {
      JSON_SCALAR.lastIndex = this.i;
      if (!JSON_SCALAR.test(this.s)) giveUp();
      this.i = JSON_SCALAR.lastIndex;
    }
    return at * 4 + SCALAR;
  }

  private collection(map: boolean, at: number): LineNode {
    const n = node(at);
    n.kind = map ? 'map' : 'seq';
    if (map) n.keys = [];
    else n.items = [];
    n.firstKeyLine = this.line;
    this.i++;
    this.space();
    if (this.s.charCodeAt(this.i) === (map ? CLOSE_BRACE : CLOSE_BRACKET)) {
      this.i++;
      return n;
    }
    for (let first = true; ; first = false) {
      this.space();
      if (map) {
        if (this.s.charCodeAt(this.i) !== DOUBLE_QUOTE) giveUp();
        const keyLine = this.line;
        if (first) n.firstKeyLine = keyLine;
        const key = this.string();
        this.space();
        if (this.s.charCodeAt(this.i++) !== COLON || entryOf(n, key) !== undefined) giveUp();
        addKey(n, key, this.value(keyLine));
      } else {
        n.items!.push(this.value());
      }
      this.space();
      const d = this.s.charCodeAt(this.i++);
      if (d === (map ? CLOSE_BRACE : CLOSE_BRACKET)) return n;
      if (d !== COMMA) giveUp();
    }
  }

  /** The string at `i` (a key's text); past its closing quote. */
  private string(): string {
    const { s } = this;
    let k = this.i + 1;
    for (;;) {
      k = s.indexOf('"', k);
      if (k === -1) giveUp();
      let slashes = 0;
      while (s.charCodeAt(k - 1 - slashes) === BACKSLASH) slashes++;
      if (slashes % 2 === 0) break;
      k++;
    }
    const raw = s.slice(this.i, k + 1);
    this.i = k + 1;
    if (raw.includes('\n')) giveUp();
    return raw.includes('\\') ? (JSON.parse(raw) as string) : raw.slice(1, -1);
  }
}
