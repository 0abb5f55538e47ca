// What the gate reference says of each release: the feature list's columns read as "first on" and "first
// locked", a page's stages up to the release it is known through, two sources of one gate merged with the
// one known through the later release first, and a damaged file refused.
import {
  featureListStates,
  gatePageStates,
  toGateReference,
  type GateReferenceFile,
  type GateReferenceIndex,
} from '../../src/seed/gate-reference-index';
import { referenceStates } from '../../src/seed/cross-check/feature-gate-reference';

const C = '0'.repeat(40);
const file = (data: Partial<GateReferenceFile>): GateReferenceFile => ({
  generatedBy: 'netkb import gate-reference',
  featureList: { source: 'https://example.com/feature_list.md', commit: C, newest: '1.36', knownThrough: '1.35' },
  featureListGates: [],
  gatePages: [],
  ...data,
});
const text = (data: GateReferenceFile) =>
  [
    '{',
    '  "featureListGates": [',
    ...data.featureListGates.map((g) => `    ${JSON.stringify(g)},`),
    '  ],',
    '  "gatePages": [',
    ...data.gatePages.map((g) => `    ${JSON.stringify(g)},`),
    '  ]',
    '}',
  ].join('\n');
const index = (data: GateReferenceFile) =>
  toGateReference(data, 'seed/generated/feature-gates-reference.json', text(data));
const brief = (m: Map<string, { stage: unknown; defaultEnabled: unknown; lockedToDefault: unknown }>) =>
  Object.fromEntries([...m].map(([r, s]) => [r, [s.stage, s.defaultEnabled, s.lockedToDefault]]));

describe('the feature list, release by release', () => {
  it('is off before the first enabled release and on in it, then says nothing of the default; locks alike', () => {
    const states = featureListStates(
      {
        name: 'G',
        enabledSince: '1.33',
        lockedSince: '1.35',
        stages: [
          { stage: 'ALPHA', from: '1.31', to: '1.32' },
          { stage: 'BETA', from: '1.33', to: '1.34' },
          { stage: 'GA', from: '1.35', to: null },
        ],
      },
      '1.36',
      '1.35',
    );
    expect(brief(states)).toEqual({
      '1.31': ['ALPHA', false, false],
      '1.32': ['ALPHA', false, false],
      '1.33': ['BETA', true, false],
      '1.34': ['BETA', null, false],
      // The open GA range runs to the newest release named, but the list is known through 1.35 only.
      '1.35': ['GA', null, true],
    });
  });

  it('dates nothing from a "1.0" range, says never for empty columns, and no stage where two ranges claim one release', () => {
    const legacy = featureListStates(
      {
        name: 'L',
        enabledSince: '1.0',
        lockedSince: null,
        stages: [
          { stage: 'GA', from: '1.0', to: '1.32' },
          { stage: 'DEPRECATED', from: '1.33', to: null },
        ],
      },
      '1.36',
      '1.35',
    );
    // First on in "1.0": whether the deprecated gate is still on, the list does not say (it is often turned off).
    expect(brief(legacy)).toEqual({
      '1.33': ['DEPRECATED', null, false],
      '1.34': ['DEPRECATED', null, false],
      '1.35': ['DEPRECATED', null, false],
    });
    const twice = featureListStates(
      {
        name: 'T',
        enabledSince: null,
        lockedSince: null,
        stages: [
          { stage: 'BETA', from: '1.30', to: null },
          { stage: 'GA', from: '1.32', to: '1.32' },
        ],
      },
      '1.36',
      '1.33',
    );
    expect(brief(twice)['1.31']).toEqual(['BETA', false, false]);
    expect(brief(twice)['1.32']).toEqual([null, false, false]);
  });
});

describe('a per-gate page, release by release', () => {
  it('takes toVersion as the last release of a stage, an open stage to the release the page is known through', () => {
    const states = gatePageStates({
      knownThrough: '1.33',
      stages: [
        { stage: 'BETA', defaultEnabled: true, from: '1.31', to: '1.32', locked: null },
        { stage: 'GA', defaultEnabled: true, from: '1.33', to: null, locked: true },
      ],
    });
    expect(brief(states)).toEqual({
      '1.31': ['BETA', true, null],
      '1.32': ['BETA', true, null],
      '1.33': ['GA', true, true],
    });
  });

  it('keeps of two stages sharing a release only what they share', () => {
    const states = gatePageStates({
      knownThrough: '1.31',
      stages: [
        { stage: 'BETA', defaultEnabled: true, from: '1.29', to: '1.30', locked: false },
        { stage: 'GA', defaultEnabled: true, from: '1.30', to: '1.31', locked: true },
      ],
    });
    expect(brief(states)['1.30']).toEqual([null, true, null]);
  });
});

describe('two sources of one gate', () => {
  const data = file({
    featureListGates: [
      {
        name: 'G',
        enabledSince: '1.33',
        lockedSince: '1.36',
        stages: [
          { stage: 'ALPHA', from: '1.31', to: '1.32' },
          { stage: 'BETA', from: '1.33', to: null },
        ],
      },
    ],
    gatePages: [
      {
        name: 'G',
        source: 'https://example.com/G.md',
        commit: C,
        knownThrough: '1.33',
        removedIn: null,
        stages: [
          { stage: 'ALPHA', defaultEnabled: false, from: '1.30', to: '1.32', locked: null },
          { stage: 'BETA', defaultEnabled: false, from: '1.33', to: null, locked: true },
        ],
      },
    ],
  });

  it('orders them by the release each is known through, and the newer one says what both say', () => {
    const ref = index(data) as GateReferenceIndex;
    const sources = ref.gates.get('G')!;
    expect(sources.map((s) => [s.kind, s.line])).toEqual([
      ['feature list', 3],
      ['website page', 6],
    ]);
    const merged = referenceStates(sources);
    // The older page says off in 1.33, the list on: the list wins. The page alone speaks of 1.30 and of a lock.
    expect(merged.get('1.33')!.defaultEnabled).toMatchObject({ value: true, from: { kind: 'feature list' } });
    expect(merged.get('1.33')!.lockedToDefault).toMatchObject({ value: false, from: { kind: 'feature list' } });
    expect(merged.get('1.30')!.stage).toMatchObject({ value: 'ALPHA', from: { kind: 'website page' } });
    // Past what the page covers, only the list speaks.
    expect(merged.get('1.35')!.stage!.from.kind).toBe('feature list');
  });

  it('refuses a damaged file: a wrong knownThrough, a removal not after the last stage, a gate twice, a range backwards', () => {
    const page = data.gatePages[0];
    expect(index({ ...data, featureList: { ...data.featureList!, knownThrough: '1.36' } })).toEqual([
      'featureList.knownThrough is 1.36, not the release before 1.36',
    ]);
    expect(index({ ...data, gatePages: [{ ...page, knownThrough: '1.34' }] })).toEqual([
      'gatePages G: knownThrough 1.34, its stages name 1.33',
    ]);
    expect(index({ ...data, gatePages: [{ ...page, removedIn: '1.34' }] })).toEqual([
      'gatePages G: removedIn 1.34 is not the release after its last stage',
    ]);
    expect(index({ ...data, gatePages: [page, page] })).toEqual(['gatePages: G twice']);
    expect(
      index({
        ...data,
        featureListGates: [
          {
            ...data.featureListGates[0],
            stages: [
              { stage: 'ALPHA', from: '1.32', to: '1.31' },
              { stage: 'BETA', from: '1.36', to: null },
            ],
          },
        ],
      }),
    ).toEqual(['featureListGates G: 1.32 to 1.31']);
  });
});
