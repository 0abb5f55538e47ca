// netkb import gateway-api-source GIT_DIR [--out DIR]: regenerates seed/generated/gateway-api.json from the
// CRDs of kubernetes-sigs/gateway-api's release tags.
import { join } from 'node:path';
import { seedDir } from '../config';
import type { CliIo } from './io';
import { parseVerbArgs } from './verb-args';

const IMPORT_GATEWAY_API_HELP = `Usage: netkb import gateway-api-source GIT_DIR [--out DIR] [--config FILE]

Regenerates the Gateway API index (gateway-api.json) from the CRDs of every release tag of a
kubernetes-sigs/gateway-api clone (a bare mirror with its tags is enough): for each release and channel,
every CustomResourceDefinition with its served, storage and deprecated versions and bundle-version
annotation; every field path a manifest can carry with the releases that have it; and the structural
schemas (descriptions removed), deduplicated by hash. What is read (tag range, channels, folders) is set in
gateway-api-source.yaml.

  GIT_DIR          the clone, e.g. git clone --bare https://github.com/kubernetes-sigs/gateway-api
  --out DIR        the folder to write into (default: the seed's generated/ folder, NETKB_SEED_DIR or ./seed)
  --config FILE    what to read (default: gateway-api-source.yaml in the seed's generated/ folder)
  -h, --help       this text

Example: netkb import gateway-api-source ../gateway-api.git
Exit codes: 0 written, 2 bad input or usage. Review the diff of seed/generated/ and run npm run seed:check.
`;

export async function runImportGatewayApi(argv: string[], io: CliIo): Promise<number> {
  const parsed = parseVerbArgs(
    { name: 'import gateway-api-source', help: IMPORT_GATEWAY_API_HELP },
    argv,
    { out: { type: 'string' }, config: { type: 'string' } },
    io,
  );
  if (typeof parsed === 'number') return parsed;
  const [gitDir, ...extra] = parsed.positionals;
  if (!gitDir || extra.length > 0) {
    io.stderr(
      `netkb import gateway-api-source: name exactly one GIT_DIR (a kubernetes-sigs/gateway-api clone)\n\n${IMPORT_GATEWAY_API_HELP}`,
    );
    return 2;
  }
  const generated = join(seedDir(), 'generated');
  const outDir = parsed.values.out ?? generated;
  const configFile = parsed.values.config ?? join(generated, 'gateway-api-source.yaml');
  const { importGatewayApiSource } = await import('../importer/gateway-api/run');
  const { readGatewayApiSource } = await import('../importer/gateway-api/source-config');
  try {
    const source = readGatewayApiSource(configFile);
    const { index, written } = importGatewayApiSource(gitDir, outDir, source);
    const first = index.releases[0].version,
      last = index.releases[index.releases.length - 1].version;
    io.stdout(
      `read ${index.releases.length} releases of ${gitDir} (${first} to ${last}): ${index.kinds.length} kinds, ` +
        `${index.fields.length} field paths, ${Object.keys(index.schemas).length} distinct schemas\n` +
        `wrote ${written.join(', ')}\nnext: review the diff, then npm run seed:check\n`,
    );
    return 0;
  } catch (err) {
    const e = err as Error;
    if (['SourceRepoError', 'SourceFormatError', 'SourceConfigError'].includes(e.name)) {
      io.stderr(`netkb import gateway-api-source: ${e.message}\n`);
      return 2;
    }
    throw err;
  }
}
