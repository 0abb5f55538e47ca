// netkb import well-known-keys PAGE API_REPO: regenerates seed/generated/well-known-keys.json from the
// website's well-known keys page and the key constants of kubernetes/api.
import { join } from 'node:path';
import { seedDir } from '../config';
import type { CliIo } from './io';
import { parseVerbArgs } from './verb-args';

const IMPORT_WELL_KNOWN_KEYS_HELP = `Usage: netkb import well-known-keys PAGE API_REPO [--out DIR] [--config FILE]

Regenerates the index of the label, annotation and taint keys Kubernetes names (well-known-keys.json):
the keys of the website's "Well-Known Labels, Annotations and Taints" page, with the page's mark after
each (such as "deprecated"), and the namespaces it reserves; and the key constants of kubernetes/api at
every release tag, with the releases that have each and the first release whose doc comment calls it
deprecated. Every key it holds gets a generated record unless a curated one exists; a key of the reserved
namespaces that no record names is reported as not checked. What is read, from where and at which
commit, is set in well-known-keys-source.yaml.

  PAGE             the page's markdown source (content/en/docs/reference/labels-annotations-taints/_index.md
                   of kubernetes/website at the commit the source names)
  API_REPO         a clone of kubernetes/api with its tags (a bare mirror is enough)
  --out DIR        the folder to write into (default: the seed's generated/ folder, NETKB_SEED_DIR or ./seed)
  --config FILE    what to read (default: well-known-keys-source.yaml in the seed's generated/ folder)
  -h, --help       this text

Example: netkb import well-known-keys _index.md ~/src/kubernetes-api
Exit codes: 0 written, 2 bad input or usage. Review the diff of seed/generated/ and run npm run seed:check.
`;

export async function runImportWellKnownKeys(argv: string[], io: CliIo): Promise<number> {
  const parsed = parseVerbArgs(
    { name: 'import well-known-keys', help: IMPORT_WELL_KNOWN_KEYS_HELP },
    argv,
    { out: { type: 'string' }, config: { type: 'string' } },
    io,
  );
  if (typeof parsed === 'number') return parsed;
  const [page, apiRepo, ...extra] = parsed.positionals;
  const o = parsed.values;
  if (!page || !apiRepo || extra.length > 0) {
    io.stderr(`netkb import well-known-keys: name the PAGE and the API_REPO\n\n${IMPORT_WELL_KNOWN_KEYS_HELP}`);
    return 2;
  }
  const generated = join(seedDir(), 'generated');
  const { buildWellKnownKeys, readWellKnownKeysSource, writeWellKnownKeys } =
    await import('../importer/well-known-keys/run');
  const { WELL_KNOWN_KEYS_SOURCE_FILE } = await import('../seed/well-known-keys-index');
  try {
    const source = readWellKnownKeysSource(o.config ?? join(generated, WELL_KNOWN_KEYS_SOURCE_FILE));
    const index = buildWellKnownKeys(page, apiRepo, source);
    const file = writeWellKnownKeys(index, o.out ?? generated);
    io.stdout(
      `read ${index.pageKeys.length} keys of the page and ${index.apiKeys.length} key constants of ${index.apiReleases.length} releases\nwrote ${file}\nnext: review the diff, then npm run seed:check\n`,
    );
    return 0;
  } catch (err) {
    const e = err as Error;
    if (e.name === 'SourceConfigError' || e.name === 'SourceRepoError') {
      io.stderr(`netkb import well-known-keys: ${e.message}\n`);
      return 2;
    }
    throw err;
  }
}
