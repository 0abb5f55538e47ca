// netkb import add-on-apis NAME GIT_DIR: regenerates one add-on's part of seed/generated/add-on-apis.json from its
// CustomResourceDefinitions at each release tag.
import { join } from 'node:path';
import type { CliIo } from './io';
import { runImportVerb } from './import-verb';

const IMPORT_ADD_ON_APIS_HELP = `Usage: netkb import add-on-apis NAME GIT_DIR [--out DIR] [--config FILE]

Regenerates the index of an add-on's APIs (add-on-apis.json): the CustomResourceDefinitions of each of its
release tags, and per group/version/kind the tags that serve it and those whose CRD calls it deprecated. The
versions no longer served, or deprecated, in the add-on's newest release are reported wherever a manifest
uses them; a version or kind of its groups that no release serves is reported as not checked. The other
add-ons' entries are kept. Which add-ons, tags and files: add-on-apis-source.yaml.

  NAME             the add-on, as add-on-apis-source.yaml names it (cert-manager, external-snapshotter, istio)
  GIT_DIR          a clone of its repository with its tags (a bare mirror is enough)
  --out DIR        the folder to write into (default: the seed's generated/ folder, NETKB_SEED_DIR or ./seed)
  --config FILE    what to read (default: add-on-apis-source.yaml in the seed's generated/ folder)
  -h, --help       this text

Example: netkb import add-on-apis cert-manager ~/src/cert-manager
Exit codes: 0 written, 2 bad input or usage. Review the diff of seed/generated/ and run npm run seed:check.
`;

export function runImportAddOnApis(argv: string[], io: CliIo): Promise<number> {
  return runImportVerb(
    {
      name: 'import add-on-apis',
      help: IMPORT_ADD_ON_APIS_HELP,
      positionals: ['NAME', 'GIT_DIR'],
      async run({ positionals: [name, dir], out, config, generated }) {
        const { buildAddOnApis, readAddOnApisSource, writeAddOnApis } = await import('../importer/add-on-apis/run');
        const { ADD_ON_APIS_SOURCE_FILE } = await import('../seed/add-on-apis-index');
        const source = readAddOnApisSource(config ?? join(generated, ADD_ON_APIS_SOURCE_FILE));
        const built = buildAddOnApis(name, dir, source);
        const file = writeAddOnApis(out, built);
        return `read ${built.addOn.releases.length} releases of ${name} (${built.addOn.releases[0].tag} to ${built.addOn.releases[built.addOn.releases.length - 1].tag}): ${built.apis.length} versions of its kinds\nwrote ${file}\n`;
      },
    },
    argv,
    io,
  );
}
