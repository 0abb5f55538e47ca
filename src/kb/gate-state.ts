// What a feature gate looks like in one release, from its lifecycle. Stages' since/until are inclusive;
// removedIn is the first release without the gate. Past the last stage's `until` and before any
// removal, the gate keeps its last stage: the tables only close a stage when something changes.
import type { FeatureGate, FeatureGateStage } from './model';
import type { VersionKey } from './version';

export interface GateState {
  exists: boolean;
  stage: FeatureGateStage['stage'] | null;
  defaultEnabled: boolean | null;
  lockedToDefault: boolean | null;
}

export const ABSENT: GateState = { exists: false, stage: null, defaultEnabled: null, lockedToDefault: null };

export function gateStateIn(gate: Pick<FeatureGate, 'lifecycle' | 'removedIn'>, version: VersionKey): GateState {
  if (gate.removedIn !== null && version >= gate.removedIn) return ABSENT;
  const stages = gate.lifecycle;
  if (stages.length === 0 || version < stages[0].since) return ABSENT;
  let current = stages[0];
  for (const s of stages) if (s.since <= version) current = s;
  return { exists: true, stage: current.stage, defaultEnabled: current.defaultEnabled, lockedToDefault: current.lockedToDefault };
}

export function sameState(a: GateState, b: GateState): boolean {
  return a.exists === b.exists && a.stage === b.stage && a.defaultEnabled === b.defaultEnabled && a.lockedToDefault === b.lockedToDefault;
}
