// A position index for block-style YAML, built from the lines alone: for every map entry and list item
// written in block style, the line where it is written. It is what lets the fast reader keep exact line
// numbers without building the `yaml` package's document tree. It gives up (returns null) on what it
// does not follow with certainty: flow collections spanning lines, anchors, aliases, tags, complex keys,
// tabs in indentation, duplicate keys, a root block scalar; and the caller also checks it against the
// loaded value (verifyLineIndex) before trusting it.
import type { PathSegment } from './manifest-types';

/** One node as written: where its entry is, and what it holds. */
export interface LineNode {
  /** Line (1-based, in the whole text) of the entry: a map entry's key, a list item's start; the first content line for the root. */
  line: number;
  kind: 'map' | 'seq' | 'scalar' | 'flow' | 'null';
  /** For a map: the line of its first key. */
  firstKeyLine: number;
  /** A literal block scalar ("key: |"): the line of its header. */
  literal: boolean;
  keys: Map<string, LineNode> | null;
  items: LineNode[] | null;
}

const node = (line: number): LineNode => ({ line, kind: 'null', firstKeyLine: line, literal: false, keys: null, items: null });

/** The node at `path`, or undefined when the index has none there. */
export function nodeAt(root: LineNode, path: PathSegment[]): LineNode | undefined {
  let n: LineNode | undefined = root;
  for (const seg of path) {
    if (!n) return undefined;
    n = typeof seg === 'number' ? n.items?.[seg] : n.keys?.get(seg);
  }
  return n;
}

interface Frame { indent: number; node: LineNode }
interface Pending { node: LineNode; indent: number; inSeq: boolean; fromItem: boolean }

class GiveUp extends Error {}
const giveUp = (): never => { throw new GiveUp(); };

/** Lines [firstLine, endLine) of `text` (0-based indexes into `lineStarts`); null when the scanner gives up. */
export function buildLineIndex(text: string, lineStarts: number[], firstLine: number, endLine: number): LineNode | null {
  try {
    return new Scanner(text, lineStarts).run(firstLine, endLine);
  } catch (e) {
    if (e instanceof GiveUp) return null;
    throw e;
  }
}

class Scanner {
  private root: LineNode | null = null;
  private stack: Frame[] = [];
  private pending: Pending | null = null;
  private blockIndent = -1;
  private quote: string | null = null;

  constructor(private readonly text: string, private readonly lineStarts: number[]) {}

  run(firstLine: number, endLine: number): LineNode {
    const { text, lineStarts } = this;
    for (let n = firstLine; n < endLine; n++) {
      const start = lineStarts[n];
      let end = n + 1 < lineStarts.length ? lineStarts[n + 1] - 1 : text.length;
      if (end > start && text.charCodeAt(end - 1) === 13) end--;
      let i = start;
      while (i < end && text.charCodeAt(i) === 32) i++;
      let j = i;
      while (j < end && (text.charCodeAt(j) === 32 || text.charCodeAt(j) === 9)) j++;
      const blank = j === end;
      if (this.quote !== null) {
        if (closingQuote(text.slice(start, end), 0, this.quote) !== -1) this.quote = null;
        continue;
      }
      const indent = i - start;
      if (this.blockIndent >= 0) {
        if (blank || indent > this.blockIndent) continue;
        this.blockIndent = -1;
      }
      if (blank) continue;
      const first = text.charCodeAt(i);
      if (first === 35 /* # */) continue;
      if (first === 9) giveUp();
      if (indent === 0 && (first === 45 || first === 46) && /^(?:---|\.\.\.)(?:[ \t]|$)/.test(text.slice(start, end))) continue; // the slice's own markers
      this.line(indent, text.slice(i, end), n + 1);
    }
    if (this.pending) this.pending.node.kind = 'null';
    return this.root ?? giveUp();
  }

  private line(i: number, c: string, L: number): void {
    const p = this.pending;
    if (p) {
      this.pending = null;
      if (i > p.indent || (i === p.indent && !p.inSeq && isSeqItem(c))) {
        if (p.fromItem) p.node.line = L;
        const top = this.stack[this.stack.length - 1];
        this.open(p.node, i, c, L, top ? top.indent : -1);
        return;
      }
      p.node.kind = 'null';
    }
    while (this.stack.length > 0) {
      const top = this.stack[this.stack.length - 1];
      if (top.indent > i || (top.indent === i && top.node.kind === 'seq' && !isSeqItem(c))) this.stack.pop();
      else break;
    }
    const top = this.stack[this.stack.length - 1];
    if (!top) {
      if (this.root) return; // lines after a root scalar belong to it
      this.root = node(L);
      this.open(this.root, i, c, L, -1);
      return;
    }
    if (top.indent < i) return; // continuation of a multi-line scalar
    if (top.node.kind === 'seq') this.item(top.node, i, c, L);
    else this.entry(top.node, i, c, L);
  }

  /** The node `n` starts at column i of line L, inside a parent written at `parentIndent`. */
  private open(n: LineNode, i: number, c: string, L: number, parentIndent: number): void {
    if (isSeqItem(c)) {
      n.kind = 'seq';
      n.items = [];
      this.stack.push({ indent: i, node: n });
      this.item(n, i, c, L);
      return;
    }
    if (parseKey(c)) {
      n.kind = 'map';
      n.keys = new Map();
      n.firstKeyLine = L;
      this.stack.push({ indent: i, node: n });
      this.entry(n, i, c, L);
      return;
    }
    this.value(n, c, parentIndent);
  }

  private item(seq: LineNode, i: number, c: string, L: number): void {
    if (!isSeqItem(c)) giveUp();
    const n = node(L);
    seq.items!.push(n);
    let j = 1;
    while (c.charCodeAt(j) === 32) j++;
    if (c[j] === '\t') giveUp();
    const rest = c.slice(j);
    if (rest === '' || rest[0] === '#') {
      this.pending = { node: n, indent: i, inSeq: true, fromItem: true };
      return;
    }
    this.open(n, i + j, rest, L, i);
  }

  private entry(map: LineNode, i: number, c: string, L: number): void {
    const k = parseKey(c);
    if (!k || map.keys!.has(k.key)) return giveUp();
    const n = node(L);
    map.keys!.set(k.key, n);
    let v = k.end;
    while (c.charCodeAt(v) === 32 || c.charCodeAt(v) === 9) v++;
    if (v === c.length || c[v] === '#') {
      this.pending = { node: n, indent: i, inSeq: false, fromItem: false };
      return;
    }
    const value = c.slice(v);
    if (isSeqItem(value) || parseKey(value)) giveUp(); // "key: - a" and "a: b: c" are not YAML
    this.value(n, value, i);
  }

  /** A value that is not a block collection: block scalar, flow collection, quoted or plain scalar. */
  private value(n: LineNode, v: string, parentIndent: number): void {
    const ch = v[0];
    n.kind = 'scalar';
    if (ch === '|' || ch === '>') {
      if (parentIndent < 0 || !/^[|>][-+0-9]*[ \t]*(?:#.*)?$/.test(v)) giveUp();
      this.blockIndent = parentIndent;
      n.literal = ch === '|';
      return;
    }
    if (ch === '[' || ch === '{') {
      const end = flowEnd(v);
      if (end === -1 || !isBlankOrComment(v, end)) giveUp();
      n.kind = 'flow';
      return;
    }
    if (ch === '"' || ch === "'") {
      const end = closingQuote(v, 1, ch);
      if (end === -1) this.quote = ch;
      else if (!isBlankOrComment(v, end + 1)) giveUp();
      return;
    }
    if ('&*!%@`?,]}'.includes(ch)) giveUp();
  }
}

function isBlankOrComment(s: string, from: number): boolean {
  let j = from;
  while (s.charCodeAt(j) === 32 || s.charCodeAt(j) === 9) j++;
  return j === s.length || s[j] === '#';
}

function isSeqItem(c: string): boolean {
  return c.charCodeAt(0) === 45 && (c.length === 1 || c[1] === ' ' || c[1] === '\t');
}

/** A block map entry's key and where its value starts, or null when the line is not "key: value". */
function parseKey(c: string): { key: string; end: number } | null {
  const ch = c[0];
  if (ch === '"' || ch === "'") {
    const close = closingQuote(c, 1, ch);
    if (close === -1) return null;
    let j = close + 1;
    while (c[j] === ' ') j++;
    if (c[j] !== ':' || !(j + 1 === c.length || c[j + 1] === ' ' || c[j + 1] === '\t')) return null;
    return { key: unquote(c.slice(0, close + 1)), end: j + 1 };
  }
  if (',[]{}#&*!|>%@`'.includes(ch)) return null;
  if ((ch === '-' || ch === '?' || ch === ':') && (c.length === 1 || c[1] === ' ' || c[1] === '\t')) return null;
  for (let j = 0; j < c.length; j++) {
    const x = c.charCodeAt(j);
    if (x === 35 /* # */ && j > 0 && (c[j - 1] === ' ' || c[j - 1] === '\t')) return null;
    if (x === 58 /* : */ && (j + 1 === c.length || c[j + 1] === ' ' || c[j + 1] === '\t')) {
      return { key: c.slice(0, j).trimEnd(), end: j + 1 };
    }
  }
  return null;
}

/** Index of the closing quote at or after `from`, or -1 when the scalar goes on past this line. */
function closingQuote(s: string, from: number, q: string): number {
  for (let j = from; j < s.length; j++) {
    if (q === '"' && s[j] === '\\') { j++; continue; }
    if (s[j] === q) {
      if (q === "'" && s[j + 1] === "'") { j++; continue; }
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

/** Index one past the bracket that closes the flow collection opening `v`, or -1 if it is not on this line. */
function flowEnd(v: string): number {
  let depth = 0;
  for (let j = 0; j < v.length; j++) {
    const ch = v[j];
    if (ch === '"' || ch === "'") {
      const close = closingQuote(v, j + 1, ch);
      if (close === -1) return -1;
      j = close;
    } else if (ch === '[' || ch === '{') depth++;
    else if (ch === ']' || ch === '}') {
      depth--;
      if (depth === 0) return j + 1;
    } else if (ch === '#' && j > 0 && (v[j - 1] === ' ' || v[j - 1] === '\t')) return -1;
    else if ((ch === '&' || ch === '*' || ch === '!') && ' [{,'.includes(v[j - 1] ?? ' ')) return giveUp();
  }
  return -1;
}

/**
 * Whether the index describes `value` (the same document loaded by js-yaml): every block map has the
 * same keys, every block list the same length, every leaf is a leaf. Any difference means the scanner
 * misread the text, and the caller uses the exact reader for that document instead.
 */
export function verifyLineIndex(n: LineNode, v: unknown): boolean {
  switch (n.kind) {
    case 'map': {
      if (typeof v !== 'object' || v === null || Array.isArray(v)) return false;
      const obj = v as Record<string, unknown>;
      let count = 0;
      for (const k in obj) count++;
      if (count !== n.keys!.size) return false;
      for (const [k, child] of n.keys!) if (!(k in obj) || !verifyLineIndex(child, obj[k])) return false;
      return true;
    }
    case 'seq': {
      const items = n.items!;
      if (!Array.isArray(v) || v.length !== items.length) return false;
      for (let i = 0; i < items.length; i++) if (!verifyLineIndex(items[i], v[i])) return false;
      return true;
    }
    case 'scalar': return typeof v !== 'object' || v === null;
    case 'null': return v === null;
    case 'flow': return true;
  }
}
