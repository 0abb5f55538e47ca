// netkb import well-known-keys PAGE API_REPO: regenerates seed/generated/well-known-keys.json from the
// website's well-known keys page and the key constants of kubernetes/api.
import { join } from 'node:path';
import type { CliIo } from './io';
import { runImportVerb } from './import-verb';

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

export function runImportWellKnownKeys(argv: string[], io: CliIo): Promise<number> {
  return runImportVerb(
    {
      name: 'import well-known-keys',
      help: IMPORT_WELL_KNOWN_KEYS_HELP,
      positionals: ['PAGE', 'API_REPO'],
      async run({ positionals: [page, apiRepo], out, config, generated }) {
        const { buildWellKnownKeys, readWellKnownKeysSource, writeWellKnownKeys } =
          await import('../importer/well-known-keys/run');
        const { WELL_KNOWN_KEYS_SOURCE_FILE } = await import('../seed/well-known-keys-index');
        const source = readWellKnownKeysSource(config ?? join(generated, WELL_KNOWN_KEYS_SOURCE_FILE));
        const index = buildWellKnownKeys(page, apiRepo, source);
        const file = writeWellKnownKeys(index, out);
        return `read ${index.pageKeys.length} keys of the page and ${index.apiKeys.length} key constants of ${index.apiReleases.length} releases\nwrote ${file}\n`;
      },
    },
    argv,
    io,
  );
}
