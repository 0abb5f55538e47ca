// The text edits that turn a document's source into its converted form, changing only what the converters
// changed. The converters edit the YAML nodes of a working parse; the untouched parse of the same source
// (the pristine one) says what was there. Both come from the same text, so a node keeps its source range
// in the working tree even when a converter renamed its key, changed its value or cloned its object: the
// two trees are matched by range, collection by collection, and only the differences become edits.
//   - a scalar whose value changed (a renamed key, a new apiVersion): its own characters are replaced,
//     in the quoting it had; its comment and the rest of its line stay;
//   - an item that is gone: its lines are removed (its key to the end of its value);
//   - an item that is new: printed with the indentation of its siblings and inserted where it stands in
//     the working tree (in the place of the items it replaces, or after the item before it);
//   - a flow collection that gains or loses items, or an item that cannot be patched: printed anew in place.
// Returns null when a change cannot be written this way (the caller then prints the document anew).
import {
  Document,
  isMap,
  isPair,
  isScalar,
  isSeq,
  type Pair,
  type Scalar,
  YAMLMap,
  YAMLSeq,
  type Node as YamlNode,
  type ToStringOptions,
} from 'yaml';

interface TextEdit {
  start: number;
  end: number;
  text: string;
}

/** How new nodes are printed where their neighbours give no hint. */
export interface PrintStyle {
  indent: number;
  indentSeq: boolean;
  flowCollectionPadding: boolean;
  eol: string;
}

interface Ctx {
  text: string;
  /** Where the pristine parse's source starts in `text` (working ranges are already absolute). */
  offset: number;
  style: PrintStyle;
  edits: TextEdit[];
}

type Collection = YAMLMap | YAMLSeq;

// One document to print nodes with: making a Document builds its schema, too slow to do per node.
const scratch = new Document();
function printer(node: unknown, options: ToStringOptions): string {
  scratch.contents = node as YamlNode;
  try {
    return scratch.toString(options);
  } finally {
    scratch.contents = null;
  }
}
type Commented = { spaceBefore?: boolean; commentBefore?: string | null };

/** Edits turning the pristine node's source into the working node's content, or null. */
export function minimalEdits(
  text: string,
  working: unknown,
  pristine: unknown,
  offset: number,
  style: PrintStyle,
): TextEdit[] | null {
  const c: Ctx = { text, offset, style, edits: [] };
  if (rangeKey(working, 0) === null || rangeKey(working, 0) !== rangeKey(pristine, offset)) return null;
  return patch(working, pristine, c) ? c.edits : null;
}

/** `text` with the edits (sorted by start, not overlapping) applied between `from` and `to`, or null. */
export function applyEdits(text: string, edits: TextEdit[], from: number, to: number): string | null {
  const sorted = edits.map((e, i) => ({ e, i })).sort((a, b) => a.e.start - b.e.start || a.i - b.i);
  let out = '';
  let cursor = from;
  for (const { e } of sorted) {
    if (e.start < cursor || e.end > to) return null;
    out += text.slice(cursor, e.start) + e.text;
    cursor = e.end;
  }
  return out + text.slice(cursor, to);
}

function rangeKey(node: unknown, offset: number): string | null {
  const n = node as { range?: [number, number, number] } | null;
  if (!n || !n.range) return null;
  const kind = isMap(node) ? 'm' : isSeq(node) ? 's' : isScalar(node) ? 'v' : null;
  return kind ? `${kind}${n.range[0] + offset}` : null;
}

function itemKey(item: unknown, offset: number): string | null {
  return isPair(item) ? rangeKey(item.key, offset) : rangeKey(item, offset);
}

function patch(n: unknown, p: unknown, c: Ctx): boolean {
  if (isScalar(p)) return isScalar(n) && patchScalar(n, p, c);
  if (isMap(p)) return isMap(n) && patchCollection(n, p, c);
  if (isSeq(p)) return isSeq(n) && patchCollection(n, p, c);
  return false;
}

const isBlockScalar = (s: Scalar) => s.type === 'BLOCK_LITERAL' || s.type === 'BLOCK_FOLDED';

/** The scalar's text replaced in place (same quoting unless the new value needs other), or false. */
function patchScalar(n: Scalar, p: Scalar, c: Ctx): boolean {
  if (Object.is(n.value, p.value)) return true;
  if (isBlockScalar(p) || !p.range || p.range[0] === p.range[1]) return false;
  const printed = inlineScalar(n);
  if (printed === null) return false;
  c.edits.push({ start: p.range[0] + c.offset, end: p.range[1] + c.offset, text: printed });
  return true;
}

function inlineScalar(n: Scalar): string | null {
  const bare = n.clone() as Scalar;
  bare.comment = bare.commentBefore = undefined;
  bare.spaceBefore = false;
  const printed = printer(bare, { lineWidth: 0 }).replace(/\n$/, '');
  return printed.includes('\n') ? null : printed;
}

function patchCollection(n: Collection, p: Collection, c: Ctx): boolean {
  if (Boolean(n.flow) !== Boolean(p.flow)) return false;
  const index = new Map<string, number>();
  p.items.forEach((item, i) => {
    const k = itemKey(item, c.offset);
    if (k !== null) index.set(k, i);
  });
  const match = n.items.map((item) => {
    const k = itemKey(item, 0);
    return k === null ? -1 : (index.get(k) ?? -1);
  });
  let last = -1;
  for (const m of match) {
    if (m < 0) continue;
    if (m <= last) return false; // reordered or repeated: not a local change
    last = m;
  }
  if (last < 0) return n.items.length === 0 && p.items.length === 0;
  let pi = 0;
  let prev: number | null = null;
  let pending: unknown[] = [];
  for (let j = 0; j <= n.items.length; j++) {
    const m = j < n.items.length ? match[j] : p.items.length;
    if (m < 0) {
      pending.push(n.items[j]);
      continue;
    }
    const removed = p.items.slice(pi, m);
    if (removed.length > 0 || pending.length > 0) {
      if (!group(p, removed, pending, prev, m < p.items.length ? m : null, c)) return false;
    }
    if (j < n.items.length) {
      const mark = c.edits.length;
      if (!patchItem(n.items[j], p.items[m], c)) {
        c.edits.length = mark;
        if (!group(p, [p.items[m]], [n.items[j]], prev, null, c)) return false;
      }
      prev = m;
      pi = m + 1;
      pending = [];
    }
  }
  return true;
}

function patchItem(n: unknown, p: unknown, c: Ctx): boolean {
  if (isPair(n) && isPair(p)) {
    if (!isScalar(n.key) || !isScalar(p.key) || !patchScalar(n.key, p.key, c)) return false;
    return patchValue(n.value, p.value, c);
  }
  return patchValue(n, p, c);
}

function patchValue(n: unknown, p: unknown, c: Ctx): boolean {
  const pk = rangeKey(p, c.offset);
  if (pk !== null && pk === rangeKey(n, 0)) return patch(n, p, c);
  // A new value in place of an old scalar: written over it when both fit on the line.
  return isScalar(n) && isScalar(p) && !isBlockScalar(n) && patchScalar(n, p, c);
}

/**
 * Items `removed` (consecutive in the pristine collection) give way to `added`: printed in their place,
 * or removed with their lines, or `added` inserted after the item `prev` (or before `next`).
 */
function group(p: Collection, removed: unknown[], added: unknown[], prev: number | null, next: number | null, c: Ctx) {
  if (p.flow) return false;
  const { text } = c;
  if (removed.length > 0) {
    const start = itemStart(removed[0], c);
    if (start === null) return false;
    const end = itemEnd(removed[removed.length - 1], c);
    if (added.length > 0) {
      const printed = printItems(p, added, column(text, start), c, removed[0]);
      if (printed === null) return false;
      c.edits.push({ start, end, text: printed });
      return true;
    }
    const from = lineStart(text, start);
    if (/^[ \t]*$/.test(text.slice(from, start))) {
      c.edits.push({ start: from, end: afterLine(text, end), text: '' });
      return true;
    }
    // The first key of a list item's map ("- name: x"): the next key moves up behind the dash.
    const nextStart = next === null ? null : itemStart(p.items[next], c);
    if (nextStart === null) return false;
    c.edits.push({ start, end: nextStart, text: '' });
    return true;
  }
  if (prev !== null) {
    const before = itemStart(p.items[prev], c);
    if (before === null) return false;
    const col = column(text, before);
    const printed = printItems(p, added, col, c, null);
    if (printed === null) return false;
    const at = lineEnd(text, itemEnd(p.items[prev], c));
    c.edits.push({ start: at, end: at, text: `${c.style.eol}${' '.repeat(col)}${printed}` });
    return true;
  }
  const after = next === null ? null : itemStart(p.items[next], c);
  if (after === null) return false;
  const col = column(text, after);
  const printed = printItems(p, added, col, c, null);
  if (printed === null) return false;
  c.edits.push({ start: after, end: after, text: `${printed}${c.style.eol}${' '.repeat(col)}` });
  return true;
}

/** Where an item's text starts: its key, or the dash of a list item. */
function itemStart(item: unknown, c: Ctx): number | null {
  if (isPair(item)) {
    const r = (item.key as YamlNode | null)?.range;
    return r ? r[0] + c.offset : null;
  }
  const r = (item as YamlNode | null)?.range;
  if (!r) return null;
  let i = r[0] + c.offset - 1;
  while (i >= 0 && (c.text[i] === ' ' || c.text[i] === '\t')) i--;
  return c.text[i] === '-' ? i : null;
}

/** Where an item's text ends: the end of its value and of a comment on its last line. */
function itemEnd(item: unknown, c: Ctx): number {
  const nodes = isPair(item) ? [item.key, item.value] : [item];
  let end = 0;
  for (const n of nodes) {
    const r = (n as YamlNode | null)?.range;
    if (r) end = Math.max(end, r[2] + c.offset);
  }
  while (end > 0 && ' \t\r\n'.includes(c.text[end - 1])) end--;
  return end;
}

function lineStart(text: string, pos: number): number {
  return text.lastIndexOf('\n', pos - 1) + 1;
}

function column(text: string, pos: number): number {
  return pos - lineStart(text, pos);
}

/** The end of the line holding `pos`, before its line break. */
function lineEnd(text: string, pos: number): number {
  const nl = text.indexOf('\n', pos);
  if (nl < 0) return text.length;
  return text[nl - 1] === '\r' ? nl - 1 : nl;
}

function afterLine(text: string, pos: number): number {
  const nl = text.indexOf('\n', pos);
  return nl < 0 ? text.length : nl + 1;
}

/**
 * The items printed as they stand in `p` at column `col`: the first line without indentation (it goes
 * where the first replaced item started), the others indented. A comment or blank line above the item they
 * replace stays in the source, so the first item does not print it again.
 */
function printItems(p: Collection, items: unknown[], col: number, c: Ctx, replaced: unknown): string | null {
  const holder = isMap(p) ? new YAMLMap() : new YAMLSeq();
  items.forEach((item, i) => {
    const copy = isPair(item) || isScalar(item) || isMap(item) || isSeq(item) ? item.clone() : item;
    if (i === 0) {
      const head = (isPair(copy) ? copy.key : copy) as Commented | null;
      const was = (isPair(replaced) ? replaced.key : replaced) as Commented | null;
      if (head && typeof head === 'object') {
        head.spaceBefore = false;
        if (!was || head.commentBefore === was.commentBefore) head.commentBefore = undefined;
      }
    }
    if (isMap(holder) && isPair(copy)) holder.items.push(copy as Pair);
    else if (isSeq(holder)) holder.items.push(copy);
  });
  if (holder.items.length !== items.length) return null;
  const style = localStyle(p, c);
  const printed = printer(holder, {
    lineWidth: 0,
    indent: style.indent,
    indentSeq: style.indentSeq,
    flowCollectionPadding: c.style.flowCollectionPadding,
  }).replace(/\n$/, '');
  return printed.split('\n').join(`${c.style.eol}${' '.repeat(col)}`);
}

/** The indentation the siblings' own children use, else the document's. */
function localStyle(p: Collection, c: Ctx): { indent: number; indentSeq: boolean } {
  const pairs = isMap(p) ? p.items : p.items.flatMap((item) => (isMap(item) ? item.items : []));
  let indent: number | null = null;
  let seqStep: number | null = null;
  for (const pair of pairs) {
    const keyStart = itemStart(pair, c);
    const value = pair.value;
    if (keyStart === null || (!isMap(value) && !isSeq(value)) || value.flow || value.items.length === 0) continue;
    const childStart = itemStart(value.items[0], c);
    if (childStart === null) continue;
    const step = column(c.text, childStart) - column(c.text, keyStart);
    if (isMap(value) && indent === null && step > 0) indent = step;
    if (isSeq(value) && seqStep === null && step >= 0) seqStep = step;
    if (indent !== null && seqStep !== null) break;
  }
  return {
    indent: Math.min(Math.max(indent ?? (seqStep || c.style.indent), 1), 8),
    indentSeq: seqStep === null ? c.style.indentSeq : seqStep > 0,
  };
}
