import { gateStateIn } from '../../src/kb/gate-state';
import type { FeatureGate } from '../../src/kb/model';

const gate: Pick<FeatureGate, 'lifecycle' | 'removedIn'> = {
  lifecycle: [
    { stage: 'ALPHA', defaultEnabled: false, lockedToDefault: false, since: 1015, until: 1015 },
    { stage: 'BETA', defaultEnabled: true, lockedToDefault: false, since: 1016, until: 1016 },
    { stage: 'GA', defaultEnabled: true, lockedToDefault: true, since: 1017, until: 1019 },
  ],
  removedIn: 1020,
};

describe('gateStateIn', () => {
  it('does not exist before its first stage', () => {
    expect(gateStateIn(gate, 1014)).toEqual({
      known: true,
      exists: false,
      stage: null,
      defaultEnabled: null,
      lockedToDefault: null,
    });
  });
  it('treats since and until as inclusive', () => {
    expect(gateStateIn(gate, 1015)).toMatchObject({ exists: true, stage: 'ALPHA', defaultEnabled: false });
    expect(gateStateIn(gate, 1016)).toMatchObject({ stage: 'BETA', defaultEnabled: true, lockedToDefault: false });
    expect(gateStateIn(gate, 1019)).toMatchObject({ stage: 'GA', lockedToDefault: true });
  });
  it('is gone from removedIn on', () => {
    expect(gateStateIn(gate, 1020).exists).toBe(false);
    expect(gateStateIn(gate, 1025).exists).toBe(false);
  });
  it('keeps the last stage past its until when no removal is recorded', () => {
    expect(gateStateIn({ ...gate, removedIn: null }, 1024)).toMatchObject({ exists: true, stage: 'GA' });
  });
  it('says nothing of releases a generated record does not reach', () => {
    // Sources that start with the gate already there (introducedIn null) and stop at 1.18.
    const generated = { ...gate, removedIn: null, introducedIn: null, knownThrough: 1018 };
    expect(gateStateIn(generated, 1014)).toEqual({
      known: false,
      exists: false,
      stage: null,
      defaultEnabled: null,
      lockedToDefault: null,
    });
    expect(gateStateIn(generated, 1015)).toMatchObject({ known: true, exists: true, stage: 'ALPHA' });
    expect(gateStateIn(generated, 1018)).toMatchObject({ known: true, stage: 'GA' });
    expect(gateStateIn(generated, 1019).known).toBe(false);
    // A known introduction: the release before it is known, and the gate does not exist there.
    expect(gateStateIn({ ...generated, introducedIn: 1015 }, 1014)).toMatchObject({ known: true, exists: false });
  });
});
