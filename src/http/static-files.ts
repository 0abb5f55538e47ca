// The dashboard and the explorer: files built by `npm run build:web` into dist/web, served read-only.
// Only files inside that folder, only GET and HEAD; hashed assets are cached for a year, pages revalidate.
import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join, resolve, sep } from 'node:path';

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
  etag: string;
  mtimeMs: number;
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
    const entry = {
      body,
      etag: `"${createHash('sha1').update(body).digest('hex').slice(0, 20)}"`,
      mtimeMs: info.mtimeMs,
    };
    cache.set(file, entry);
    return entry;
  }

  async function send(req: IncomingMessage, res: ServerResponse, file: string): Promise<boolean> {
    const entry = await load(file);
    if (!entry) return false;
    const type = CONTENT_TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream';
    res.setHeader('content-type', type);
    res.setHeader('x-content-type-options', 'nosniff');
    res.setHeader('cache-control', HASHED.test(file) ? 'public, max-age=31536000, immutable' : 'no-cache');
    res.setHeader('etag', entry.etag);
    if (type.startsWith('text/html')) for (const [k, v] of Object.entries(PAGE_SECURITY)) res.setHeader(k, v);
    if (req.headers['if-none-match'] === entry.etag) {
      res.statusCode = 304;
      res.end();
      return true;
    }
    res.statusCode = 200;
    res.setHeader('content-length', entry.body.length);
    res.end(req.method === 'HEAD' ? undefined : entry.body);
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
