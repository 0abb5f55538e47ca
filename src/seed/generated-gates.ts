// Shallow feature-gate records for every gate of every SIG that the curated seed does not keep, generated
// from Kubernetes' own feature files as the generated index holds them (issue #28: "every feature gate of
// every SIG"). Pure: the index in, records out; the loader adds them to the bundle beside the curated ones.
//
// What each release says of a gate, in this order of trust (the same as the curated gates' check):
// 1. that release's own kube_features.go / apiserver features.go (feature-gates-history.json, 1.10, 1.12-1.30);
// 2. the versioned specs (feature-gates.json), release by release up to the release before the newest one a
//    list names;
// 3. Kubernetes' generated feature list and the website's per-gate pages (feature-gates-reference.json).
// A value no source gives for a release is carried over from the release before it (a stage holds until a
// source says it changed); a release with no source at all is not part of the lifecycle.
//
// Introduction and removal are stated only where the files read prove them:
// - introduced in F: F's history files have the gate and F-1's (both modules read) do not, or the gate is in
//   no history file and the first stage a versioned list or the feature list dates (not its "1.0"
//   placeholder for "before versioning") is after the last history release.
// - removed in L+1: the gate is in L's history files, not in L+1's (read), and in no list of a later release.
//   Checked against the release notes where they name the removal (test/unit/generated-gates.test.ts) and
//   against every curated gate the same sources cover.
// Otherwise the record says how far its sources reach (`knownThrough`), and the analysis reports the
// releases past it as not checked.
import type { GeneratedGate, GeneratedGateStage } from './bundle';
import type { GeneratedIndex } from './generated-index';
import { gateStateIn } from './generated-index';
import { kepUrl, type KepEntry, type KepIndex } from './kep-index';
import { formatVersion, parseVersion } from '../kb/version';

type Stage = GeneratedGateStage['stage'];

interface State {
  stage: Stage | null;
  defaultEnabled: boolean | null;
  lockedToDefault: boolean | null;
}

const range = (from: number, to: number) => Array.from({ length: Math.max(0, to - from + 1) }, (_, i) => from + i);

/** A SIG as the release notes write it, from a KEP's "sig-api-machinery". */
function sigFromKep(owningSig: string): string {
  return owningSig
    .replace(/^sig-/, '')
    .split('-')
    .map((w) => (['api', 'cli'].includes(w) ? w.toUpperCase() : w.charAt(0).toUpperCase() + w.slice(1)))
    .join(' ');
}

/**
 * Every gate the index knows and `curated` does not have, as a shallow record. `componentNames` maps the
 * KEPs' spellings to components.yaml names (a spelling it lacks is left out: shallow records list what is sure).
 */
export function generateGates(
  index: Pick<GeneratedIndex, 'gateSources' | 'gateHistory' | 'gateReference' | 'keps'> &
    Partial<Pick<GeneratedIndex, 'gateNoteRemovals'>>,
  curated: ReadonlySet<string>,
  components: ReadonlySet<string>,
): GeneratedGate[] {
  const history = index.gateHistory;
  const names = new Set<string>([
    ...(history?.gates.keys() ?? []),
    ...index.gateSources.flatMap((s) => [...s.gates.keys()]),
    ...(index.gateReference?.gates.keys() ?? []),
    // A gate of a module whose feature files are not read (apiextensions-apiserver's CustomResourceValidation)
    // that the release notes remove: known from its removal on.
    ...(index.gateNoteRemovals?.keys() ?? []),
  ]);
  const lastHistory = history ? parseVersion(history.releases[history.releases.length - 1]) : null;
  const out: GeneratedGate[] = [];
  for (const name of [...names].sort()) {
    if (curated.has(name)) continue;
    const g = generateGate(name, index, lastHistory, components);
    if (g) out.push(g);
  }
  return out;
}

function generateGate(
  name: string,
  index: Pick<GeneratedIndex, 'gateSources' | 'gateHistory' | 'gateReference' | 'keps'> &
    Partial<Pick<GeneratedIndex, 'gateNoteRemovals'>>,
  lastHistory: number | null,
  components: ReadonlySet<string>,
): GeneratedGate | null {
  const history = index.gateHistory;
  const past = history?.gates.get(name);
  const lists = index.gateSources.filter((s) => s.gates.has(name));
  const references = index.gateReference?.gates.get(name) ?? [];
  const states = new Map<number, State>();
  const sources = new Set<string>();
  const said: string[] = [];

  // 1. Each release's own files.
  const seen = history && past ? history.releases.filter((r) => past.states.has(r)).map(parseVersion) : [];
  if (history && past && seen.length > 0) {
    for (const r of seen) states.set(r, past.states.get(formatVersion(r))!);
    const first = formatVersion(seen[0]);
    const last = formatVersion(seen[seen.length - 1]);
    for (const r of new Set([first, last])) for (const s of history.sources.get(r) ?? []) sources.add(s);
    said.push(`each release's own feature files have it from ${first} to ${last}`);
  }
  // 2. The versioned specs. A first spec at "1.0" stands for "before the specs were versioned" (for a gate
  // added later to switch off an old behaviour, the behaviour's past): such a gate's introduction is not dated.
  let firstDated: number | null = null;
  let undated = false;
  const dated = (r: number) => (firstDated = Math.min(firstDated ?? Infinity, r));
  for (const list of lists) {
    const entry = list.gates.get(name)!;
    const specs = entry.specs;
    if (specs[0].since === '1.0') undated = true;
    const from = specs[0].since === '1.0' && specs.length > 1 ? specs[1].since : specs[0].since;
    if (from !== '1.0') dated(parseVersion(from));
    if (list.knownThrough === null) continue;
    let added = false;
    for (const r of range(parseVersion(from), parseVersion(list.knownThrough))) {
      if (states.has(r)) continue;
      const st = gateStateIn(entry, formatVersion(r));
      if (!st) continue;
      states.set(r, st);
      added = true;
    }
    sources.add(list.source);
    if (added) said.push(`the versioned specs (${list.source.split('/').pop()}) through ${list.knownThrough}`);
  }
  // 3. The feature list and the website's pages.
  let pageRemoval: string | null = null;
  for (const ref of references) {
    let added = false;
    for (const [release, st] of ref.states) {
      const r = parseVersion(release);
      if (ref.kind === 'feature list') dated(r);
      if (states.has(r) || st.stage === null) continue;
      states.set(r, st);
      added = true;
    }
    if (ref.undatedStart) undated = true;
    if (ref.removedIn) pageRemoval = ref.removedIn;
    sources.add(ref.source);
    if (added) said.push(`the ${ref.kind} through ${ref.knownThrough}`);
  }

  // Carry values over from the release before; a release that still lacks a stage or a default is dropped.
  const releases = [...states.keys()].sort((a, b) => a - b);
  let prior = null as State | null;
  let priorRelease = -1;
  const full = new Map<number, { stage: Stage; defaultEnabled: boolean; lockedToDefault: boolean | null }>();
  for (const r of releases) {
    const st = states.get(r)!;
    const carry: State | null = prior !== null && priorRelease === r - 1 ? prior : null;
    const stage: Stage | null = st.stage ?? carry?.stage ?? null;
    const defaultEnabled: boolean | null = st.defaultEnabled ?? carry?.defaultEnabled ?? null;
    const lockedToDefault: boolean | null = st.lockedToDefault ?? carry?.lockedToDefault ?? null;
    if (stage === null || defaultEnabled === null) {
      prior = null;
      continue;
    }
    full.set(r, { stage, defaultEnabled, lockedToDefault });
    prior = { stage, defaultEnabled, lockedToDefault };
    priorRelease = r;
  }
  // The lifecycle is the last unbroken run of releases (a gap, such as 1.11 that no history file covers,
  // leaves the releases before it out: nothing says what happened in between).
  const known = [...full.keys()].sort((a, b) => a - b);
  const kep = kepOf(index.keps, name);
  if (known.length === 0 && sources.size === 0) return removedByNotes(name, index, kep, components);
  if (known.length === 0) return unsettled(name, index, kep, components, [...sources]);
  let start = known.length - 1;
  while (start > 0 && known[start - 1] === known[start] - 1) start--;
  const run = known.slice(start);
  const lifecycle: GeneratedGateStage[] = [];
  for (const r of run) {
    const st = full.get(r)!;
    const open = lifecycle[lifecycle.length - 1];
    if (
      open &&
      open.stage === st.stage &&
      open.defaultEnabled === st.defaultEnabled &&
      open.lockedToDefault === st.lockedToDefault
    )
      open.until = formatVersion(r);
    else lifecycle.push({ ...st, since: formatVersion(r), until: formatVersion(r) });
  }
  const firstKnown = run[0];
  const lastKnown = run[run.length - 1];

  // Introduction.
  let introducedIn: string | null = null;
  const historyReleases = new Set(history?.releases.map(parseVersion) ?? []);
  const bothModulesFrom = history ? firstReleaseWithModules(history.sources, 2) : null;
  if (seen.length > 0 && seen[0] === firstKnown) {
    const before = firstKnown - 1;
    if (historyReleases.has(before) && bothModulesFrom !== null && before >= bothModulesFrom)
      introducedIn = formatVersion(firstKnown);
  } else if (seen.length === 0 && !undated && firstDated !== null && firstDated === firstKnown) {
    if (lastHistory === null || firstKnown > lastHistory) introducedIn = formatVersion(firstKnown);
  }

  // Removal. The newest list read (the feature list, else the newest versioned specs) has every gate still in code.
  const inCurrentList = inNewestList(name, index);
  let removedIn: string | null = null;
  let removalSaid: string | null = null;
  if (pageRemoval) {
    removedIn = pageRemoval;
    removalSaid = `the website's page gives its removal in ${pageRemoval}`;
  } else if (!inCurrentList && seen.length > 0 && seen[seen.length - 1] === lastKnown) {
    const next = lastKnown + 1;
    if (historyReleases.has(next)) {
      removedIn = formatVersion(next);
      for (const s of history?.sources.get(removedIn) ?? []) sources.add(s);
      removalSaid = `${removedIn}'s files and every later list read lack it, so it is removed in ${removedIn}`;
    }
  }
  // The release notes date a removal the files cannot: the first one they state after the last release known.
  if (removedIn === null && !inCurrentList) {
    const stated = (index.gateNoteRemovals?.get(name) ?? [])
      .filter((r) => parseVersion(r.release) > lastKnown)
      .sort((a, b) => parseVersion(a.release) - parseVersion(b.release))[0];
    if (stated) {
      removedIn = stated.release;
      sources.add(stated.pr !== null ? `https://github.com/kubernetes/kubernetes/pull/${stated.pr}` : stated.source);
      sources.add(stated.source);
      removalSaid = `the ${stated.release} release notes say it was removed${stated.pr !== null ? ` (#${stated.pr})` : ''}`;
    }
  }
  // Stages end where the gate does.
  if (removedIn !== null) {
    const cut = parseVersion(removedIn);
    while (lifecycle.length > 0 && parseVersion(lifecycle[lifecycle.length - 1].since) >= cut) lifecycle.pop();
    const last = lifecycle[lifecycle.length - 1];
    if (last && last.until && parseVersion(last.until) >= cut) last.until = formatVersion(cut - 1);
  }
  if (lifecycle.length === 0) return unsettled(name, index, kep, components, [...sources]);
  // The open stage stays open only for a gate still in code; a stage's `until` is its last known release.
  // Known to the end when the removal follows the last release read; else the releases between are not known.
  const knownThrough =
    removedIn !== null && parseVersion(removedIn) === lastKnown + 1 ? null : formatVersion(lastKnown);
  if (removedIn === null && inCurrentList) lifecycle[lifecycle.length - 1].until = null;

  const { sigs, gateComponents } = fromKep(kep, index.keps, components, sources);

  const reach: string =
    removedIn !== null && removalSaid !== null
      ? removalSaid
      : inCurrentList
        ? `it is in Kubernetes' feature lists through ${formatVersion(lastKnown)}; later releases are not known here`
        : `no list read after ${formatVersion(lastKnown)} has it, and none says when it was removed: releases after ${formatVersion(lastKnown)} are not known here`;
  const notes =
    `Generated from Kubernetes' feature files, not curated: ${said.join('; ')}. ` +
    (introducedIn !== null
      ? `It first appears in ${introducedIn}. `
      : `The files read start with the gate already there (${formatVersion(firstKnown)}): its introduction is not known. `) +
    `${reach.charAt(0).toUpperCase()}${reach.slice(1)}.` +
    (kep ? ` SIG and components from KEP-${kep.entry.number}.` : '');

  const record = {
    name,
    sigs,
    components: gateComponents,
    kep: kep ? `KEP-${kep.entry.number}` : null,
    lifecycle,
    introducedIn,
    removedIn,
    knownThrough,
    notes,
    sources: [...sources],
  };
  return { ...record, summary: summaryOf(record, kep) };
}

const STAGE_WORD: Record<Stage, string> = { ALPHA: 'alpha', BETA: 'beta', GA: 'GA', DEPRECATED: 'deprecated' };

/**
 * What a generated record's values say, as its summary: "A gate of SIG Apps (KEP-592, "TTL after finished"),
 * not described here yet; Kubernetes' feature files give: alpha (off) 1.12-1.20, ... removed in 1.25."
 */
function summaryOf(g: Omit<GeneratedGate, 'summary'>, kep: KepHit): string {
  const owner = [
    g.sigs.length > 0 ? `SIG ${g.sigs.join(', ')}` : null,
    kep ? `KEP-${kep.entry.number}, "${kep.entry.title}"` : null,
  ];
  const who = owner[0]
    ? `A gate of ${owner[0]}${owner[1] ? ` (${owner[1]})` : ''}`
    : owner[1]
      ? `A gate of ${owner[1]}`
      : 'A gate';
  if (g.lifecycle.length === 0)
    return g.removedIn !== null
      ? `${who}, not described here yet; removed in ${g.removedIn} by the release notes, which no feature file read confirms or dates further.`
      : `${who}, not described here yet; Kubernetes' feature files name it only for a release still in development when they were read.`;
  const stages = g.lifecycle.map((s) => {
    const state = `${STAGE_WORD[s.stage]} (${s.defaultEnabled ? 'on' : 'off'}${s.lockedToDefault ? ', locked' : ''})`;
    const to = s.until ?? g.knownThrough;
    return to === null
      ? `${state} from ${s.since}`
      : to === s.since
        ? `${state} in ${s.since}`
        : `${state} ${s.since}-${to}`;
  });
  const first = g.introducedIn === null ? ` (from ${g.lifecycle[0].since}, which already has it)` : '';
  const end =
    g.removedIn !== null
      ? g.knownThrough !== null
        ? `; nothing read after ${g.knownThrough}; removed in ${g.removedIn}`
        : `, removed in ${g.removedIn}`
      : g.knownThrough !== null
        ? `; nothing read after ${g.knownThrough}`
        : '';
  return `${who}, not described here yet; Kubernetes' feature files${first} give: ${stages.join(', ')}${end}.`;
}

type KepHit = { entry: KepEntry; components: string[] } | null;

/** SIG and components from a KEP that lists the gate (its kep.yaml is added to `sources`). */
function fromKep(kep: KepHit, keps: KepIndex | null, components: ReadonlySet<string>, sources: Set<string>) {
  const sigs = kep?.entry.owningSig ? [sigFromKep(kep.entry.owningSig)] : [];
  const gateComponents: string[] = [];
  if (kep && keps) {
    for (const spelling of kep.components) {
      const mapped = components.has(spelling) ? [spelling] : (keps.componentNames.get(spelling) ?? []);
      for (const c of mapped) if (components.has(c) && !gateComponents.includes(c)) gateComponents.push(c);
    }
    sources.add(kepUrl(keps, kep.entry));
  }
  return { sigs, gateComponents };
}

/**
 * A gate the lists have only in a release still in development when they were taken, or only with a stage
 * dated "1.0": it exists, and no release is known (an empty lifecycle; model.ts, knownIn).
 */
function unsettled(
  name: string,
  index: Pick<GeneratedIndex, 'keps'>,
  kep: KepHit,
  components: ReadonlySet<string>,
  found: string[],
): GeneratedGate {
  return stageless(
    name,
    index,
    kep,
    components,
    new Set(found),
    null,
    "Generated from Kubernetes' feature files, not curated: the lists read have the gate only in a release still in development when they were taken, or only with a stage they date 1.0 (before versioning): no release of it is known here.",
  );
}

/**
 * A gate no feature file read names (another module's, such as apiextensions-apiserver's) that the release notes
 * remove: no stage is known, so it says nothing of the releases before the first removal they state, and from
 * that release on the gate is gone. Null when the notes do not remove it either.
 */
function removedByNotes(
  name: string,
  index: Pick<GeneratedIndex, 'keps'> & Partial<Pick<GeneratedIndex, 'gateNoteRemovals'>>,
  kep: KepHit,
  components: ReadonlySet<string>,
): GeneratedGate | null {
  const stated = [...(index.gateNoteRemovals?.get(name) ?? [])].sort(
    (a, b) => parseVersion(a.release) - parseVersion(b.release),
  )[0];
  if (!stated) return null;
  const sources = new Set<string>([stated.source]);
  if (stated.pr !== null) sources.add(`https://github.com/kubernetes/kubernetes/pull/${stated.pr}`);
  return stageless(
    name,
    index,
    kep,
    components,
    sources,
    stated.release,
    `Generated from the release notes, not curated: no feature file read names the gate, and the ${stated.release} ` +
      `notes say it was removed${stated.pr !== null ? ` (#${stated.pr})` : ''}. Its stages before that are not known here.`,
  );
}

/** A record with no stage known: its SIG and components from the KEP, its removal where a source dates it. */
function stageless(
  name: string,
  index: Pick<GeneratedIndex, 'keps'>,
  kep: KepHit,
  components: ReadonlySet<string>,
  sources: Set<string>,
  removedIn: string | null,
  said: string,
): GeneratedGate {
  const { sigs, gateComponents } = fromKep(kep, index.keps, components, sources);
  const record = {
    name,
    sigs,
    components: gateComponents,
    kep: kep ? `KEP-${kep.entry.number}` : null,
    lifecycle: [],
    introducedIn: null,
    removedIn,
    knownThrough: null,
    notes: said + (kep ? ` SIG and components from KEP-${kep.entry.number}.` : ''),
    sources: [...sources],
  };
  return { ...record, summary: summaryOf(record, kep) };
}

/** Whether the newest list read (the feature list, else the newest versioned specs) has the gate. */
function inNewestList(name: string, index: Pick<GeneratedIndex, 'gateSources' | 'gateReference'>): boolean {
  const lists: { knownThrough: number; has: boolean }[] = index.gateSources
    .filter((l) => l.knownThrough !== null)
    .map((l) => ({ knownThrough: parseVersion(l.knownThrough!), has: l.gates.has(name) }));
  const featureList = [...(index.gateReference?.gates.values() ?? [])].flat().find((r) => r.kind === 'feature list');
  if (featureList)
    lists.push({
      knownThrough: parseVersion(featureList.knownThrough),
      has: (index.gateReference?.gates.get(name) ?? []).some((r) => r.kind === 'feature list'),
    });
  if (lists.length === 0) return false;
  const newest = Math.max(...lists.map((l) => l.knownThrough));
  return lists.some((l) => l.knownThrough === newest && l.has);
}

/** The first release whose history files come from at least `n` modules (k8s.io/kubernetes and k8s.io/apiserver). */
function firstReleaseWithModules(sources: Map<string, string[]>, n: number): number | null {
  const withAll = [...sources.entries()].filter(([, files]) => files.length >= n).map(([r]) => parseVersion(r));
  return withAll.length > 0 ? Math.min(...withAll) : null;
}

function kepOf(keps: KepIndex | null, name: string): KepHit {
  if (!keps) return null;
  for (const entries of keps.byNumber.values())
    for (const entry of entries)
      for (const fg of entry.featureGates) if (fg.name === name) return { entry, components: fg.components };
  return null;
}
