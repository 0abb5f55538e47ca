// A release proposal on a tiny seed, index, gate lists and notes: each transition the sources show must be
// proposed (and each one they do not show must not be), so a missed or invented transition fails here.
import type { FeatureGateRecord } from '../../src/seed/schemas';
import type { ParsedNote } from '../../src/notes/types';
import { proposeRelease, ProposalInputError } from '../../src/seed/rebuild/propose';
import { gateList, readGateListFile } from '../../src/seed/rebuild/gate-lists';
import { seedBefore } from '../../src/seed/rebuild/strip';
import { releaseFacts, statedFrom } from '../../src/seed/rebuild/facts';
import { compareFacts, proposalFacts } from '../../src/seed/rebuild/compare';
import { gateNamesIn, gateStatement, saysRemoved, withoutExceptions } from '../../src/seed/rebuild/note-text';
import { renderReview } from '../../src/seed/rebuild/review';
import { spec, tinyBundle, tinyIndex } from '../support/tiny-seed';

const gate = (name: string, lifecycle: FeatureGateRecord['lifecycle'], more: Partial<FeatureGateRecord> = {}) => ({
  name,
  summary: `The ${name} gate of the tests.`,
  sigs: ['Network'],
  components: [],
  lifecycle,
  sources: ['https://example.com/'],
  ...more,
});
const note = (text: string, pr: number, sigs = ['Network']): ParsedNote => ({
  kind: 'FEATURE',
  text,
  actionRequired: false,
  prs: [pr],
  authors: ['someone'],
  sigs,
  line: 0,
});

const seed = tinyBundle({
  releases: ['1.34', '1.35'],
  components: [
    {
      name: 'kube-proxy',
      summary: 'The Service proxy of the tests.',
      binaries: ['kube-proxy'],
      images: [],
      configKinds: ['kubeproxy.config.k8s.io/KubeProxyConfiguration'],
      launchers: [],
      sources: ['https://example.com/'],
    },
  ],
  gates: [
    gate('Promoted', [{ stage: 'ALPHA', defaultEnabled: false, since: '1.34' }]),
    gate('Steady', [{ stage: 'BETA', defaultEnabled: true, since: '1.30' }]),
    gate('Locked', [{ stage: 'GA', defaultEnabled: true, since: '1.33' }]),
    gate('Gone', [{ stage: 'GA', defaultEnabled: true, lockedToDefault: true, since: '1.33' }]),
    gate('GoneLongAgo', [{ stage: 'BETA', defaultEnabled: true, since: '1.20', until: '1.24' }], { removedIn: '1.25' }),
    gate('OnlyInNotes', [{ stage: 'ALPHA', defaultEnabled: false, since: '1.35' }]),
  ],
  flags: [
    {
      component: 'kube-proxy',
      name: '--via-config',
      summary: 'A flag whose config field goes in 1.36.',
      configField: 'viaConfig',
      sources: ['https://example.com/'],
    },
    {
      component: 'kube-proxy',
      name: '--via-note',
      summary: 'A flag a note removes.',
      sources: ['https://example.com/'],
    },
    { component: 'kube-proxy', name: '--kept', summary: 'A flag a note keeps.', sources: ['https://example.com/'] },
  ],
  apiVersions: [
    {
      apiVersion: 'example.k8s.io/v1beta1',
      kind: 'Widget',
      sources: ['https://example.com/'],
    },
    {
      apiVersion: 'example.k8s.io/v1alpha1',
      kind: 'Widget',
      removedIn: '1.20',
      sources: ['https://example.com/'],
    },
  ],
});

const index = tinyIndex({
  order: ['1.34', '1.35', '1.36'],
  apiVersions: [
    {
      apiVersion: 'example.k8s.io/v1beta1',
      kind: 'Widget',
      registeredIn: ['1.34-1.36'],
      markers: {
        introduced: null,
        deprecated: '1.36',
        removed: '1.39',
        replacement: 'example.k8s.io/v1',
        replacementKind: null,
        from: 'kubernetes-1.36.0',
      },
    },
    // The seed removed it in 1.20; k8s.io/api kept the types until 1.35.
    { apiVersion: 'example.k8s.io/v1alpha1', kind: 'Widget', registeredIn: ['1.34-1.35'], markers: null },
    { apiVersion: 'example.k8s.io/v1', kind: 'Widget', registeredIn: ['1.36'], markers: null },
  ],
  fields: {
    KubeProxyConfiguration: { 'kubeproxy.config.k8s.io/v1alpha1': { viaConfig: { present: ['1.34-1.35'] } } },
  },
  gates: [
    {
      source: 'https://example.com/old/versioned_feature_list.yaml',
      gates: [
        { name: 'Promoted', specs: [spec('1.34', 'ALPHA', false)] },
        { name: 'Steady', specs: [spec('1.30', 'BETA', true)] },
        { name: 'Locked', specs: [spec('1.33', 'GA', true)] },
        { name: 'Gone', specs: [spec('1.33', 'GA', true, true)] },
      ],
    },
  ],
});

const newList = gateList('https://example.com/new/versioned_feature_list.yaml', [
  { name: 'Promoted', specs: [spec('1.34', 'ALPHA', false), spec('1.36', 'BETA', true)] },
  { name: 'Steady', specs: [spec('1.30', 'BETA', true)] },
  { name: 'Locked', specs: [spec('1.33', 'GA', true), spec('1.36', 'GA', true, true)] },
  { name: 'Fresh', specs: [spec('1.36', 'ALPHA', false)] },
  { name: 'Unnamed', specs: [spec('1.36', 'ALPHA', false)] },
  { name: 'Later', specs: [spec('1.37', 'ALPHA', false)] },
]);

const notes = [
  note('Added the `Fresh` feature gate (alpha) for a new kind of routing.', 1),
  note('Promoted the `OnlyInNotes` feature gate to Beta and enabled it by default.', 2),
  note(
    'kube-proxy no longer accepts deprecated flags (only `--kept` is kept): `--via-note`. Removed the incorrect statement from the `--kept` help.',
    3,
  ),
  note('A storage change that names `--via-note` removed.', 4, ['Storage']),
  note('The `WidelyUsed` feature gate is enabled by default and can be disabled.', 5),
];

const propose = (lists = [newList]) =>
  proposeRelease({ seed, index, release: '1.36', notes, notesSource: 'https://example.com/notes', gateLists: lists });

describe('proposeRelease', () => {
  const p = propose();
  const byGate = new Map(p.gates.map((g) => [g.gate, g]));

  it('opens a stage where a settled list has a spec beginning in the release, closing the one before', () => {
    const g = byGate.get('Promoted')!;
    expect(g.stage).toMatchObject({ stage: 'BETA', defaultEnabled: true, since: '1.36' });
    expect(g.record.lifecycle).toEqual([
      { stage: 'ALPHA', defaultEnabled: false, since: '1.34', until: '1.35' },
      { stage: 'BETA', defaultEnabled: true, lockedToDefault: false, since: '1.36' },
    ]);
    expect(g.target).toMatchObject({ file: 'seed/feature-gates/gates.yaml', line: 1, byLoader: false });
    expect(g.evidence[0].source).toBe('https://example.com/new/versioned_feature_list.yaml');
    expect(byGate.has('Steady')).toBe(false);
  });

  it('opens a stage when only the lock changes', () => {
    expect(byGate.get('Locked')!.stage).toMatchObject({ stage: 'GA', defaultEnabled: true, lockedToDefault: true });
  });

  it('removes a gate an older list of the same file named and the settled list leaves out, with a doubt when no note says so', () => {
    const g = byGate.get('Gone')!;
    expect(g).toMatchObject({ removed: true, stage: null });
    expect(g.record.removedIn).toBe('1.36');
    expect(g.record.lifecycle[0].until).toBe('1.35');
    expect(g.doubts.join(' ')).toMatch(/no note of 1\.36 says it was removed/);
    expect(byGate.has('GoneLongAgo')).toBe(false);
  });

  it('takes a new gate from the list when a note names it, and leaves unnamed ones out', () => {
    expect(byGate.get('Fresh')).toMatchObject({ isNew: true, stage: { stage: 'ALPHA', defaultEnabled: false } });
    expect(byGate.get('Fresh')!.target.file).toBe('seed/feature-gates/linked-from-notes.yaml');
    expect(byGate.has('Unnamed')).toBe(false);
    expect(byGate.has('Later')).toBe(false);
  });

  it('reads a gate no list covers from the note, and infers beta for a new gate on by default that can be turned off', () => {
    expect(byGate.get('OnlyInNotes')!.stage).toMatchObject({ stage: 'BETA', defaultEnabled: true, since: '1.36' });
    const widelyUsed = byGate.get('WidelyUsed')!;
    expect(widelyUsed).toMatchObject({ isNew: true, stage: { stage: 'BETA', defaultEnabled: true } });
    expect(widelyUsed.doubts.join(' ')).toMatch(/stage inferred/);
  });

  it('removes no gate on a list taken only during the development of the release', () => {
    const dev = gateList('https://example.com/dev/versioned_feature_list.yaml', [
      { name: 'Promoted', specs: [spec('1.34', 'ALPHA', false)] },
      { name: 'Other', specs: [spec('1.36', 'ALPHA', false)] },
    ]);
    const q = propose([dev]);
    expect(q.gates.find((g) => g.gate === 'Gone')).toBeUndefined();
    expect(q.notices.join(' ')).toMatch(/were taken during its development/);
  });

  it('proposes API version dates from the markers and registrations, and keeps an earlier curated removal', () => {
    const api = p.apiVersions.map((a) => `${a.apiVersion} ${a.kind} ${a.field} ${a.target.byLoader}`);
    expect(api).toEqual([
      'example.k8s.io/v1beta1 Widget deprecatedIn true',
      'example.k8s.io/v1 Widget introducedIn true',
    ]);
    expect(p.apiVersions[0].record.replacement).toBe('example.k8s.io/v1');
  });

  it('removes a flag whose config field goes, and one a SIG-Network note says is no longer accepted (not one kept)', () => {
    const flags = p.flags.map((f) => `${f.component} ${f.flag} ${f.via}`);
    expect(flags.sort()).toEqual(['kube-proxy --via-config config-field', 'kube-proxy --via-note note']);
  });

  it('imports the entries of the chosen SIG, once per PR, linked to the records', () => {
    expect(p.changes.map((c) => c.id)).toEqual(['1', '2', '3', '5']);
    expect(p.changes[0].subjects).toEqual(['gate:Fresh']);
    expect(p.changes[2].subjects).toEqual(['flag:kube-proxy --kept', 'flag:kube-proxy --via-note']);
  });

  it('states its facts under the keys the curated seed is compared by', () => {
    const facts = proposalFacts(p);
    expect(facts.gateStages.map((f) => f.key)).toEqual(
      expect.arrayContaining(['Promoted: BETA on from 1.36', 'Gone: removed in 1.36', 'Fresh: ALPHA off from 1.36']),
    );
    expect(facts.flagRemovals.map((f) => f.key).sort()).toEqual([
      'kube-proxy --via-config: removed in 1.36',
      'kube-proxy --via-note: removed in 1.36',
    ]);
    expect(facts.apiVersions.map((f) => f.key)).toContain('example.k8s.io/v1beta1 Widget: deprecated in 1.36');
  });

  it('refuses a seed that does not stop at the release before', () => {
    expect(() => proposeRelease({ seed, index, release: '1.35', notes, notesSource: 'x' })).toThrow(ProposalInputError);
    expect(() => proposeRelease({ seed, index, release: '1.37', notes, notesSource: 'x' })).toThrow(
      /propose 1\.36 first/,
    );
  });

  it('renders a review list and seed YAML that leave the summaries to write', () => {
    const r = renderReview(p, { command: 'netkb release propose 1.36' });
    expect(r.review).toContain('- [ ] `Promoted`: BETA on by default from 1.36 (line 1)');
    expect(r.review).toMatch(/### Stated by the loader from the index once 1\.36 is in releases\.yaml/);
    expect(r.snippets.get('seed/changes/1.36.yaml')).toMatch(
      /# upstream: Added the `Fresh` feature gate[\s\S]*summary: ""/,
    );
    expect(r.snippets.get('seed/flags/flags.yaml')).toContain('removedIn: "1.36"');
  });
});

describe('seedBefore', () => {
  const full = tinyBundle({
    releases: ['1.35', '1.36'],
    gates: [
      gate('Moves', [
        { stage: 'ALPHA', defaultEnabled: false, since: '1.34', until: '1.35' },
        { stage: 'BETA', defaultEnabled: true, since: '1.36' },
      ]),
      gate('Leaves', [{ stage: 'GA', defaultEnabled: true, since: '1.30', until: '1.35' }], { removedIn: '1.36' }),
      gate('Arrives', [{ stage: 'ALPHA', defaultEnabled: false, since: '1.36' }]),
    ],
    apiVersions: [
      { apiVersion: 'x.k8s.io/v1beta1', kind: 'X', deprecatedIn: '1.36', sources: ['https://example.com/'] },
      { apiVersion: 'x.k8s.io/v1', kind: 'X', introducedIn: '1.36', sources: ['https://example.com/'] },
    ],
  });

  it('takes out the release: stages reopened, removals and deprecations cleared, records it brought dropped', () => {
    const s = seedBefore(full, '1.36');
    expect(statedFrom(s, '1.36')).toEqual([]);
    expect(
      s.featureGates.map((l) => [
        l.record.name,
        l.record.lifecycle.map((x) => `${x.stage}-${x.until ?? ''}`),
        l.record.removedIn,
      ]),
    ).toEqual([
      ['Moves', ['ALPHA-'], null],
      ['Leaves', ['GA-'], null],
    ]);
    expect(s.apiVersions.map((l) => [l.record.apiVersion, l.record.deprecatedIn])).toEqual([
      ['x.k8s.io/v1beta1', null],
    ]);
    // The original is untouched.
    expect(full.featureGates[0].record.lifecycle).toHaveLength(2);
    expect(statedFrom(full, '1.36').length).toBeGreaterThan(0);
  });

  it('counts what a proposal reproduces of the facts taken out, and what it misses', () => {
    const rows = compareFacts(releaseFacts(full, '1.36'), {
      ...releaseFacts(full, '1.36'),
      gateStages: releaseFacts(full, '1.36').gateStages.filter((f) => !f.key.startsWith('Leaves')),
    });
    const gates = rows.find((r) => r.kind === 'gateStages')!;
    expect(gates).toMatchObject({ total: 3, share: 2 / 3, precision: 1 });
    expect(gates.missed.map((f) => f.key)).toEqual(['Leaves: removed in 1.36']);
  });
});

describe('reading the notes', () => {
  it('tells removals from announcements, asides that keep something, and edits of a text', () => {
    expect(saysRemoved('Removed the `--foo` flag.')).toBe(true);
    expect(saysRemoved('The `--foo` flag will be removed in a future release.')).toBe(false);
    expect(saysRemoved('Corrected the `--foo` flag documentation by removing the incorrect statement.')).toBe(false);
    expect(withoutExceptions('Flags are no longer accepted (only `--a` is kept): `--b`.')).not.toContain('--a');
  });

  it('finds gate names, with or without a stage between name and "feature gate"', () => {
    expect(
      gateNamesIn('Added the `NFTablesNetlink` beta feature gate; feature gate `IPv6DualStack` too; GA feature gate.'),
    ).toEqual(['NFTablesNetlink', 'IPv6DualStack']);
  });

  it('reads what a sentence says of a gate', () => {
    expect(gateStatement('Promoted `X1Gate` to GA.', 'X1Gate')).toMatchObject({ stage: 'GA' });
    expect(
      gateStatement('The `NewGate` feature gate (Beta, enabled by default) can be disabled.', 'NewGate'),
    ).toMatchObject({
      stage: 'BETA',
      defaultEnabled: true,
    });
    expect(gateStatement('Locked the `OldGate` feature gate to enabled by default.', 'OldGate')).toMatchObject({
      locked: true,
      defaultEnabled: true,
    });
    expect(gateStatement('Removed the GA `OldGate` feature gate (locked since `v1.33`).', 'OldGate')).toMatchObject({
      removed: true,
    });
    // Added, then something else removed: not the gate's removal.
    expect(
      gateStatement('Added the `PrepGate` feature gate in preparation for removing the ipvs mode.', 'PrepGate')
        ?.removed,
    ).toBeUndefined();
    expect(gateStatement('It will be locked to enabled in a future release: `LaterGate`.', 'LaterGate')).toBeNull();
  });

  it('reads a versioned_feature_list.yaml', () => {
    const list = readGateListFile(
      '- name: AGate\n  versionedSpecs:\n  - default: false\n    lockToDefault: false\n    preRelease: Alpha\n    version: "1.36"\n',
      'https://example.com/list',
    );
    expect(list.newest).toBe(1036);
    expect(list.gates.get('AGate')!.specs).toEqual([spec('1.36', 'ALPHA', false)]);
  });
});
