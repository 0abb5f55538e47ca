// diff's gate transitions say what kind of change each is (kind, kinds), and diff(sig) keeps one SIG's gates
// and changes. The gates and releases here are read from seed/feature-gates (network-1.20.yaml,
// network-m-z.yaml, network-a-l.yaml): IPv6DualStack ALPHA 1.16, BETA on by default 1.21, GA locked 1.23,
// removed 1.25; MultiCIDRServiceAllocator ALPHA 1.27, BETA (off) 1.31, GA on 1.33, locked 1.34;
// DisableNodeKubeProxyVersion BETA on 1.31, DEPRECATED off 1.32, DEPRECATED on 1.33.
import { startTestServer, type TestServer } from '../support/http';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const DIFF = `query($from: KubeVersion!, $to: KubeVersion!, $sig: String) {
  diff(from: $from, to: $to, sig: $sig) {
    featureGates { gate { name sigs } version kind kinds
      before { exists stage defaultEnabled lockedToDefault } after { exists stage defaultEnabled lockedToDefault } }
    removedApiVersions { apiVersion kind }
    deprecatedFlags { name }
    changes(first: 100) { totalCount edges { node { sigs } } }
    sigFilter { removedApiVersionsLeftOut keptWithoutOwner }
  } }`;

async function transitions(from: string, to: string, sig?: string) {
  return (await server.data(DIFF, { from, to, sig })).diff;
}

const ofGate = (diff: any, name: string) =>
  diff.featureGates
    .filter((t: any) => t.gate.name === name)
    .map((t: any) => ({ version: t.version, kind: t.kind, kinds: t.kinds }));

describe('FeatureGateTransition.kind and kinds', () => {
  it('names each step of a gate that is added, graduates twice and is removed', async () => {
    expect(ofGate(await transitions('1.14', '1.25'), 'IPv6DualStack')).toEqual([
      { version: '1.16', kind: 'ADDED', kinds: ['ADDED'] },
      { version: '1.21', kind: 'GRADUATED', kinds: ['GRADUATED', 'DEFAULT_CHANGED'] },
      { version: '1.23', kind: 'GRADUATED', kinds: ['GRADUATED', 'LOCK_CHANGED'] },
      { version: '1.25', kind: 'REMOVED', kinds: ['REMOVED'] },
    ]);
  });

  it('tells a graduation with the default unchanged, and a change of the lock alone', async () => {
    expect(ofGate(await transitions('1.26', '1.36'), 'MultiCIDRServiceAllocator')).toEqual([
      { version: '1.27', kind: 'ADDED', kinds: ['ADDED'] },
      { version: '1.31', kind: 'GRADUATED', kinds: ['GRADUATED'] },
      { version: '1.33', kind: 'GRADUATED', kinds: ['GRADUATED', 'DEFAULT_CHANGED'] },
      { version: '1.34', kind: 'LOCK_CHANGED', kinds: ['LOCK_CHANGED'] },
    ]);
  });

  it('tells a deprecation, and a change of the default within it', async () => {
    expect(ofGate(await transitions('1.31', '1.33'), 'DisableNodeKubeProxyVersion')).toEqual([
      { version: '1.32', kind: 'DEPRECATED', kinds: ['DEPRECATED', 'DEFAULT_CHANGED'] },
      { version: '1.33', kind: 'DEFAULT_CHANGED', kinds: ['DEFAULT_CHANGED'] },
    ]);
  });

  it('over the whole knowledge base, kinds agree with the states before and after, in precedence order', async () => {
    const { releases } = await server.data('{ releases { version } }');
    const diff = await transitions(releases[0].version, releases[releases.length - 1].version);
    const order = ['REMOVED', 'ADDED', 'DEPRECATED', 'GRADUATED', 'DEMOTED', 'DEFAULT_CHANGED', 'LOCK_CHANGED'];
    const rank: Record<string, number> = { ALPHA: 1, BETA: 2, GA: 3 };
    const seen = new Set<string>();
    for (const t of diff.featureGates) {
      const { before: b, after: a } = t;
      expect(t.kinds.length).toBeGreaterThan(0);
      expect(t.kind).toBe(t.kinds[0]);
      expect([...t.kinds].sort((x: string, y: string) => order.indexOf(x) - order.indexOf(y))).toEqual(t.kinds);
      const expected: string[] = [];
      if (b.exists && !a.exists) expected.push('REMOVED');
      else if (!b.exists && a.exists) expected.push('ADDED');
      else {
        if (a.stage === 'DEPRECATED' && b.stage !== 'DEPRECATED') expected.push('DEPRECATED');
        else if (rank[a.stage] > rank[b.stage]) expected.push('GRADUATED');
        else if (a.stage !== b.stage) expected.push('DEMOTED');
        if (a.defaultEnabled !== b.defaultEnabled) expected.push('DEFAULT_CHANGED');
        if (a.lockedToDefault !== b.lockedToDefault) expected.push('LOCK_CHANGED');
      }
      expect({ gate: t.gate.name, version: t.version, kinds: t.kinds }).toEqual({
        gate: t.gate.name,
        version: t.version,
        kinds: expected,
      });
      t.kinds.forEach((k: string) => seen.add(k));
    }
    for (const k of ['REMOVED', 'ADDED', 'DEPRECATED', 'GRADUATED', 'DEFAULT_CHANGED', 'LOCK_CHANGED'])
      expect(seen).toContain(k);
  });
});

describe('diff(sig)', () => {
  it("keeps that SIG's gate transitions and changes, and of API versions those no other SIG owns", async () => {
    const all = await transitions('1.15', '1.22');
    const windows = await transitions('1.15', '1.22', 'sig-windows');
    expect(windows.featureGates.length).toBeGreaterThan(0);
    expect(windows.featureGates.length).toBeLessThan(all.featureGates.length);
    expect(windows.featureGates).toEqual(all.featureGates.filter((t: any) => t.gate.sigs.includes('Windows')));
    expect(windows.changes.totalCount).toBeGreaterThan(0);
    expect(windows.changes.totalCount).toBeLessThan(all.changes.totalCount);
    expect(windows.changes.edges.every((e: any) => e.node.sigs.includes('Windows'))).toBe(true);
    const { changes } = await server.data(
      '{ changes(filter: { from: "1.15", to: "1.22", sigs: ["Windows"] }) { totalCount } }',
    );
    expect(windows.changes.totalCount).toBe(changes.totalCount);
    // seed/sig-owners.yaml gives Windows no API group: what is kept is what no record gives an owner, named.
    const label = (a: any) => `API ${a.apiVersion} ${a.kind}`;
    expect(
      windows.removedApiVersions.map(label).every((l: string) => windows.sigFilter.keptWithoutOwner.includes(l)),
    ).toBe(true);
    expect(windows.removedApiVersions.length + windows.sigFilter.removedApiVersionsLeftOut).toBe(
      all.removedApiVersions.length,
    );
    expect(windows.sigFilter.removedApiVersionsLeftOut).toBeGreaterThan(0);
    expect(all.sigFilter).toBeNull();
  });
});
