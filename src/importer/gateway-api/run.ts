// `netkb import gateway-api-source`: reads the CRDs of every release tag of a kubernetes-sigs/gateway-api clone
// (as set in seed/generated/gateway-api-source.yaml) and writes seed/generated/gateway-api.json.
import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { GATEWAY_API_SCHEMAS_FILE, type GatewayApiIndex } from '../../seed/gateway-api-index';
import { buildGatewayApiIndex } from './build-index';
import type { GatewayApiSource } from './source-config';
import { openRepository, releaseTags } from './tags';
import { writeGatewayApiIndex } from './write';

/** Above this the schemas go to their own file, so the index itself stays quick to read and to review. */
const SPLIT_SCHEMAS_ABOVE_BYTES = 8 * 1024 * 1024;

interface GatewayApiImport {
  index: GatewayApiIndex;
  written: string[];
}

export function readGatewayApiSourceRepo(gitDir: string, source: GatewayApiSource): GatewayApiIndex {
  const git = openRepository(gitDir);
  const trees = releaseTags(git, source).map((tag) => ({
    tag,
    files: () => git.listFiles(tag.commit),
    read: (paths: string[]) => git.readFiles(tag.commit, paths),
  }));
  return buildGatewayApiIndex(trees, source);
}

export function importGatewayApiSource(gitDir: string, outDir: string, source: GatewayApiSource): GatewayApiImport {
  const index = readGatewayApiSourceRepo(gitDir, source);
  const size = Buffer.byteLength(JSON.stringify(index));
  const split = size > SPLIT_SCHEMAS_ABOVE_BYTES;
  // A schemas file left from an earlier, larger import would contradict the new index.
  if (!split && existsSync(join(outDir, GATEWAY_API_SCHEMAS_FILE))) rmSync(join(outDir, GATEWAY_API_SCHEMAS_FILE));
  return { index, written: writeGatewayApiIndex(index, outDir, split) };
}
