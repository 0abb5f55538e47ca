// The committed gate removals (seed/generated/gate-removals.json) against the stored release notes they are
// read from (../shared/upstream): importing them again gives the same bytes, and each release's notes are cited
// at the commit SOURCES.md gives for them. Run by `npm run test:upstream`, not by `npm test`.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { seedDir } from '../../src/config';
import { buildGateRemovals, formatGateRemovals, readGateRemovalsSource } from '../../src/importer/gate-notes/run';
import { GATE_REMOVALS_FILE, GATE_REMOVALS_SOURCE_FILE } from '../../src/seed/gate-removals-index';
import { withUpstream } from '../support/upstream-notes';

const generated = join(seedDir(), 'generated');

withUpstream((upstream) => {
  describe('the gate removals of the release notes', () => {
    const source = readGateRemovalsSource(join(generated, GATE_REMOVALS_SOURCE_FILE));

    it('are what netkb import gate-notes reads from the stored notes', () => {
      expect(readFileSync(join(generated, GATE_REMOVALS_FILE), 'utf8')).toBe(
        formatGateRemovals(buildGateRemovals(upstream, source)),
      );
    });

    it('cite each release notes file at the commit SOURCES.md gives for it', () => {
      const rows = readFileSync(join(upstream, 'SOURCES.md'), 'utf8').split('\n');
      for (const [release, r] of Object.entries(source.releases)) {
        const row = rows.find((x) => x.startsWith(`| ${r.file} |`)) ?? '';
        expect([release, row.includes(`| ${r.path} |`), row.includes(`| ${r.commit} |`)]).toEqual([
          release,
          true,
          true,
        ]);
      }
    });
  });
});
