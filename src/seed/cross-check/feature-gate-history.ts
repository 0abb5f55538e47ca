// Gate stages, defaults and locks against the feature-gate history: the pre-versioned kube_features.go of
// each release, as vendored by other repositories (seed/generated/feature-gates-history.json). The file of
// release X says the spec at X only, so a curated stage (since..until) is compared release by release, and
// its lock is filled only when every one of its releases was read with the gate, all with one value.
import type { WithOverrides } from './context';
import type { Located } from '../bundle';
import type { FeatureGateRecord } from '../schemas';
import type { GateHistory, GateHistoryEntry, HistoryState } from '../gate-history-index';
import { formatVersion, parseVersion } from '../../kb/version';

type Stage = FeatureGateRecord['lifecycle'][number];

/** The curated stage a release falls in (the last one listed, as stages are contiguous), or null. */
export function stageIn(g: FeatureGateRecord, release: string): Stage | null {
  let found: Stage | null = null;
  const r = parseVersion(release);
  for (const s of g.lifecycle)
    if (parseVersion(s.since) <= r && (s.until == null || r <= parseVersion(s.until))) found = s;
  return found;
}

const show = (s: { stage: string; defaultEnabled: boolean }) => `${s.stage} ${s.defaultEnabled ? 'on' : 'off'}`;

/**
 * Compares every release the history read with the gate in it (a release read without the gate says
 * nothing: the gate may live in a file not read) with the curated record, and fills the locks of stages the
 * history covers whole.
 */
export function checkGateHistory(
  loc: Located<FeatureGateRecord & WithOverrides>,
  entry: GateHistoryEntry,
  history: GateHistory,
  newest: number,
  differ: (loc: Located<WithOverrides>, name: string, field: string, message: string) => boolean,
  filled: (field: string, value: unknown) => void,
): void {
  const g = loc.record;
  const name = `feature gate ${g.name}`;
  const mismatches: string[] = [];
  const lockGaps: string[] = [];
  let firstSource: string | null = null;
  const seen = (release: string) => (firstSource ??= history.sources.get(release)!.join(', '));
  for (const release of history.releases) {
    if (parseVersion(release) > newest) break;
    const want = entry.states.get(release);
    if (!want) continue;
    const have = stageIn(g, release);
    if (g.removedIn && parseVersion(g.removedIn) <= parseVersion(release)) {
      mismatches.push(`${release}: removed in the seed, ${show(want)} in that release's file`);
      seen(release);
    } else if (!have) {
      mismatches.push(`${release}: no stage in the seed, ${show(want)} in that release's file`);
      seen(release);
    } else if (have.stage !== want.stage || have.defaultEnabled !== want.defaultEnabled) {
      mismatches.push(`${release}: ${show(have)} in the seed, ${show(want)} in that release's file`);
      seen(release);
    } else if (have.lockedToDefault != null && have.lockedToDefault !== want.lockedToDefault) {
      lockGaps.push(
        `${release}: ${have.lockedToDefault ? 'locked' : 'not locked'} in the seed, ${want.lockedToDefault ? 'locked' : 'not locked'} in that release's file`,
      );
      seen(release);
    }
  }
  const where = () =>
    `kube_features.go of each release (${history.file}:${entry.line}; copies read for the first release that differs: ${firstSource})`;
  if (mismatches.length > 0) differ(loc, name, 'lifecycle', `disagrees with ${where()}: ${compress(mismatches)}`);
  if (lockGaps.length > 0) differ(loc, name, 'lockedToDefault', `disagrees with ${where()}: ${compress(lockGaps)}`);
  if (mismatches.length > 0) return;
  g.lifecycle.forEach((s, i) => {
    if (s.lockedToDefault != null) return;
    const lock = lockOver(s, (r) => entry.states.get(r) ?? null);
    if (lock !== null) {
      s.lockedToDefault = lock;
      filled(`lifecycle[${i}].lockedToDefault`, lock);
    }
  });
}

/**
 * The one lock every release of a stage (since..until) has by `stateAt`, or null when the stage is open,
 * a release has no state, or two releases differ.
 */
export function lockOver(
  s: Pick<Stage, 'since' | 'until'>,
  stateAt: (release: string) => Pick<HistoryState, 'lockedToDefault'> | null,
): boolean | null {
  if (s.until == null) return null;
  const values = new Set<boolean>();
  for (let r = parseVersion(s.since); r <= parseVersion(s.until); r++) {
    const st = stateAt(formatVersion(r));
    if (!st) return null;
    values.add(st.lockedToDefault);
  }
  return values.size === 1 ? [...values][0] : null;
}

function compress(lines: string[]): string {
  return lines.length <= 4
    ? lines.join('; ')
    : `${lines.slice(0, 4).join('; ')}; and ${lines.length - 4} more releases`;
}
