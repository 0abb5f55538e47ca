// Filters name values the knowledge base knows (Query.sigs, Query.components): an unknown one is refused with
// BAD_USER_INPUT, the argument at fault and the closest names, never answered with an empty list. Also the
// lookups a dashboard fills its pickers from, FeatureGate.kepUrl, WellKnownKey.type and release(version).
import { startTestServer, type GraphQLResponse, type TestServer } from '../support/http';
import { parseVersion } from '../../src/kb/version';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

function refusal(res: GraphQLResponse) {
  expect(res.errors).toHaveLength(1);
  return res.errors![0];
}

describe('sigs and components', () => {
  it('lists every SIG and component the records name, sorted, each once', async () => {
    const data = await server.data(`{ sigs components
      featureGates { sigs components } flags { component } metrics { component }
      changes(first: 100) { edges { node { sigs components } } } }`);
    const byName = (a: string, b: string) => a.localeCompare(b, 'en', { sensitivity: 'base' });
    expect(data.sigs).toEqual([...data.sigs].sort(byName));
    expect(new Set(data.sigs).size).toBe(data.sigs.length);
    expect(data.components).toEqual([...data.components].sort(byName));
    expect(new Set(data.components).size).toBe(data.components.length);
    expect(data.sigs).toEqual(expect.arrayContaining(['Network', 'Node', 'API Machinery', 'Windows']));
    expect(data.sigs.some((s: string) => /^sig[\s-]/i.test(s))).toBe(false);
    expect(data.components).toEqual(expect.arrayContaining(['kube-proxy', 'kubelet', 'kube-apiserver']));
    // Whatever a record names is in the lists.
    const changes = data.changes.edges.map((e: any) => e.node);
    for (const sig of [...data.featureGates.flatMap((g: any) => g.sigs), ...changes.flatMap((c: any) => c.sigs)])
      expect(data.sigs).toContain(sig.replace(/^sig[\s-]+/i, ''));
    for (const c of [
      ...data.featureGates.flatMap((g: any) => g.components),
      ...data.flags.map((f: any) => f.component),
      ...data.metrics.map((m: any) => m.component),
      ...changes.flatMap((x: any) => x.components),
    ])
      expect(data.components).toContain(c);
  });

  it('each listed value is accepted by the filters and finds something', async () => {
    const { sigs, components } = await server.data('{ sigs components }');
    for (const sig of sigs) {
      const data = await server.data(
        `query($sig: String!) { featureGates(sig: $sig) { name } changes(filter: { sigs: [$sig] }) { totalCount } }`,
        { sig },
      );
      expect(data.featureGates.length + data.changes.totalCount).toBeGreaterThan(0);
    }
    for (const component of components) {
      const res = await server.query(
        `query($c: String!) { featureGates(component: $c) { name } flags(component: $c) { name }
          changes(filter: { components: [$c] }) { totalCount } }`,
        { c: component },
      );
      expect(res.errors).toBeUndefined();
    }
  });
});

describe('unknown filter values', () => {
  const cases: { name: string; query: string; argument: string; message: RegExp; suggestions: string[] }[] = [
    {
      name: 'featureGates(sig)',
      query: '{ featureGates(sig: "Netwrk") { name } }',
      argument: 'sig',
      message: /^Unknown SIG "Netwrk"\. Did you mean "Network"\?$/,
      suggestions: ['Network'],
    },
    {
      name: 'featureGates(component)',
      query: '{ featureGates(component: "kube-proxi") { name } }',
      argument: 'component',
      message: /^Unknown component "kube-proxi"\. Did you mean "kube-proxy"\?$/,
      suggestions: ['kube-proxy'],
    },
    {
      name: 'flags(component)',
      query: '{ flags(component: "kubelett") { name } }',
      argument: 'component',
      message: /^Unknown component "kubelett"\. Did you mean "kubelet"/,
      suggestions: ['kubelet'],
    },
    {
      name: 'flag(component)',
      query: '{ flag(component: "kube-proxi", name: "--proxy-mode") { name } }',
      argument: 'component',
      message: /^Unknown component "kube-proxi"\. Did you mean "kube-proxy"\?$/,
      suggestions: ['kube-proxy'],
    },
    {
      name: 'metrics(component)',
      query: '{ metrics(component: "kube-proxi") { name } }',
      argument: 'component',
      message: /^Unknown component "kube-proxi"\./,
      suggestions: ['kube-proxy'],
    },
    {
      name: 'changes(filter: {components})',
      query: '{ changes(filter: { components: ["kube-proxy", "kube-proxi"] }) { totalCount } }',
      argument: 'filter.components',
      message: /^Unknown component "kube-proxi"\. Did you mean "kube-proxy"\?$/,
      suggestions: ['kube-proxy'],
    },
    {
      name: 'changes(filter: {sigs})',
      query: '{ changes(filter: { sigs: ["sig-netwrok"] }) { totalCount } }',
      argument: 'filter.sigs',
      message: /^Unknown SIG "sig-netwrok"\. Did you mean "Network"\?$/,
      suggestions: ['Network'],
    },
    {
      name: 'diff(sig)',
      query: '{ diff(from: "1.20", to: "1.22", sig: "Windws") { from } }',
      argument: 'sig',
      message: /^Unknown SIG "Windws"\. Did you mean "Windows"\?$/,
      suggestions: ['Windows'],
    },
  ];

  it.each(cases)('$name: BAD_USER_INPUT naming the argument and the closest values', async (c) => {
    const e = refusal(await server.query(c.query));
    expect(e.message).toMatch(c.message);
    expect(e.extensions).toMatchObject({ code: 'BAD_USER_INPUT', argument: c.argument });
    expect(e.extensions!.suggestions).toEqual(c.suggestions);
  });

  it('with nothing close, lists every known value and suggests none', async () => {
    const { components } = await server.data('{ components }');
    const e = refusal(await server.query('{ flags(component: "etcd-operator-xyz") { name } }'));
    expect(e.extensions).toMatchObject({ code: 'BAD_USER_INPUT', argument: 'component', suggestions: [] });
    expect(e.message).toBe(`Unknown component "etcd-operator-xyz". Known components: ${components.join(', ')}.`);
  });

  it('matching stays case-insensitive, "sig-" prefixes and blank values included', async () => {
    const data = await server.data(`{
      a: featureGates(sig: "NETWORK") { name } b: featureGates(sig: "sig-network") { name }
      c: featureGates(component: "Kube-Proxy") { name } d: featureGates(component: "kube-proxy") { name }
      all: featureGates { name } blank: featureGates(sig: " ", component: "") { name }
      flag: flag(component: "KUBE-PROXY", name: "--proxy-mode") { component }
      changes(filter: { sigs: ["SIG Network"], components: ["KUBE-PROXY"] }) { totalCount } }`);
    expect(data.a.length).toBeGreaterThan(10);
    expect(data.b).toEqual(data.a);
    expect(data.c.length).toBeGreaterThan(3);
    expect(data.c).toEqual(data.d);
    expect(data.blank).toEqual(data.all);
    expect(data.flag).toEqual({ component: 'kube-proxy' });
    expect(data.changes.totalCount).toBeGreaterThan(10);
  });
});

describe('FeatureGate.kepUrl', () => {
  it('is the KEP page among the sources, else the KEP tracking issue, and null without a KEP', async () => {
    const { featureGates } = await server.data('{ featureGates { name kep kepUrl sources } }');
    const nftables = featureGates.find((g: any) => g.name === 'NFTablesProxyMode');
    expect(nftables.kep).toBe('KEP-3866');
    expect(nftables.kepUrl).toBe(
      'https://github.com/kubernetes/enhancements/tree/master/keps/sig-network/3866-nftables-proxy',
    );
    let fromPage = 0;
    let fromIssue = 0;
    for (const g of featureGates) {
      if (g.kep === null) {
        expect(g.kepUrl).toBeNull();
        continue;
      }
      const n = /^KEP-(\d+)$/.exec(g.kep)![1];
      const page = g.sources.find((s: string) =>
        new RegExp(`^https://github\\.com/kubernetes/enhancements/(tree|blob)/[^/]+/keps/[^/]+/${n}-`).test(s),
      );
      if (page) fromPage++;
      else fromIssue++;
      expect({ gate: g.name, kepUrl: g.kepUrl }).toEqual({
        gate: g.name,
        kepUrl: page ?? `https://github.com/kubernetes/enhancements/issues/${n}`,
      });
    }
    expect(fromPage).toBeGreaterThan(0);
    expect(fromIssue).toBeGreaterThan(0);
    expect(featureGates.some((g: any) => g.kep === null)).toBe(true);
  });
});

describe('WellKnownKey.type', () => {
  it('is an enum, and wellKnownKeys(type) keeps the keys of that type', async () => {
    const data = await server.data(`{ all: wellKnownKeys { key type }
      labels: wellKnownKeys(type: LABEL) { type } taints: wellKnownKeys(type: TAINT) { type }
      annotations: wellKnownKeys(type: ANNOTATION) { type }
      enum: __type(name: "WellKnownKeyType") { kind enumValues { name } } }`);
    expect(data.enum).toEqual({
      kind: 'ENUM',
      enumValues: [{ name: 'LABEL' }, { name: 'ANNOTATION' }, { name: 'TAINT' }],
    });
    expect(data.labels.length).toBeGreaterThan(0);
    expect(data.taints.length).toBeGreaterThan(0);
    for (const [list, type] of [
      [data.labels, 'LABEL'],
      [data.taints, 'TAINT'],
      [data.annotations, 'ANNOTATION'],
    ])
      expect(list.every((k: any) => k.type === type)).toBe(true);
    // The rest are generated records of keys whose sources do not say which they are (type null).
    const untyped = data.all.filter((k: any) => k.type === null).length;
    expect(untyped).toBeGreaterThan(0);
    expect(data.labels.length + data.taints.length + data.annotations.length + untyped).toBe(data.all.length);
  });

  it('refuses a type that is not LABEL, ANNOTATION or TAINT', async () => {
    const asVariable = refusal(
      await server.query('query($t: WellKnownKeyType) { wellKnownKeys(type: $t) { key } }', { t: 'BOGUS' }),
    );
    expect(asVariable.extensions!.code).toBe('BAD_USER_INPUT');
    expect(asVariable.message).toMatch(/"BOGUS" does not exist in "WellKnownKeyType"/);
    const inline = refusal(await server.query('{ wellKnownKeys(type: BOGUS) { key } }'));
    expect(inline.extensions!.code).toBe('GRAPHQL_VALIDATION_FAILED');
  });
});

describe('lookups of a name the knowledge base does not have', () => {
  it.each([
    ['featureGate', '{ featureGate(name: "NFTablesProxyMod") { name } }', 'name', 'NFTablesProxyMode'],
    ['flag', '{ flag(component: "kube-proxy", name: "--proxy-mod") { name } }', 'name', '--proxy-mode'],
    [
      'apiVersion',
      '{ apiVersion(apiVersion: "networking.k8s.io/v1beta", kind: "Ingress") { key: apiVersion } }',
      'apiVersion',
      'networking.k8s.io/v1beta1 Ingress',
    ],
  ])('%s answers null with NOT_FOUND and the closest names', async (field, query, argument, closest) => {
    const res = await server.query(query);
    expect(res.status).toBe(200);
    expect(res.data).toEqual({ [field]: null });
    const e = refusal(res);
    expect(e.path).toEqual([field]);
    expect(e.extensions).toMatchObject({ code: 'NOT_FOUND', argument });
    expect(e.extensions!.suggestions as string[]).toContain(closest);
    expect(e.message).toContain(`Did you mean "${closest}"`);
  });

  it('names nothing when nothing is close, and a found name answers without an error', async () => {
    const res = await server.query('{ featureGate(name: "qqqqxxxxzzzz") { name } }');
    expect(refusal(res).extensions).toMatchObject({ code: 'NOT_FOUND', suggestions: [] });
    expect(refusal(res).message).toBe('No feature gate is named "qqqqxxxxzzzz".');
    const found = await server.query('{ featureGate(name: "nftablesproxymode") { name } }');
    expect(found).toEqual({ status: 200, data: { featureGate: { name: 'NFTablesProxyMode' } } });
  });
});

describe('Flag.changes', () => {
  const proxyMode = (fields: string) => `{ flag(component: "kube-proxy", name: "--proxy-mode") { ${fields} } }`;

  it("lists the newest release first, a release's own notes in their order", async () => {
    const all = (await server.data(proxyMode('changes { id version }'))).flag.changes;
    const versions = all.map((c: any) => parseVersion(c.version));
    expect(versions).toEqual([...versions].sort((a, b) => b - a));
    // 2019's IPVS notes (1.15) come last, after every later release's.
    expect(all.at(-1).version).toBe('1.15');
    expect(new Set(versions).size).toBeGreaterThan(10);
    // Within a release, the order of the release's own notes (Release.changes is in the notes' order).
    const newest = all[0].version;
    const ids = new Set(all.filter((c: any) => c.version === newest).map((c: any) => c.id));
    expect(ids.size).toBeGreaterThan(1);
    const { release } = await server.data(
      `{ release(version: "${newest}") { changes(first: 100) { totalCount nodes { id } } } }`,
    );
    expect(release.changes.totalCount).toBeLessThanOrEqual(100);
    const inNotesOrder = release.changes.nodes.map((n: any) => n.id).filter((id: string) => ids.has(id));
    expect(all.slice(0, ids.size).map((c: any) => c.id)).toEqual(inNotesOrder);
  });

  it('first: keeps the newest that many, 1 to 100 as a connection page; without it, all of them', async () => {
    const all = (await server.data(proxyMode('changes { id }'))).flag.changes;
    expect(all.length).toBeGreaterThan(20);
    const three = (await server.data(proxyMode('changes(first: 3) { id }'))).flag.changes;
    expect(three).toEqual(all.slice(0, 3));
    expect((await server.data(proxyMode('changes(first: 100) { id }'))).flag.changes).toEqual(all.slice(0, 100));
    for (const first of [0, -1, 101]) {
      const res = await server.query(proxyMode(`changes(first: ${first}) { id }`));
      expect(refusal(res).extensions).toMatchObject({ code: 'BAD_USER_INPUT', argument: 'first' });
      expect(refusal(res).message).toBe(`first must be from 1 to 100, got ${first}`);
      expect(res.data).toEqual({ flag: null });
    }
  });

  it('the chat message shows the newest notes and counts the older ones', async () => {
    const all = (await server.data(proxyMode('changes { version }'))).flag.changes;
    const { flag } = await server.data(proxyMode('markdown(maxLength: 1200) long: markdown'));
    for (const markdown of [flag.markdown, flag.long]) {
      const notes = markdown.slice(markdown.indexOf('**Release notes**\n')).split('\n\n')[0].split('\n');
      const shown = notes.filter((l: string) => l.startsWith('- '));
      expect(shown.length).toBeGreaterThan(0);
      expect(shown[0]).toMatch(new RegExp(`^- ${all[0].version.replace('.', '\\.')}: `));
      expect(notes.at(-1)).toBe(`…and ${all.length - shown.length} older release notes`);
    }
  });
});

describe('release(version)', () => {
  it('answers a held release and refuses one the knowledge base does not hold, listing those it does', async () => {
    const { releases } = await server.data('{ releases { version } }');
    expect((await server.data('{ release(version: "v1.20.3") { version } }')).release).toEqual({ version: '1.20' });
    const res = await server.query('{ release(version: "1.99") { version } }');
    const e = refusal(res);
    expect(e.extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      argument: 'version',
      knownReleases: releases.map((r: any) => r.version),
    });
    expect(e.message).toMatch(/release 1\.99 is not in the knowledge base/);
    expect(res.data).toEqual({ release: null });
  });
});
