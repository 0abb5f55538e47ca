// The curated gates against the feature-gate history (seed/generated/feature-gates-history.json: each
// release's own kube_features.go, 1.10-1.30): a lock the records leave unknown is filled where every
// release of the stage was read with one value; a stage, default or lock the history contradicts is refused
// unless an override explains it; a damaged history file is refused.
import { rmSync } from 'node:fs';
import { loadSeed } from '../../src/seed/load';
import { seedDir } from '../../src/config';
import { copySeed, problemsOf, type SeedCopy } from '../support/seed-copy';

const stages = (b: ReturnType<typeof loadSeed>, name: string) =>
  b.featureGates.find((l) => l.record.name === name)!.record.lifecycle;

describe("the real seed against each release's feature files", () => {
  const b = loadSeed(seedDir());

  it('knows the locks of gates removed before the versioned specs, from the files of their releases', () => {
    // IPTablesOwnershipCleanup: GA 1.28-1.29 and locked, removed in 1.30; the record leaves the lock out.
    expect(stages(b, 'IPTablesOwnershipCleanup').map((s) => [s.stage, s.lockedToDefault])).toEqual([
      ['ALPHA', false],
      ['BETA', false],
      ['GA', true],
    ]);
    expect(stages(b, 'SCTPSupport').find((s) => s.stage === 'GA')!.lockedToDefault).toBe(true);
    expect(b.crossCheck!.filledValues).toEqual(
      expect.arrayContaining([
        expect.stringMatching(
          /network-a-l\.yaml:\d+: feature gate IPTablesOwnershipCleanup lifecycle\[2\]\.lockedToDefault = true$/,
        ),
      ]),
    );
  });

  it('leaves a lock unknown when a release of the stage was not read', () => {
    // CustomPodDNS beta 1.10-1.13: the files of 1.10, 1.12 and 1.13 say not locked, no checkable copy of 1.11
    // was found, so the stage's lock is not stated.
    const beta = stages(b, 'CustomPodDNS').find((s) => s.stage === 'BETA')!;
    expect(beta).toMatchObject({ since: '1.10', until: '1.13' });
    expect(beta.lockedToDefault ?? null).toBeNull();
  });
});

describe('a curated gate that a release file contradicts is refused', () => {
  let copy: SeedCopy;
  beforeEach(() => {
    copy = copySeed();
  });
  afterEach(() => rmSync(copy.root, { recursive: true, force: true }));

  const notLocked = (t: string) =>
    t.replace(
      /(- name: IPTablesOwnershipCleanup\n(?:  .*\n|    .*\n|      .*\n)*?    - stage: GA\n      defaultEnabled: true\n)/,
      '$1      lockedToDefault: false\n',
    );

  it('a lock, naming the release, the history file and the copy read', () => {
    copy.edit('feature-gates/network-a-l.yaml', notLocked);
    const problems = problemsOf(copy.seed);
    const p = problems.find((x) => x.record === 'feature gate IPTablesOwnershipCleanup');
    expect(p).toMatchObject({ file: 'seed/feature-gates/network-a-l.yaml', field: 'lockedToDefault' });
    expect(p!.message).toMatch(/1\.28: not locked in the seed, locked in that release's file; 1\.29: /);
    expect(p!.message).toMatch(/seed\/generated\/feature-gates-history\.json:\d+/);
    expect(p!.message).toMatch(
      /https:\/\/github\.com\/ceph\/ceph-csi\/blob\/[0-9a-f]{40}\/vendor\/k8s\.io\/kubernetes\//,
    );
  });

  it('a default, and a stage in a release the gate is gone from in the seed but not in the code', () => {
    copy.edit('feature-gates/network-1.20.yaml', (t) =>
      t.replace(
        /(- name: ExternalPolicyForExternalIP\n(?:  .*\n|    .*\n|      .*\n)*?    - stage: GA\n      defaultEnabled: )false/,
        '$1true',
      ),
    );
    copy.edit('feature-gates/network-m-z.yaml', (t) =>
      t.replace(
        /(- name: ServiceTopology\n(?:  .*\n|    .*\n|      .*\n)*?      until: )"1\.21"\n  removedIn: "1\.22"/,
        '$1"1.20"\n  removedIn: "1.21"',
      ),
    );
    const problems = problemsOf(copy.seed);
    const of = (gate: string) => problems.find((x) => x.record === `feature gate ${gate}`);
    expect(of('ExternalPolicyForExternalIP')).toMatchObject({ field: 'lifecycle' });
    expect(of('ExternalPolicyForExternalIP')!.message).toMatch(
      /1\.18: GA on in the seed, GA off in that release's file/,
    );
    expect(of('ServiceTopology')!.message).toMatch(/1\.21: removed in the seed, ALPHA off in that release's file/);
  });

  it('an override explains a difference; the versioned specs are not compared where a release file has the gate', () => {
    const override =
      '  sourceOverrides:\n    - field: lockedToDefault\n      source: https://github.com/kubernetes/enhancements/tree/master/keps/sig-network/3178-iptables-cleanup\n' +
      '      why: A test override.\n';
    copy.edit('feature-gates/network-a-l.yaml', (t) =>
      notLocked(t).replace(
        /(- name: IPTablesOwnershipCleanup\n(?:  (?!sources:).*\n|    .*\n|      .*\n)*?)(  sources:)/,
        `$1${override}$2`,
      ),
    );
    // (Its note, read when the GA lock was known, waits for a new reading: not the point here.)
    expect(() => loadSeed(copy.seed, { skipNoteReviews: true })).not.toThrow();
    // WindowsHostNetwork: alpha and on in the files of 1.26-1.30; the versioned specs, rewritten in 1.31, say
    // off. Without its override only the releases after the files are compared with the versioned specs.
    copy.edit('feature-gates/network-m-z.yaml', (t) =>
      t.replace(
        /(- name: WindowsHostNetwork\n(?:  .*\n|    .*\n|      .*\n)*?)  sourceOverrides:\n(?:    .*\n|      .*\n|        .*\n)*/,
        '$1',
      ),
    );
    const problems = problemsOf(copy.seed);
    const p = problems.find((x) => x.record === 'feature gate WindowsHostNetwork')!;
    expect(p.message).toMatch(/disagrees with the versioned specs .*: 1\.31: ALPHA on in the seed/);
    expect(p.message).not.toMatch(/1\.(2\d|30): /);
  });

  it('a damaged history file is named, not checked against', () => {
    copy.edit('generated/feature-gates-history.json', (t) =>
      t.replace(/\{"from":"1\.28","to":"1\.29"/, '{"from":"1.10","to":"1.12"'),
    );
    const problems = problemsOf(copy.seed);
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          file: 'seed/generated/feature-gates-history.json',
          message: expect.stringMatching(
            /not a generated index: .*1\.10-1\.12 is not a run of releases read.*netkb import gate-history/,
          ),
        }),
      ]),
    );
  });
});
