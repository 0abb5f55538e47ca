// Repeated queries run on graphql-js directly (src/graphql/prepared-queries.ts): the answer must be
// byte for byte what Apollo gives, and anything unusual must still reach Apollo.
import { seededDatabase, startTestServer, type TestServer } from '../support/http';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ file: seededDatabase() });
});
afterAll(async () => server.close());

const post = (body: unknown, headers: Record<string, string> = {}) =>
  fetch(server.url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });

async function preparedCount(result: 'hit' | 'fallback'): Promise<number> {
  const text = await (await fetch(`${server.base}/metrics`)).text();
  return Number(new RegExp(`^netkb_graphql_prepared_total\\{result="${result}"\\} (\\d+)`, 'm').exec(text)?.[1] ?? 0);
}

const GATE =
  'query Gate($name: String!) { featureGate(name: $name) { name removedIn lifecycle { stage since until defaultEnabled } } }';

describe('prepared queries', () => {
  it('answers a repeat exactly as Apollo answered the first time, and counts the hit', async () => {
    const hits = await preparedCount('hit');
    const first = await post({ query: GATE, variables: { name: 'IPv6DualStack' } });
    const second = await post({ query: GATE, variables: { name: 'IPv6DualStack' } });
    expect(await preparedCount('hit')).toBe(hits + 1);
    const [a, b] = [await first.text(), await second.text()];
    expect(b).toBe(a);
    expect(JSON.parse(b).data.featureGate.removedIn).toBe('1.25');
    for (const h of ['content-type', 'cache-control', 'netkb-kb-version'])
      expect(second.headers.get(h)).toBe(first.headers.get(h));
    expect(second.headers.get('x-request-id')).not.toBe(first.headers.get('x-request-id'));
  });

  it('runs a prepared query with other variables', async () => {
    await post({ query: GATE, variables: { name: 'IPv6DualStack' } });
    const res = (await (await post({ query: GATE, variables: { name: 'SCTPSupport' } })).json()) as any;
    expect(res.data.featureGate.name).toBe('SCTPSupport');
  });

  it('hands a repeat that fails back to Apollo, which answers with its own error', async () => {
    const DIFF = 'query D($from: KubeVersion!, $to: KubeVersion!) { diff(from: $from, to: $to) { __typename } }';
    expect((await post({ query: DIFF, variables: { from: '1.15', to: '1.20' } })).status).toBe(200);
    const fallbacks = await preparedCount('fallback');
    const res = await post({ query: DIFF, variables: { from: '1.15', to: '1.99' } });
    const body = (await res.json()) as any;
    expect(await preparedCount('fallback')).toBe(fallbacks + 1);
    expect(body.errors[0].extensions.code).toBe('BAD_USER_INPUT');
    expect(body.errors[0].message).toMatch(/1\.99/);
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it("checks the operation limits against each request's variables", async () => {
    const q = 'query Page($n: Int) { changes(first: $n) { edges { node { id subjects { __typename } } } } }';
    expect((await post({ query: q, variables: { n: 2 } })).status).toBe(200);
    const res = await post({ query: q, variables: { n: 100000 } });
    const body = (await res.json()) as any;
    expect(body.errors[0].extensions.code).toBe('QUERY_TOO_COMPLEX');
  });

  it('leaves other media types to Apollo', async () => {
    await post({ query: GATE, variables: { name: 'IPv6DualStack' } });
    const hits = await preparedCount('hit');
    const res = await post(
      { query: GATE, variables: { name: 'IPv6DualStack' } },
      { accept: 'application/graphql-response+json' },
    );
    expect(res.headers.get('content-type')).toMatch(/^application\/graphql-response\+json/);
    expect(await preparedCount('hit')).toBe(hits);
  });

  it('never keeps a query Apollo refused', async () => {
    const bad = '{ featureGate(name: "IPv6DualStack") { noSuchField } }';
    for (let i = 0; i < 2; i++) {
      const body = (await (await post({ query: bad })).json()) as any;
      expect(body.errors[0].extensions.code).toBe('GRAPHQL_VALIDATION_FAILED');
    }
  });
});
