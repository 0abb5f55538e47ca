// GET queries for dashboards: cacheable with an ETag bound to the knowledge base's version; CSRF
// prevention stays on; writes are never cached.
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { projectRoot } from '../../src/config';
import { startTestServer, type TestServer } from '../support/http';
import { copySeededDatabase } from '../support/database';

const TOKEN = 'caching-admin-token-0123456789';
let dir: string;
let server: TestServer;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'netkb-cache-'));
  server = await startTestServer({ file: await copySeededDatabase(), adminToken: TOKEN });
});
afterAll(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

const get = (query: string, headers: Record<string, string> = {}) =>
  fetch(`${server.url}?query=${encodeURIComponent(query)}`, {
    headers: { 'apollo-require-preflight': 'true', ...headers },
  });

describe('GET queries and caching', () => {
  it('answers a GET query with Cache-Control, the knowledge-base version and an ETag', async () => {
    const res = await get('{ featureGate(name: "IPv6DualStack") { removedIn } }');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ data: { featureGate: { removedIn: '1.25' } } });
    expect(res.headers.get('cache-control')).toBe('max-age=300, public');
    expect(res.headers.get('netkb-kb-version')).toMatch(/^[0-9a-f]{12}$/);
    expect(res.headers.get('etag')).toMatch(/^"[0-9a-f]{12}-[0-9a-f]{16}"$/);
  });

  it('answers 304 to If-None-Match with the same ETag, and 200 for another query', async () => {
    const q = '{ release(version: "1.20") { releasedOn } }';
    const etag = (await get(q)).headers.get('etag')!;
    const again = await get(q, { 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    const other = await get('{ release(version: "1.19") { releasedOn } }', { 'if-none-match': etag });
    expect(other.status).toBe(200);
  });

  it('keeps CSRF prevention: a GET without a preflight header is refused', async () => {
    const res = await fetch(`${server.url}?query=${encodeURIComponent('{ releases { version } }')}`);
    expect(res.status).toBe(400);
    expect(await res.text()).toMatch(/CSRF/i);
  });

  it('supports automatic persisted queries: a hash alone once the query is known', async () => {
    const query = '{ featureGate(name: "SCTPSupport") { removedIn } }';
    const sha256Hash = createHash('sha256').update(query).digest('hex');
    const ext = encodeURIComponent(JSON.stringify({ persistedQuery: { version: 1, sha256Hash } }));
    const unknown = await fetch(`${server.url}?extensions=${ext}`, { headers: { 'apollo-require-preflight': 'true' } });
    expect(((await unknown.json()) as any).errors[0].extensions.code).toBe('PERSISTED_QUERY_NOT_FOUND');
    const register = await fetch(server.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query, extensions: { persistedQuery: { version: 1, sha256Hash } } }),
    });
    expect(((await register.json()) as any).data.featureGate.removedIn).toBe('1.22');
    const byHash = await fetch(`${server.url}?extensions=${ext}`, { headers: { 'apollo-require-preflight': 'true' } });
    expect(byHash.status).toBe(200);
    expect(((await byHash.json()) as any).data.featureGate.removedIn).toBe('1.22');
  });

  it('refuses batched requests', async () => {
    const res = await fetch(server.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify([{ query: '{ releases { version } }' }, { query: '{ releases { version } }' }]),
    });
    expect(res.status).toBe(400);
    expect(await res.text()).toMatch(/batch/i);
  });

  it('never caches a write, and changes the ETag when the knowledge base changes', async () => {
    const q = '{ releases { version } }';
    const before = (await get(q)).headers.get('etag');
    const notes = readFileSync(join(projectRoot(), 'test', 'fixtures', 'notes', 'release-notes-9.1.md'), 'utf8');
    const res = await fetch(server.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${TOKEN}` },
      body: JSON.stringify({
        query:
          'mutation($c: String!) { importReleaseNotes(version: "9.1", format: MARKDOWN, content: $c) { changesCreated } }',
        variables: { c: notes },
      }),
    });
    expect(res.headers.get('cache-control')).toBe('no-store');
    const after = await get(q);
    expect(after.headers.get('etag')).not.toBe(before);
    expect(((await after.json()) as any).data.releases.map((r: any) => r.version)).toContain('9.1');
  });
});
