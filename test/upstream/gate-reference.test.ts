// The committed gate reference (seed/generated/feature-gates-reference.json) against the stored upstream files
// it is read from (../shared/upstream): importing them again gives the same bytes, and each file is cited at
// the commit SOURCES.md gives for it. Run by `npm run test:upstream`, not by `npm test`.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { projectRoot, seedDir } from '../../src/config';
import {
  buildGateReference,
  formatGateReference,
  readGateReferenceSource,
} from '../../src/importer/gate-reference/run';
import { GATE_REFERENCE_FILE, GATE_REFERENCE_SOURCE_FILE } from '../../src/seed/gate-reference-index';

const upstream = process.env.NETKB_UPSTREAM_DIR ?? join(projectRoot(), '..', 'shared', 'upstream');
const generated = join(seedDir(), 'generated');

if (!existsSync(upstream)) {
  test('the upstream reference data is present beside the project', () => {
    expect(`${upstream} is missing`).toBe('present');
  });
} else {
  describe('the gate reference', () => {
    const source = readGateReferenceSource(join(generated, GATE_REFERENCE_SOURCE_FILE));

    it('is what netkb import gate-reference reads from the stored files', () => {
      expect(readFileSync(join(generated, GATE_REFERENCE_FILE), 'utf8')).toBe(
        formatGateReference(buildGateReference(upstream, source)),
      );
    });

    it('cites each file at the commit SOURCES.md gives for it', () => {
      const rows = readFileSync(join(upstream, 'SOURCES.md'), 'utf8').split('\n');
      const rowOf = (file: string) => rows.find((r) => r.startsWith(`| ${file} |`)) ?? '';
      expect(rowOf(source.featureList!.file)).toContain(`| ${source.featureList!.commit} |`);
      for (const [page, commit] of Object.entries(source.gatePages!.commits))
        expect([page, rowOf(`${source.gatePages!.dir}/${page}`).includes(`| ${commit} |`)]).toEqual([page, true]);
    });
  });
}
