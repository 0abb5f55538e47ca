// netkb import tool-gate-notes DIR: regenerates seed/generated/tool-gate-events.json from the release notes of 1.14
// to the newest release.
import { join } from 'node:path';
import type { CliIo } from './io';
import { runImportVerb } from './import-verb';

const IMPORT_TOOL_GATE_NOTES_HELP = `Usage: netkb import tool-gate-notes DIR [--out DIR] [--config FILE]

Regenerates the own feature gates of the tools whose files netkb reads (kubeadm's ClusterConfiguration
featureGates) as the release notes add and remove them (tool-gate-events.json): for each release the source
names, every sentence of a note about one of the source's otherToolAreas (by its area label, or a note starting
with the tool's name) that says one of its feature gates was added, deprecated, graduated to GA (locked or not)
or removed, kept as tool, gate, release and pull request. A tool's gate set in a file is checked against them; a gate no note names is reported as not
checked. The notes read are those of gate-removals-source.yaml.

  DIR              a folder holding the files at the places the source names, such as ../shared/upstream
  --out DIR        the folder to write into (default: the seed's generated/ folder, NETKB_SEED_DIR or ./seed)
  --config FILE    what to read (default: gate-removals-source.yaml in the seed's generated/ folder)
  -h, --help       this text

Example: netkb import tool-gate-notes ../shared/upstream
Exit codes: 0 written, 2 bad input or usage. Review the diff of seed/generated/ and run npm run seed:check.
`;

export function runImportToolGateNotes(argv: string[], io: CliIo): Promise<number> {
  return runImportVerb(
    {
      name: 'import tool-gate-notes',
      help: IMPORT_TOOL_GATE_NOTES_HELP,
      positionals: ['DIR'],
      async run({ positionals: [dir], out, config, generated }) {
        const { buildToolGateEvents, writeToolGateEvents } = await import('../importer/tool-gate-notes/run');
        const { readReleaseNotesSource } = await import('../importer/release-notes');
        const { GATE_REMOVALS_SOURCE_FILE } = await import('../seed/gate-removals-index');
        const source = readReleaseNotesSource(config ?? join(generated, GATE_REMOVALS_SOURCE_FILE));
        const index = buildToolGateEvents(dir, source);
        const file = writeToolGateEvents(index, out);
        return `read the notes of ${index.releases.length} releases of ${dir}: ${index.events.length} tool gate events\nwrote ${file}\n`;
      },
    },
    argv,
    io,
  );
}
