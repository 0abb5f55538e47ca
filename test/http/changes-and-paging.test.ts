import { startTestServer, type TestServer } from '../support/http';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const PAGE = `query($filter: ChangeFilter, $first: Int, $after: String) {
  changes(filter: $filter, first: $first, after: $after) {
    totalCount pageInfo { hasNextPage endCursor } edges { cursor node { id version kind prs actionRequired sigs components } }
  }
}`;

describe('changes', () => {
  it('covers releases after from up to and including to', async () => {
    const all = await server.data(PAGE, { filter: { from: '1.18', to: '1.20' }, first: 100 });
    const versions = new Set(all.changes.edges.map((e: any) => e.node.version));
    expect([...versions].sort()).toEqual(['1.19', '1.20']);
    const only15 = await server.data(PAGE, { filter: { from: '1.14', to: '1.15' }, first: 100 });
    expect(only15.changes.edges.every((e: any) => e.node.version === '1.15')).toBe(true);
    expect(only15.changes.totalCount).toBeGreaterThanOrEqual(20);
  });

  it('pages with cursors through every match exactly once', async () => {
    const filter = { from: '1.14', to: '1.20' };
    const total = (await server.data(PAGE, { filter, first: 1 })).changes.totalCount;
    const seen: string[] = [];
    let after: string | null = null;
    for (let i = 0; i < 100; i++) {
      const page: any = (await server.data(PAGE, { filter, first: 7, after })).changes;
      expect(page.totalCount).toBe(total);
      seen.push(...page.edges.map((e: any) => e.node.id));
      if (!page.pageInfo.hasNextPage) break;
      after = page.pageInfo.endCursor;
    }
    expect(seen.length).toBe(total);
    expect(new Set(seen).size).toBe(total);
  });

  it('orders by release, oldest first', async () => {
    const page = await server.data(PAGE, { first: 100 });
    const versions = page.changes.edges.map((e: any) => Number(e.node.version.split('.')[1]));
    expect([...versions].sort((a, b) => a - b)).toEqual(versions);
  });

  it.each([0, 101, -1])('refuses first: %p with BAD_USER_INPUT', async (first) => {
    const res = await server.query(PAGE, { first });
    expect(res.errors![0].extensions!.code).toBe('BAD_USER_INPUT');
    expect(res.errors![0].message).toMatch(/first must be from 1 to 100/);
  });

  it('refuses a cursor that is not from the list', async () => {
    const res = await server.query(PAGE, { after: 'bm90LWEtY3Vyc29y' });
    expect(res.errors![0].extensions!.code).toBe('BAD_USER_INPUT');
  });

  it('filters by action required, SIG (any spelling), component, kind and text', async () => {
    const ar = await server.data(PAGE, { filter: { actionRequiredOnly: true }, first: 100 });
    expect(ar.changes.edges.length).toBeGreaterThanOrEqual(3);
    expect(ar.changes.edges.every((e: any) => e.node.actionRequired)).toBe(true);

    const network = (await server.data(PAGE, { filter: { sigs: ['Network'] }, first: 100 })).changes.totalCount;
    expect((await server.data(PAGE, { filter: { sigs: ['sig-network'] }, first: 100 })).changes.totalCount).toBe(
      network,
    );
    expect((await server.data(PAGE, { filter: { sigs: ['network'] }, first: 100 })).changes.totalCount).toBe(network);

    const proxy = await server.data(PAGE, { filter: { components: ['kube-proxy'], to: '1.15' }, first: 100 });
    expect(proxy.changes.edges.map((e: any) => e.node.prs[0])).toEqual(expect.arrayContaining([78399, 78344, 75295]));
    expect(proxy.changes.edges.every((e: any) => e.node.components.includes('kube-proxy'))).toBe(true);

    const removals = await server.data(PAGE, { filter: { kinds: ['DEPRECATION'] }, first: 100 });
    expect(removals.changes.edges.every((e: any) => e.node.kind === 'DEPRECATION')).toBe(true);

    const byPr = await server.data(PAGE, { filter: { text: '#96440' }, first: 5 });
    expect(byPr.changes.edges.map((e: any) => e.node.prs)).toEqual([[96440]]);
    const byText = await server.data(PAGE, { filter: { text: 'CONNTRACK' }, first: 100 });
    expect(byText.changes.edges.map((e: any) => e.node.prs[0])).toContain(78399);
  });
});

describe('diff', () => {
  const DIFF = `query($from: KubeVersion!, $to: KubeVersion!) { diff(from: $from, to: $to) {
    from to
    featureGates { gate { name } version before { exists stage defaultEnabled } after { exists stage defaultEnabled lockedToDefault } }
    removedApiVersions { apiVersion kind removedIn }
    deprecatedApiVersions { apiVersion kind deprecatedIn }
    removedFlags { component name removedIn }
    deprecatedFlags { name }
    changes(first: 100) { totalCount edges { node { version } } }
  } }`;

  it('1.15 to 1.20: gate moves at the release they happen, removals and notes in range', async () => {
    const { diff } = await server.data(DIFF, { from: '1.15', to: '1.20' });
    expect(diff.from).toBe('1.15');
    expect(diff.to).toBe('1.20');
    const lbf = diff.featureGates.filter((t: any) => t.gate.name === 'ServiceLoadBalancerFinalizer');
    expect(lbf.map((t: any) => [t.version, t.after.stage, t.after.defaultEnabled])).toEqual([
      ['1.16', 'BETA', true],
      ['1.17', 'GA', true],
      ['1.20', null, null],
    ]);
    expect(lbf[2].after.exists).toBe(false);
    const fqdn = diff.featureGates.filter((t: any) => t.gate.name === 'SetHostnameAsFQDN');
    expect(fqdn.map((t: any) => [t.version, t.before.exists, t.after.stage])).toEqual([
      ['1.19', false, 'ALPHA'],
      ['1.20', true, 'BETA'],
    ]);
    expect(diff.removedApiVersions).toEqual(
      expect.arrayContaining([{ apiVersion: 'extensions/v1beta1', kind: 'NetworkPolicy', removedIn: '1.16' }]),
    );
    const minor = (v: string) => Number(v.split('.')[1]);
    expect(diff.removedApiVersions.every((a: any) => minor(a.removedIn) > 15 && minor(a.removedIn) <= 20)).toBe(true);
    expect(diff.removedApiVersions.map((a: any) => a.apiVersion)).not.toContain('networking.k8s.io/v1beta1');
    expect(diff.removedFlags.map((f: any) => f.name)).not.toContain('--conntrack-max');
    expect(diff.changes.edges.every((e: any) => e.node.version !== '1.15')).toBe(true);
    expect(diff.changes.totalCount).toBeGreaterThan(30);
  });

  it('1.14 to 1.15 lists the kube-proxy flags removed in 1.15', async () => {
    const { diff } = await server.data(DIFF, { from: '1.14', to: '1.15' });
    expect(diff.removedFlags).toEqual(
      expect.arrayContaining([
        { component: 'kube-proxy', name: '--conntrack-max', removedIn: '1.15' },
        { component: 'kube-proxy', name: '--cleanup-iptables', removedIn: '1.15' },
      ]),
    );
    expect(diff.featureGates.map((t: any) => t.gate.name)).toContain('ServiceLoadBalancerFinalizer');
  });
});

describe('search', () => {
  const SEARCH = `query($t: String!, $n: Int) { search(text: $t, first: $n) { nodes { score
    subject { __typename ... on FeatureGate { name } ... on Flag { component name } ... on ApiVersion { apiVersion kind } ... on WellKnownKey { key } ... on Metric { name } ... on ApiField { kind path } }
    change { version prs } } } }`;
  const hits = async (variables: Record<string, unknown>) => (await server.data(SEARCH, variables)).search.nodes;

  it('ranks the entity named by the query first', async () => {
    const search = await hits({ t: 'IPv6DualStack' });
    expect(search[0].subject).toEqual({ __typename: 'FeatureGate', name: 'IPv6DualStack' });
    for (let i = 1; i < search.length; i++) expect(search[i - 1].score).toBeGreaterThanOrEqual(search[i].score);
  });

  it('finds flags by a part of their name and release notes by their words', async () => {
    const search = await hits({ t: 'conntrack-max', n: 20 });
    expect(search.some((h: any) => h.subject?.name === '--conntrack-max')).toBe(true);
    expect(search.some((h: any) => h.change?.prs?.includes(78399))).toBe(true);
  });

  it('matches a prefix of the last word', async () => {
    const search = await hits({ t: 'finaliz' });
    expect(search.some((h: any) => h.subject?.name === 'ServiceLoadBalancerFinalizer')).toBe(true);
  });

  it('treats FTS syntax as plain text', async () => {
    const res = await server.query(SEARCH, { t: '"unbalanced OR ( NEAR * ^' });
    expect(res.errors).toBeUndefined();
  });

  it('returns nothing for nothing, and refuses first over 100', async () => {
    expect(await hits({ t: '   ' })).toEqual([]);
    expect((await server.query(SEARCH, { t: 'x', n: 500 })).errors![0].extensions!.code).toBe('BAD_USER_INPUT');
  });
});

describe('node', () => {
  it('fetches every kind of object back by its id', async () => {
    const data = await server.data(`{
      featureGate(name: "IPv6DualStack") { id }
      flag(component: "kube-proxy", name: "--conntrack-max") { id }
      apiVersion(apiVersion: "extensions/v1beta1", kind: "Ingress") { id }
      release(version: "1.20") { id }
      changes(first: 1) { edges { node { id } } }
      wellKnownKeys { id }
      metrics { id }
      apiFields { id }
    }`);
    const ids: string[] = [
      data.featureGate.id,
      data.flag.id,
      data.apiVersion.id,
      data.release.id,
      data.changes.edges[0].node.id,
      data.wellKnownKeys[0].id,
      data.metrics[0].id,
      data.apiFields[0].id,
    ];
    for (const id of ids) {
      const res = await server.data('query($id: ID!) { node(id: $id) { __typename id } }', { id });
      expect(res.node.id).toBe(id);
    }
    const gate = await server.data('query($id: ID!) { node(id: $id) { ... on FeatureGate { name } } }', {
      id: data.featureGate.id,
    });
    expect(gate.node.name).toBe('IPv6DualStack');
  });

  it('answers null for an id that names nothing', async () => {
    expect((await server.data('{ node(id: "bm90aGluZw") { id } }')).node).toBeNull();
  });
});
