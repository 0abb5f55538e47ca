// The release notes stored beside the project (../shared/upstream), as the importers read them (the files that
// seed/generated/gate-removals-source.yaml names), for the test:upstream checks that compare records with them.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { projectRoot, seedDir } from '../../src/config';
import { readReleaseNotes, readReleaseNotesSource } from '../../src/importer/release-notes';
import { GATE_REMOVALS_SOURCE_FILE } from '../../src/seed/gate-removals-index';

export const upstreamDir = process.env.NETKB_UPSTREAM_DIR ?? join(projectRoot(), '..', 'shared', 'upstream');

let read: { release: string; notes: { text: string }[] }[] | null = null;
/** The note texts of release 1.`minor`, read once for the whole test file. */
export function noteTextsOf(minor: number): string[] {
  read ??= readReleaseNotes(
    upstreamDir,
    readReleaseNotesSource(join(seedDir(), 'generated', GATE_REMOVALS_SOURCE_FILE)),
  );
  return read.find((r) => r.release === `1.${minor}`)?.notes.map((n) => n.text) ?? [];
}

/**
 * The tests of `body` when the upstream reference data is beside the project; else one failing test that says
 * it is missing (test:upstream never passes by finding nothing to check).
 */
export function withUpstream(body: (dir: string) => void): void {
  if (existsSync(upstreamDir)) {
    body(upstreamDir);
    return;
  }
  test('the upstream reference data is present beside the project', () => {
    expect(`${upstreamDir} is missing`).toBe('present');
  });
}
