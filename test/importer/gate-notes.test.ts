// netkb import gate-notes on small notes in the shapes of the release team's drafts (test/fixtures/gate-notes):
// only sentences that say a gate was removed in that release count, not announcements of a later removal nor
// fields dropped while a gate is off; and the loader reads what it writes.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { projectRoot } from '../../src/config';
import { buildGateRemovals, readGateRemovalsSource, writeGateRemovals } from '../../src/importer/gate-notes/run';
import { readGateRemovals } from '../../src/seed/gate-removals-index';
import type { SeedProblem } from '../../src/seed/load';
import { netkb } from '../support/cli';

const FIXTURES = join(projectRoot(), 'test', 'fixtures', 'gate-notes');
const source = readGateRemovalsSource(join(FIXTURES, 'source.yaml'));

describe('netkb import gate-notes', () => {
  const index = buildGateRemovals(FIXTURES, source);

  it('keeps each stated removal as gate, release and pull request, nothing else', () => {
    expect(index.removals).toEqual([
      { gate: 'WidgetCache', release: '1.30', pr: 1001 },
      // Listed after a colon, bare or backticked; a list of gates deprecated and to be removed later is not.
      { gate: 'WidgetDefaulting', release: '1.30', pr: 1004 },
      { gate: 'WidgetMesh', release: '1.30', pr: 1005 },
      { gate: 'WidgetRouting', release: '1.30', pr: 1005 },
      { gate: 'WidgetValidation', release: '1.30', pr: 1004 },
      { gate: 'BriefWidgets', release: '1.31', pr: 2001 },
    ]);
    expect(index.releases).toEqual([
      {
        release: '1.30',
        source:
          'https://github.com/example/release-notes/blob/1111111111111111111111111111111111111111/releases/1.30/notes.md',
      },
      {
        release: '1.31',
        source:
          'https://github.com/example/release-notes/blob/2222222222222222222222222222222222222222/releases/1.31/notes.json',
      },
    ]);
  });

  it('writes a file the loader reads back, keyed by gate', () => {
    const dir = mkdtempSync(join(tmpdir(), 'netkb-gate-notes-'));
    try {
      writeGateRemovals(index, join(dir, 'generated'));
      const problems: SeedProblem[] = [];
      const read = readGateRemovals(dir, problems);
      expect(problems).toEqual([]);
      expect(read!.get('BriefWidgets')).toEqual([{ release: '1.31', pr: 2001, source: index.releases[1].source }]);
      expect(readFileSync(join(dir, 'generated', 'gate-removals.json'), 'utf8')).toMatch(
        /^\{\n {2}"generatedBy": "netkb import gate-notes",\n/,
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('refuses a source whose file is missing, with exit code 2', () => {
    const r = netkb([
      'import',
      'gate-notes',
      join(FIXTURES, 'notes'),
      '--config',
      join(FIXTURES, 'source.yaml'),
      '--out',
      tmpdir(),
    ]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/notes-1\.30\.md: missing \(releases\.1\.30\.file of the source\)/);
  });
});
