// The dashboard and the explorer: files built by `npm run build:web` into dist/web, served read-only.
// Only files inside that folder, only GET and HEAD; hashed assets are cached for a year, pages revalidate.
// Text files go brotli- or gzip-compressed to clients that accept it: compressed once per file and kept
// beside it in memory, never per request (compression.ts).
import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join, resolve, sep } from 'node:path';
import {
  acceptedEncoding,
  compress,
  compressible,
  COMPRESS_MIN_BYTES,
  varyOnEncoding,
  type Encoding,
} from './compression';

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.ttf': 'font/ttf',
  '.txt': 'text/plain; charset=utf-8',
};

/** esbuild's `[name]-[hash]` names: the content can never change under the same name. */
const HASHED = /-[A-Z0-9]{8}\.[a-z0-9]+$/;

/**
 * Pages run only our own bundled scripts and talk only to this server. Inline styles stay allowed: React
 * (GraphiQL) and CodeMirror set style attributes.
 */
const PAGE_SECURITY = {
  'content-security-policy':
    "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; " +
    "font-src 'self' data:; connect-src 'self'; worker-src 'self' blob:; frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
};

interface CachedFile {
  body: Buffer;
  /** The hash of the file's content; each encoding's ETag adds its name (one ETag per representation). */
  hash: string;
  mtimeMs: number;
  /** The compressed forms made so far, made once each; null when compression would not make it smaller. */
  encoded: Partial<Record<Encoding, Promise<Buffer | null>>>;
}

/** The ETag of one representation of a file: its content hash, and the encoding when compressed. */
const etagOf = (hash: string, encoding: Encoding | null) => `"${hash}${encoding ? `-${encoding}` : ''}"`;

/** If-None-Match holds `etag` (a list, weak or strong, or `*`). */
function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(',').some((t) => {
    const tag = t.trim().replace(/^W\//, '');
    return tag === etag || tag === '*';
  });
}

export interface StaticFiles {
  /** Serves `pathname` from the folder ("/" is index.html); false when there is no such file. */
  serve(req: IncomingMessage, res: ServerResponse, pathname: string): Promise<boolean>;
  /** Serves one named page of the folder (the explorer); false when it was not built. */
  page(req: IncomingMessage, res: ServerResponse, name: string): Promise<boolean>;
}

export function staticFiles(dir: string): StaticFiles {
  const root = resolve(dir);
  const cache = new Map<string, CachedFile>();

  async function load(file: string): Promise<CachedFile | null> {
    let info;
    try {
      info = await stat(file);
    } catch {
      return null;
    }
    if (!info.isFile()) return null;
    const known = cache.get(file);
    if (known && known.mtimeMs === info.mtimeMs) return known;
    const body = await readFile(file);
    const entry: CachedFile = {
      body,
      hash: createHash('sha1').update(body).digest('hex').slice(0, 20),
      mtimeMs: info.mtimeMs,
      encoded: {},
    };
    cache.set(file, entry);
    return entry;
  }

  /** The file compressed as `encoding`, made on first need and kept; null when it would not be smaller. */
  function encoded(entry: CachedFile, encoding: Encoding): Promise<Buffer | null> {
    // A failure (not expected from zlib on a buffer) leaves the file served as it is.
    entry.encoded[encoding] ??= compress(entry.body, encoding, 'once').then(
      (packed) => (packed.length < entry.body.length ? packed : null),
      () => null,
    );
    return entry.encoded[encoding];
  }

  async function send(req: IncomingMessage, res: ServerResponse, file: string): Promise<boolean> {
    const entry = await load(file);
    if (!entry) return false;
    const type = CONTENT_TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream';
    // Text files may go compressed: their answer depends on Accept-Encoding, whatever this client sent.
    const mayCompress = compressible(type) && entry.body.length >= COMPRESS_MIN_BYTES;
    const wanted = mayCompress ? acceptedEncoding(req.headers['accept-encoding']) : null;
    const packed = wanted && (await encoded(entry, wanted));
    const encoding = packed ? wanted : null;
    const etag = etagOf(entry.hash, encoding);
    res.setHeader('content-type', type);
    res.setHeader('x-content-type-options', 'nosniff');
    res.setHeader('cache-control', HASHED.test(file) ? 'public, max-age=31536000, immutable' : 'no-cache');
    res.setHeader('etag', etag);
    if (mayCompress) varyOnEncoding(res);
    if (type.startsWith('text/html')) for (const [k, v] of Object.entries(PAGE_SECURITY)) res.setHeader(k, v);
    if (matches(req.headers['if-none-match'], etag)) {
      res.statusCode = 304;
      res.end();
      return true;
    }
    const body = packed || entry.body;
    res.statusCode = 200;
    if (encoding) res.setHeader('content-encoding', encoding);
    // HEAD: the headers GET would get, the compressed length among them, and no body.
    res.setHeader('content-length', body.length);
    res.end(req.method === 'HEAD' ? undefined : body);
    return true;
  }

  return {
    async serve(req, res, pathname) {
      let decoded: string;
      try {
        decoded = decodeURIComponent(pathname);
      } catch {
        return false;
      }
      // Nothing outside the folder, no hidden files, no NUL tricks: a path that could escape is simply not found.
      if (decoded.includes('\0') || decoded.includes('\\') || decoded.split('/').some((part) => part.startsWith('.')))
        return false;
      const file = resolve(root, `.${decoded === '/' ? '/index.html' : decoded}`);
      if (!file.startsWith(root + sep)) return false;
      return send(req, res, file);
    },
    async page(req, res, name) {
      return send(req, res, join(root, name));
    },
  };
}
