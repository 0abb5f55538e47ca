// A position index for block-style YAML, built from the lines alone: for every map entry and list item
// in block style, the line where it is written. It is what lets the fast reader keep exact line numbers
// without building the `yaml` package's document tree. It gives up (returns null) on what it does not
// follow with certainty: flow collections spanning lines, anchors, aliases, tags, complex keys, tabs in
// indentation, duplicate keys, and any disagreement with the loaded value (see verifyLineIndex).
import type { PathSegment } from './manifest-types';

/** What was written at a path: a block map (with its keys), a block list, or a leaf. */
type Shape = { kind: 'map'; keys: string[] } | { kind: 'seq'; count: number } | { kind: 'scalar' } | { kind: 'flow' } | { kind: 'null' };

export interface LineIndex {
  /** Line (1-based, in the whole text) of each entry: a map entry's key, a list item's first line. */
  entryLine: Map<string, number>;
  /** Line of the first key of each block map. */
  firstKeyLine: Map<string, number>;
  /** Line of the header ("|") of each literal block scalar. */
  literalLine: Map<string, number>;
  /** Line of the document's first content. */
  rootLine: number;
  shapes: Map<string, Shape>;
}

const SEP = '\u0001';
export function childKey(parent: string, segment: PathSegment): string {
  return typeof segment === 'number' ? `${parent}${SEP}#${segment}` : `${parent}${SEP}:${segment}`;
}
export function pathKey(path: PathSegment[], base = ''): string {
  let key = base;
  for (const s of path) key = childKey(key, s);
  return key;
}

interface Frame { indent: number; kind: 'map' | 'seq'; key: string; count: number; keys: string[]; seen: Set<string> | null }
interface Pending { key: string; indent: number; inSeq: boolean; fromItem: boolean }

class GiveUp extends Error {}
const giveUp = (): never => { throw new GiveUp(); };

/** Lines [firstLine, endLine) of `text` (0-based line indexes into `lineStarts`). */
export function buildLineIndex(text: string, lineStarts: number[], firstLine: number, endLine: number): LineIndex | null {
  try {
    return new Scanner(text, lineStarts).run(firstLine, endLine);
  } catch (e) {
    if (e instanceof GiveUp) return null;
    throw e;
  }
}

class Scanner {
  private readonly index: LineIndex = { entryLine: new Map(), firstKeyLine: new Map(), literalLine: new Map(), rootLine: 0, shapes: new Map() };
  private stack: Frame[] = [];
  private pending: Pending | null = null;
  private blockIndent = -1;
  private quote: string | null = null;
  private rootDone = false;

  constructor(private readonly text: string, private readonly lineStarts: number[]) {}

  run(firstLine: number, endLine: number): LineIndex {
    const { text, lineStarts } = this;
    for (let n = firstLine; n < endLine; n++) {
      let end = n + 1 < lineStarts.length ? lineStarts[n + 1] - 1 : text.length;
      if (end > lineStarts[n] && text.charCodeAt(end - 1) === 13) end--;
      const raw = text.slice(lineStarts[n], end);
      const L = n + 1;
      let i = 0;
      while (raw.charCodeAt(i) === 32) i++;
      const blank = i === raw.length || /^[ \t]*$/.test(raw);
      if (this.quote !== null) {
        if (closingQuote(raw, 0, this.quote) !== -1) this.quote = null;
        continue;
      }
      if (this.blockIndent >= 0) {
        if (blank || i > this.blockIndent) continue;
        this.blockIndent = -1;
      }
      if (blank) continue;
      const c = raw.slice(i);
      if (c[0] === '#') continue;
      if (c[0] === '\t') giveUp();
      if (/^(?:---|\.\.\.)(?:[ \t]|$)/.test(raw)) continue; // the slice's own marker line
      this.line(i, c, L);
    }
    this.closePendingAsNull();
    if (!this.rootDone) giveUp();
    return this.index;
  }

  private line(i: number, c: string, L: number): void {
    const p = this.pending;
    if (p) {
      this.pending = null;
      const top = this.stack[this.stack.length - 1];
      if (i > p.indent || (i === p.indent && !p.inSeq && isSeqItem(c))) {
        if (p.fromItem) this.index.entryLine.set(p.key, L);
        this.node(i, c, L, p.key, top ? top.indent : -1);
        return;
      }
      this.index.shapes.set(p.key, { kind: 'null' });
    }
    while (this.stack.length > 0) {
      const top = this.stack[this.stack.length - 1];
      if (top.indent > i || (top.indent === i && top.kind === 'seq' && !isSeqItem(c))) this.stack.pop();
      else break;
    }
    const top = this.stack[this.stack.length - 1];
    if (!top) {
      if (this.rootDone) return; // lines after a root scalar belong to it
      this.rootDone = true;
      this.index.rootLine = L;
      this.node(i, c, L, '', -1);
      return;
    }
    if (top.indent < i) return; // continuation of a multi-line scalar
    if (top.kind === 'seq') this.item(top, i, c, L);
    else this.entry(top, i, c, L);
  }

  /** A node starting at column i of line L, at `key`, inside a parent written at `parentIndent`. */
  private node(i: number, c: string, L: number, key: string, parentIndent: number): void {
    if (isSeqItem(c)) {
      const frame: Frame = { indent: i, kind: 'seq', key, count: 0, keys: [], seen: null };
      this.stack.push(frame);
      this.index.shapes.set(key, { kind: 'seq', count: 0 });
      this.item(frame, i, c, L);
      return;
    }
    const k = parseKey(c);
    if (k) {
      const frame: Frame = { indent: i, kind: 'map', key, count: 0, keys: [], seen: new Set() };
      this.stack.push(frame);
      this.index.shapes.set(key, { kind: 'map', keys: frame.keys });
      this.index.firstKeyLine.set(key, L);
      this.entry(frame, i, c, L);
      return;
    }
    this.value(c, L, key, parentIndent);
  }

  private item(frame: Frame, i: number, c: string, L: number): void {
    if (!isSeqItem(c)) giveUp();
    const key = childKey(frame.key, frame.count++);
    (this.index.shapes.get(frame.key) as { count: number }).count = frame.count;
    this.index.entryLine.set(key, L);
    let j = 1;
    while (c.charCodeAt(j) === 32) j++;
    if (c[j] === '\t') giveUp();
    const rest = c.slice(j);
    if (rest === '' || rest[0] === '#') {
      this.pending = { key, indent: i, inSeq: true, fromItem: true };
      return;
    }
    this.node(i + j, rest, L, key, i);
  }

  private entry(frame: Frame, i: number, c: string, L: number): void {
    const k = parseKey(c);
    if (!k || frame.seen!.has(k.key)) giveUp();
    frame.seen!.add(k!.key);
    frame.keys.push(k!.key);
    const key = childKey(frame.key, k!.key);
    this.index.entryLine.set(key, L);
    const v = c.slice(k!.end).trimStart();
    if (v === '' || v[0] === '#') {
      this.pending = { key, indent: i, inSeq: false, fromItem: false };
      return;
    }
    if (isSeqItem(v)) giveUp(); // "key: - a" is not YAML
    if (parseKey(v)) giveUp(); // "a: b: c" is not YAML
    this.value(v, L, key, i);
  }

  /** A value that is not a block collection: block scalar, flow collection, quoted or plain scalar. */
  private value(v: string, L: number, key: string, parentIndent: number): void {
    const ch = v[0];
    if (ch === '|' || ch === '>') {
      if (!/^[|>][-+0-9]*[ \t]*(?:#.*)?$/.test(v)) giveUp();
      if (parentIndent < 0) giveUp(); // a root block scalar: leave it to the exact reader
      this.blockIndent = parentIndent;
      if (ch === '|') this.index.literalLine.set(key, L);
      this.index.shapes.set(key, { kind: 'scalar' });
      return;
    }
    if (ch === '[' || ch === '{') {
      const end = flowEnd(v);
      if (end === -1) giveUp();
      const after = v.slice(end).trimStart();
      if (after !== '' && after[0] !== '#') giveUp();
      this.index.shapes.set(key, { kind: 'flow' });
      return;
    }
    if (ch === '"' || ch === "'") {
      const end = closingQuote(v, 1, ch);
      if (end === -1) this.quote = ch;
      else {
        const after = v.slice(end + 1).trimStart();
        if (after !== '' && after[0] !== '#') giveUp();
      }
      this.index.shapes.set(key, { kind: 'scalar' });
      return;
    }
    if ('&*!%@`?,]}'.includes(ch)) giveUp();
    this.index.shapes.set(key, { kind: 'scalar' });
  }

  private closePendingAsNull(): void {
    if (this.pending) this.index.shapes.set(this.pending.key, { kind: 'null' });
    this.pending = null;
  }
}

function isSeqItem(c: string): boolean {
  return c[0] === '-' && (c.length === 1 || c[1] === ' ' || c[1] === '\t');
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
  if ('-?:,[]{}#&*!|>%@`'.includes(ch) && !(ch === '-' || ch === '?' || ch === ':') ) return null;
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
export function verifyLineIndex(index: LineIndex, value: unknown): boolean {
  const walk = (v: unknown, key: string): boolean => {
    const shape = index.shapes.get(key);
    if (!shape) return false;
    switch (shape.kind) {
      case 'map': {
        if (typeof v !== 'object' || v === null || Array.isArray(v)) return false;
        const obj = v as Record<string, unknown>;
        if (Object.keys(obj).length !== shape.keys.length) return false;
        for (const k of shape.keys) if (!(k in obj) || !walk(obj[k], childKey(key, k))) return false;
        return true;
      }
      case 'seq':
        if (!Array.isArray(v) || v.length !== shape.count) return false;
        for (let n = 0; n < v.length; n++) if (!walk(v[n], childKey(key, n))) return false;
        return true;
      case 'scalar': return typeof v !== 'object' || v === null;
      case 'null': return v === null;
      case 'flow': return true;
    }
  };
  return walk(value, '');
}
