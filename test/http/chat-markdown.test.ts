// VersionDiff.markdown and FeatureGate.markdown over HTTP: real content from the seed, upstream links,
// the length limit, "…and N more" counts that add up, and whole markdown lines.
import { startTestServer, type TestServer } from '../support/http';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

/** Items shown and "…and N more" of one section of a message; a section with no room is only counted on the closing line. */
function section(text: string, title: string, noun = ''): { items: string[]; more: number } | null {
  const blocks = text.split('\n\n');
  const block = blocks.find((b) => b.startsWith(`**${title}**\n`));
  if (!block) {
    const untold = new RegExp(`^…and (?:\\d+ more: .*\\b(\\d+) ${noun}(?:,|$)|(\\d+) more ${noun}$)`, 'm').exec(text);
    return noun && untold ? { items: [], more: Number(untold[1] ?? untold[2]) } : null;
  }
  const lines = block.split('\n').slice(1);
  const more = lines.map((l) => /^…and (\d+) more /.exec(l)).find(Boolean);
  return { items: lines.filter((l) => l.startsWith('- ')), more: more ? Number(more[1]) : 0 };
}

/** What the items of a section stand for: API versions of one kind that go together share a line. */
function itemCount(title: string, items: string[]): number {
  if (!title.startsWith('API versions')) return items.length;
  return items.reduce((n, i) => n + (/^- [\d.]+ ((?:`[^`]+`(?:, )?)+) /.exec(i)![1].match(/`[^`]+`/g) ?? []).length, 0);
}

/** Every line is whole markdown: links closed, code spans and bold paired. */
function expectWholeLines(text: string) {
  for (const line of text.split('\n')) {
    expect((line.match(/`/g) ?? []).length % 2).toBe(0);
    expect((line.match(/\*\*/g) ?? []).length % 2).toBe(0);
    expect((line.match(/\[/g) ?? []).length).toBe((line.match(/\]\(https?:\/\/[^)\s]+\)/g) ?? []).length);
  }
}

describe('VersionDiff.markdown', () => {
  it('1.29 → 1.31 names the gate transitions, removals and deprecations of the seed, with their links', async () => {
    const { diff } = await server.data(
      `{ diff(from: "1.29", to: "1.31") { markdown featureGates { gate { name } } removedFlags { name } removedApiVersions { kind } deprecatedApiVersions { kind } } }`,
    );
    const md: string = diff.markdown;
    expect(md.length).toBeLessThanOrEqual(3000);
    expect(
      md.startsWith(
        `**netkb: 1.29 → 1.31**: ${diff.featureGates.length} gate changes; 2 API versions removed, ${diff.deprecatedApiVersions.length} deprecated; ${diff.removedFlags.length} flags removed`,
      ),
    ).toBe(true);
    // The ranked action-required list (gate removals of 1.30 among them) leaves room for the first gate lines.
    expect(md).toContain(
      '- 1.30 `KubeProxyDrainingTerminatingNodes`: alpha (off) → beta (on) · [KEP-3836](https://github.com/kubernetes/enhancements/tree/master/keps/sig-network/3836-kube-proxy-improved-ingress-connectivity-reliability)',
    );
    expect(md).toContain(
      "- 1.30: The GA gate ProxyTerminatingEndpoints is removed and kube-proxy's handling of terminating endpoints is no longer switchable.",
    );
    expect(md).toContain(
      '- 1.31 `networking.k8s.io/v1alpha1` ServiceCIDR no longer served; use `networking.k8s.io/v1beta1`',
    );
    expect(md).toContain(
      '- 1.31 kube-proxy `--proxy-port-range`; set `portRange` in the config file · [#126293](https://github.com/kubernetes/kubernetes/pull/126293)',
    );
    // 28 transitions do not all fit: the rest is counted, and shown + counted is all of them.
    const gates = section(md, 'Feature gates')!;
    expect(gates.more).toBeGreaterThan(0);
    expect(gates.items.length + gates.more).toBe(diff.featureGates.length);
    const flags = section(md, 'Flags removed', 'flags removed')!;
    expect(flags.items.length + flags.more).toBe(diff.removedFlags.length);
    expectWholeLines(md);
  });

  it('a long range is cut to maxLength, each list ending with "…and N more"', async () => {
    const { diff } = await server.data(
      `{ diff(from: "1.14", to: "1.37") { markdown(maxLength: 1200) featureGates { version } removedApiVersions { kind } deprecatedApiVersions { kind } removedFlags { name } deprecatedFlags { name } } }`,
    );
    const md: string = diff.markdown;
    expect(md.length).toBeLessThanOrEqual(1200);
    expect(md).toMatch(/…and \d+ more gate changes\n/);
    const lists = [
      ['Feature gates', 'gate changes', diff.featureGates.length],
      ['API versions removed', 'API versions removed', diff.removedApiVersions.length],
      ['Flags removed', 'flags removed', diff.removedFlags.length],
      ['Flags deprecated', 'flags deprecated', diff.deprecatedFlags.length],
      ['API versions deprecated', 'API versions deprecated', diff.deprecatedApiVersions.length],
    ] as const;
    for (const [title, noun, total] of lists) {
      const s = section(md, title, noun)!;
      expect(itemCount(title, s.items) + s.more).toBe(total);
    }
    expect(section(md, 'Feature gates')!.items.length).toBeGreaterThan(0);
    // Removals come first; no room for a deprecated API version: they are counted on the closing line.
    expect(md.indexOf('**API versions removed**')).toBeLessThan(md.indexOf('**Feature gates**'));
    expect(md.trimEnd().split('\n').pop()).toBe(
      `…and ${diff.deprecatedApiVersions.length} more API versions deprecated`,
    );
    expectWholeLines(md);
    const full = (await server.data(`{ diff(from: "1.14", to: "1.37") { markdown } }`)).diff.markdown;
    expect(full.length).toBeLessThanOrEqual(3000);
    expect(full.length).toBeGreaterThan(2500);
  });

  it('lists action-required notes with their pull requests', async () => {
    const { diff } = await server.data(
      `{ diff(from: "1.15", to: "1.20") { markdown actionRequired { change { version prs } } } }`,
    );
    // The section follows VersionDiff.actionRequired's ranking: its first note leads.
    const first = diff.actionRequired[0].change;
    expect(first.prs.length).toBeGreaterThan(0);
    expect(diff.markdown).toContain(`**Action required**\n- ${first.version}: `);
    expect(diff.markdown).toContain(
      `[#${first.prs[0]}](https://github.com/kubernetes/kubernetes/pull/${first.prs[0]})`,
    );
  });

  it('says so when nothing changes, and refuses a maxLength out of range', async () => {
    expect((await server.data(`{ diff(from: "1.20", to: "1.20") { markdown } }`)).diff.markdown).toBe(
      '**netkb: 1.20 → 1.20**: 0 gate changes; 0 API versions removed, 0 deprecated; 0 flags removed, 0 deprecated; 0 release notes (0 action required)\n\nFrom a release to itself nothing changes.\n',
    );
    for (const bad of [10, 3001]) {
      const res = await server.query(`{ diff(from: "1.29", to: "1.31") { markdown(maxLength: ${bad}) } }`);
      expect(res.errors![0].extensions!.code).toBe('BAD_USER_INPUT');
      expect(res.errors![0].message).toBe(`maxLength must be from 500 to 3000, got ${bad}`);
    }
  });
});

describe('FeatureGate.markdown', () => {
  it('NFTablesProxyMode: its stages with releases and defaults, notes with PR links, and the KEP', async () => {
    const { featureGate } = await server.data(
      `{ featureGate(name: "nftablesproxymode") { markdown changes { version } } }`,
    );
    const md: string = featureGate.markdown;
    expect(
      md.startsWith(
        '**Feature gate `NFTablesProxyMode`** · kube-proxy · SIG Network · [KEP-3866](https://github.com/kubernetes/enhancements/tree/master/keps/sig-network/3866-nftables-proxy)\n',
      ),
    ).toBe(true);
    expect(md).toContain(
      '**Stages**\n- 1.29–1.30: alpha, off by default\n- 1.31–1.32: beta, on by default\n- from 1.33: GA, on by default, locked\n',
    );
    expect(md).toMatch(
      /- 1\.29: kube-proxy has a new alpha nftables mode[^\n]*\(\[#121046\]\(https:\/\/github\.com\/kubernetes\/kubernetes\/pull\/121046\)\)/,
    );
    expect(section(md, 'Release notes')!.items).toHaveLength(featureGate.changes.length);
    expect(section(md, 'Links')!.items[0]).toBe(
      '- [KEP-3866](https://github.com/kubernetes/enhancements/tree/master/keps/sig-network/3866-nftables-proxy)',
    );
    expectWholeLines(md);
  });

  it('a removed gate says when, and a short limit keeps the stages whole and counts what is left out', async () => {
    const { featureGate } = await server.data(
      `{ featureGate(name: "SetHostnameAsFQDN") { markdown(maxLength: 500) changes { version } sources } }`,
    );
    const md: string = featureGate.markdown;
    expect(md.length).toBeLessThanOrEqual(500);
    expect(md).toContain(
      '**Stages**\n- 1.19: alpha, off by default\n- 1.20–1.21: beta, on by default\n- 1.22–1.23: GA, on by default, locked\n- 1.24: removed',
    );
    expect(section(md, 'Release notes', 'release notes')!.more).toBe(featureGate.changes.length);
    expect(md).toMatch(/…and \d+ more: /);
    expectWholeLines(md);
    // With the default limit everything is there.
    const full = (await server.data(`{ featureGate(name: "SetHostnameAsFQDN") { markdown } }`)).featureGate.markdown;
    expect(section(full, 'Release notes')!.items).toHaveLength(featureGate.changes.length);
    expect(section(full, 'Links')!.items).toHaveLength(new Set(featureGate.sources).size);
  });
});
