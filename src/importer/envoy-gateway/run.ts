// `netkb import envoy-gateway-source`: reads the policy CRDs of every release tag of an envoyproxy/gateway
// clone (as set in seed/generated/envoy-gateway-source.yaml) and writes seed/generated/envoy-gateway.json.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ENVOY_GATEWAY_INDEX_FILE, type EnvoyGatewayIndex } from '../../seed/envoy-gateway-index';
import { jsonLinesList } from '../json-lines';
import { openRepository, releaseTags } from '../gateway-api/tags';
import { buildEnvoyGatewayIndex } from './build-index';
import type { EnvoyGatewaySource } from './source-config';

export function importEnvoyGatewaySource(
  gitDir: string,
  outDir: string,
  source: EnvoyGatewaySource,
): { index: EnvoyGatewayIndex; written: string } {
  const git = openRepository(gitDir);
  const trees = releaseTags(git, source).map((tag) => ({
    tag,
    files: () => git.listFiles(tag.commit),
    read: (paths: string[]) => git.readFiles(tag.commit, paths),
  }));
  const index = buildEnvoyGatewayIndex(trees, source);
  mkdirSync(outDir, { recursive: true });
  const written = join(outDir, ENVOY_GATEWAY_INDEX_FILE);
  const schemas = Object.keys(index.schemas).map(
    (h) => `    ${JSON.stringify(h)}: ${JSON.stringify(index.schemas[h])}`,
  );
  const parts = [
    `  "generatedBy": ${JSON.stringify(index.generatedBy)}`,
    `  "repository": ${JSON.stringify(index.repository)}`,
    jsonLinesList('releases', index.releases),
    jsonLinesList('kinds', index.kinds),
    jsonLinesList('fields', index.fields),
    `  "schemas": {\n${schemas.join(',\n')}\n  }`,
    jsonLinesList('schemaIndex', index.schemaIndex),
  ];
  writeFileSync(written, `{\n${parts.join(',\n')}\n}\n`);
  return { index, written };
}
