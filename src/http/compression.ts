// Compressed answers for clients that ask for them (Accept-Encoding): brotli or gzip, through node:zlib.
// Which answers are compressed is in docs/api.md ("compression" in its table of limits). Text is
// compressed, never a format that is compressed already (images, fonts); a body under COMPRESS_MIN_BYTES
// is sent as it is, the framing would eat the gain. Every answer whose encoding depends on the request
// says so with Vary: Accept-Encoding, so that a cache keeps the encodings apart.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

export type Encoding = 'br' | 'gzip';

/** Bodies smaller than this go as they are. */
export const COMPRESS_MIN_BYTES = 1024;

/** Media types worth compressing: text, JSON, JavaScript, SVG. */
const COMPRESSIBLE = /^(text\/|application\/(json|javascript|graphql-response\+json|xml)|image\/svg\+xml)/;

export function compressible(contentType: string): boolean {
  return COMPRESSIBLE.test(contentType);
}

/**
 * How hard to compress. Dynamic answers are compressed per request: fast levels (brotli 4, gzip 6, zlib's
 * default). The dashboard's files are compressed once per file and kept: brotli 9, gzip 9; brotli 10 and 11
 * cost many times as long on the explorer's script for a few per cent fewer bytes (docs/performance.md,
 * "Costs the code is shaped around").
 */
type Effort = 'per-request' | 'once';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

export function compress(body: Buffer, encoding: Encoding, effort: Effort): Promise<Buffer> {
  if (encoding === 'gzip') return gzipAsync(body, { level: effort === 'once' ? 9 : 6 });
  return brotli(body, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: effort === 'once' ? 9 : 4,
      [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
    },
  });
}

/**
 * The encoding a client accepts (RFC 9110, Accept-Encoding with q-values; `*` stands for any encoding it
 * does not name): brotli before gzip at the same weight; null when it accepts neither, or sends no header.
 */
export function acceptedEncoding(header: string | string[] | undefined): Encoding | null {
  if (!header) return null;
  const weights = new Map<string, number>();
  for (const part of (Array.isArray(header) ? header.join(',') : header).split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((p) => /^\s*q\s*=\s*([0-9.]+)\s*$/.exec(p)).find((m) => m !== null);
    const weight = q ? Number(q[1]) : 1;
    weights.set(name.trim(), Number.isFinite(weight) ? weight : 0);
  }
  const weightOf = (name: string) => weights.get(name) ?? weights.get('*') ?? 0;
  const br = weightOf('br');
  const gz = Math.max(weightOf('gzip'), weights.get('x-gzip') ?? 0);
  if (br <= 0 && gz <= 0) return null;
  return br >= gz ? 'br' : 'gzip';
}

/** Adds Accept-Encoding to the answer's Vary header, keeping what is there (CORS's Origin). */
export function varyOnEncoding(res: ServerResponse): void {
  const existing = res.getHeader('vary');
  const list =
    existing === undefined
      ? []
      : String(existing)
          .split(',')
          .map((s) => s.trim());
  if (list.some((v) => v.toLowerCase() === 'accept-encoding' || v === '*')) return;
  res.setHeader('vary', [...list.filter(Boolean), 'Accept-Encoding'].join(', '));
}

/**
 * The encoding a dynamic answer of `size` bytes gets (null: as it is), by the content type already set on
 * `res` and the request's Accept-Encoding. Sets Vary on every answer of a compressible type, compressed or
 * not, since a cache must not hand one client's encoding to another.
 */
export function negotiate(req: IncomingMessage, res: ServerResponse, size: number): Encoding | null {
  if (!compressible(String(res.getHeader('content-type') ?? ''))) return null;
  varyOnEncoding(res);
  return size >= COMPRESS_MIN_BYTES ? acceptedEncoding(req.headers['accept-encoding']) : null;
}

/**
 * Ends a dynamic answer with `text`, compressed per `encoding` (from negotiate), with its Content-Length.
 * The GraphQL answers of Apollo and of the prepared fast path both end here, so they stay byte for byte alike.
 */
export async function endText(res: ServerResponse, text: string, encoding: Encoding | null): Promise<void> {
  const plain = Buffer.from(text, 'utf8');
  const body = encoding ? await compress(plain, encoding, 'per-request') : plain;
  if (encoding) res.setHeader('content-encoding', encoding);
  res.setHeader('content-length', body.length);
  res.end(body);
}
