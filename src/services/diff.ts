// What changed between two releases: gate transitions release by release, API versions and flags
// removed or deprecated in (from, to], and the notes of those releases, ranked by what an operator acts on.
import type { KnowledgeBase } from '../kb/knowledge-base';
import type { ApiVersion, Change, FeatureGate, Flag } from '../kb/model';
import { gateStateIn, sameState, type GateState } from '../kb/gate-state';
import type { VersionKey } from '../kb/version';
import { transitionKinds, type GateTransitionKind } from './gate-transition-kinds';
import { apiVersionOwners, flagOwners, ownedBy } from './sig-owners';
import { requireRange } from './versions';
import { requireSig, sigKey, vocabulary } from './vocabulary';

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

/**
 * Where a note ranks for an operator, first to last (docs/api.md, "Ranking"): a removal (or a note marked action
 * required) that names a flag, API version or gate gone on the way; it asks for action (upstream's action required, an urgent upgrade note, a removal or a
 * deprecation) and names a component or record; it names one; it names none (tests, tooling, e2e, builds).
 */
type NoteRank = 'REMOVES' | 'ACTION' | 'COMPONENT' | 'NO_COMPONENT';
const RANK_ORDER: NoteRank[] = ['REMOVES', 'ACTION', 'COMPONENT', 'NO_COMPONENT'];
const ACTION_KINDS = new Set(['URGENT_UPGRADE_NOTE', 'REMOVAL', 'DEPRECATION']);
const REMOVING_KINDS = new Set(['URGENT_UPGRADE_NOTE', 'REMOVAL']);

export interface RankedChange {
  change: Change;
  rank: NoteRank;
  /** The keys of the flags, API versions and gates it names that are gone on the way ("flag kube-proxy --x"). */
  removes: string[];
}

/** What diff(sig) left out of each list, and what it kept because seed/sig-owners.yaml names no owner. */
export interface SigFilterReport {
  sig: string;
  featureGatesLeftOut: number;
  removedApiVersionsLeftOut: number;
  deprecatedApiVersionsLeftOut: number;
  removedFlagsLeftOut: number;
  deprecatedFlagsLeftOut: number;
  changesLeftOut: number;
  /** Flags and API versions kept in the lists though no record names their owner ("flag kubelet --x"). */
  keptWithoutOwner: string[];
}

export interface VersionDiff {
  from: VersionKey;
  to: VersionKey;
  featureGates: GateTransition[];
  removedApiVersions: ApiVersion[];
  deprecatedApiVersions: ApiVersion[];
  removedFlags: Flag[];
  deprecatedFlags: Flag[];
  /** Every note on the way, by release and position (the dashboard and the CLI group them by release). */
  changes: Change[];
  /** The notes an operator must act on (upstream's action required, or REMOVES), ranked like changes. */
  actionRequired: RankedChange[];
  /** Null without a SIG. */
  sigFilter: SigFilterReport | null;
}

const flagLabel = (f: Flag) => `flag ${f.component} ${f.name}`;
const apiLabel = (a: ApiVersion) => `API ${a.apiVersion} ${a.kind}`;

/**
 * The diff from one release to a later one. `sig` (a blank value filters nothing) keeps the transitions of that
 * SIG's gates, the changes of that SIG, and the flags and API versions it owns (seed/sig-owners.yaml); those no
 * record gives an owner stay, listed in sigFilter.keptWithoutOwner.
 */
export function diffReleases(kb: KnowledgeBase, fromInput: string, toInput: string, sig?: string | null): VersionDiff {
  // Each hop between consecutive known releases on the path, so a gate that moves twice shows twice.
  const { from, to, releases: path } = requireRange(kb, fromInput, toInput);
  const sigWanted = sig?.trim() ? requireSig(kb, sig, 'sig') : null;
  const ofSig = (sigs: string[]) => sigWanted === null || sigs.some((s) => sigKey(s) === sigWanted);
  const inRange = (v: VersionKey | null) => v !== null && v > from && v <= to;
  const allTransitions: GateTransition[] = [];
  for (let i = 1; i < path.length; i++) {
    for (const gate of kb.featureGates) {
      const before = gateStateIn(gate, path[i - 1]);
      const after = gateStateIn(gate, path[i]);
      // A hop the gate's sources do not reach says nothing (a generated record's knownThrough, model.ts).
      if (!before.known || !after.known || sameState(before, after)) continue;
      const kinds = transitionKinds(before, after);
      allTransitions.push({ gate, version: path[i], before, after, kind: kinds[0], kinds });
    }
  }
  const allNotes = kb.changes.filter((c) => c.version > from && c.version <= to);
  const all = {
    removedApiVersions: kb.apiVersions.filter((a) => inRange(a.removedIn)),
    deprecatedApiVersions: kb.apiVersions.filter((a) => inRange(a.deprecatedIn)),
    removedFlags: kb.flags.filter((f) => inRange(f.removedIn)),
    deprecatedFlags: kb.flags.filter((f) => inRange(f.deprecatedIn)),
  };
  const removedKeys = new Set([
    ...all.removedApiVersions.map((a) => a.key),
    ...all.removedFlags.map((f) => f.key),
    ...allTransitions.filter((t) => t.kind === 'REMOVED').map((t) => t.gate.key),
  ]);
  const changes = allNotes.filter((c) => ofSig(c.sigs));
  const actionRequired = rankChanges(changes, removedKeys).filter(
    (r) => r.change.actionRequired || r.rank === 'REMOVES',
  );
  const featureGates = allTransitions.filter((t) => ofSig(t.gate.sigs));
  if (sigWanted === null) return { from, to, featureGates, ...all, changes, actionRequired, sigFilter: null };

  const keptWithoutOwner: string[] = [];
  const keep = <T>(items: T[], ownersOf: (x: T) => string[] | null, label: (x: T) => string): T[] =>
    items.filter((x) => {
      const owned = ownedBy(ownersOf(x), sigWanted);
      if (owned === null && !keptWithoutOwner.includes(label(x))) keptWithoutOwner.push(label(x));
      return owned !== false;
    });
  const kept = {
    removedApiVersions: keep(all.removedApiVersions, (a) => apiVersionOwners(kb, a), apiLabel),
    deprecatedApiVersions: keep(all.deprecatedApiVersions, (a) => apiVersionOwners(kb, a), apiLabel),
    removedFlags: keep(all.removedFlags, (f) => flagOwners(kb, f), flagLabel),
    deprecatedFlags: keep(all.deprecatedFlags, (f) => flagOwners(kb, f), flagLabel),
  };
  return {
    from,
    to,
    featureGates,
    ...kept,
    changes,
    actionRequired,
    sigFilter: {
      sig: vocabulary(kb).sigByKey.get(sigWanted) ?? sigWanted,
      featureGatesLeftOut: allTransitions.length - featureGates.length,
      removedApiVersionsLeftOut: all.removedApiVersions.length - kept.removedApiVersions.length,
      deprecatedApiVersionsLeftOut: all.deprecatedApiVersions.length - kept.deprecatedApiVersions.length,
      removedFlagsLeftOut: all.removedFlags.length - kept.removedFlags.length,
      deprecatedFlagsLeftOut: all.deprecatedFlags.length - kept.deprecatedFlags.length,
      changesLeftOut: allNotes.length - changes.length,
      keptWithoutOwner,
    },
  };
}

function rankChanges(notes: Change[], removedKeys: Set<string>): RankedChange[] {
  const ranked = notes.map((change, i) => {
    // A note that adds or graduates what is later removed does not remove it.
    const removing = change.actionRequired || REMOVING_KINDS.has(change.kind);
    const removes = removing ? change.subjects.map((s) => s.key).filter((k) => removedKeys.has(k)) : [];
    const namesSomething = change.components.length > 0 || change.subjects.length > 0;
    const asksAction = change.actionRequired || ACTION_KINDS.has(change.kind);
    const rank: NoteRank =
      removes.length > 0 ? 'REMOVES' : !namesSomething ? 'NO_COMPONENT' : asksAction ? 'ACTION' : 'COMPONENT';
    return { change, rank, removes: removes.map((k) => subjectLabel(change, k)), i };
  });
  // The knowledge base's order (release, then position) breaks ties.
  ranked.sort((a, b) => RANK_ORDER.indexOf(a.rank) - RANK_ORDER.indexOf(b.rank) || a.i - b.i);
  return ranked.map(({ change, rank, removes }) => ({ change, rank, removes }));
}

function subjectLabel(change: Change, key: string): string {
  const s = change.subjects.find((x) => x.key === key)!;
  return `${s.typename === 'Flag' ? 'flag' : s.typename === 'ApiVersion' ? 'API' : 'gate'} ${key}`;
}
