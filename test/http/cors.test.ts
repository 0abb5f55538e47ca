// Cross-origin dashboards: NETKB_CORS_ORIGINS lists the origins whose preflight requests are answered; any
// other origin gets no Access-Control-* header, and Apollo's CSRF prevention still refuses simple
// cross-origin requests. A malformed origin stops start-up.
import { builtCli } from '../support/build';
import { runNode } from '../support/cli';
import { seededDatabase, startTestServer, type TestServer } from '../support/http';

const DASHBOARD = 'https://dash.example.com';
const LOCAL = 'http://localhost:5173';
const OTHER = 'https://evil.example.net';

let listed: TestServer;
let unset: TestServer;
beforeAll(async () => {
  [listed, unset] = await Promise.all([startTestServer({ corsOrigins: [DASHBOARD, LOCAL] }), startTestServer()]);
});
afterAll(() => Promise.all([listed.close(), unset.close()]));

const preflight = (server: TestServer, origin: string, method = 'POST', headers = 'content-type') =>
  fetch(server.url, {
    method: 'OPTIONS',
    headers: { origin, 'access-control-request-method': method, 'access-control-request-headers': headers },
  });

const accessControl = (res: Response) => [...res.headers.keys()].filter((k) => k.startsWith('access-control-'));

const QUERY = '{ featureGate(name: "IPv6DualStack") { removedIn } }';

describe('preflight requests', () => {
  it('are answered for a listed origin with the methods and headers a dashboard sends', async () => {
    for (const origin of [DASHBOARD, LOCAL]) {
      const res = await preflight(listed, origin, 'POST', 'content-type');
      expect(res.status).toBe(204);
      expect(res.headers.get('access-control-allow-origin')).toBe(origin);
      expect(res.headers.get('access-control-allow-methods')).toBe('GET, POST');
      expect(res.headers.get('access-control-allow-headers')!.split(', ')).toEqual(
        expect.arrayContaining(['content-type', 'apollo-require-preflight', 'authorization']),
      );
      expect(Number(res.headers.get('access-control-max-age'))).toBeGreaterThan(0);
      expect(res.headers.get('vary')).toBe('Origin');
    }
    const get = await preflight(listed, DASHBOARD, 'GET', 'apollo-require-preflight');
    expect(get.status).toBe(204);
    expect(get.headers.get('access-control-allow-origin')).toBe(DASHBOARD);
  });

  it('get no Access-Control-* header from an origin that is not listed, or when none is', async () => {
    for (const [server, origin] of [
      [listed, OTHER],
      [listed, 'https://dash.example.com:8443'],
      [listed, 'http://dash.example.com'],
      [unset, DASHBOARD],
    ] as const) {
      const res = await preflight(server, origin);
      expect(res.status).toBe(403);
      expect(accessControl(res)).toEqual([]);
      expect(((await res.json()) as any).error).toMatch(/not allowed.*NETKB_CORS_ORIGINS/);
    }
    expect((await preflight(listed, OTHER)).headers.get('vary')).toBe('Origin');
  });
});

describe('actual requests', () => {
  it('from a listed origin carry Access-Control-Allow-Origin, on POST and on GET', async () => {
    const post = await fetch(listed.url, {
      method: 'POST',
      headers: { origin: DASHBOARD, 'content-type': 'application/json' },
      body: JSON.stringify({ query: QUERY }),
    });
    expect(post.status).toBe(200);
    expect((await post.json()) as any).toEqual({ data: { featureGate: { removedIn: '1.25' } } });
    expect(post.headers.get('access-control-allow-origin')).toBe(DASHBOARD);
    expect(post.headers.get('access-control-expose-headers')).toMatch(/netkb-kb-version/);
    // Origin from the CORS policy, Accept-Encoding from compression (compression.test.ts).
    expect(post.headers.get('vary')).toBe('Origin, Accept-Encoding');
    const get = await fetch(`${listed.url}?query=${encodeURIComponent(QUERY)}`, {
      headers: { origin: LOCAL, 'apollo-require-preflight': 'true' },
    });
    expect(get.status).toBe(200);
    expect(get.headers.get('access-control-allow-origin')).toBe(LOCAL);
  });

  it('from any other origin carry none', async () => {
    for (const server of [listed, unset]) {
      const res = await fetch(server.url, {
        method: 'POST',
        headers: { origin: OTHER, 'content-type': 'application/json' },
        body: JSON.stringify({ query: QUERY }),
      });
      expect(accessControl(res)).toEqual([]);
    }
    const same = await fetch(unset.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: QUERY }),
    });
    expect(same.status).toBe(200);
    expect(same.headers.get('vary')).toBe('Accept-Encoding');
  });

  it("keep Apollo's CSRF prevention: a simple request is refused, even from a listed origin", async () => {
    const simplePost = await fetch(listed.url, {
      method: 'POST',
      headers: { origin: DASHBOARD, 'content-type': 'text/plain' },
      body: JSON.stringify({ query: QUERY }),
    });
    const simpleGet = await fetch(`${listed.url}?query=${encodeURIComponent(QUERY)}`, {
      headers: { origin: OTHER },
    });
    for (const res of [simplePost, simpleGet]) {
      expect(res.status).toBe(400);
      const body = (await res.json()) as any;
      expect(body.data).toBeUndefined();
      expect(body.errors[0].message).toMatch(/Cross-Site Request Forgery/);
    }
  });
});

describe('NETKB_CORS_ORIGINS at start-up', () => {
  it.each([
    [
      'https://dash.example.com/app',
      /"https:\/\/dash\.example\.com\/app" is not an origin.*https:\/\/dash\.example\.com/,
    ],
    ['dash.example.com', /"dash\.example\.com" is not an origin/],
    ['https://a.example.com,,https://b.example.com', /empty entry/],
    ['*', /"\*" is not accepted; list each origin/],
    ['ftp://files.example.com', /must start with https:\/\/ or http:\/\//],
  ])('%s: exit 2 naming the setting', async (value, message) => {
    const r = await runNode([builtCli(), 'serve'], {
      DATABASE_URL: `file:${seededDatabase()}`,
      NETKB_CORS_ORIGINS: value,
    });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^netkb serve: NETKB_CORS_ORIGINS/);
    expect(r.stderr).toMatch(message);
  });
});
