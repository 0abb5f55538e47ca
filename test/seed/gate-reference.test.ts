// The curated gates against the gate reference (seed/generated/feature-gates-reference.json): Kubernetes'
// feature list of the 1.36 development cycle, known through 1.35, and the stored per-gate website pages. A
// stage, default, lock or removal it contradicts is refused with file, record and field; the locks of closed
// stages it states whole are filled; without the file none of this happens.
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { loadSeed } from '../../src/seed/load';
import { seedDir } from '../../src/config';
import { copySeed, problemsOf, type SeedCopy } from '../support/seed-copy';

const REFERENCE = 'generated/feature-gates-reference.json';

describe('the real seed against the gate reference', () => {
  const b = loadSeed(seedDir());
  const gate = (name: string) => b.featureGates.find((l) => l.record.name === name)!.record;

  it('checks the gates it names, those no versioned spec list has among them', () => {
    // HostnameOverride (alpha 1.34) and the removed ExpandedDNSConfig are in no versioned spec list read.
    expect(b.crossCheck!.checked.featureGates).toBeGreaterThanOrEqual(58);
    expect(b.crossCheck!.filledValues).toContainEqual(
      expect.stringMatching(/feature gate HostnameOverride lifecycle\[0\]\.lockedToDefault = false$/),
    );
  });

  it('fills the lock of a closed stage it states whole, and no lock of a stage reaching past 1.35', () => {
    // GA 1.34-1.35: the list has VolumeAttributesClass first locked in 1.36.
    expect(gate('VolumeAttributesClass').lifecycle.find((s) => s.since === '1.34')!.lockedToDefault).toBe(false);
    // Beta 1.35-1.36: 1.36 is past what the list is known through.
    expect(gate('HostnameOverride').lifecycle.find((s) => s.since === '1.35')!.lockedToDefault ?? null).toBeNull();
  });

  it('counts a stage whose first release it states alike as agreeing', () => {
    expect(b.crossCheck!.facts['1.34'].gateStages.agreeing).toBeGreaterThanOrEqual(9);
    expect(b.crossCheck!.facts['1.35'].gateStages.agreeing).toBeGreaterThanOrEqual(4);
  });
});

describe('a curated gate the reference contradicts is refused', () => {
  let copy: SeedCopy;
  beforeEach(() => {
    copy = copySeed();
  });
  afterEach(() => rmSync(copy.root, { recursive: true, force: true }));

  // HostnameOverride, alpha in 1.34 and beta from 1.35 per the list, made alpha until 1.35.
  const alphaUntil135 = (t: string) =>
    t.replace(
      /(- name: HostnameOverride\n(?: {2}.*\n| {4}.*\n| {6}.*\n)*? {6}since: "1\.34"\n {6}until: )"1\.34"(\n {4}- stage: BETA\n {6}defaultEnabled: true\n {6}since: )"1\.35"/,
      '$1"1.35"$2"1.36"',
    );

  it('a stage the feature list gives otherwise, with the list named; without the reference it is not', () => {
    copy.edit('feature-gates/network-a-l.yaml', alphaUntil135);
    const problems = problemsOf(copy.seed);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatchObject({
      file: 'seed/feature-gates/network-a-l.yaml',
      record: 'feature gate HostnameOverride',
      field: 'lifecycle',
    });
    expect(problems[0].message).toMatch(
      /1\.35: ALPHA off in the seed, BETA in the feature list, on in the feature list .*feature list known through 1\.35: seed\/generated\/feature-gates-reference\.json:\d+, https:\/\/github\.com\/kubernetes\/kubernetes\/blob\/006235395113e2b868584c9cdb361e838f6d9c7c\/test\/compatibility_lifecycle\/reference\/feature_list\.md/,
    );
    // No other source read here has the gate: without the reference the same edit loads (its note aside).
    rmSync(join(copy.seed, REFERENCE));
    const alpha = loadSeed(copy.seed, { skipNoteReviews: true }).featureGates.find(
      (l) => l.record.name === 'HostnameOverride',
    )!.record.lifecycle[0];
    expect(alpha).toMatchObject({ stage: 'ALPHA', until: '1.35' });
  });

  it('a lock the feature list gives otherwise, in a release no versioned spec list covers', () => {
    copy.edit('feature-gates/network-a-l.yaml', (t) =>
      t.replace(
        /(- name: DisableAllocatorDualWrite\n(?: {2}.*\n| {4}.*\n| {6}.*\n)*? {6}lockedToDefault: )true(\n {6}since: "1\.35")/,
        '$1false$2',
      ),
    );
    const [p] = problemsOf(copy.seed);
    expect(p).toMatchObject({ record: 'feature gate DisableAllocatorDualWrite', field: 'lockedToDefault' });
    expect(p.message).toMatch(/1\.35: not locked in the seed, locked in the feature list/);
  });

  it("a removal other than the release after a removed gate's page ends", () => {
    copy.edit('feature-gates/network-a-l.yaml', (t) =>
      t.replace(/(- name: ExpandedDNSConfig\n(?: {2}.*\n| {4}.*\n| {6}.*\n)*? {2}removedIn: )"1\.30"/, '$1"1.31"'),
    );
    const problems = problemsOf(copy.seed).filter((p) => p.record === 'feature gate ExpandedDNSConfig');
    expect(problems.map((p) => p.field)).toContain('removedIn');
    expect(problems.find((p) => p.field === 'removedIn')!.message).toMatch(
      /is 1\.31, but the website page says the gate was removed after 1\.29, so in 1\.30 \(website page known through 1\.29: .*ExpandedDNSConfig\.md\)/,
    );
  });

  it('an override naming the source explains the difference, and goes stale with it', () => {
    const override =
      '  sourceOverrides:\n    - field: lifecycle\n      source: https://github.com/kubernetes/kubernetes/pull/134729\n' +
      '      why: A test override that names the note of the beta.\n';
    copy.edit('feature-gates/network-a-l.yaml', (t) =>
      alphaUntil135(t).replace(
        /(- name: HostnameOverride\n(?:(?! {2}sources:).*\n)*?)( {2}sources:)/,
        (_m, a: string, s: string) => `${a}${override}${s}`,
      ),
    );
    // Explained: only the note, read when the beta began in 1.35, waits for a new reading.
    expect(problemsOf(copy.seed).map((p) => `${p.record} ${p.field}`)).toEqual(['feature gate HostnameOverride notes']);
    rmSync(join(copy.seed, REFERENCE));
    const [p] = problemsOf(copy.seed);
    expect(p).toMatchObject({ record: 'feature gate HostnameOverride', field: 'sourceOverrides[0]' });
  });

  it('a damaged reference is named, not ignored', () => {
    copy.edit(REFERENCE, (t) =>
      t.replace('"newest":"1.36","knownThrough":"1.35"', '"newest":"1.36","knownThrough":"1.36"'),
    );
    const [p] = problemsOf(copy.seed);
    expect(p.file).toBe('seed/generated/feature-gates-reference.json');
    expect(p.message).toMatch(
      /damaged: featureList\.knownThrough is 1\.36, not the release before 1\.36; regenerate it/,
    );
  });
});
