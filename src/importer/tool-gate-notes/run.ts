// `netkb import tool-gate-notes DIR`: reads the release notes that seed/generated/gate-removals-source.yaml names
// and writes seed/generated/tool-gate-events.json: every sentence of a note about one of the tools of the source's
// otherToolAreas (kubeadm, by its area label or by the note starting with the tool's name) that says one of its own
// feature gates was added, deprecated, graduated to GA (and whether the note says locked) or removed in that release,
// as tool, gate, release, event and pull request. Facts only:
// no sentence of the notes is kept.
import type { GateRemovalsSource } from '../../seed/gate-removals-index';
import { TOOL_GATE_EVENTS_FILE, type ToolGateEvent, type ToolGateEventsFile } from '../../seed/tool-gate-events-index';
import { sentencesOf } from '../../seed/rebuild/note-text';
import { readReleaseNotes, sortByRelease, writeNotesIndex } from '../release-notes';

/** A sentence about a feature gate, and the gate names it writes next to "feature gate" (IPv6DualStack, EtcdLearnerMode). */
const ABOUT_GATE = /\bfeature[ -]?gates?\b/i;
const isGateWord = (w: string) => /[a-z][A-Za-z0-9]*[A-Z]/.test(w);
const besideFeatureGate = (sentence: string, gate: string) =>
  new RegExp(
    `\\bfeature[ -]?gates?\\s+\`?${gate}\\b|\\b${gate}\`?\\s+(?:[\\w-]+\\s+){0,3}?feature[ -]?gates?\\b`,
    'i',
  ).test(sentence);
const gateWords = (sentence: string) =>
  [...new Set([...sentence.matchAll(/(?<![\w-])([A-Z][A-Za-z0-9]+)(?![\w-])/g)].map((m) => m[1]))].filter(
    (w) => isGateWord(w) && besideFeatureGate(sentence, w),
  );
/** "add(ed) the ... feature gate X", "introduced a new feature gate X", "Add the `X` kubeadm specific feature gate". */
const ADDS = /\b(?:add|adds|added|introduce|introduces|introduced)\b/i;
/** "remove(d) the (deprecated) `X` feature gate", "removed the feature gate X"; not something done "when" the gate is on. */
const removes = (sentence: string, gate: string) =>
  new RegExp(
    `\\b(?:remove|removes|removed|removing|drop|drops|dropped|delete|deleted)\\b(?:(?!\\b(?:when|if|while|unless)\\b)[^.])*?(?:\\bfeature[ -]?gate\\s+\`?${gate}\\b|\\b${gate}\`?\\s+(?:[\\w-]+\\s+){0,3}?feature[ -]?gate)`,
    'i',
  ).test(sentence);

/** A pattern that finds the gate named beside "feature gate", either way round, after `before` and before `after`. */
const aboutGate = (gate: string, before: string, after = '') =>
  new RegExp(
    `${before}(?:\\bfeature[ -]?gates?\\s+\`?${gate}\\b|\\b${gate}\`?\\s+(?:[\\w-]+\\s+){0,3}?feature[ -]?gates?)${after}`,
    'i',
  );
/**
 * "deprecated the kubeadm `X` feature gate", "deprecate the feature gate X", "the X feature gate is deprecated"; not the
 * adjective of a removal ("removed the deprecated X feature gate", which `removes` takes first), nor a gate named
 * after another gate's phrase ("deprecated the X feature gate, given that the Y feature gate ...").
 */
const deprecates = (sentence: string, gate: string) =>
  aboutGate(
    gate,
    '\\bdeprecate[sd]?\\b(?:(?!\\bfeature[ -]?gates?\\b|\\b(?:when|if|while|unless|given)\\b)[^.])*?',
  ).test(sentence) || aboutGate(gate, '', '`?\\s+(?:is|has been|was)\\s+(?:now\\s+)?deprecated\\b').test(sentence);
/**
 * "graduated the X feature gate to GA", "promoted feature gate `X` to GA", "X feature gate graduates to GA"; a gate
 * "which graduated to GA" in a removal note is the removal's (`removes` is tried first).
 */
const graduatesToGa = (sentence: string, gate: string) =>
  aboutGate(gate, '\\b(?:graduat|promot)\\w*\\b[^.]*?', '[^.]*?\\bto\\s+`?(?:GA|stable)\\b').test(sentence) ||
  aboutGate(gate, '', '`?\\s+(?:graduat|promot)\\w*\\s+to\\s+`?(?:GA|stable)\\b').test(sentence);
/** A GA note that says the gate is locked (to enabled, to `true`), in the sentence or the ones after it. */
const LOCKED = /\block(?:s|ed)?\b[^.]*?\b(?:enabled|true|on)\b/i;

export function buildToolGateEvents(dir: string, source: GateRemovalsSource): ToolGateEventsFile {
  const out: ToolGateEventsFile = { generatedBy: 'netkb import tool-gate-notes', releases: [], events: [] };
  const seen = new Set<string>();
  // A tool's note starts with its name ("Kubeadm: ..."); notes that only carry the tool's area label are often about
  // Kubernetes' own gates.
  const toolOf = (text: string) =>
    source.otherToolAreas.find((t) => new RegExp(`^\\W*${t.replace(/-/g, '\\-')}\\b`, 'i').test(text));
  for (const { release, source: notesAt, notes } of readReleaseNotes(dir, source)) {
    out.releases.push({ release, source: notesAt });
    for (const note of notes) {
      const tool = toolOf(note.text);
      if (!tool) continue;
      const sentences = sentencesOf(note.text);
      sentences.forEach((sentence, i) => {
        if (!ABOUT_GATE.test(sentence)) return;
        for (const gate of gateWords(sentence)) {
          const event: ToolGateEvent['event'] | null = removes(sentence, gate)
            ? 'removed'
            : graduatesToGa(sentence, gate)
              ? 'ga'
              : deprecates(sentence, gate)
                ? 'deprecated'
                : ADDS.test(sentence)
                  ? 'added'
                  : null;
          if (!event) continue;
          const key = `${tool} ${gate} ${event}`;
          if (seen.has(key)) continue;
          seen.add(key);
          const locked = event === 'ga' && sentences.slice(i).some((x) => LOCKED.test(x));
          out.events.push({ tool, gate, release, event, ...(locked ? { locked: true as const } : {}), pr: note.pr });
        }
      });
    }
  }
  sortByRelease(out.events, (e) => [e.tool, e.gate, e.event]);
  return out;
}

export function writeToolGateEvents(index: ToolGateEventsFile, outDir: string): string {
  return writeNotesIndex(outDir, TOOL_GATE_EVENTS_FILE, index);
}
