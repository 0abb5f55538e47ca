// Compression over HTTP (src/http/compression.ts): GraphQL answers above COMPRESS_MIN_BYTES and the
// dashboard's text files go brotli- or gzip-compressed to clients that accept it, and decompress to exactly
// the plain answer; Vary, ETag, 304 and HEAD stay right; already compressed formats and small bodies go as
// they are; a static file is compressed once, not per request.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { projectRoot } from '../../src/config';
import { seededDatabase, startTestServer, type TestServer } from '../support/http';

// Counts brotli compressions by input size, to tell a static file compressed once from one compressed per request.
const brotliInputs: number[] = [];
jest.mock('node:zlib', () => {
  const actual = jest.requireActual<typeof import('node:zlib')>('node:zlib');
  return {
    ...actual,
    brotliCompress: (buf: Buffer, ...rest: unknown[]) => {
      brotliInputs.push(buf.length);
      return (actual.brotliCompress as (...a: unknown[]) => void)(buf, ...rest);
    },
  };
});

interface Raw {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** A raw request: no decompression, no Accept-Encoding but the one given. */
function raw(
  base: string,
  path: string,
  options: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<Raw> {
  const { port } = new URL(base);
  return new Promise((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port, path, method: options.method ?? 'GET', headers: options.headers },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}

function decoded(r: Raw): Buffer {
  const encoding = r.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(r.body);
  if (encoding === 'gzip') return gunzipSync(r.body);
  if (encoding !== undefined) throw new Error(`unexpected content-encoding ${String(encoding)}`);
  return r.body;
}

const SCRIPT = `export const rows = [\n${Array.from({ length: 400 }, (_, i) => `  { id: ${i}, name: "row ${i}" },`).join('\n')}\n];\n`;
const SMALL = 'body { margin: 0 }\n';
const FONT = Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7919) % 251));

let dir: string;
let server: TestServer;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'netkb-compression-'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>dashboard</title>');
  writeFileSync(join(dir, 'app-ABCD1234.js'), SCRIPT);
  writeFileSync(join(dir, 'small-ABCD1234.css'), SMALL);
  writeFileSync(join(dir, 'font-ABCD1234.woff2'), FONT);
  server = await startTestServer({ file: seededDatabase(), webDir: dir });
});
afterAll(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('static files', () => {
  const get = (path: string, headers: Record<string, string> = {}, method = 'GET') =>
    raw(server.base, path, { headers, method });

  it('go as they are without Accept-Encoding, saying that they vary on it', async () => {
    const r = await get('/app-ABCD1234.js');
    expect(r.status).toBe(200);
    expect(r.headers['content-encoding']).toBeUndefined();
    expect(r.headers.vary).toBe('Accept-Encoding');
    expect(r.body.toString()).toBe(SCRIPT);
    expect(Number(r.headers['content-length'])).toBe(Buffer.byteLength(SCRIPT));
    expect(r.headers.etag).toMatch(/^"[0-9a-f]{20}"$/);
  });

  it.each([
    ['br', 'br'],
    ['gzip', 'gzip'],
    ['gzip, deflate, br', 'br'],
    ['br;q=0, gzip', 'gzip'],
    ['br;q=0.5, gzip;q=1.0', 'gzip'],
    ['*', 'br'],
    ['deflate', undefined],
    ['identity', undefined],
  ])('Accept-Encoding: %s answers %s, decompressing to the file', async (accept, encoding) => {
    const r = await get('/app-ABCD1234.js', { 'accept-encoding': accept });
    expect(r.status).toBe(200);
    expect(r.headers['content-encoding']).toBe(encoding);
    expect(r.headers.vary).toBe('Accept-Encoding');
    expect(Number(r.headers['content-length'])).toBe(r.body.length);
    expect(decoded(r).toString()).toBe(SCRIPT);
    if (encoding) expect(r.body.length).toBeLessThan(Buffer.byteLength(SCRIPT) / 3);
    expect(r.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('gives each encoding its own ETag, and answers 304 only for the one the client holds', async () => {
    const plain = await get('/app-ABCD1234.js');
    const br = await get('/app-ABCD1234.js', { 'accept-encoding': 'br' });
    const gz = await get('/app-ABCD1234.js', { 'accept-encoding': 'gzip' });
    expect(br.headers.etag).toBe(`${String(plain.headers.etag).slice(0, -1)}-br"`);
    expect(gz.headers.etag).toBe(`${String(plain.headers.etag).slice(0, -1)}-gzip"`);
    const again = await get('/app-ABCD1234.js', { 'accept-encoding': 'br', 'if-none-match': String(br.headers.etag) });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    expect([again.headers.etag, again.headers.vary]).toEqual([br.headers.etag, 'Accept-Encoding']);
    // The brotli ETag from a client that now takes no encoding: the plain file, whole.
    const other = await get('/app-ABCD1234.js', { 'if-none-match': String(br.headers.etag) });
    expect(other.status).toBe(200);
    expect(other.body.toString()).toBe(SCRIPT);
  });

  it('answers HEAD with the headers GET gets, the compressed length among them, and no body', async () => {
    const getBr = await get('/app-ABCD1234.js', { 'accept-encoding': 'br' });
    const head = await get('/app-ABCD1234.js', { 'accept-encoding': 'br' }, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    for (const h of ['content-encoding', 'content-length', 'etag', 'vary', 'content-type'])
      expect([h, head.headers[h]]).toEqual([h, getBr.headers[h]]);
  });

  it('never compresses a format that is compressed already, nor a file under 1 KiB', async () => {
    const font = await get('/font-ABCD1234.woff2', { 'accept-encoding': 'br, gzip' });
    expect(font.headers['content-encoding']).toBeUndefined();
    expect(font.headers.vary).toBeUndefined();
    expect(font.body).toEqual(FONT);
    const small = await get('/small-ABCD1234.css', { 'accept-encoding': 'br, gzip' });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.body.toString()).toBe(SMALL);
  });

  it('compresses a file once, not per request', async () => {
    const size = Buffer.byteLength(SCRIPT);
    const before = brotliInputs.filter((n) => n === size).length;
    for (let i = 0; i < 3; i++) await get('/app-ABCD1234.js', { 'accept-encoding': 'br' });
    expect(brotliInputs.filter((n) => n === size).length).toBe(before === 0 ? 1 : before);
  });
});

describe('the explorer as built', () => {
  let built: TestServer;
  beforeAll(async () => {
    built = await startTestServer({ file: seededDatabase() });
  });
  afterAll(async () => built.close());

  it('its page, script and style go compressed and decompress to the files of dist/web', async () => {
    const page = await raw(built.base, '/graphql', { headers: { accept: 'text/html', 'accept-encoding': 'br' } });
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    const html = decoded(page).toString();
    const assets = [...html.matchAll(/(?:src|href)="\/(explorer-[A-Z0-9]+\.(?:js|css))"/g)].map((m) => m[1]);
    expect(assets).toHaveLength(2);
    for (const asset of assets) {
      const onDisk = readFileSync(join(projectRoot(), 'dist', 'web', asset));
      for (const encoding of ['br', 'gzip']) {
        const r = await raw(built.base, `/${asset}`, { headers: { 'accept-encoding': encoding } });
        expect([asset, r.headers['content-encoding']]).toEqual([asset, encoding]);
        expect(decoded(r).equals(onDisk)).toBe(true);
        expect(r.body.length).toBeLessThan(onDisk.length);
      }
    }
  });
});

describe('GraphQL answers', () => {
  const LARGE = '{ releases { version } __schema { types { name kind } } }';
  const SMALL_QUERY = '{ featureGate(name: "IPv6DualStack") { removedIn } }';
  const post = (query: string, headers: Record<string, string> = {}) =>
    raw(server.base, '/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify({ query }),
    });

  it.each(['br', 'gzip'])('above 1 KiB go %s-compressed and decompress to the plain answer', async (encoding) => {
    const plain = await post(LARGE);
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toBe('Accept-Encoding');
    expect(plain.body.length).toBeGreaterThan(1024);
    expect(Number(plain.headers['content-length'])).toBe(plain.body.length);
    const packed = await post(LARGE, { 'accept-encoding': encoding });
    expect(packed.headers['content-encoding']).toBe(encoding);
    expect(packed.headers.vary).toBe('Accept-Encoding');
    expect(Number(packed.headers['content-length'])).toBe(packed.body.length);
    expect(packed.body.length).toBeLessThan(plain.body.length / 2);
    expect(decoded(packed).toString()).toBe(plain.body.toString());
    expect(JSON.parse(decoded(packed).toString()).data.releases.length).toBeGreaterThan(10);
  });

  it('under 1 KiB go as they are', async () => {
    const r = await post(SMALL_QUERY, { 'accept-encoding': 'br, gzip' });
    expect(r.headers['content-encoding']).toBeUndefined();
    expect(r.headers.vary).toBe('Accept-Encoding');
    expect(JSON.parse(r.body.toString())).toEqual({ data: { featureGate: { removedIn: '1.25' } } });
  });

  it('a repeat answered by the prepared fast path is compressed as Apollo compressed the first', async () => {
    const query = '{ releases { id version releasedOn preliminary imported } }';
    const hits = async () =>
      Number(
        /^netkb_graphql_prepared_total\{result="hit"\} (\d+)/m.exec(
          await (await fetch(`${server.base}/metrics`)).text(),
        )?.[1] ?? 0,
      );
    const before = await hits();
    const first = await post(query, { 'accept-encoding': 'gzip' });
    const second = await post(query, { 'accept-encoding': 'gzip' });
    expect(await hits()).toBe(before + 1);
    expect(first.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(decoded(first).toString()).data.releases.length).toBeGreaterThan(10);
    for (const h of ['content-encoding', 'content-length', 'vary', 'content-type'])
      expect([h, second.headers[h]]).toEqual([h, first.headers[h]]);
    expect(decoded(second).toString()).toBe(decoded(first).toString());
  });

  it('a cacheable GET has an ETag per encoding, and 304 for the one the client holds', async () => {
    const path = `/graphql?query=${encodeURIComponent(LARGE)}`;
    const headers = { 'apollo-require-preflight': 'true' };
    const plain = await raw(server.base, path, { headers });
    const br = await raw(server.base, path, { headers: { ...headers, 'accept-encoding': 'br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(decoded(br).toString()).toBe(plain.body.toString());
    expect(br.headers.etag).toBe(`${String(plain.headers.etag).slice(0, -1)}-br"`);
    const again = await raw(server.base, path, {
      headers: { ...headers, 'accept-encoding': 'br', 'if-none-match': String(br.headers.etag) },
    });
    expect(again.status).toBe(304);
    expect(again.headers.vary).toBe('Accept-Encoding');
  });
});
