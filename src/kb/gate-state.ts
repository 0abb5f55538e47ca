// What a feature gate looks like in one release, from its lifecycle. Stages' since/until are inclusive;
// removedIn is the first release without the gate. Past the last stage's `until` and before any
// removal, the gate keeps its last stage: the tables only close a stage when something changes.
// Pure (types only from the model): the dashboard's timelines (web/src/views/timeline.ts) use the same rule.
import type { FeatureGate, FeatureGateStage } from './model';
import type { VersionKey } from './version';

export interface GateState {
  /**
   * False when the gate's sources do not reach the release (after a generated record's knownThrough, or
   * before its first stage when its introduction is not known): then nothing is said, exists is false too.
   */
  known: boolean;
  exists: boolean;
  stage: FeatureGateStage['stage'] | null;
  defaultEnabled: boolean | null;
  lockedToDefault: boolean | null;
}

const ABSENT: GateState = { known: true, exists: false, stage: null, defaultEnabled: null, lockedToDefault: null };
const UNKNOWN: GateState = { ...ABSENT, known: false };

/** What the gate's record can say of a release: the releases its sources read (model.ts, FeatureGate). */
export function knownIn(
  gate: {
    lifecycle: readonly { since: VersionKey }[];
    introducedIn?: VersionKey | null;
    knownThrough?: VersionKey | null;
    removedIn?: VersionKey | null;
  },
  version: VersionKey,
): boolean {
  // A removal a source dates says what every release from it on is: without the gate (a record the release notes
  // alone date, with no stage known, says nothing of the releases before).
  if (gate.removedIn != null && version >= gate.removedIn) return true;
  if (gate.knownThrough != null && version > gate.knownThrough) return false;
  // Sources that start with the gate already there say nothing of the releases before; a record with no
  // stage (a generated gate the lists date only in a release in development) says nothing at all.
  const first = gate.lifecycle[0];
  return !(gate.introducedIn === null && (first === undefined || version < first.since));
}

/**
 * The stage in force in a release: the last one (stages in order of `since`) whose `since` is not after it;
 * null before the first stage and from the removal on. Generic so that a caller can keep its own stage
 * objects (the dashboard's, whose releases are strings, keyed to VersionKeys).
 */
export function stageIn<S extends { since: VersionKey }>(
  gate: { lifecycle: readonly S[]; removedIn: VersionKey | null },
  version: VersionKey,
): S | null {
  if (gate.removedIn !== null && version >= gate.removedIn) return null;
  const stages = gate.lifecycle;
  if (stages.length === 0 || version < stages[0].since) return null;
  let current = stages[0];
  for (const s of stages) if (s.since <= version) current = s;
  return current;
}

export function gateStateIn(
  gate: Pick<FeatureGate, 'lifecycle' | 'removedIn'> & Partial<Pick<FeatureGate, 'introducedIn' | 'knownThrough'>>,
  version: VersionKey,
): GateState {
  if (!knownIn(gate, version)) return UNKNOWN;
  const current = stageIn(gate, version);
  if (!current) return ABSENT;
  return {
    known: true,
    exists: true,
    stage: current.stage,
    defaultEnabled: current.defaultEnabled,
    lockedToDefault: current.lockedToDefault,
  };
}

export function sameState(a: GateState, b: GateState): boolean {
  return (
    a.known === b.known &&
    a.exists === b.exists &&
    a.stage === b.stage &&
    a.defaultEnabled === b.defaultEnabled &&
    a.lockedToDefault === b.lockedToDefault
  );
}
