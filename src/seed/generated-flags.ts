// Shallow flag records for every component flag the release notes remove or deprecate (flag-events.json, written
// by `netkb import flag-notes`) that the curated seed does not keep, and the check of the curated records against
// the same events (issue #28: "every deprecation, removal ... the notes announce", for every component). Pure:
// the events in, records out, disagreements handed to the cross-check's differ; events after the seed's newest
// release are left out, as the rest of the index's facts are.
//
// A generated record states only what the notes state: the release that removed the flag, the release that
// deprecated it, each with its pull request. Nothing about its meaning, its values or its introduction; a flag no
// note removes or deprecates gets no record, stays unknown, and the analysis says it did not check it.
import type { GeneratedFlag, Located } from './bundle';
import type { FlagRecord, ReleaseRecord } from './schemas';
import type { FlagEvent, FlagEventsFile } from './flag-events-index';
import { parseVersion } from '../kb/version';
import { prUrl } from './rebuild/context';

/** The events of releases the seed has (nothing after its newest release is generated or held against it). */
function onRecord<E extends { release: string }>(
  events: E[],
  releases: readonly Pick<ReleaseRecord, 'version'>[],
): E[] {
  const newest = Math.max(...releases.map((r) => parseVersion(r.version)));
  return events.filter((e) => parseVersion(e.release) <= newest);
}

/** Every component and flag the events name and `curated` does not have (as "component --flag"), as a shallow record. */
export function generateFlags(
  index: FlagEventsFile,
  curated: ReadonlySet<string>,
  releases: readonly Pick<ReleaseRecord, 'version' | 'preliminary'>[],
): GeneratedFlag[] {
  const notesAt = new Map(index.releases.map((r) => [r.release, r.source]));
  const preliminary = new Set(releases.filter((r) => r.preliminary).map((r) => r.version));
  const byFlag = new Map<string, FlagEvent[]>();
  for (const e of onRecord(index.events, releases)) {
    const key = `${e.component} ${e.flag}`;
    if (curated.has(key)) continue;
    byFlag.set(key, [...(byFlag.get(key) ?? []), e]);
  }
  const out: GeneratedFlag[] = [];
  for (const events of byFlag.values()) {
    const { component, flag } = events[0];
    const removed = events.find((e) => e.event === 'removed');
    // A deprecation the notes report after the removal says nothing new about the flag.
    const deprecated = events.find(
      (e) => e.event === 'deprecated' && (!removed || parseVersion(e.release) <= parseVersion(removed.release)),
    );
    const said = [deprecated, removed].filter((e): e is FlagEvent => !!e);
    // The successor the notes name: a replacement when a record of it exists, else said as the notes' word only.
    const named = said.find((e) => e.successor)?.successor ?? null;
    const recorded = named !== null && (curated.has(`${component} ${named}`) || byFlag.has(`${component} ${named}`));
    const told = (e: FlagEvent) =>
      `${e.event} in ${e.release}${e.pr ? ` (#${e.pr})` : ''}${preliminary.has(e.release) ? ', a release the sources do not have final yet' : ''}`;
    out.push({
      component,
      name: flag,
      summary: `${component} flag ${flag}, ${said.map(told).join(' and ')}, as the release notes say${named ? `, which name ${named} as its successor` : ''}; netkb has no description of it in its own words.`,
      replacements: recorded ? [named!] : [],
      successor: recorded ? null : named,
      deprecatedIn: deprecated?.release ?? null,
      removedIn: removed?.release ?? null,
      notes: `Generated from the release notes (flag-events.json, netkb import flag-notes): ${said
        .map((e) => `the ${e.release} notes${e.pr ? ` (#${e.pr})` : ''} say the flag is ${e.event}`)
        .join('; ')}. No source read here gives its meaning, its values or the release that introduced it.`,
      sources: [
        ...said.flatMap((e) => (e.pr ? [prUrl(e.pr)] : [])),
        ...new Set(said.map((e) => notesAt.get(e.release)).filter((s): s is string => !!s)),
      ],
    });
  }
  return out.sort((a, b) => a.component.localeCompare(b.component) || a.name.localeCompare(b.name));
}

/**
 * The curated flags against the events: a removal or deprecation the notes state for a curated flag must be the
 * record's, unless the record's sourceOverrides names the field (`differ`, the cross-check's, decides that and
 * counts the override as used); a release the sources do not have final is not held against a record that
 * leaves the value out.
 */
export function checkFlagsAgainstEvents(
  index: FlagEventsFile,
  flags: readonly Located<FlagRecord>[],
  releases: readonly Pick<ReleaseRecord, 'version' | 'preliminary'>[],
  differ: (loc: Located<FlagRecord>, name: string, field: string, message: string) => boolean,
): void {
  const preliminary = new Set(releases.filter((r) => r.preliminary).map((r) => r.version));
  const byKey = new Map(flags.map((l) => [`${l.record.component} ${l.record.name}`, l]));
  for (const e of onRecord(index.events, releases)) {
    const loc = byKey.get(`${e.component} ${e.flag}`);
    if (!loc) continue;
    const field = e.event === 'removed' ? 'removedIn' : 'deprecatedIn';
    const value = loc.record[field] ?? null;
    if (value === e.release || (value === null && preliminary.has(e.release))) continue;
    differ(
      loc,
      `flag ${e.component} ${e.flag}`,
      field,
      `is ${value ?? 'not set'}, but the ${e.release} release notes${e.pr ? ` (#${e.pr})` : ''} say the flag is ${e.event} then (seed/generated/flag-events.json)`,
    );
  }
}

/**
 * The values of list flags the notes remove or deprecate (flag-events.json `values`), held to the curated records:
 * a value the record lists with another release is a disagreement (`differ`, with the record's sourceOverrides for
 * `values`); a value it lists without that release gets it, and a value it does not list is added with it (`fill`),
 * its pull request joining the record's sources. A flag the events name needs a record: the notes source names it.
 */
export function fillFlagValuesFromEvents(
  index: FlagEventsFile,
  flags: readonly Located<FlagRecord>[],
  releases: readonly Pick<ReleaseRecord, 'version'>[],
  check: {
    differ: (loc: Located<FlagRecord>, name: string, field: string, message: string) => boolean;
    fill: (loc: Located<FlagRecord>, name: string, field: string, value: unknown) => void;
    missing: (message: string) => void;
  },
): void {
  const byKey = new Map(flags.map((l) => [`${l.record.component} ${l.record.name}`, l]));
  for (const e of onRecord(index.values, releases)) {
    const loc = byKey.get(`${e.component} ${e.flag}`);
    const name = `flag ${e.component} ${e.flag}`;
    if (!loc) {
      check.missing(
        `values: ${e.component} ${e.flag} takes ${e.value} (the ${e.release} release notes${e.pr ? `, #${e.pr}` : ''}), but no record of the flag exists: write one (its values are filled from the notes)`,
      );
      continue;
    }
    const r = loc.record;
    const field = e.event === 'removed' ? 'removedIn' : 'deprecatedIn';
    const values = (r.values ??= []);
    let value = values.find((x) => x.value === e.value);
    if (value?.[field] != null && value[field] !== e.release) {
      check.differ(
        loc,
        name,
        'values',
        `gives ${e.value} ${field} ${value[field]}, but the ${e.release} release notes${e.pr ? ` (#${e.pr})` : ''} say the value is ${e.event} then (seed/generated/flag-events.json)`,
      );
      continue;
    }
    if (value?.[field] === e.release) continue;
    if (!value) {
      value = { value: e.value };
      values.push(value);
    }
    value[field] = e.release;
    if (e.pr && !r.sources.includes(prUrl(e.pr))) r.sources.push(prUrl(e.pr));
    check.fill(loc, name, `values ${e.value} ${field}`, e.release);
  }
}

/** One dated change of a flag's values or default a curated record states, as the check names it. */
interface ValueFact {
  field: string;
  release: string;
  what: string;
}

/** The value and default changes a record dates: its values' deprecations and removals, acceptsOnly, later defaults. */
function valueFacts(r: FlagRecord): ValueFact[] {
  const out: ValueFact[] = [];
  for (const x of r.values ?? []) {
    if (x.deprecatedIn) out.push({ field: 'values', release: x.deprecatedIn, what: `${x.value} deprecated` });
    if (x.removedIn) out.push({ field: 'values', release: x.removedIn, what: `${x.value} removed` });
  }
  if (r.acceptsOnly)
    out.push({ field: 'acceptsOnly', release: r.acceptsOnly.since, what: `only ${r.acceptsOnly.values.join(', ')}` });
  const defaults = [...(r.defaults ?? [])].sort((a, b) => parseVersion(a.since) - parseVersion(b.since));
  for (const d of defaults.slice(1)) out.push({ field: 'defaults', release: d.since, what: `default ${d.value}` });
  return out;
}

/**
 * The curated records' value and default changes against the notes (flag-events.json `valueNotes`): each one
 * dated in a release whose notes were read must fall in a release whose notes name the flag for its component and
 * speak of values or defaults, and the record must cite that note's pull request; otherwise it is a disagreement
 * (`differ`, with the record's sourceOverrides for the field, which then names the source that dates it). A value
 * the notes' value events gave (filled in above) is already theirs. Answers how many were held to the notes and how
 * many fall before the first release read.
 */
export function checkFlagValuesAgainstNotes(
  index: FlagEventsFile,
  flags: readonly Located<FlagRecord>[],
  releases: readonly Pick<ReleaseRecord, 'version'>[],
  differ: (loc: Located<FlagRecord>, name: string, field: string, message: string) => boolean,
): { checked: number; notCovered: number } {
  const read = index.releases.map((r) => parseVersion(r.release));
  const first = Math.min(...read);
  const newest = Math.max(...releases.map((r) => parseVersion(r.version)));
  const notes = new Map<string, FlagEventsFile['valueNotes']>();
  for (const n of index.valueNotes) {
    const key = `${n.component} ${n.flag} ${n.release}`;
    notes.set(key, [...(notes.get(key) ?? []), n]);
  }
  const fromEvents = new Set(index.values.map((e) => `${e.component} ${e.flag} ${e.value} ${e.event} ${e.release}`));
  let checked = 0;
  let notCovered = 0;
  for (const loc of flags) {
    const r = loc.record;
    for (const fact of valueFacts(r)) {
      const at = parseVersion(fact.release);
      if (at > newest) continue;
      if (at < first) {
        notCovered++;
        continue;
      }
      const [value, event] = fact.what.split(' ');
      if (fact.field === 'values' && fromEvents.has(`${r.component} ${r.name} ${value} ${event} ${fact.release}`)) {
        checked++;
        continue;
      }
      const said = notes.get(`${r.component} ${r.name} ${fact.release}`) ?? [];
      const cited = said.filter((n) => n.pr !== null && r.sources.includes(prUrl(n.pr)));
      checked++;
      if (cited.length > 0) continue;
      differ(
        loc,
        `flag ${r.component} ${r.name}`,
        fact.field,
        said.length === 0
          ? `dates ${fact.what} in ${fact.release}, but no ${fact.release} release note about ${r.component} names ${r.name} with its values or default (seed/generated/flag-events.json valueNotes)`
          : `dates ${fact.what} in ${fact.release}; the ${fact.release} notes that name ${r.name} are ${said.map((n) => (n.pr ? `#${n.pr}` : 'a note without a pull request')).join(', ')}: cite the one that says so in sources`,
      );
    }
  }
  return { checked, notCovered };
}
