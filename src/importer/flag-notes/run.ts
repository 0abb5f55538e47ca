// `netkb import flag-notes DIR`: reads the release notes that seed/generated/gate-removals-source.yaml names and
// writes seed/generated/flag-events.json: every sentence of a note naming exactly one component of
// components.yaml (in its text, else by its area labels: componentAreas of the source; the markdown's are the
// names it groups notes under) that says one of its `--flags` was removed, or deprecated, in that release
// (src/seed/rebuild/note-text.ts flagStatement reads the sentences), as component, flag, release, event and
// pull request. Facts only: no sentence of the notes is kept. A note that names several components is not read;
// one that names none (and no other tool, and has no area label) is read only for flags an earlier note gave to one
// component. Any other flag stays unknown, and the analysis says it did not check it.
import type { GateRemovalsSource } from '../../seed/gate-removals-index';
import {
  FLAG_EVENTS_FILE,
  type FlagEvent,
  type FlagEventsFile,
  type FlagValueEvent,
} from '../../seed/flag-events-index';
import {
  flagsIn,
  flagStatement,
  sentencesOf,
  successorIn,
  valueStatements,
  withoutExceptions,
} from '../../seed/rebuild/note-text';
import { configValueEventsOf } from './config-values';
import { readReleaseNotes, sortByRelease, writeNotesIndex, type Note } from '../release-notes';

/** The events the notes of every release state, the first of each kind per component and flag, in release order. */
export function buildFlagEvents(dir: string, source: GateRemovalsSource, components: string[]): FlagEventsFile {
  const out: FlagEventsFile = {
    generatedBy: 'netkb import flag-notes',
    releases: [],
    events: [],
    values: [],
    valueNotes: [],
    configValues: [],
  };
  const seen = new Set<string>();
  const named = (text: string) =>
    components.filter((c) => new RegExp(`(^|[^\\w-])${c.replace(/-/g, '\\-')}([^\\w-]|$)`, 'i').test(text));
  // A note whose text names no component is attributed by its area labels, unless one is another tool's.
  const byAreas = (areas: string[]) =>
    areas.some((a) => source.otherToolAreas.includes(a))
      ? []
      : [...new Set(areas.map((a) => source.componentAreas[a]).filter((c): c is string => !!c))];
  // The components earlier notes gave each flag: a note that names no component (nor another tool) and carries no
  // area label speaks of a flag for the one component it is known of ("Support for basic authentication via the
  // --basic-auth-file flag has been removed", 1.19), never for a flag several components have.
  const knownOf = new Map<string, Set<string>>();
  const otherTool = new RegExp(`\\b(?:${source.otherToolAreas.join('|') || '(?!)'})\\b`, 'i');
  for (const { release, source: notesAt, notes } of readReleaseNotes(dir, source)) {
    out.releases.push({ release, source: notesAt });
    out.values.push(...valueEventsOf(release, notes, source, seen));
    out.configValues.push(...configValueEventsOf(release, notes, source));
    for (const note of notes) {
      const inText = named(note.text);
      const owners = inText.length > 0 ? inText : byAreas(note.areas);
      const unowned = owners.length === 0 && note.areas.length === 0 && !otherTool.test(note.text);
      if (owners.length !== 1 && !unowned) continue;
      const ownerOf = (flag: string): string | null => {
        if (owners.length === 1) return owners[0];
        const known = knownOf.get(flag);
        return known?.size === 1 ? [...known][0] : null;
      };
      // A note of one component that names its flags and speaks of values or defaults: what a curated value or
      // default change of that release must cite.
      if (owners.length === 1 && VALUE_WORDS.test(note.text)) {
        for (const flag of flagsIn(note.text)) {
          const key = `${owners[0]} ${flag} ${release} #${note.pr}`;
          if (seen.has(key)) continue;
          seen.add(key);
          out.valueNotes.push({ component: owners[0], flag, release, pr: note.pr });
        }
      }
      for (const raw of sentencesOf(note.text)) {
        const sentence = withoutExceptions(raw);
        for (const flag of flagsIn(sentence)) {
          const owner = ownerOf(flag);
          if (!owner) continue;
          const said = flagStatement(sentence, flag, source.otherToolAreas);
          if (!said) continue;
          const event: FlagEvent['event'] = said.removed ? 'removed' : 'deprecated';
          const key = `${owner} ${flag} ${event}`;
          if (seen.has(key)) continue;
          seen.add(key);
          // The sentence's own successor, else the note's when the note names only this flag and one other
          // ("--x is now removed. Use --y, available since 1.19.").
          const successor =
            successorIn(sentence, flag) ?? (flagsIn(note.text).length === 2 ? successorIn(note.text, flag) : null);
          out.events.push({
            component: owner,
            flag,
            release,
            event,
            pr: note.pr,
            ...(successor ? { successor } : {}),
          });
          knownOf.set(flag, (knownOf.get(flag) ?? new Set()).add(owner));
        }
      }
    }
  }
  sortByRelease(out.events, (e) => [e.component, e.flag, e.event]);
  sortByRelease(out.values, (e) => [e.component, e.flag, e.value, e.event]);
  sortByRelease(out.configValues, (e) => [e.component, e.value, e.event, String(e.pr ?? 0).padStart(9, '0')]);
  sortByRelease(out.valueNotes, (e) => [e.component, e.flag, String(e.pr ?? 0).padStart(9, '0')]);
  return out;
}

// The words of a note about a flag's values or default, or about the flag's life: "defaults to", "the value",
// "only accepts", "invalid", "deprecated", "removed", "enabled"/"disabled".
const VALUE_WORDS =
  /\bdefault|\bvalues?\b|\baccept|\bsupport|\binvalid\b|\bdeprecat|\bremov|\benabled?\b|\bdisabled?\b|\bno longer\b/i;

/**
 * The values of list flags a release's notes remove or deprecate, named by the words of the source's valueNames
 * ("Removed admission plugin `X`"), for each flag that takes them; a deprecation the sentence dates ("deprecated
 * since 1.21") is kept at that release. The first of each kind per flag and value, as for the flags.
 */
function valueEventsOf(
  release: string,
  notes: Note[],
  source: GateRemovalsSource,
  seen: Set<string>,
): FlagValueEvent[] {
  const out: FlagValueEvent[] = [];
  for (const names of source.valueNames)
    for (const note of notes)
      for (const sentence of sentencesOf(note.text))
        for (const said of valueStatements(withoutExceptions(sentence), names.nouns))
          for (const flag of names.flags) {
            const key = `${names.component} ${flag} =${said.value} ${said.event}`;
            if (seen.has(key)) continue;
            seen.add(key);
            const at = said.release ?? release;
            out.push({
              component: names.component,
              flag,
              value: said.value,
              release: at,
              event: said.event,
              pr: note.pr,
            });
          }
  return out;
}

export function writeFlagEvents(index: FlagEventsFile, outDir: string): string {
  return writeNotesIndex(outDir, FLAG_EVENTS_FILE, index);
}
