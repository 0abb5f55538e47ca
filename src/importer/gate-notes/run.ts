// `netkb import gate-notes DIR`: reads the release notes that seed/generated/gate-removals-source.yaml names,
// from a folder holding them, and writes seed/generated/gate-removals.json: every sentence of a note that says
// a feature gate was removed in that release (src/seed/rebuild/note-text.ts reads the sentences), as the gate,
// the release and the pull request the note cites. Facts only: no sentence of the notes is kept.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { GATE_REMOVALS_FILE, type GateRemovalsFile, type GateRemovalsSource } from '../../seed/gate-removals-index';
import { readReleaseNotes } from '../release-notes';
import { gateNamesIn, gateStatement, gatesListedAsRemoved, sentencesOf } from '../../seed/rebuild/note-text';
import { parseVersion } from '../../kb/version';
import { jsonLinesObject } from '../json-lines';

export { readReleaseNotesSource as readGateRemovalsSource, SourceConfigError } from '../release-notes';

/** The removals the notes of every release the source names state, in release order, then by gate. */
export function buildGateRemovals(dir: string, source: GateRemovalsSource): GateRemovalsFile {
  const out: GateRemovalsFile = { generatedBy: 'netkb import gate-notes', releases: [], removals: [] };
  for (const { release, source: notesAt, notes } of readReleaseNotes(dir, source)) {
    out.releases.push({ release, source: notesAt });
    const seen = new Set<string>();
    for (const note of notes) {
      const names = gateNamesIn(note.text);
      for (const sentence of sentencesOf(note.text))
        for (const gate of names) {
          if (seen.has(gate) || !gateStatement(sentence, gate)?.removed) continue;
          seen.add(gate);
          out.removals.push({ gate, release, pr: note.pr });
        }
      // "The following feature gates are removed ...: A, B, C" names them apart from the words "feature gate".
      for (const gate of gatesListedAsRemoved(note.text)) {
        if (seen.has(gate)) continue;
        seen.add(gate);
        out.removals.push({ gate, release, pr: note.pr });
      }
    }
  }
  out.removals.sort(
    (a, b) => parseVersion(a.release) - parseVersion(b.release) || (a.gate < b.gate ? -1 : a.gate > b.gate ? 1 : 0),
  );
  return out;
}

/** The index as the committed file holds it: one removal a line. */
export function formatGateRemovals(index: GateRemovalsFile): string {
  return jsonLinesObject([
    ['generatedBy', index.generatedBy],
    ['releases', index.releases, 'list'],
    ['removals', index.removals, 'list'],
  ]);
}

export function writeGateRemovals(index: GateRemovalsFile, outDir: string): string {
  mkdirSync(outDir, { recursive: true });
  const file = join(outDir, GATE_REMOVALS_FILE);
  writeFileSync(file, formatGateRemovals(index));
  return file;
}
