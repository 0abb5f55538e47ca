// Gate stages, defaults and locks against the versioned specs, against each release's own feature files
// where the history read them (feature-gate-history.ts), and against Kubernetes' published gate reference,
// the feature list and per-gate pages (feature-gate-reference.ts).
import type { CheckContext, WithOverrides } from './context';
import type { Located } from '../bundle';
import type { FeatureGateRecord } from '../schemas';
import { gateStateIn, type GateEntry, type GeneratedIndex } from '../generated-index';
import type { GateHistoryEntry } from '../gate-history-index';
import { checkGateHistory, lockOver, stageIn } from './feature-gate-history';
import { formatVersion, parseVersion } from '../../kb/version';
import { checkGateReference } from './feature-gate-reference';

export function checkFeatureGates(ctx: CheckContext): void {
  const { b, index, report, newest, differ, fill } = ctx;
  // Feature gates ------------------------------------------------------------------------------------
  const history = index.gateHistory;
  const reference = index.gateReference;
  if (index.gateSources.length === 0 && !history && !reference) return;
  for (const loc of b.featureGates) {
    const hits = index.gateSources.filter((src) => src.gates.has(loc.record.name));
    const past = history?.gates.get(loc.record.name);
    const published = reference?.gates.get(loc.record.name);
    if (hits.length === 0 && !past && !published) {
      report.notCovered.featureGates++;
      continue;
    }
    report.checked.featureGates++;
    const filled = (field: string, value: unknown) => fill(loc, `feature gate ${loc.record.name}`, field, value);
    // The release's own files first: where they have the gate, they, not the versioned specs (rewritten
    // in 1.31 for the releases before), say what the release did.
    if (past) checkGateHistory(loc, past, history!, newest, differ, filled);
    for (const src of hits) checkGate(loc, src.gates.get(loc.record.name)!, src, newest, differ, filled, past);
    // After the versioned specs: a lock they filled is compared with the later releases the reference knows.
    if (published) checkGateReference(loc, published, reference!, newest, differ, filled);
  }
}

/**
 * A gate's curated stages against its versioned specs, release by release, from the first spec on (a
 * first spec at "1.0" is the list's placeholder for "before the specs were versioned": compared from the
 * next one) up to the newest release the list knows, except releases whose own feature files have the gate
 * (`past`, checked by checkGateHistory). Locks the curated stages leave out are filled in when the specs,
 * with `past` for the releases it has, give one value for the whole stage.
 */
function checkGate(
  loc: Located<FeatureGateRecord & WithOverrides>,
  src: GateEntry,
  list: GeneratedIndex['gateSources'][number],
  newest: number,
  differ: (loc: Located<WithOverrides>, name: string, field: string, message: string) => boolean,
  filled: (field: string, value: unknown) => void,
  past?: GateHistoryEntry,
): void {
  const g = loc.record;
  const name = `feature gate ${g.name}`;
  const specs = src.specs;
  const from = specs[0].since === '1.0' && specs.length > 1 ? specs[1].since : specs[0].since;
  const last = Math.min(newest, list.knownThrough === null ? newest : parseVersion(list.knownThrough));
  const stageOf = (release: string) => stageIn(g, release);
  const mismatches: string[] = [];
  const lockGaps: string[] = [];
  for (let r = parseVersion(from); r <= last; r++) {
    const release = formatVersion(r);
    const want = gateStateIn(src, release);
    if (!want || past?.states.has(release)) continue;
    const have = stageOf(release);
    if (g.removedIn && parseVersion(g.removedIn) <= r) {
      mismatches.push(`${release}: removed in the seed, ${want.stage} in the source`);
      continue;
    }
    if (!have) {
      mismatches.push(
        `${release}: no stage in the seed, ${want.stage} ${want.defaultEnabled ? 'on' : 'off'} in the source`,
      );
      continue;
    }
    if (have.stage !== want.stage || have.defaultEnabled !== want.defaultEnabled) {
      mismatches.push(
        `${release}: ${have.stage} ${have.defaultEnabled ? 'on' : 'off'} in the seed, ${want.stage} ${want.defaultEnabled ? 'on' : 'off'} in the source`,
      );
    } else if (have.lockedToDefault != null && have.lockedToDefault !== want.lockedToDefault) {
      lockGaps.push(
        `${release}: ${have.lockedToDefault ? 'locked' : 'not locked'} in the seed, ${want.lockedToDefault ? 'locked' : 'not locked'} in the source`,
      );
    }
  }
  if (mismatches.length > 0)
    differ(loc, name, 'lifecycle', `disagrees with the versioned specs (${list.source}): ${compress(mismatches)}`);
  if (lockGaps.length > 0)
    differ(loc, name, 'lockedToDefault', `disagrees with the versioned specs (${list.source}): ${compress(lockGaps)}`);
  if (mismatches.length > 0) return;
  // Fill locks the curated stages leave unknown, where the sources cover the whole stage with one value.
  const stateAt = (release: string) =>
    past?.states.get(release) ?? (parseVersion(release) >= parseVersion(from) ? gateStateIn(src, release) : null);
  g.lifecycle.forEach((s, i) => {
    if (s.lockedToDefault != null || parseVersion(s.since) > last) return;
    const until = formatVersion(Math.min(s.until ? parseVersion(s.until) : last, last));
    const lock = lockOver({ since: s.since, until }, stateAt);
    if (lock !== null) {
      s.lockedToDefault = lock;
      filled(`lifecycle[${i}].lockedToDefault`, lock);
    }
  });
}

function compress(lines: string[]): string {
  return lines.length <= 4
    ? lines.join('; ')
    : `${lines.slice(0, 4).join('; ')}; and ${lines.length - 4} more releases`;
}
