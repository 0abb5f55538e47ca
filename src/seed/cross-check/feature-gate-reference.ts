// Gate stages, defaults, locks and removals against the gate reference (feature-gates-reference.json):
// Kubernetes' feature list and the website's per-gate pages, each up to the release it is known through.
// Where two sources speak of one release, the one known through the later release says it (an older page
// is not read past what it covers, nor against a newer list); a source that does not state a value (the
// list's default after the release a gate was first on, a page without `locked`) leaves it to the next.
import type { WithOverrides } from './context';
import type { Located } from '../bundle';
import type { FeatureGateRecord } from '../schemas';
import type { GateReferenceIndex, ReferenceSourceOfGate, ReferenceState } from '../gate-reference-index';
import { formatVersion, parseVersion } from '../../kb/version';

type Stage = FeatureGateRecord['lifecycle'][number];
type Field = keyof ReferenceState;

/** A value one of the sources states, with that source. */
export type Stated<T> = { value: T; from: ReferenceSourceOfGate } | null;
type StatedState = { [F in Field]: Stated<NonNullable<ReferenceState[F]>> };

/** Per release, each value with the source that states it (the first of `sources`, newest first). */
export function referenceStates(sources: ReferenceSourceOfGate[]): Map<string, StatedState> {
  const releases = new Set(sources.flatMap((s) => [...s.states.keys()]));
  const out = new Map<string, StatedState>();
  const pick = <F extends Field>(r: string, field: F): Stated<NonNullable<ReferenceState[F]>> => {
    for (const s of sources) {
      const v = s.states.get(r)?.[field];
      if (v !== undefined && v !== null) return { value: v, from: s };
    }
    return null;
  };
  for (const r of [...releases].sort((a, b) => parseVersion(a) - parseVersion(b)))
    out.set(r, {
      stage: pick(r, 'stage'),
      defaultEnabled: pick(r, 'defaultEnabled'),
      lockedToDefault: pick(r, 'lockedToDefault'),
    });
  return out;
}

function stageIn(g: FeatureGateRecord, r: number): Stage | null {
  let found: Stage | null = null;
  for (const s of g.lifecycle)
    if (parseVersion(s.since) <= r && (s.until == null || r <= parseVersion(s.until))) found = s;
  return found;
}

const on = (v: boolean) => (v ? 'on' : 'off');
const locked = (v: boolean) => (v ? 'locked' : 'not locked');

/**
 * Compares the releases the reference speaks of (up to the newest release on record) with the curated
 * record, and the removal a page states; fills the locks of closed stages every release of which the
 * reference states, all with one value.
 */
export function checkGateReference(
  loc: Located<FeatureGateRecord & WithOverrides>,
  sources: ReferenceSourceOfGate[],
  reference: GateReferenceIndex,
  newest: number,
  differ: (loc: Located<WithOverrides>, name: string, field: string, message: string) => boolean,
  filled: (field: string, value: unknown) => void,
): void {
  const g = loc.record;
  const name = `feature gate ${g.name}`;
  const states = referenceStates(sources);
  const used = new Set<ReferenceSourceOfGate>();
  const said = (what: string, s: ReferenceSourceOfGate) => {
    used.add(s);
    return `${what} in the ${s.kind}`;
  };
  const mismatches: string[] = [];
  const lockGaps: string[] = [];
  for (const [release, st] of states) {
    const r = parseVersion(release);
    if (r > newest) break;
    const known = st.stage ?? st.defaultEnabled;
    if (!known) continue;
    // Named only when it differs, so that the message cites the sources of the differences alone.
    const theirs = () =>
      [
        st.stage ? said(st.stage.value, st.stage.from) : null,
        st.defaultEnabled ? said(on(st.defaultEnabled.value), st.defaultEnabled.from) : null,
      ]
        .filter((x) => x !== null)
        .join(', ');
    if (g.removedIn && parseVersion(g.removedIn) <= r) {
      mismatches.push(`${release}: removed in the seed, ${theirs()}`);
      continue;
    }
    const have = stageIn(g, r);
    if (!have) {
      mismatches.push(`${release}: no stage in the seed, ${theirs()}`);
      continue;
    }
    const stageDiffers = st.stage !== null && st.stage.value !== have.stage;
    const defaultDiffers = st.defaultEnabled !== null && st.defaultEnabled.value !== have.defaultEnabled;
    if (stageDiffers || defaultDiffers) {
      mismatches.push(`${release}: ${have.stage} ${on(have.defaultEnabled)} in the seed, ${theirs()}`);
    } else if (
      st.lockedToDefault &&
      have.lockedToDefault != null &&
      have.lockedToDefault !== st.lockedToDefault.value
    ) {
      lockGaps.push(
        `${release}: ${locked(have.lockedToDefault)} in the seed, ${said(locked(st.lockedToDefault.value), st.lockedToDefault.from)}`,
      );
    }
  }
  // A page's removal, unless a source known through a later release still has the gate then.
  const removal = sources.find((s) => s.removedIn !== null);
  if (removal && parseVersion(removal.removedIn!) <= newest) {
    const stillThere = sources.some(
      (s) =>
        parseVersion(s.knownThrough) > parseVersion(removal.knownThrough) &&
        [...s.states.keys()].some((r) => parseVersion(r) >= parseVersion(removal.removedIn!)),
    );
    if (!stillThere && g.removedIn !== removal.removedIn) {
      used.add(removal);
      differ(
        loc,
        name,
        'removedIn',
        `is ${g.removedIn ?? 'not set'}, but the website page says the gate was removed after ${formatVersion(parseVersion(removal.removedIn!) - 1)}, so in ${removal.removedIn} (${where(reference, [removal])})`,
      );
    }
  }
  const why = () => where(reference, [...used]);
  if (mismatches.length > 0)
    differ(loc, name, 'lifecycle', `disagrees with Kubernetes' gate reference: ${compress(mismatches)} (${why()})`);
  if (lockGaps.length > 0)
    differ(loc, name, 'lockedToDefault', `disagrees with Kubernetes' gate reference: ${compress(lockGaps)} (${why()})`);
  if (mismatches.length > 0) return;
  g.lifecycle.forEach((s, i) => {
    if (s.lockedToDefault != null || s.until == null) return;
    const values = new Set<boolean>();
    for (let r = parseVersion(s.since); r <= parseVersion(s.until); r++) {
      const v = states.get(formatVersion(r))?.lockedToDefault;
      if (!v) return;
      values.add(v.value);
    }
    if (values.size === 1) {
      s.lockedToDefault = [...values][0];
      filled(`lifecycle[${i}].lockedToDefault`, s.lockedToDefault);
    }
  });
}

/** The index lines and addresses of the sources a message rests on. */
function where(reference: GateReferenceIndex, sources: ReferenceSourceOfGate[]): string {
  return sources
    .map((s) => `${s.kind} known through ${s.knownThrough}: ${reference.file}:${s.line}, ${s.source}`)
    .join('; ');
}

function compress(lines: string[]): string {
  return lines.length <= 4
    ? lines.join('; ')
    : `${lines.slice(0, 4).join('; ')}; and ${lines.length - 4} more releases`;
}
