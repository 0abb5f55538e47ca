// Gate stages of a new release: from a versioned list that covers it (a spec beginning in the release
// differs from the gate's open stage: a new stage; a gate an older list of the same file named and a list
// settled through the release leaves out: removed), and from the notes where no list covers the gate. New
// gates are proposed when a note of the release names them (the seed's scope: gates the notes mention).
import type { Located } from '../bundle';
import type { FeatureGateRecord } from '../schemas';
import type { GateEntry } from '../generated-index';
import { formatVersion, parseVersion } from '../../kb/version';
import { bestListFor, coverage, droppedBy, listState, type GateList } from './gate-lists';
import { gateNamesIn, gateStatement, sentencesOf, type GateStatement } from './note-text';
import { noteSource, type ProposeContext } from './context';
import { atRecord, newRecord } from './targets';
import type { Evidence, GateProposal } from './types';

type StageRecord = FeatureGateRecord['lifecycle'][number];
type Spec = GateEntry['specs'][number];
interface Said extends GateStatement {
  source: string;
}

const stateText = (s: { stage: string; defaultEnabled: boolean; lockedToDefault?: boolean | null }) =>
  `${s.stage} ${s.defaultEnabled ? 'on' : 'off'} by default${s.lockedToDefault ? ', locked' : ''}`;

export function proposeGates(ctx: ProposeContext, notesSource: string): { gates: GateProposal[]; notices: string[] } {
  const { seed, lists, key, release } = ctx;
  const { previous } = ctx;
  const notices: string[] = [];
  const covering = lists.filter((l) => coverage(l, key) !== null);
  if (covering.length === 0)
    notices.push(
      `No feature-gate list names ${release} (the lists read stop at ${lists.map((l) => (l.newest === null ? '-' : formatVersion(l.newest))).join(', ') || 'none'}): gate stages come from the notes only. Regenerate the index with the release's versioned_feature_list.yaml, or pass it with --feature-list.`,
    );
  else if (!covering.some((l) => coverage(l, key) === 'settled'))
    notices.push(
      `The gate lists that name ${release} were taken during its development (none names a later release): their ${release} specs may still change, and gates they leave out are not taken as removed.`,
    );

  const known = new Map(seed.featureGates.map((l) => [l.record.name, l]));
  const candidates = new Set([...known.keys(), ...covering.flatMap((l) => [...l.gates.keys()])]);
  const said = new Map<string, Said[]>();
  const mentioned = new Set<string>();
  for (const n of ctx.notes) {
    const source = noteSource(n, notesSource);
    for (const name of gateNamesIn(n.text)) candidates.add(name);
    for (const sentence of sentencesOf(n.text))
      for (const name of candidates) {
        if (!sentence.includes(name) || !new RegExp(`\\b${name}\\b`).test(sentence)) continue;
        mentioned.add(name);
        const st = gateStatement(sentence, name);
        if (st) said.set(name, [...(said.get(name) ?? []), { ...st, source }]);
      }
  }
  const fromNotes = (name: string): Evidence[] =>
    (said.get(name) ?? []).map((s) => ({ source: s.source, says: `the note: "${s.sentence}"` }));

  const gates: GateProposal[] = [];
  for (const loc of known.values()) {
    const g = loc.record;
    if (g.removedIn) continue;
    const cur = g.lifecycle[g.lifecycle.length - 1];
    const list = bestListFor(lists, g.name, key);
    const state = list && listState(list, g.name, key);
    // A list taken during the release's development without a spec for it may predate the change: the notes tell.
    if (list && state && (state.begins || coverage(list, key) === 'settled')) {
      const { at, before, begins } = state;
      if (!at) continue;
      const lock = cur.lockedToDefault ?? before?.lockedToDefault ?? null;
      const differs = cur.stage !== at.stage || cur.defaultEnabled !== at.defaultEnabled || lock !== at.lockedToDefault;
      if (!differs) continue;
      if (!begins) {
        notices.push(
          `${g.name}: the list gives ${stateText(at)} from before ${release}, the seed ${stateText(cur)}: a difference in an earlier release, for the check against the index to settle (${list.source}).`,
        );
        continue;
      }
      const stage: StageRecord = {
        stage: at.stage,
        defaultEnabled: at.defaultEnabled,
        lockedToDefault: at.lockedToDefault,
        since: release,
      };
      const doubts = developmentDoubt(list, key);
      for (const s of said.get(g.name) ?? [])
        if ((s.stage && s.stage !== stage.stage) || s.removed)
          doubts.push(`the note ${s.source} says ${s.removed ? 'removed' : s.stage}, the list ${stage.stage}`);
      gates.push(
        withStage(
          loc,
          stage,
          previous,
          [
            {
              source: list.source,
              says: `${stateText(stage)} from ${release} (${before ? stateText(before) : 'no spec'} before)`,
            },
            ...fromNotes(g.name),
          ],
          doubts,
        ),
      );
      continue;
    }
    const dropped = droppedBy(lists, g.name, key);
    if (dropped) {
      const confirmed = (said.get(g.name) ?? []).some((s) => s.removed);
      gates.push(
        withRemoval(
          loc,
          release,
          previous,
          [
            {
              source: dropped.older.source,
              says: `names the gate (a list of the ${formatVersion(dropped.older.newest!)} development cycle)`,
            },
            {
              source: dropped.newer.source,
              says: `leaves it out, settled through ${release}`,
            },
            ...fromNotes(g.name),
          ],
          confirmed
            ? []
            : [
                `no note of ${release} says it was removed: it left the code after ${formatVersion(dropped.older.newest! - 1)}, possibly before ${release}`,
              ],
        ),
      );
      continue;
    }
    const fromText = fromNoteStatements(loc, said.get(g.name) ?? [], release, previous);
    if (fromText) gates.push(fromText);
  }

  // Gates the seed lacks that a note of the release names.
  for (const name of mentioned) {
    if (known.has(name)) continue;
    const list = bestListFor(lists, name, key);
    if (list) gates.push(newFromList(name, list, key, fromNotes(name)));
    else {
      const notes = fromNotes(name);
      if (notes.length === 0) continue;
      const { stage, doubts } = newGateStage(said.get(name) ?? [], release);
      gates.push({
        gate: name,
        target: newRecord('feature-gates'),
        record: blankGate(name, stage ? [stage] : [], notes),
        isNew: true,
        stage,
        removed: false,
        evidence: notes,
        doubts: [...doubts, 'new to the seed: write the summary, SIGs, components and KEP'],
      });
    }
  }
  // A changed record is shown as written: locks the loader filled in from the index stay out of it.
  const filled = new Set(seed.crossCheck?.filledValues ?? []);
  for (const p of gates) {
    const loc = known.get(p.gate);
    if (!loc || p.isNew) continue;
    p.record.lifecycle.forEach((s, i) => {
      const line = `${loc.file}:${loc.line}: feature gate ${p.gate} lifecycle[${i}].lockedToDefault = ${JSON.stringify(s.lockedToDefault)}`;
      if (i < loc.record.lifecycle.length && filled.has(line)) s.lockedToDefault = null;
    });
  }
  return { gates, notices };
}

/**
 * The stage of a gate new in the release that no list has, from the notes: the stage they name; or, for a
 * gate they call on by default and say can be turned off, beta (alpha gates are off by default, and a gate
 * that went GA in the release it came in is rare): an inference the reviewer confirms in the PR.
 */
function newGateStage(said: Said[], release: string): { stage: StageRecord | null; doubts: string[] } {
  const named = said.find((s) => s.stage);
  const on = said.find((s) => s.defaultEnabled !== undefined)?.defaultEnabled;
  const base = `no gate list names the gate in ${release}`;
  if (named?.stage) {
    const guessed = on === undefined && named.stage !== 'ALPHA';
    return {
      stage: { stage: named.stage, defaultEnabled: on ?? named.stage !== 'ALPHA', since: release },
      doubts: [
        `stage from the note's words only; ${base}`,
        ...(guessed ? [`the note does not say whether it is on by default: on assumed for ${named.stage}`] : []),
      ],
    };
  }
  if (said.some((s) => s.canDisable))
    return {
      stage: { stage: 'BETA', defaultEnabled: true, since: release },
      doubts: [
        `stage inferred: the note says the gate is on by default and can be turned off, which fits beta; ${base}: confirm in its PR`,
      ],
    };
  return { stage: null, doubts: [`the notes name the gate without a stage, and ${base}: find its stage in its PR`] };
}

function developmentDoubt(list: GateList, key: number): string[] {
  return coverage(list, key) === 'development'
    ? [
        `the list was taken during ${formatVersion(key)}'s development: its ${formatVersion(key)} specs may still change`,
      ]
    : [];
}

function closeLast(lifecycle: StageRecord[], until: string): StageRecord[] {
  return lifecycle.map((s, i) => (i === lifecycle.length - 1 && s.until == null ? { ...s, until } : { ...s }));
}

function withStage(
  loc: Located<FeatureGateRecord>,
  stage: StageRecord,
  previous: string,
  evidence: Evidence[],
  doubts: string[],
): GateProposal {
  const g = loc.record;
  return {
    gate: g.name,
    target: atRecord(loc),
    record: { ...g, lifecycle: [...closeLast(g.lifecycle, previous), stage] },
    isNew: false,
    stage,
    removed: false,
    evidence,
    doubts,
  };
}

function withRemoval(
  loc: Located<FeatureGateRecord>,
  release: string,
  previous: string,
  evidence: Evidence[],
  doubts: string[],
): GateProposal {
  const g = loc.record;
  return {
    gate: g.name,
    target: atRecord(loc),
    record: { ...g, lifecycle: closeLast(g.lifecycle, previous), removedIn: release },
    isNew: false,
    stage: null,
    removed: true,
    evidence,
    doubts,
  };
}

/**
 * A gate no list covers, from what the notes say: removed; promoted to a stage; turned on by default (an
 * alpha gate turned on is beta: alpha gates are off by default); locked.
 */
function fromNoteStatements(
  loc: Located<FeatureGateRecord>,
  said: Said[],
  release: string,
  previous: string,
): GateProposal | null {
  if (said.length === 0) return null;
  const g = loc.record;
  const cur = g.lifecycle[g.lifecycle.length - 1];
  const evidence = said.map((s) => ({ source: s.source, says: `the note: "${s.sentence}"` }));
  if (said.some((s) => s.removed))
    return withRemoval(loc, release, previous, evidence, [
      "from the note's words only; no gate list names the gate in this release",
    ]);
  const st = said.find((s) => s.stage) ?? said[0];
  const on = said.find((s) => s.defaultEnabled !== undefined)?.defaultEnabled;
  const locked = said.some((s) => s.locked);
  const doubts = ["from the note's words only; no gate list names the gate in this release"];
  const stage = st.stage ?? (on === true && cur.stage === 'ALPHA' ? 'BETA' : cur.stage);
  let defaultEnabled = on;
  if (defaultEnabled === undefined) {
    if (stage === cur.stage) defaultEnabled = cur.defaultEnabled;
    else if (stage === 'ALPHA') defaultEnabled = false;
    else {
      defaultEnabled = true;
      doubts.push(`the note does not say whether ${stage} is on by default: on assumed`);
    }
  }
  if (stage === cur.stage && defaultEnabled === cur.defaultEnabled && (!locked || cur.lockedToDefault === true))
    return null;
  const next: StageRecord = {
    stage,
    defaultEnabled,
    lockedToDefault: locked ? true : stage === cur.stage ? cur.lockedToDefault : null,
    since: release,
  };
  return withStage(loc, next, previous, evidence, doubts);
}

/** A gate new to the seed, with the stages its list gives up to the release. */
function newFromList(name: string, list: GateList, key: number, notes: Evidence[]): GateProposal {
  const release = formatVersion(key);
  const doubts = developmentDoubt(list, key);
  let specs: Spec[] = list.gates.get(name)!.specs.filter((s) => parseVersion(s.since) <= key);
  // A first spec at 1.0 stands for "before the specs were versioned": it dates nothing.
  if (specs.length > 1 && specs[0].since === '1.0') specs = specs.slice(1);
  else if (specs.length === 1 && specs[0].since === '1.0') {
    specs = [{ ...specs[0], since: release }];
    doubts.push(
      `the list gives ${stateText(specs[0])} from before its versioned specs began (1.0): the release the gate came in is not in the list; ${release} is where the notes name it`,
    );
  }
  const lifecycle: StageRecord[] = specs.map((s, i) => ({
    stage: s.stage,
    defaultEnabled: s.defaultEnabled,
    lockedToDefault: s.lockedToDefault,
    since: s.since,
    until: specs[i + 1] ? formatVersion(parseVersion(specs[i + 1].since) - 1) : null,
  }));
  const stage = lifecycle.find((s) => s.since === release) ?? null;
  const evidence = [
    { source: list.source, says: lifecycle.map((s) => `${stateText(s)} from ${s.since}`).join('; ') },
    ...notes,
  ];
  return {
    gate: name,
    target: newRecord('feature-gates'),
    record: blankGate(name, lifecycle, evidence),
    isNew: true,
    stage,
    removed: false,
    evidence,
    doubts: [...doubts, 'new to the seed: write the summary, SIGs, components and KEP'],
  };
}

/** A new gate record with what the sources give; summary and SIGs are left empty for the reviewer (the loader refuses them empty). */
function blankGate(name: string, lifecycle: StageRecord[], evidence: Evidence[]): FeatureGateRecord {
  return {
    name,
    summary: '',
    sigs: [],
    components: [],
    lifecycle,
    sources: [...new Set(evidence.map((e) => e.source).filter((s) => /^https?:/.test(s)))],
  };
}
