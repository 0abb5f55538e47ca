// netkb import gate-notes DIR: regenerates seed/generated/gate-removals.json from the release notes of
// 1.14 to the newest release.
import { join } from 'node:path';
import type { CliIo } from './io';
import { runImportVerb } from './import-verb';

const IMPORT_GATE_NOTES_HELP = `Usage: netkb import gate-notes DIR [--out DIR] [--config FILE]

Regenerates the gate removals the release notes state (gate-removals.json): for each release the source
names, every sentence of its notes that says a feature gate was removed in that release, kept as the gate,
the release and the pull request, with the address of the notes at the commit read. Generated gate records
take a removal from it only for a gate the newest feature list no longer names and whose removal the
feature files read cannot date. What is read, from where and at which commit, is set in
gate-removals-source.yaml.

  DIR              a folder holding the files at the places the source names, such as ../shared/upstream
  --out DIR        the folder to write into (default: the seed's generated/ folder, NETKB_SEED_DIR or ./seed)
  --config FILE    what to read (default: gate-removals-source.yaml in the seed's generated/ folder)
  -h, --help       this text

Example: netkb import gate-notes ../shared/upstream
Exit codes: 0 written, 2 bad input or usage. Review the diff of seed/generated/ and run npm run seed:check.
`;

export function runImportGateNotes(argv: string[], io: CliIo): Promise<number> {
  return runImportVerb(
    {
      name: 'import gate-notes',
      help: IMPORT_GATE_NOTES_HELP,
      positionals: ['DIR'],
      async run({ positionals: [dir], out, config, generated }) {
        const { buildGateRemovals, readGateRemovalsSource, writeGateRemovals } =
          await import('../importer/gate-notes/run');
        const { GATE_REMOVALS_SOURCE_FILE } = await import('../seed/gate-removals-index');
        const source = readGateRemovalsSource(config ?? join(generated, GATE_REMOVALS_SOURCE_FILE));
        const index = buildGateRemovals(dir, source);
        const file = writeGateRemovals(index, out);
        return `read the notes of ${index.releases.length} releases of ${dir}: ${index.removals.length} gate removals\nwrote ${file}\n`;
      },
    },
    argv,
    io,
  );
}
