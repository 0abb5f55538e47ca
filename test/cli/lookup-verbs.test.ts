// netkb diff, gate, flag, search and releases as processes (the compiled CLI) over the seeded database:
// outputs in every format, stable JSON keys, --help, and exit code 2 with a clear message on bad input.
import { type KnowledgeBase } from '../../src/kb/knowledge-base';
import { diffReleases } from '../../src/services/diff';
import { featureGateMarkdown, versionDiffMarkdown } from '../../src/services/markdown';
import { netkb } from '../support/cli';
import { testKnowledgeBase } from '../support/knowledge-base';
import { parseVersion } from '../../src/kb/version';

let kb: KnowledgeBase;
beforeAll(async () => {
  kb = await testKnowledgeBase();
});

const json = (args: string[]) => {
  const r = netkb([...args, '--format', 'json']);
  expect(r.stderr).toBe('');
  expect(r.code).toBe(0);
  return JSON.parse(r.stdout);
};

describe('netkb diff FROM TO', () => {
  it('json: every list in full, with stable keys', () => {
    const out = json(['diff', '1.29', '1.31']);
    expect(Object.keys(out)).toEqual([
      'from',
      'to',
      'featureGates',
      'removedApiVersions',
      'deprecatedApiVersions',
      'removedFlags',
      'deprecatedFlags',
      'actionRequired',
      'changes',
      'sigFilter',
    ]);
    expect(out).toMatchObject({ from: '1.29', to: '1.31' });
    expect(out.featureGates).toContainEqual({
      gate: 'NFTablesProxyMode',
      version: '1.31',
      before: { exists: true, stage: 'ALPHA', defaultEnabled: false, lockedToDefault: false },
      after: { exists: true, stage: 'BETA', defaultEnabled: true, lockedToDefault: false },
    });
    expect(out.removedFlags).toContainEqual({
      component: 'kube-proxy',
      name: '--proxy-port-range',
      deprecatedIn: null,
      removedIn: '1.31',
      replacements: [],
    });
    expect(out.removedApiVersions.map((a: any) => `${a.apiVersion} ${a.kind}`)).toEqual([
      'networking.k8s.io/v1alpha1 IPAddress',
      'networking.k8s.io/v1alpha1 ServiceCIDR',
    ]);
    expect(Object.keys(out.changes[0])).toEqual(['version', 'kind', 'actionRequired', 'summary', 'prs', 'sources']);
    expect(out.changes).toHaveLength(kb.changes.filter((c) => c.version > 1029 && c.version <= 1031).length);
  });

  it('table: a headline with the counts and one row per transition', () => {
    const r = netkb(['diff', 'v1.29', '1.31.2']);
    expect(r.code).toBe(0);
    // Every SIG's gates: SIG Network's 28 transitions and those of the generated records.
    const d = diffReleases(kb, '1.29', '1.31');
    const gateChanges = d.featureGates.length;
    // kubeadm.k8s.io/v1beta3's three kinds among the deprecated (1.31, #125029).
    expect(d.deprecatedApiVersions.map((a) => a.key)).toContain('kubeadm.k8s.io/v1beta3 ClusterConfiguration');
    expect(gateChanges).toBeGreaterThan(28);
    // kubelet's --keep-terminated-pod-volumes (1.31, #122082) among the removed flags: a record generated from the notes.
    expect(d.removedFlags.map((f) => f.key)).toContain('kubelet --keep-terminated-pod-volumes');
    expect(r.stdout).toMatch(
      new RegExp(
        `^netkb diff 1\\.29 -> 1\\.31: ${gateChanges} gate changes, 2 API versions removed, ${d.deprecatedApiVersions.length} deprecated, ${d.removedFlags.length} flags removed`,
      ),
    );
    expect(r.stdout).toMatch(/\n1\.31 +NFTablesProxyMode +alpha \(off\) → beta \(on\)\n/);
    // A generated record (SIG Apps): alpha in the 1.30 versioned specs.
    expect(r.stdout).toMatch(/\n1\.30 +JobSuccessPolicy +added as alpha \(off\)\n/);
    expect(r.stdout).toMatch(/Flags removed\nRELEASE +COMPONENT +FLAG +REPLACEMENTS\n/);
  });

  it('markdown: the chat message the API serves, with --max-length', () => {
    const r = netkb(['diff', '1.29', '1.31', '--format', 'markdown', '--max-length', '800']);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(versionDiffMarkdown(diffReleases(kb, '1.29', '1.31'), 800));
    expect(r.stdout.length).toBeLessThanOrEqual(800);
    // The ranked action-required list (removals of what is gone on the way) leaves the gates to the last line.
    expect(r.stdout).toMatch(/…and \d+ more: \d+ gate changes/);
  });

  it('--sig keeps the gate transitions, notes, flags and API versions of one SIG, as diff(sig:) does; an unknown SIG is refused', () => {
    const all = json(['diff', '1.21', '1.25']);
    const network = json(['diff', '1.21', '1.25', '--sig', 'network']);
    const expected = diffReleases(kb, '1.21', '1.25', 'Network');
    expect(network.featureGates.map((t: any) => t.gate)).toEqual(expected.featureGates.map((t) => t.gate.name));
    expect(network.changes.length).toBe(expected.changes.length);
    expect(network.featureGates.length).toBeLessThan(all.featureGates.length);
    expect(network.removedApiVersions.map((a: any) => `${a.apiVersion} ${a.kind}`)).toEqual(
      expected.removedApiVersions.map((a) => `${a.apiVersion} ${a.kind}`),
    );
    expect(network.removedApiVersions.length + network.sigFilter.removedApiVersionsLeftOut).toBe(
      all.removedApiVersions.length,
    );
    const r = netkb(['diff', '1.21', '1.25', '--sig', 'Netwrk']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^netkb diff: Unknown SIG "Netwrk"\. Did you mean "Network"\?/);
    expect(r.stdout).toBe('');
  });

  it('markdown links "…and N more" to the dashboard when NETKB_PUBLIC_URL is set, as the server does', () => {
    const env = { NETKB_PUBLIC_URL: 'https://netkb.example.com/team' };
    const r = netkb(['diff', '1.21', '1.25', '--format', 'markdown', '--max-length', '1200'], { env });
    expect(r.code).toBe(0);
    const d = diffReleases(kb, '1.21', '1.25');
    expect(r.stdout).toBe(versionDiffMarkdown(d, 1200, 'https://netkb.example.com/team/'));
    expect(r.stdout).toContain('(https://netkb.example.com/team/?view=diff&from=1.21&to=1.25)');
    const plain = netkb(['diff', '1.21', '1.25', '--format', 'markdown', '--max-length', '1200']);
    expect(plain.stdout).not.toContain('netkb.example.com');
    const bad = netkb(['diff', '1.21', '1.25', '--format', 'markdown'], { env: { NETKB_PUBLIC_URL: 'ftp://x' } });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/NETKB_PUBLIC_URL "ftp:\/\/x" must start with http:\/\/ or https:\/\//);
  });

  it('exit 2 with a clear message for an unknown release (more cases: verb-arguments.test.ts)', () => {
    const r = netkb(['diff', '1.29', '1.99']);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(
      'netkb diff: to: release 1.99 is not in the knowledge base. Known releases: ' +
        kb.releases.map((x) => `${Math.floor(x.version / 1000)}.${x.version % 1000}`).join(', ') +
        '\nRun netkb diff --help for usage.\n',
    );
    expect(r.stdout).toBe('');
  });
});

describe('netkb gate NAME', () => {
  it('json: the whole life, stable keys; the name is case-insensitive', () => {
    const out = json(['gate', 'nftablesproxymode']);
    expect(Object.keys(out)).toEqual([
      'name',
      'summary',
      'sigs',
      'components',
      'kep',
      'lifecycle',
      'removedIn',
      'fields',
      'changes',
      'notes',
      'sources',
    ]);
    expect(out).toMatchObject({
      name: 'NFTablesProxyMode',
      components: ['kube-proxy'],
      kep: 'KEP-3866',
      removedIn: null,
    });
    expect(out.lifecycle).toEqual([
      { stage: 'ALPHA', defaultEnabled: false, lockedToDefault: false, since: '1.29', until: '1.30' },
      { stage: 'BETA', defaultEnabled: true, lockedToDefault: false, since: '1.31', until: '1.32' },
      { stage: 'GA', defaultEnabled: true, lockedToDefault: true, since: '1.33', until: null },
    ]);
    expect(out.changes.map((c: any) => c.prs[0])).toContain(121046);
  });

  it('table and markdown', () => {
    const table = netkb(['gate', 'SetHostnameAsFQDN']);
    expect(table.code).toBe(0);
    expect(table.stdout).toMatch(/removed in: 1\.24/);
    expect(table.stdout).toMatch(
      /STAGE +SINCE +UNTIL +DEFAULT\nALPHA +1\.19 +1\.19 +off by default\nBETA +1\.20 +1\.21 +on by default\nGA +1\.22 +1\.23 +on by default, locked\n/,
    );
    expect(table.stdout).toMatch(/Guards\nKIND +FIELD\nPod +spec\.setHostnameAsFQDN/);
    expect(table.stdout).toMatch(/\n\nRelease notes\nRELEASE +PRS +NOTE\n1\.\d+ +#\d+/);
    expect(table.stdout).toMatch(/\n\nSources\n  https:\/\/\S+\n/);
    const md = netkb(['gate', 'NFTablesProxyMode', '--format', 'markdown']);
    expect(md.stdout).toBe(featureGateMarkdown(kb.featureGate('NFTablesProxyMode')!));
    expect(md.stdout).toContain('- 1.31–1.32: beta, on by default');
  });

  it('exit 2 for an unknown gate, naming the closest ones as the API does, or where else to look', () => {
    const typo = netkb(['gate', 'NFTablesProxyMod']);
    expect(typo.code).toBe(2);
    expect(typo.stderr).toBe(
      'netkb gate: No feature gate is named "NFTablesProxyMod". Did you mean "NFTablesProxyMode"?\nRun netkb gate --help for usage.\n',
    );
    const far = netkb(['gate', 'qqqqxxxxzzzz']);
    expect(far.code).toBe(2);
    expect(far.stderr).toMatch(
      /^netkb gate: No feature gate is named "qqqqxxxxzzzz"\. netkb search TEXT finds gates by words of their summary\.\n/,
    );
  });
});

describe('netkb flag COMPONENT NAME', () => {
  it('json with stable keys; the flag may be written with or without dashes', () => {
    const out = json(['flag', 'kube-proxy', '--conntrack-max']);
    expect(Object.keys(out)).toEqual([
      'component',
      'name',
      'summary',
      'introducedIn',
      'deprecatedIn',
      'removedIn',
      'replacements',
      'configField',
      'defaults',
      'values',
      'changes',
      'olderChanges',
      'notes',
      'sources',
    ]);
    expect(out).toMatchObject({
      component: 'kube-proxy',
      name: '--conntrack-max',
      removedIn: '1.15',
      replacements: ['--conntrack-min', '--conntrack-max-per-core'],
    });
    expect(json(['flag', 'kube-proxy', 'conntrack-max'])).toEqual(out);
  });

  it('table and markdown', () => {
    const table = netkb(['flag', 'kube-proxy', '--proxy-mode']);
    expect(table.code).toBe(0);
    expect(table.stdout).toMatch(/Values\nVALUE +ADDED +DEPRECATED +REMOVED +REPLACEMENT\n/);
    expect(table.stdout).toMatch(/\nnftables +1\.29 /);
    expect(table.stdout).toMatch(/\n\nRelease notes\nRELEASE +PRS +NOTE\n1\.\d+ +#\d+/);
    expect(table.stdout).toMatch(/\n\nSources\n  https:\/\/\S+\n/);
    const md = netkb(['flag', 'kube-proxy', '--conntrack-max', '--format', 'markdown']);
    expect(md.stdout).toMatch(/^\*\*kube-proxy `--conntrack-max`\*\*\n/);
    expect(md.stdout).toContain(
      '- 1.15: removed (kube-proxy refuses to start with it)\n- instead: `--conntrack-min`, `--conntrack-max-per-core`',
    );
    expect(md.stdout).toContain('[#78399](https://github.com/kubernetes/kubernetes/pull/78399)');
  });

  it('release notes newest first: the newest 10 and a line counting the older ones, --notes N or all', () => {
    const all = json(['flag', 'kube-proxy', '--proxy-mode', '--notes', 'all']);
    const versions = all.changes.map((c: any) => c.version);
    expect(versions).toEqual([...versions].sort((a: string, b: string) => parseVersion(b) - parseVersion(a)));
    expect(all.olderChanges).toBe(0);
    // Enough notes that 10 leave out most (2019's IPVS notes among them).
    expect(versions.length).toBeGreaterThan(20);
    expect(versions.at(-1)).toBe('1.15');
    const newest = versions[0].replace('.', '\\.');
    const byDefault = json(['flag', 'kube-proxy', '--proxy-mode']);
    expect(byDefault.changes).toEqual(all.changes.slice(0, 10));
    expect(byDefault.olderChanges).toBe(versions.length - 10);
    const two = json(['flag', 'kube-proxy', '--proxy-mode', '--notes', '2']);
    expect(two.changes).toEqual(all.changes.slice(0, 2));
    expect(two.olderChanges).toBe(versions.length - 2);
    const table = netkb(['flag', 'kube-proxy', '--proxy-mode', '--notes', '1']);
    expect(table.stdout).toMatch(
      new RegExp(
        `\\n\\nRelease notes\\nRELEASE +PRS +NOTE\\n${newest} +#\\d+[^\\n]*\\n…and ${versions.length - 1} older release notes \\(--notes all lists them\\)\\n\\n`,
      ),
    );
    expect(netkb(['flag', 'kube-proxy', '--proxy-mode', '--notes', 'all']).stdout).not.toMatch(/older release note/);
    const md = netkb(['flag', 'kube-proxy', '--proxy-mode', '--notes', '3', '--format', 'markdown']);
    expect(md.stdout).toMatch(
      new RegExp(
        `\\*\\*Release notes\\*\\*\\n- ${newest}: [^\\n]+\\n(- 1\\.\\d+: [^\\n]+\\n){2}…and ${versions.length - 3} older release notes\\n`,
      ),
    );
    for (const [value, message] of [
      ['0', /--notes must be from 1 to 100, got 0/],
      ['101', /--notes must be from 1 to 100, got 101/],
      ['ten', /--notes must be a whole number \(got "ten"\)/],
    ] as const) {
      const bad = netkb(['flag', 'kube-proxy', '--proxy-mode', '--notes', value]);
      expect(bad.code).toBe(2);
      expect(bad.stderr).toMatch(message);
    }
  });

  it('exit 2 for an unknown flag, with the closest names', () => {
    const flag = netkb(['flag', 'kube-proxy', '--conntrack-maxx']);
    expect(flag.code).toBe(2);
    expect(flag.stderr).toMatch(
      /^netkb flag: No flag of kube-proxy is named "--conntrack-maxx"\. Did you mean "--conntrack-max"/,
    );
  });
});

describe('netkb search TEXT', () => {
  it('json: ranked hits with stable keys; an exact name comes first', () => {
    const out = json(['search', 'NFTablesProxyMode', '--first', '3']);
    expect(out).toHaveLength(3);
    expect(Object.keys(out[0])).toEqual(['score', 'type', 'name', 'version', 'removedIn', 'summary', 'sources']);
    expect(out[0]).toMatchObject({ type: 'FeatureGate', name: 'NFTablesProxyMode', version: null });
  });

  it('table and markdown; several words are one search', () => {
    const table = netkb(['search', 'conntrack', 'max', '--first', '5']);
    expect(table.code).toBe(0);
    expect(table.stdout.split('\n')[0]).toMatch(/^SCORE +TYPE +NAME +SUMMARY$/);
    expect(table.stdout).toMatch(/\n[\d.]+ +Flag +kube-proxy --conntrack-max/);
    const md = netkb(['search', 'conntrack', '--first', '2', '--format', 'markdown']);
    expect(md.stdout).toMatch(/^\*\*netkb search: conntrack\*\*\n\n- \w+ `[^`]+`: /);
    expect(netkb(['search', 'qqqqxxxxzzzz']).stdout).toBe('Nothing matches "qqqqxxxxzzzz".\n');
  });

  it('--type keeps only those kinds (either spelling); an unknown type is exit 2 naming the known ones', () => {
    const gates = json(['search', 'DualStack', '--type', 'feature-gate', '--first', '100']);
    expect(gates.map((h: any) => h.name)).toEqual(expect.arrayContaining(['IPv6DualStack', 'CloudDualStackNodeIPs']));
    expect(gates.every((h: any) => h.type === 'FeatureGate')).toBe(true);
    const two = json(['search', 'nftables', '--type', 'FLAG,change', '--first', '100']);
    expect(new Set(two.map((h: any) => h.type))).toEqual(new Set(['Flag', 'Change']));
    const table = netkb(['search', 'DualStack', '--first', '2']);
    expect(table.stdout).toMatch(/\n2 of \d+ results; --first N shows more\.\n$/);
    const bad = netkb(['search', 'proxy', '--type', 'gate']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/--type: unknown type "gate"; use one or more of feature-gate, flag, /);
  });

  it('exit 2 with --first out of range', () => {
    const r = netkb(['search', 'conntrack', '--first', '101']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/first must be from 1 to 100, got 101/);
  });
});

describe('netkb releases', () => {
  it('json with stable keys, table and markdown', () => {
    const out = json(['releases']);
    expect(out.map((r: any) => r.version)).toEqual(
      kb.releases.map((r) => `${Math.floor(r.version / 1000)}.${r.version % 1000}`),
    );
    expect(Object.keys(out[0])).toEqual([
      'version',
      'releasedOn',
      'endOfLifeOn',
      'preliminary',
      'imported',
      'changes',
      'actionRequired',
      'sources',
    ]);
    expect(out.find((r: any) => r.version === '1.37')).toMatchObject({ preliminary: true });
    expect(out.find((r: any) => r.version === '1.20').changes).toBe(
      kb.changes.filter((c) => c.version === 1020).length,
    );
    const table = netkb(['releases']);
    expect(table.stdout).toMatch(/^RELEASE +RELEASED +END OF LIFE +NOTES +ACTION REQUIRED +STATUS\n1\.14 +2019-03-25 /);
    expect(table.stdout).toMatch(/\n1\.37 .*preliminary\n/);
    expect(netkb(['releases', '--format', 'markdown']).stdout).toMatch(
      /^\| release \| released \| end of life \| notes \| action required \|\n\|---/,
    );
  });
});

describe('help', () => {
  it.each(['diff', 'gate', 'flag', 'search', 'releases', 'release', 'serve', 'stats', 'check'])(
    'netkb %s --help explains the verb and its exit codes',
    (verb) => {
      const r = netkb([verb, '--help']);
      expect(r.code).toBe(0);
      expect(r.stdout).toMatch(new RegExp(`^Usage: netkb ${verb}`));
      expect(r.stdout).toMatch(/Exit codes/);
    },
  );

  it('netkb --help lists every verb', () => {
    const r = netkb(['--help']);
    expect(r.code).toBe(0);
    for (const verb of ['check', 'import', 'stats', 'serve', 'diff', 'gate', 'flag', 'search', 'releases', 'release'])
      expect(r.stdout).toMatch(new RegExp(`\\n  ${verb} +\\S`));
  });
});
