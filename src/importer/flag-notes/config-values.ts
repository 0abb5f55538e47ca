// The values of configuration-file fields that a release's notes remove or deprecate, for `netkb import flag-notes`:
// scheduler plugins a KubeSchedulerConfiguration enables by name, kubeadm's DNS add-on type, the kubelet's swap
// behaviour. A note that names a --flag is left to the flag events (its values are the flag's). The source names each
// component's words (gate-removals-source.yaml `configValueNames`): a noun the notes put beside the value ("the
// `SelectorSpread` plugin", "plugins (`A`, `B`)", "`A`, `B` and `C` plugins", a bullet list under "... plugins"),
// or the values themselves. Only notes that name the component (or carry its area label), and the pull requests the
// source lists for it (a note that speaks of its plugins without naming it), are read. Every event
// the notes state is kept, not the first of each kind: a plugin can go from one file version first and from the
// component later (SelectorSpread: from v1 in 1.25, for good in 1.29). The loader holds the curated records'
// values to these events both ways (src/seed/cross-check/config-values.ts).
import type { ConfigValueEvent } from '../../seed/flag-events-index';
import type { GateRemovalsSource } from '../../seed/gate-removals-index';
import { flagsIn, saidNow, saysRemoved, sentencesOf, withoutExceptions } from '../../seed/rebuild/note-text';
import type { Note } from '../release-notes';

type Names = GateRemovalsSource['configValueNames'][number];

// "is deprecated", "are marked as deprecated", "plugins deprecated (", "kube-scheduler deprecated all ...".
const DEPRECATED =
  /\b(?:is|are|has been|have been|was|were|now|marked as)\s+(?:now\s+)?deprecated\b|\bdeprecated\s+(?:all\b|\()|\bdeprecate[sd]?\s+(?:the\s+)?`/i;
// "removed those from the default plugins": the value stays usable.
const FROM_DEFAULTS = /\bremoved\s+(?:[\w-]+\s+){0,3}from\s+(?:the\s+)?defaults?\b/i;
// What a sentence names as the way out ("please use the `X` plugin instead", "replace them with X") is not the value.
const WAY_OUT = /,?\s*(?:please\s+)?\buse\b|\bin favou?r of\b|\breplace\w*\s+(?:\w+\s+)?with\b|\binstead\b/i;

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\-]/g, '\\$&');
const NAME = '`([A-Za-z][A-Za-z0-9]*)`';

/** The events one release's notes state for the values of each component's configuration fields. */
export function configValueEventsOf(release: string, notes: Note[], source: GateRemovalsSource): ConfigValueEvent[] {
  const out: ConfigValueEvent[] = [];
  const seen = new Set<string>();
  for (const names of source.configValueNames) {
    const component = new RegExp(`(^|[^\\w-])${escape(names.component)}([^\\w-]|$)`, 'i');
    for (const note of notes) {
      const named = component.test(note.text) || note.areas.includes(names.component);
      if (!named && !(note.pr !== null && names.notes?.includes(note.pr))) continue;
      // A note that names a --flag speaks of that flag's values (`--container-runtime=remote`): flag events' own.
      if (flagsIn(note.text).length > 0) continue;
      for (const said of statementsOf(note.text, names)) {
        const key = `${names.component} ${said.value} ${said.event}`;
        if (seen.has(key)) continue;
        seen.add(key);
        out.push({ component: names.component, value: said.value, release, event: said.event, pr: note.pr });
      }
    }
  }
  return out;
}

interface Statement {
  value: string;
  event: 'removed' | 'deprecated';
}

function statementsOf(text: string, names: Names): Statement[] {
  const out: Statement[] = [];
  const lines = text.split('\n');
  const sentences = sentencesOf(text);
  for (const sentence of sentences) {
    const said = lifeOf(sentence);
    if (!said) continue;
    for (const value of valuesIn(sentence.split(WAY_OUT)[0], names)) out.push({ value, event: said });
  }
  // A line about the noun followed by a bullet list of bare names ("... volumelimit plugins ... \n- AzureDiskLimits").
  if (names.nouns)
    lines.forEach((line, i) => {
      const said = lifeOf(line);
      if (!said || !nounIn(names.nouns!).test(line)) return;
      for (let j = i + 1; j < lines.length; j++) {
        const item = /^\s*[-*]\s+([A-Za-z][A-Za-z0-9]*)\s*$/.exec(lines[j]);
        if (!item) break;
        out.push({ value: item[1], event: said });
      }
    });
  return out;
}

/** What a sentence says happened now to what it names: removed, deprecated, or nothing (an announcement). */
function lifeOf(sentence: string): Statement['event'] | null {
  const s = withoutExceptions(sentence);
  // saysRemoved leaves out announcements ("will be removed"); "is deprecated and will not be supported in a future
  // version" is a deprecation now (saidNow).
  if (saysRemoved(s) && !FROM_DEFAULTS.test(s)) return 'removed';
  const now = saidNow(s);
  return now !== null && DEPRECATED.test(now) ? 'deprecated' : null;
}

const nounIn = (nouns: readonly string[]) =>
  new RegExp(`\\b(?:${nouns.map((n) => escape(n).replace(/\s+/g, '\\s+')).join('|')})s?\\b`, 'i');

/** The values a sentence names: beside one of the nouns, in backticks, or one of the source's own names. */
function valuesIn(sentence: string, names: Names): string[] {
  const found = new Set<string>();
  for (const value of names.values ?? [])
    if (new RegExp(`(^|[^\\w-])${escape(value)}([^\\w-]|$)`).test(sentence)) found.add(value);
  if (names.nouns) {
    const noun = nounIn(names.nouns).source;
    const list = `${NAME}(?:\\s*,?\\s*(?:and\\s+)?${NAME})*`;
    const backticked = (s: string) => [...s.matchAll(new RegExp(NAME, 'g'))].map((m) => m[1]);
    // "`A`, `B`, and `C` plugins", "the `X` plugin"
    for (const m of sentence.matchAll(new RegExp(`(${list})\\s+${noun}`, 'gi')))
      backticked(m[1]).forEach((v) => found.add(v));
    // "plugin `X`", "plugins deprecated (`A`, `B`, `C`)"
    for (const m of sentence.matchAll(new RegExp(`${noun}\\s+(?:[\\w-]+\\s+){0,2}\\(?(${list})`, 'gi')))
      backticked(m[1]).forEach((v) => found.add(v));
  }
  return [...found];
}
