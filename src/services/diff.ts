// What changed between two releases: gate transitions release by release, API versions and flags
// removed or deprecated in (from, to], and the notes of those releases.
import type { KnowledgeBase } from '../kb/knowledge-base';
import type { ApiVersion, Change, FeatureGate, Flag } from '../kb/model';
import { gateStateIn, sameState, type GateState } from '../kb/gate-state';
import type { VersionKey } from '../kb/version';
import { requireRange } from './versions';

export interface GateTransition {
  gate: FeatureGate;
  version: VersionKey;
  before: GateState;
  after: GateState;
}

export interface VersionDiff {
  from: VersionKey;
  to: VersionKey;
  featureGates: GateTransition[];
  removedApiVersions: ApiVersion[];
  deprecatedApiVersions: ApiVersion[];
  removedFlags: Flag[];
  deprecatedFlags: Flag[];
  changes: Change[];
}

export function diffReleases(kb: KnowledgeBase, fromInput: string, toInput: string): VersionDiff {
  // Each hop between consecutive known releases on the path, so a gate that moves twice shows twice.
  const { from, to, releases: path } = requireRange(kb, fromInput, toInput);
  const inRange = (v: VersionKey | null) => v !== null && v > from && v <= to;
  const featureGates: GateTransition[] = [];
  for (let i = 1; i < path.length; i++) {
    for (const gate of kb.featureGates) {
      const before = gateStateIn(gate, path[i - 1]);
      const after = gateStateIn(gate, path[i]);
      if (!sameState(before, after)) featureGates.push({ gate, version: path[i], before, after });
    }
  }
  return {
    from,
    to,
    featureGates,
    removedApiVersions: kb.apiVersions.filter((a) => inRange(a.removedIn)),
    deprecatedApiVersions: kb.apiVersions.filter((a) => inRange(a.deprecatedIn)),
    removedFlags: kb.flags.filter((f) => inRange(f.removedIn)),
    deprecatedFlags: kb.flags.filter((f) => inRange(f.deprecatedIn)),
    changes: kb.changes.filter((c) => c.version > from && c.version <= to),
  };
}
