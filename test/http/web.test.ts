// The dashboard and the explorer over HTTP: static files from the built folder with the right types and
// caching, nothing outside it, the explorer for browsers at /graphql while API clients keep the JSON API.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { getIntrospectionQuery } from 'graphql';
import { projectRoot } from '../../src/config';
import { ServerMetrics } from '../../src/observability/metrics';
import { startTestServer, type TestServer } from '../support/http';

const SECRET = 'this-must-never-be-served';
let dir: string;
let web: string;
let server: TestServer;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'netkb-web-'));
  web = join(dir, 'web');
  mkdirSync(join(web, 'assets'), { recursive: true });
  writeFileSync(join(dir, 'secret.txt'), SECRET);
  writeFileSync(join(web, '.env'), SECRET);
  writeFileSync(
    join(web, 'index.html'),
    '<!doctype html><title>dashboard</title><script type="module" src="/app-ABCD1234.js"></script>',
  );
  writeFileSync(join(web, 'explorer.html'), '<!doctype html><title>explorer</title>');
  writeFileSync(join(web, 'app-ABCD1234.js'), 'console.log("app")');
  writeFileSync(join(web, 'app-ABCD1234.css'), 'body{}');
  writeFileSync(join(web, 'assets', 'font-WXYZ5678.woff2'), Buffer.from([0x77, 0x4f, 0x46, 0x32]));
  server = await startTestServer({ webDir: web });
});
afterAll(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

/** A raw request: fetch() would normalise the dot segments away before they reach the server. */
function raw(
  path: string,
  method = 'GET',
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: Record<string, unknown>; body: string }> {
  const { port } = new URL(server.base);
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

describe('the dashboard at /', () => {
  it('serves index.html at / as a page that revalidates, with a content security policy', async () => {
    const res = await fetch(`${server.base}/`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(res.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(res.headers.get('content-security-policy')).toContain("connect-src 'self'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await res.text()).toContain('<title>dashboard</title>');
  });

  it('serves the same page for deep links (the state is in the query string)', async () => {
    const res = await fetch(`${server.base}/?view=diff&from=1.15&to=1.20`);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('<title>dashboard</title>');
  });

  it('serves hashed assets with their content type, cached for a year', async () => {
    const js = await fetch(`${server.base}/app-ABCD1234.js`);
    expect(js.status).toBe(200);
    expect(js.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(js.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(js.headers.get('content-security-policy')).toBeNull();
    expect(await js.text()).toBe('console.log("app")');
    const css = await fetch(`${server.base}/app-ABCD1234.css`);
    expect(css.headers.get('content-type')).toBe('text/css; charset=utf-8');
    const font = await fetch(`${server.base}/assets/font-WXYZ5678.woff2`);
    expect(font.headers.get('content-type')).toBe('font/woff2');
    expect(Buffer.from(await font.arrayBuffer())).toEqual(Buffer.from([0x77, 0x4f, 0x46, 0x32]));
  });

  it('answers If-None-Match with 304, and HEAD without a body', async () => {
    const first = await fetch(`${server.base}/app-ABCD1234.js`);
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^"[0-9a-f]{20}"$/);
    const again = await fetch(`${server.base}/app-ABCD1234.js`, { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    const head = await raw('/', 'HEAD');
    expect(head.status).toBe(200);
    expect(head.body).toBe('');
    expect(Number(head.headers['content-length'])).toBeGreaterThan(10);
  });

  it.each([
    '/../secret.txt',
    '/%2e%2e/secret.txt',
    '/..%2fsecret.txt',
    '/assets/../../secret.txt',
    '/%2e%2e%5csecret.txt',
    '/.env',
    '/%2eenv',
    '/app-ABCD1234.js%00.html',
    '/assets',
    '/assets/',
    '/%E0%A4%A',
  ])('never serves anything outside the folder, hidden files or folders: %s', async (path) => {
    const res = await raw(path);
    expect(res.status).toBe(404);
    expect(res.body).not.toContain(SECRET);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
  });

  it('serves files only to GET and HEAD', async () => {
    const res = await fetch(`${server.base}/app-ABCD1234.js`, { method: 'POST', body: 'x' });
    expect(res.status).toBe(404);
    expect(await res.text()).not.toContain('console.log');
  });

  it('keeps /healthz, /readyz and /metrics as they were', async () => {
    expect(((await (await fetch(`${server.base}/healthz`)).json()) as { status: string }).status).toBe('ok');
    expect(((await (await fetch(`${server.base}/readyz`)).json()) as { status: string }).status).toBe('ready');
    const metrics = await fetch(`${server.base}/metrics`);
    expect(metrics.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(await metrics.text()).toContain('netkb_knowledge_base_info');
  });

  it('says where things are when the dashboard was not built', async () => {
    const bare = await startTestServer({ webDir: join(dir, 'not-built') });
    try {
      const res = await fetch(`${bare.base}/`);
      expect(res.status).toBe(404);
      expect(((await res.json()) as { error: string }).error).toMatch(/GraphQL is at \/graphql, the dashboard at \//);
      expect(
        ((await bare.query('{ releases { version } }')).data as { releases: unknown[] }).releases.length,
      ).toBeGreaterThan(20);
    } finally {
      await bare.close();
    }
  });
});

describe('the explorer at /graphql', () => {
  const BROWSER_ACCEPT = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';

  it('gives a browser the explorer page', async () => {
    const res = await fetch(server.url, { headers: { accept: BROWSER_ACCEPT } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(res.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(await res.text()).toContain('<title>explorer</title>');
  });

  it('does not count the page as a GraphQL request in the metrics', async () => {
    const metrics = new ServerMetrics(false);
    const own = await startTestServer({ webDir: web, metrics });
    try {
      await fetch(own.url, { headers: { accept: BROWSER_ACCEPT } });
      await own.query('{ releases { version } }');
      const text = await metrics.registry.metrics();
      expect(text).toMatch(/netkb_graphql_requests_total\{operation="releases",status="200"\} 1/);
      expect(text).not.toMatch(/netkb_graphql_requests_total\{operation="unknown"/);
    } finally {
      await own.close();
    }
  });

  it('keeps GET queries a JSON API, also for a browser, with CSRF prevention', async () => {
    const q = encodeURIComponent('{ featureGate(name: "IPv6DualStack") { removedIn } }');
    const res = await fetch(`${server.url}?query=${q}`, {
      headers: { accept: BROWSER_ACCEPT, 'apollo-require-preflight': 'true' },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/(graphql-response\+)?json/);
    expect(await res.json()).toEqual({ data: { featureGate: { removedIn: '1.25' } } });
    const unsafe = await fetch(`${server.url}?query=${q}`, { headers: { accept: BROWSER_ACCEPT } });
    expect(unsafe.status).toBe(400);
    expect(await unsafe.text()).toMatch(/CSRF/i);
  });

  it('does not give the page to API clients: a GET without a query stays a GraphQL error', async () => {
    const res = await fetch(server.url, {
      headers: { accept: 'application/json', 'apollo-require-preflight': 'true' },
    });
    expect(res.status).toBe(400);
    expect(await res.text()).not.toContain('<title>explorer</title>');
  });

  it('answers POST as before', async () => {
    expect((await server.data('{ release(version: "1.20") { releasedOn } }')).release.releasedOn).toBe('2020-12-08');
  });

  it("accepts GraphiQL's introspection query (ofType chains add cost, not depth)", async () => {
    const res = await server.query(getIntrospectionQuery({ inputValueDeprecation: true, schemaDescription: true }));
    expect(res.errors).toBeUndefined();
    expect(res.data.__schema.queryType.name).toBe('Query');
  });

  it('still refuses deep nesting outside ofType chains', async () => {
    const deep = `{ featureGates { ${'changes { subjects { ... on FeatureGate { '.repeat(6)}name ${'} } } '.repeat(6)}} }`;
    const res = await server.query(deep);
    expect(res.errors?.[0].extensions?.code).toBe('QUERY_TOO_COMPLEX');
  });
});

describe('the built dashboard (npm run build)', () => {
  const built = join(projectRoot(), 'dist', 'web');

  it('serves the built pages and every script and stylesheet they load', async () => {
    if (!existsSync(join(built, 'index.html')))
      throw new Error(`${built}/index.html is missing: run npm run build:web (npm install does it)`);
    const real = await startTestServer();
    try {
      for (const [path, accept] of [
        ['/', '*/*'],
        ['/graphql', 'text/html'],
      ]) {
        const page = await fetch(`${real.base}${path}`, { headers: { accept } });
        expect(page.status).toBe(200);
        const html = await page.text();
        const refs = [...html.matchAll(/(?:src|href)="(\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]);
        expect(refs.length).toBeGreaterThanOrEqual(1);
        for (const ref of refs) {
          const asset = await fetch(`${real.base}${ref}`);
          expect(asset.status).toBe(200);
          expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
        }
        // Nothing is loaded from another host: offline machines and closed networks see the same page.
        expect(html).not.toMatch(/(?:src|href)="(?:https?:)?\/\//);
        expect(readFileSync(join(built, path === '/' ? 'index.html' : 'explorer.html'), 'utf8')).toBe(html);
      }
    } finally {
      await real.close();
    }
  });
});
