// `netkb import gate-notes DIR`: reads the release notes that seed/generated/gate-removals-source.yaml names,
// from a folder holding them, and writes seed/generated/gate-removals.json: every sentence of a note that says
// a feature gate was removed in that release (src/seed/rebuild/note-text.ts reads the sentences), as the gate,
// the release and the pull request the note cites. Facts only: no sentence of the notes is kept.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import {
  GATE_REMOVALS_FILE,
  gateRemovalsSourceSchema,
  type GateRemovalsFile,
  type GateRemovalsSource,
} from '../../seed/gate-removals-index';
import { gateNamesIn, gateStatement, sentencesOf } from '../../seed/rebuild/note-text';
import { parseVersion } from '../../kb/version';
import { jsonLinesObject } from '../json-lines';

export class SourceConfigError extends Error {
  override readonly name = 'SourceConfigError';
}

export function readGateRemovalsSource(file: string): GateRemovalsSource {
  let data: unknown;
  try {
    data = parse(readFileSync(file, 'utf8'));
  } catch (err) {
    throw new SourceConfigError(`${file}: cannot be read: ${(err as Error).message.split('\n')[0]}`);
  }
  const r = gateRemovalsSourceSchema.safeParse(data);
  if (!r.success)
    throw new SourceConfigError(
      `${file}: ${r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`,
    );
  return r.data;
}

/** A release's notes: each entry's text and pull request (the JSON draft's entries, or the markdown's bullets). */
function notesOf(text: string, file: string): { text: string; pr: number | null }[] {
  if (file.endsWith('.json')) {
    const data = JSON.parse(text) as Record<string, { text?: unknown; pr_number?: unknown }>;
    return Object.values(data)
      .filter((n) => typeof n.text === 'string')
      .map((n) => ({ text: n.text as string, pr: typeof n.pr_number === 'number' ? n.pr_number : null }));
  }
  return text
    .split('\n')
    .filter((l) => /^\s*- /.test(l))
    .map((l) => {
      const pr = /\[#(\d+)\]\(https:\/\/github\.com\/kubernetes\/kubernetes\/pull\/\d+\)/.exec(l);
      return { text: l, pr: pr ? Number(pr[1]) : null };
    });
}

/** The removals the notes of every release the source names state, in release order, then by gate. */
export function buildGateRemovals(dir: string, source: GateRemovalsSource): GateRemovalsFile {
  const out: GateRemovalsFile = { generatedBy: 'netkb import gate-notes', releases: [], removals: [] };
  const releases = Object.keys(source.releases).sort((a, b) => parseVersion(a) - parseVersion(b));
  for (const release of releases) {
    const r = source.releases[release];
    const path = join(dir, r.file);
    if (!existsSync(path)) throw new SourceConfigError(`${path}: missing (releases.${release}.file of the source)`);
    out.releases.push({ release, source: `${source.repository}/blob/${r.commit}/${r.path}` });
    const seen = new Set<string>();
    for (const note of notesOf(readFileSync(path, 'utf8'), r.file)) {
      const names = gateNamesIn(note.text);
      for (const sentence of sentencesOf(note.text))
        for (const gate of names) {
          if (seen.has(gate) || !gateStatement(sentence, gate)?.removed) continue;
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
