// A GET whose operation carries a user's manifest (a root field marked @userContent in the schema:
// upgradeReport, convertManifest) is answered Cache-Control: private, no-store, with no ETag, so no shared
// cache keeps it; knowledge lookups keep their public caching, and POST answers are as before.
import { startTestServer, type TestServer } from '../support/http';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const MANIFEST = `apiVersion: extensions/v1beta1
kind: Ingress
metadata:
  name: web
spec:
  backend:
    serviceName: web
    servicePort: 80
`;

const get = (query: string, variables?: Record<string, unknown>) =>
  fetch(
    `${server.url}?query=${encodeURIComponent(query)}${variables ? `&variables=${encodeURIComponent(JSON.stringify(variables))}` : ''}`,
    { headers: { 'apollo-require-preflight': 'true' } },
  );

const REPORT = 'query($m: String!) { upgradeReport(from: "1.18", to: "1.22", manifest: $m) { summary { breaking } } }';
const CONVERT = 'query($m: String!) { convertManifest(from: "1.18", to: "1.22", manifest: $m) { manifest } }';
const GATE = '{ featureGate(name: "IPv6DualStack") { removedIn } }';

describe('GET answers', () => {
  it('upgradeReport and convertManifest: private, no-store and no ETag', async () => {
    for (const query of [REPORT, CONVERT]) {
      const res = await get(query, { m: MANIFEST });
      expect(res.status).toBe(200);
      const body = (await res.json()) as any;
      expect(body.errors).toBeUndefined();
      expect(res.headers.get('cache-control')).toBe('private, no-store');
      expect(res.headers.get('etag')).toBeNull();
    }
    const report = (await (await get(REPORT, { m: MANIFEST })).json()) as any;
    expect(report.data.upgradeReport.summary.breaking).toBeGreaterThan(0);
  });

  it('whichever way the operation reaches the field: inline manifest, alias, fragment, beside a lookup', async () => {
    const inline = `{ upgradeReport(from: "1.18", to: "1.22", manifest: ${JSON.stringify(MANIFEST)}) { summary { breaking } } }`;
    const aliased = `query($m: String!) { gate: featureGate(name: "IPv6DualStack") { name }
      r: upgradeReport(from: "1.18", to: "1.22", manifest: $m) { summary { info } } }`;
    const fragment = `query($m: String!) { ...Check } fragment Check on Query {
      ... on Query { convertManifest(from: "1.18", to: "1.22", manifest: $m) { documents } } }`;
    for (const [query, variables] of [
      [inline, undefined],
      [aliased, { m: MANIFEST }],
      [fragment, { m: MANIFEST }],
    ] as const) {
      const res = await get(query, variables);
      expect(res.status).toBe(200);
      expect(((await res.json()) as any).errors).toBeUndefined();
      expect(res.headers.get('cache-control')).toBe('private, no-store');
      expect(res.headers.get('etag')).toBeNull();
    }
  });

  it('a refused upgradeReport is private too', async () => {
    const res = await get(REPORT, { m: 'kind: [' });
    expect(((await res.json()) as any).errors[0].extensions.code).toBe('BAD_USER_INPUT');
    expect(res.headers.get('cache-control')).toBe('private, no-store');
  });

  it('knowledge lookups stay public, with an ETag', async () => {
    for (const query of [GATE, '{ sigs components }']) {
      const res = await get(query);
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('max-age=300, public');
      expect(res.headers.get('etag')).toMatch(/^"[0-9a-f]{12}-[0-9a-f]{16}"$/);
    }
  });
});

describe('POST answers', () => {
  it('are as before: a successful query is max-age=300, public whatever it selects', async () => {
    for (const [query, variables] of [
      [REPORT, { m: MANIFEST }],
      [GATE, undefined],
    ] as const) {
      const res = await fetch(server.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ query, variables }),
      });
      expect(res.status).toBe(200);
      expect(((await res.json()) as any).errors).toBeUndefined();
      expect(res.headers.get('cache-control')).toBe('max-age=300, public');
    }
  });
});
