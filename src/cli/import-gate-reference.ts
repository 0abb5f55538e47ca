// netkb import gate-reference DIR: regenerates seed/generated/feature-gates-reference.json from Kubernetes'
// feature list and the website's per-gate pages.
import { join } from 'node:path';
import { seedDir } from '../config';
import type { CliIo } from './io';
import { parseVerbArgs } from './verb-args';

const IMPORT_GATE_REFERENCE_HELP = `Usage: netkb import gate-reference DIR [--out DIR] [--config FILE]

Regenerates the gate reference (feature-gates-reference.json) from the newest gate tables Kubernetes
publishes: the generated feature list of kubernetes/kubernetes (one row per gate still in code: when it was
first on by default, first locked, and its stage ranges) and the per-gate pages of the website (stages
with defaults and locks, and removal), each with the address and commit read. The seed's gate records are
checked against it on every load: stages, defaults and locks through the release each source is known
through (the list: the release before the newest one it names). What is read, from where and at which
commit, is set in feature-gates-reference-source.yaml.

  DIR              a folder holding the files at the places the source names (featureList.file and
                   gatePages.dir), such as ../shared/upstream
  --out DIR        the folder to write into (default: the seed's generated/ folder, NETKB_SEED_DIR or ./seed)
  --config FILE    what to read (default: feature-gates-reference-source.yaml in the seed's generated/ folder)
  -h, --help       this text

Example: netkb import gate-reference ../shared/upstream
Exit codes: 0 written, 2 bad input or usage. Review the diff of seed/generated/ and run npm run seed:check.
`;

export async function runImportGateReference(argv: string[], io: CliIo): Promise<number> {
  const parsed = parseVerbArgs(
    { name: 'import gate-reference', help: IMPORT_GATE_REFERENCE_HELP },
    argv,
    { out: { type: 'string' }, config: { type: 'string' } },
    io,
  );
  if (typeof parsed === 'number') return parsed;
  const [dir, ...extra] = parsed.positionals;
  const o = parsed.values;
  if (!dir || extra.length > 0) {
    io.stderr(`netkb import gate-reference: name exactly one DIR\n\n${IMPORT_GATE_REFERENCE_HELP}`);
    return 2;
  }
  const generated = join(seedDir(), 'generated');
  const { buildGateReference, readGateReferenceSource, writeGateReference } =
    await import('../importer/gate-reference/run');
  const { GATE_REFERENCE_SOURCE_FILE } = await import('../seed/gate-reference-index');
  try {
    const source = readGateReferenceSource(o.config ?? join(generated, GATE_REFERENCE_SOURCE_FILE));
    const index = buildGateReference(dir, source);
    const file = writeGateReference(index, o.out ?? generated);
    const list = index.featureList
      ? `the feature list (${index.featureListGates.length} gates, known through ${index.featureList.knownThrough})`
      : 'no feature list';
    io.stdout(
      `read ${list} and ${index.gatePages.length} gate pages of ${dir}\nwrote ${file}\nnext: review the diff, then npm run seed:check\n`,
    );
    return 0;
  } catch (err) {
    const e = err as Error;
    if (e.name === 'SourceConfigError' || e.name === 'SourceFormatError') {
      io.stderr(`netkb import gate-reference: ${e.message}\n`);
      return 2;
    }
    throw err;
  }
}
