// JSON.stringify(value, null, 2), byte for byte, handed out in pieces: the objects and arrays of the first
// `streamDepth` levels are opened here, everything deeper is stringified whole (one finding, one SARIF
// result). A report of 10,000 objects is about 25 MB of JSON: encoding and writing it as one string took
// about 250 ms more than writing it in pieces of 64 KiB (docs/performance.md).

const INDENT = '  ';

/** The pieces of JSON.stringify(value, null, 2); `value` is what a report holds (plain data, no cycles). */
export function* jsonPieces(value: unknown, streamDepth: number, depth = 0): Generator<string, void, undefined> {
  if (depth < streamDepth && typeof value === 'object' && value !== null && !hasToJson(value)) {
    const inner = '\n' + INDENT.repeat(depth + 1);
    const close = '\n' + INDENT.repeat(depth);
    if (Array.isArray(value)) {
      if (value.length === 0) return yield '[]';
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

/** Writes pieces in batches of about `batchSize` characters (one large string costs more to encode). */
export function writeInBatches(pieces: Iterable<string>, write: (text: string) => void, batchSize = 1 << 16): void {
  let batch: string[] = [];
  let size = 0;
  for (const piece of pieces) {
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
