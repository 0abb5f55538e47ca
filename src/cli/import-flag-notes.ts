// netkb import flag-notes DIR: regenerates seed/generated/flag-events.json from the release notes of 1.14 to the
// newest release.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import type { CliIo } from './io';
import { runImportVerb } from './import-verb';

const IMPORT_FLAG_NOTES_HELP = `Usage: netkb import flag-notes DIR [--out DIR] [--config FILE]

Regenerates the flag events the release notes state (flag-events.json): for each release the source names,
every sentence of a note that names exactly one component (kube-apiserver, kubelet, ...) and says one of its
flags was removed, or deprecated, in that release, kept as component, flag, release and pull request, with
the address of the notes at the commit read; and every value of a list flag such a sentence removes or
deprecates, named by the source's valueNames ("the \`PodSecurityPolicy\` admission plugin ... is removed": a
value of kube-apiserver's --enable-admission-plugins and its siblings). Flags no curated record has become
shallow generated records; the curated ones are held to the same events, and their values are filled from
them. The notes read are those of gate-removals-source.yaml.

  DIR              a folder holding the files at the places the source names, such as ../shared/upstream
  --out DIR        the folder to write into (default: the seed's generated/ folder, NETKB_SEED_DIR or ./seed)
  --config FILE    what to read (default: gate-removals-source.yaml in the seed's generated/ folder)
  -h, --help       this text

Example: netkb import flag-notes ../shared/upstream
Exit codes: 0 written, 2 bad input or usage. Review the diff of seed/generated/ and run npm run seed:check.
`;

export function runImportFlagNotes(argv: string[], io: CliIo): Promise<number> {
  return runImportVerb(
    {
      name: 'import flag-notes',
      help: IMPORT_FLAG_NOTES_HELP,
      positionals: ['DIR'],
      async run({ positionals: [dir], out, config, generated }) {
        const { buildFlagEvents, writeFlagEvents } = await import('../importer/flag-notes/run');
        const { readReleaseNotesSource } = await import('../importer/release-notes');
        const { GATE_REMOVALS_SOURCE_FILE } = await import('../seed/gate-removals-index');
        const source = readReleaseNotesSource(config ?? join(generated, GATE_REMOVALS_SOURCE_FILE));
        const components = (
          parse(readFileSync(join(generated, '..', 'components.yaml'), 'utf8')) as { name: string }[]
        ).map((c) => c.name);
        const index = buildFlagEvents(dir, source, components);
        const file = writeFlagEvents(index, out);
        return `read the notes of ${index.releases.length} releases of ${dir}: ${index.events.length} flag events, ${index.values.length} flag value events, ${index.configValues.length} configuration-file value events\nwrote ${file}\n`;
      },
    },
    argv,
    io,
  );
}
