// JSON.stringify(value, null, 2), byte for byte, handed out in pieces: the objects and arrays of the first
// `streamDepth` levels are opened here, everything deeper is stringified whole (one finding, one SARIF
// result), the members of an array at that depth 64 to a piece. A report of 10,000 objects is about 25 MB
// of JSON: encoding and writing it as one string took noticeably longer than writing it in pieces of 64 KiB
// (docs/performance.md).

const INDENT = '  ';

/** The pieces of JSON.stringify(value, null, 2); `value` is what a report holds (plain data, no cycles). */
export function* jsonPieces(value: unknown, streamDepth: number, depth = 0): Generator<string, void, undefined> {
  if (depth < streamDepth && typeof value === 'object' && value !== null && !hasToJson(value)) {
    const inner = '\n' + INDENT.repeat(depth + 1);
    const close = '\n' + INDENT.repeat(depth);
    if (Array.isArray(value)) {
      if (value.length === 0) return yield '[]';
      if (depth + 1 >= streamDepth) return yield* membersInChunks(value, depth);
      for (let i = 0; i < value.length; i++) {
        yield (i === 0 ? '[' : ',') + inner;
        // As JSON.stringify: an array member that JSON has no value for is null.
        if (omitted(value[i])) yield 'null';
        else yield* jsonPieces(value[i], streamDepth, depth + 1);
      }
      return yield close + ']';
    }
    const record = value as Record<string, unknown>;
    // As JSON.stringify: a member that JSON has no value for is left out.
    const keys = Object.keys(record).filter((k) => !omitted(record[k]));
    if (keys.length === 0) return yield '{}';
    for (const [i, key] of keys.entries()) {
      yield (i === 0 ? '{' : ',') + inner + JSON.stringify(key) + ': ';
      yield* jsonPieces(record[key], streamDepth, depth + 1);
    }
    return yield close + '}';
  }
  const text = JSON.stringify(value, null, 2) as string | undefined;
  if (text === undefined) throw new TypeError('jsonPieces: the value has no JSON text');
  yield depth === 0 ? text : text.replace(/\n/g, '\n' + INDENT.repeat(depth));
}

/**
 * An array whose members are stringified whole, CHUNK members a piece: JSON.stringify lays a chunk out at
 * the array's depth when it is wrapped in that many arrays, so no piece is re-indented or copied again
 * (re-indenting each member with replace() allocated as much again as the report itself).
 */
function* membersInChunks(value: unknown[], depth: number): Generator<string, void, undefined> {
  let open = '';
  let close = '';
  for (let level = 0; level <= depth; level++) {
    open += '[\n' + INDENT.repeat(level + 1);
    close = '\n' + INDENT.repeat(level) + ']' + close;
  }
  for (let i = 0; i < value.length; i += CHUNK) {
    let chunk: unknown = value.slice(i, i + CHUNK);
    for (let level = 0; level < depth; level++) chunk = [chunk];
    const text = JSON.stringify(chunk, null, 2);
    // The chunk's members with the separators between them, as they stand in the whole array.
    const members = text.slice(open.length, text.length - close.length);
    // Two pieces, not one concatenation: writing that would flatten it, a copy of the whole chunk.
    yield i === 0 ? open.slice(-(2 + INDENT.length * (depth + 1))) : ',\n' + INDENT.repeat(depth + 1);
    yield members;
  }
  yield close.slice(0, 1 + INDENT.length * depth + 1);
}

const CHUNK = 64;

/** Writes pieces in batches of about `batchSize` characters (one large string costs more to encode). */
export function writeInBatches(pieces: Iterable<string>, write: (text: string) => void, batchSize = 1 << 16): void {
  let batch: string[] = [];
  let size = 0;
  for (const piece of pieces) {
    // A piece as large as a batch goes out as it is, after what was batched before it (joining copies).
    if (piece.length >= batchSize) {
      if (size > 0) write(batch.join(''));
      batch = [];
      size = 0;
      write(piece);
      continue;
    }
    batch.push(piece);
    size += piece.length;
    if (size >= batchSize) {
      write(batch.join(''));
      batch = [];
      size = 0;
    }
  }
  if (size > 0) write(batch.join(''));
}

function omitted(v: unknown): boolean {
  return v === undefined || typeof v === 'function' || typeof v === 'symbol';
}

function hasToJson(v: object): boolean {
  return typeof (v as { toJSON?: unknown }).toJSON === 'function';
}
