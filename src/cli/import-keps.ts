// netkb import keps DIR [--ref REF | --commit SHA]: regenerates seed/generated/keps.json from the kep.yaml
// files of kubernetes/enhancements.
import { join } from 'node:path';
import { seedDir } from '../config';
import type { CliIo } from './io';
import { parseVerbArgs } from './verb-args';

const IMPORT_KEPS_HELP = `Usage: netkb import keps DIR [--ref REF | --commit SHA] [--out DIR] [--config FILE]

Regenerates the KEP index (keps.json) from the kep.yaml files of kubernetes/enhancements: per KEP its
number, title, owning SIG and the feature gates it names with their components, as the KEP spells them,
and the repository and commit read. The seed's gate records are checked against it on every load (a
record citing a KEP must list every component the KEP names for its gate). What is read is set in
keps-source.yaml, which also maps the KEPs' component spellings to the names of seed/components.yaml.

  DIR              a clone of kubernetes/enhancements (a bare mirror is enough), read at --ref; or, with
                   --commit, a folder holding its keps/ files as they are at that commit (the repository's
                   root or the keps/ folder itself)
  --ref REF        the revision of the clone to read (default: HEAD)
  --commit SHA     DIR is a plain folder of the files at this commit (40 hex digits)
  --out DIR        the folder to write into (default: the seed's generated/ folder, NETKB_SEED_DIR or ./seed)
  --config FILE    what to read (default: keps-source.yaml in the seed's generated/ folder)
  -h, --help       this text

Example: netkb import keps ../enhancements.git
Exit codes: 0 written, 2 bad input or usage. Review the diff of seed/generated/ and run npm run seed:check.
`;

export async function runImportKeps(argv: string[], io: CliIo): Promise<number> {
  const parsed = parseVerbArgs(
    { name: 'import keps', help: IMPORT_KEPS_HELP },
    argv,
    { ref: { type: 'string' }, commit: { type: 'string' }, out: { type: 'string' }, config: { type: 'string' } },
    io,
  );
  if (typeof parsed === 'number') return parsed;
  const [dir, ...extra] = parsed.positionals;
  const o = parsed.values;
  if (!dir || extra.length > 0) {
    io.stderr(`netkb import keps: name exactly one DIR (a kubernetes/enhancements clone)\n\n${IMPORT_KEPS_HELP}`);
    return 2;
  }
  if (o.ref && o.commit) {
    io.stderr('netkb import keps: --ref reads a clone, --commit a plain folder: give one of them\n');
    return 2;
  }
  const generated = join(seedDir(), 'generated');
  const { buildKepIndex, readKepsFromFolder, readKepsFromGit, readKepsSource, writeKepIndex } =
    await import('../importer/keps/run');
  const { KEPS_SOURCE_FILE } = await import('../seed/kep-index');
  try {
    const source = readKepsSource(o.config ?? join(generated, KEPS_SOURCE_FILE));
    const read = o.commit ? readKepsFromFolder(dir, o.commit, source) : readKepsFromGit(dir, o.ref ?? 'HEAD', source);
    const index = buildKepIndex(read, source);
    const file = writeKepIndex(index, o.out ?? generated);
    const gates = index.keps.reduce((n, k) => n + k.featureGates.length, 0);
    io.stdout(
      `read ${read.files.length} kep.yaml files of ${dir} at ${index.commit}: ${index.keps.length} KEPs naming ${gates} feature gates` +
        `${index.skipped.length > 0 ? `; left out: ${index.skipped.map((s) => `${s.path} (${s.reason})`).join(', ')}` : ''}\n` +
        `wrote ${file}\nnext: review the diff, then npm run seed:check\n`,
    );
    return 0;
  } catch (err) {
    const e = err as Error;
    if (e.name === 'SourceRepoError' || e.name === 'SourceConfigError') {
      io.stderr(`netkb import keps: ${e.message}\n`);
      return 2;
    }
    throw err;
  }
}
