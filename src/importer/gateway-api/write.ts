// Writes the index as JSON with one entry per line (a regenerated release reads as a small diff) and the
// schemas, one per line keyed by hash, in the same file or, when asked, in gateway-api-schemas.json.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { GATEWAY_API_INDEX_FILE, GATEWAY_API_SCHEMAS_FILE, type GatewayApiIndex } from '../../seed/gateway-api-index';
import { jsonLinesList } from '../json-lines';

function formatGatewayApiIndex(index: GatewayApiIndex, withSchemas: boolean): string {
  const parts = [
    `  "generatedBy": ${JSON.stringify(index.generatedBy)}`,
    `  "repository": ${JSON.stringify(index.repository)}`,
    jsonLinesList('releases', index.releases),
    jsonLinesList('kinds', index.kinds),
    jsonLinesList('fields', index.fields),
  ];
  if (withSchemas) parts.push(...schemaParts(index));
  return `{\n${parts.join(',\n')}\n}\n`;
}

function formatGatewayApiSchemas(index: GatewayApiIndex): string {
  return `{\n${schemaParts(index).join(',\n')}\n}\n`;
}

function schemaParts(index: GatewayApiIndex): string[] {
  const entries = Object.keys(index.schemas)
    .sort()
    .map((h) => `    ${JSON.stringify(h)}: ${JSON.stringify(index.schemas[h])}`);
  return [`  "schemas": {\n${entries.join(',\n')}\n  }`, jsonLinesList('schemaIndex', index.schemaIndex)];
}

/** Writes gateway-api.json (and gateway-api-schemas.json when `splitSchemas`); returns the files written. */
export function writeGatewayApiIndex(index: GatewayApiIndex, outDir: string, splitSchemas: boolean): string[] {
  mkdirSync(outDir, { recursive: true });
  const main = join(outDir, GATEWAY_API_INDEX_FILE);
  writeFileSync(main, formatGatewayApiIndex(index, !splitSchemas));
  if (!splitSchemas) return [main];
  const schemas = join(outDir, GATEWAY_API_SCHEMAS_FILE);
  writeFileSync(schemas, formatGatewayApiSchemas(index));
  return [main, schemas];
}
