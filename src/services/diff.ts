// What changed between two releases: gate transitions release by release, API versions and flags
// removed or deprecated in (from, to], and the notes of those releases.
import type { KnowledgeBase } from '../kb/knowledge-base';
import type { ApiVersion, Change, FeatureGate, Flag } from '../kb/model';
import { gateStateIn, sameState, type GateState } from '../kb/gate-state';
import type { VersionKey } from '../kb/version';
import { transitionKinds, type GateTransitionKind } from './gate-transition-kinds';
import { requireRange } from './versions';
import { requireSig, sigKey } from './vocabulary';

export interface GateTransition {
  gate: FeatureGate;
  version: VersionKey;
  before: GateState;
  after: GateState;
  /** The main kind: kinds[0]. */
  kind: GateTransitionKind;
  /** Every kind that applies, in precedence order (gate-transition-kinds.ts). */
  kinds: GateTransitionKind[];
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

/**
 * The diff from one release to a later one. `sig` (a blank value filters nothing) keeps the transitions of
 * that SIG's gates and the changes of that SIG; API versions and flags have no SIG and stay whole.
 */
export function diffReleases(kb: KnowledgeBase, fromInput: string, toInput: string, sig?: string | null): VersionDiff {
  // Each hop between consecutive known releases on the path, so a gate that moves twice shows twice.
  const { from, to, releases: path } = requireRange(kb, fromInput, toInput);
  const sigWanted = sig?.trim() ? requireSig(kb, sig, 'sig') : null;
  const ofSig = (sigs: string[]) => sigWanted === null || sigs.some((s) => sigKey(s) === sigWanted);
  const inRange = (v: VersionKey | null) => v !== null && v > from && v <= to;
  const gates = kb.featureGates.filter((g) => ofSig(g.sigs));
  const featureGates: GateTransition[] = [];
  for (let i = 1; i < path.length; i++) {
    for (const gate of gates) {
      const before = gateStateIn(gate, path[i - 1]);
      const after = gateStateIn(gate, path[i]);
      // A hop the gate's sources do not reach says nothing (a generated record's knownThrough, model.ts).
      if (!before.known || !after.known || sameState(before, after)) continue;
      const kinds = transitionKinds(before, after);
      featureGates.push({ gate, version: path[i], before, after, kind: kinds[0], kinds });
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
    changes: kb.changes.filter((c) => c.version > from && c.version <= to && ofSig(c.sigs)),
  };
}
