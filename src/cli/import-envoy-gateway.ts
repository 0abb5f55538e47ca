// netkb import envoy-gateway-source GIT_DIR [--out DIR]: regenerates seed/generated/envoy-gateway.json from the
// policy CRDs of envoyproxy/gateway's release tags.
import { join } from 'node:path';
import type { CliIo } from './io';
import { runImportVerb } from './import-verb';

const IMPORT_ENVOY_GATEWAY_HELP = `Usage: netkb import envoy-gateway-source GIT_DIR [--out DIR] [--config FILE]

Regenerates the Envoy Gateway index (envoy-gateway.json) from the CRDs of every release tag of an
envoyproxy/gateway clone (a bare mirror with its tags is enough): for each release, the policy kinds
netkb gateway --implementation envoy-gateway writes, with their served and storage versions; every field
path they can carry with the releases that have it; and their structural schemas (descriptions removed),
deduplicated by hash. What is read (tag range, folders, kinds) is set in envoy-gateway-source.yaml.

  GIT_DIR          the clone, e.g. git clone --bare https://github.com/envoyproxy/gateway
  --out DIR        the folder to write into (default: the seed's generated/ folder, NETKB_SEED_DIR or ./seed)
  --config FILE    what to read (default: envoy-gateway-source.yaml in the seed's generated/ folder)
  -h, --help       this text

Exit codes: 0 written, 2 bad input or usage. Review the diff of seed/generated/ and run npm run seed:check.
`;

export function runImportEnvoyGateway(argv: string[], io: CliIo): Promise<number> {
  return runImportVerb(
    {
      name: 'import envoy-gateway-source',
      help: IMPORT_ENVOY_GATEWAY_HELP,
      positionals: ['GIT_DIR'],
      async run({ positionals: [gitDir], out, config, generated }) {
        const { importEnvoyGatewaySource } = await import('../importer/envoy-gateway/run');
        const { readEnvoyGatewaySource } = await import('../importer/envoy-gateway/source-config');
        const source = readEnvoyGatewaySource(config ?? join(generated, 'envoy-gateway-source.yaml'));
        const { index, written } = importEnvoyGatewaySource(gitDir, out, source);
        return (
          `read ${index.releases.length} releases of ${gitDir} (${index.releases[0].version} to ${index.releases[index.releases.length - 1].version}): ` +
          `${index.kinds.length} kinds, ${index.fields.length} field paths, ${Object.keys(index.schemas).length} distinct schemas\n` +
          `wrote ${written}\n`
        );
      },
    },
    argv,
    io,
  );
}
