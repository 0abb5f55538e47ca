// Connections as GitHub's API has them, on search and on the three changes connections: edges and nodes,
// totalCount, first/after forward and last/before backward with cursors that round-trip, and refusals with
// BAD_USER_INPUT for first with last and for cursors that are malformed or from another list.
import { startTestServer, type TestServer } from '../support/http';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

interface Page {
  totalCount: number;
  edges: { cursor: string; node: { id: string } }[];
  nodes: { id: string }[];
  pageInfo: { hasNextPage: boolean; hasPreviousPage: boolean; startCursor: string | null; endCursor: string | null };
}
const PAGE_FIELDS = `totalCount pageInfo { hasNextPage hasPreviousPage startCursor endCursor }`;
const ARGS = `$first: Int, $after: String, $last: Int, $before: String`;
const PAGING = `first: $first, after: $after, last: $last, before: $before`;

/** Each connection under test, as a function from paging arguments to its page (ids name the items). */
const CONNECTIONS: Record<string, (args: Record<string, unknown>) => Promise<Page>> = {
  search: async (args) => {
    const q = `query($t: String!, $types: [SearchType!], ${ARGS}) { search(text: $t, types: $types, ${PAGING}) {
      ${PAGE_FIELDS} edges { cursor node { type subject { ... on Node { id } } change { id } } }
      nodes { subject { ... on Node { id } } change { id } } } }`;
    const { search } = await server.data(q, { t: 'proxy', ...args });
    const id = (h: any) => ({ id: (h.subject ?? h.change).id as string });
    return {
      ...search,
      edges: search.edges.map((e: any) => ({ cursor: e.cursor, node: id(e.node) })),
      nodes: search.nodes.map(id),
    };
  },
  changes: async (args) => {
    const q = `query(${ARGS}) { changes(filter: { to: "1.20" }, ${PAGING}) { ${PAGE_FIELDS} edges { cursor node { id } } nodes { id } } }`;
    return (await server.data(q, args)).changes;
  },
  'Release.changes': async (args) => {
    const q = `query(${ARGS}) { release(version: "1.20") { changes(${PAGING}) { ${PAGE_FIELDS} edges { cursor node { id } } nodes { id } } } }`;
    return (await server.data(q, args)).release.changes;
  },
  'VersionDiff.changes': async (args) => {
    const q = `query(${ARGS}) { diff(from: "1.18", to: "1.21") { changes(${PAGING}) { ${PAGE_FIELDS} edges { cursor node { id } } nodes { id } } } }`;
    return (await server.data(q, args)).diff.changes;
  },
};

const ids = (p: Page) => p.edges.map((e) => e.node.id);

describe.each(Object.keys(CONNECTIONS))('%s as a connection', (name) => {
  const page = CONNECTIONS[name];

  it('has nodes beside edges, and pages forward with first/after through every item once', async () => {
    const all = await page({ first: 100 });
    expect(all.totalCount).toBeGreaterThan(12);
    const total = all.totalCount;
    const seen: string[] = [];
    let after: string | null = null;
    for (let i = 0; i < 100; i++) {
      const p: Page = await page({ first: 20, after });
      expect(p.nodes).toEqual(p.edges.map((e) => e.node));
      expect(p.totalCount).toBe(total);
      expect(p.pageInfo.hasPreviousPage).toBe(after !== null);
      expect(p.pageInfo.startCursor).toBe(p.edges[0].cursor);
      expect(p.pageInfo.endCursor).toBe(p.edges[p.edges.length - 1].cursor);
      seen.push(...ids(p));
      if (!p.pageInfo.hasNextPage) break;
      after = p.pageInfo.endCursor;
    }
    expect(seen).toHaveLength(total);
    expect(new Set(seen).size).toBe(total);
    if (total <= 100) expect(seen).toEqual(ids(all));
  });

  it('pages backward with last/before, and the cursors round-trip between directions', async () => {
    const firstPage = await page({ first: 4 });
    const secondPage = await page({ first: 4, after: firstPage.pageInfo.endCursor });
    const back = await page({ last: 4, before: secondPage.pageInfo.startCursor });
    expect(ids(back)).toEqual(ids(firstPage));
    expect(back.pageInfo).toMatchObject({ hasPreviousPage: false, hasNextPage: true });
    expect(back.pageInfo.startCursor).toBe(firstPage.pageInfo.startCursor);

    // The last items of the whole list, then the ones before them.
    const tail = await page({ last: 3 });
    expect(tail.pageInfo).toMatchObject({ hasNextPage: false, hasPreviousPage: true });
    const beforeTail = await page({ last: 3, before: tail.pageInfo.startCursor });
    expect([...ids(beforeTail), ...ids(tail)]).toEqual(ids(await page({ last: 6 })));
    const everything: string[] = [];
    for (let p = await page({ first: 100 }); ; p = await page({ first: 100, after: p.pageInfo.endCursor })) {
      everything.push(...ids(p));
      if (!p.pageInfo.hasNextPage) break;
    }
    expect(everything.slice(-6)).toEqual([...ids(beforeTail), ...ids(tail)]);

    // after and before together: the items strictly between them.
    const window = await page({ first: 10 });
    const between = await page({ after: window.edges[2].cursor, before: window.edges[7].cursor });
    expect(ids(between)).toEqual(ids(window).slice(3, 7));
    expect(between.pageInfo).toMatchObject({ hasPreviousPage: true, hasNextPage: true });
  });

  it('refuses first with last, a page size out of range and a malformed cursor with BAD_USER_INPUT', async () => {
    const refusal = async (args: Record<string, unknown>) => {
      const err = await page(args).then(
        () => null,
        (e: Error) => e.message,
      );
      expect(err).not.toBeNull();
      return JSON.parse(err!.slice(err!.indexOf('['))) as { message: string; extensions: Record<string, unknown> }[];
    };
    const [both] = await refusal({ first: 2, last: 2 });
    expect(both.extensions).toMatchObject({ code: 'BAD_USER_INPUT', argument: 'last' });
    expect(both.message).toMatch(/first and last together/);
    const [tooMany] = await refusal({ last: 101 });
    expect(tooMany.extensions).toMatchObject({ code: 'BAD_USER_INPUT', argument: 'last' });
    expect(tooMany.message).toMatch(/last must be from 1 to 100, got 101/);
    for (const [arg, cursor] of [
      ['after', 'not a cursor at all!'],
      ['before', 'bm90LWEtY3Vyc29y'],
      ['after', Buffer.from('cursor:nothing-has-this-key').toString('base64url')],
    ]) {
      const [bad] = await refusal({
        [arg]: cursor,
        first: arg === 'after' ? 2 : undefined,
        last: arg === 'before' ? 2 : undefined,
      });
      expect(bad.extensions).toMatchObject({ code: 'BAD_USER_INPUT', argument: arg });
    }
  });
});

describe('cursors belong to their list', () => {
  it('refuses a changes cursor given to search, and a search cursor given to changes', async () => {
    const change = await CONNECTIONS.changes({ first: 1 });
    const hit = await CONNECTIONS.search({ first: 1 });
    await expect(CONNECTIONS.search({ after: change.pageInfo.endCursor })).rejects.toThrow(/BAD_USER_INPUT/);
    await expect(CONNECTIONS.changes({ after: hit.pageInfo.endCursor })).rejects.toThrow(/BAD_USER_INPUT/);
  });
});

describe('search types', () => {
  const COUNT = `query($types: [SearchType!]) { search(text: "proxy", types: $types, first: 100) { totalCount nodes { type } } }`;
  const TYPES = ['FEATURE_GATE', 'FLAG', 'API_VERSION', 'API_FIELD', 'WELL_KNOWN_KEY', 'METRIC', 'CHANGE'];

  it('keeps only the types asked for; the counts of the types add up to the whole', async () => {
    const all = (await server.data(COUNT, {})).search.totalCount;
    let sum = 0;
    for (const type of TYPES) {
      const { search } = await server.data(COUNT, { types: [type] });
      expect(search.nodes.every((h: { type: string }) => h.type === type)).toBe(true);
      sum += search.totalCount;
    }
    expect(sum).toBe(all);
    const two = (await server.data(COUNT, { types: ['FEATURE_GATE', 'FLAG'] })).search;
    expect(new Set(two.nodes.map((h: { type: string }) => h.type))).toEqual(new Set(['FEATURE_GATE', 'FLAG']));
    // An empty list asks for no filter, like an absent one.
    expect((await server.data(COUNT, { types: [] })).search.totalCount).toBe(all);
  });

  it('says what each hit is, matching its subject or change', async () => {
    const { search } = await server.data(
      `{ search(text: "proxy", first: 100) { nodes { type subject { __typename } change { id } } } }`,
    );
    const typename: Record<string, string> = {
      FeatureGate: 'FEATURE_GATE',
      Flag: 'FLAG',
      ApiVersion: 'API_VERSION',
      ApiField: 'API_FIELD',
      WellKnownKey: 'WELL_KNOWN_KEY',
      Metric: 'METRIC',
    };
    for (const h of search.nodes) expect(h.type).toBe(h.change ? 'CHANGE' : typename[h.subject.__typename]);
  });

  it('refuses an unknown type as a GraphQL validation error', async () => {
    const res = await server.query(COUNT, { types: ['GATE'] });
    expect(res.errors![0].extensions!.code).toBe('BAD_USER_INPUT');
  });
});

describe('the cost of a connection', () => {
  it('counts last like first, and nodes as the same page as edges', async () => {
    const deep = `query($n: Int) { changes(last: $n) { nodes { subjects { ... on FeatureGate { changes { subjects { ... on Flag { name } } } } } } } }`;
    expect((await server.query(deep, { n: 1 })).errors).toBeUndefined();
    expect((await server.query(deep, { n: 100 })).errors![0].extensions!.code).toBe('QUERY_TOO_COMPLEX');
    const page = `{ changes(first: 100) { nodes { subjects { ... on FeatureGate { name kep summary } ... on Flag { name component } } } } }`;
    const res = await server.query(page);
    expect(res.errors).toBeUndefined();
    expect(res.data.changes.nodes).toHaveLength(100);
  });
});
