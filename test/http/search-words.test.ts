// search over the seeded knowledge base (SQLite or PostgreSQL, as the run's database is): names written in
// camel case are found by their words, an exact name still comes first, and hits say what they are.
import { startTestServer, type TestServer } from '../support/http';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const SEARCH = `query($t: String!, $types: [SearchType!], $n: Int) { search(text: $t, types: $types, first: $n) {
  totalCount nodes { score type subject { __typename ... on FeatureGate { name } ... on Flag { component name } ... on ApiField { kind path } } change { key: id } }
} }`;

interface Hit {
  score: number;
  type: string;
  subject: { __typename: string; name?: string; component?: string; kind?: string; path?: string } | null;
  change: { key: string } | null;
}
const search = async (t: string, more: { types?: string[]; n?: number } = {}) =>
  (await server.data<{ search: { totalCount: number; nodes: Hit[] } }>(SEARCH, { t, ...more })).search;
const gateNames = (hits: Hit[]) => hits.filter((h) => h.type === 'FEATURE_GATE').map((h) => h.subject!.name);

describe('search by the words of camel-case names', () => {
  it('"DualStack" finds IPv6DualStack and CloudDualStackNodeIPs, gates named with it first', async () => {
    const found = await search('DualStack', { n: 100 });
    expect(gateNames(found.nodes)).toEqual(expect.arrayContaining(['IPv6DualStack', 'CloudDualStackNodeIPs']));
    // A name holding the words outranks an entry that only mentions them.
    const best = found.nodes.slice(0, 2).map((h) => h.subject?.name);
    expect(best.sort()).toEqual(['CloudDualStackNodeIPs', 'IPv6DualStack']);
  });

  it('"nftables" finds the NFTablesProxyMode gate among the gates named with it, before any mere mention', async () => {
    const found = await search('nftables', { n: 100 });
    const gates = gateNames(found.nodes);
    expect(gates).toEqual(expect.arrayContaining(['NFTablesProxyMode', 'KubeProxyNFTablesLocalhostNodePorts']));
    const firstMention = found.nodes.findIndex((h) => h.type === 'CHANGE');
    const proxyMode = found.nodes.findIndex((h) => h.subject?.name === 'NFTablesProxyMode');
    expect(proxyMode).toBeLessThan(firstMention);
  });

  it('finds names by inner words, acronyms apart and words in a dotted path', async () => {
    expect(gateNames((await search('ProxyMode', { types: ['FEATURE_GATE'] })).nodes)).toContain('NFTablesProxyMode');
    expect(gateNames((await search('sctp support', { types: ['FEATURE_GATE'] })).nodes)).toContain('SCTPSupport');
    expect(gateNames((await search('IPTables', { types: ['FEATURE_GATE'] })).nodes)).toEqual(
      expect.arrayContaining(['IPTablesOwnershipCleanup', 'MinimizeIPTablesRestore']),
    );
    expect(gateNames((await search('node port', { types: ['FEATURE_GATE'] })).nodes)).toContain(
      'ServiceLBNodePortControl',
    );
    const fields = (await search('FamilyPolicy', { types: ['API_FIELD'] })).nodes.map((h) => h.subject!.path);
    expect(fields).toContain('spec.ipFamilyPolicy');
  });

  it('ranks a subject named exactly the text first, above every word match', async () => {
    for (const name of ['IPv6DualStack', 'NFTablesProxyMode', 'nftablesproxymode']) {
      const [first, second] = (await search(name)).nodes;
      expect(first.subject).toEqual({
        __typename: 'FeatureGate',
        name: name === 'nftablesproxymode' ? 'NFTablesProxyMode' : name,
      });
      expect(first.score).toBeGreaterThan(second.score);
    }
    const flag = (await search('--conntrack-max')).nodes[0];
    expect(flag.subject).toEqual({ __typename: 'Flag', component: 'kube-proxy', name: '--conntrack-max' });
  });

  it('still needs the words in their order, and hyphenated names as their parts in a row', async () => {
    expect(gateNames((await search('StackDual', { types: ['FEATURE_GATE'] })).nodes)).toEqual([]);
    const proxyFlags = (await search('kube-proxy', { types: ['FLAG'], n: 100 })).nodes;
    expect(proxyFlags.length).toBeGreaterThan(10);
    // kube-proxy's own flags (named "kube-proxy --...") before flags of others that mention it.
    const own = proxyFlags.map((h) => h.subject!.component === 'kube-proxy');
    expect(own.lastIndexOf(true)).toBeLessThan(own.includes(false) ? own.indexOf(false) : Infinity);
  });
});
