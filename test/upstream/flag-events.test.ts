// The committed flag events (seed/generated/flag-events.json) against the stored release notes they are read
// from (../shared/upstream): importing them again gives the same bytes. Run by `npm run test:upstream`.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { seedDir } from '../../src/config';
import { buildFlagEvents, writeFlagEvents } from '../../src/importer/flag-notes/run';
import { readReleaseNotesSource } from '../../src/importer/release-notes';
import { FLAG_EVENTS_FILE } from '../../src/seed/flag-events-index';
import { GATE_REMOVALS_SOURCE_FILE } from '../../src/seed/gate-removals-index';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { withUpstream } from '../support/upstream-notes';

const generated = join(seedDir(), 'generated');

withUpstream((upstream) => {
  it('the flag events are what netkb import flag-notes reads from the stored notes', () => {
    const source = readReleaseNotesSource(join(generated, GATE_REMOVALS_SOURCE_FILE));
    const components = (parse(readFileSync(join(seedDir(), 'components.yaml'), 'utf8')) as { name: string }[]).map(
      (c) => c.name,
    );
    const out = mkdtempSync(join(tmpdir(), 'netkb-flag-events-'));
    try {
      const file = writeFlagEvents(buildFlagEvents(upstream, source, components), out);
      expect(readFileSync(file, 'utf8')).toBe(readFileSync(join(generated, FLAG_EVENTS_FILE), 'utf8'));
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  });
});
