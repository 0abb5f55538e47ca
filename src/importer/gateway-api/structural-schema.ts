// A CRD version's openAPIV3Schema reduced to its structure: every `description` removed (the prose changes far
// more often than the schema), keys sorted, and a short content hash to deduplicate it across releases.
import { createHash } from 'node:crypto';

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };

/** Schema keywords whose value maps names to schemas (a property named "description" is kept there). */
const SCHEMA_MAPS = new Set(['properties', 'patternProperties', 'definitions', 'dependencies']);
/** Schema keywords whose value is a schema, or a list of schemas. */
const SCHEMA_VALUES = new Set(['items', 'additionalProperties', 'additionalItems', 'not', 'allOf', 'anyOf', 'oneOf']);

export function structuralSchema(schema: unknown): Json {
  return strip(schema as Json);
}

function strip(node: Json): Json {
  if (Array.isArray(node)) return node.map(strip);
  if (node === null || typeof node !== 'object') return node;
  const out: { [k: string]: Json } = {};
  for (const key of Object.keys(node).sort()) {
    if (key === 'description') continue;
    const value = node[key];
    if (SCHEMA_MAPS.has(key) && isMap(value)) {
      const map: { [k: string]: Json } = {};
      for (const name of Object.keys(value).sort()) map[name] = strip(value[name]);
      out[key] = map;
    } else if (SCHEMA_VALUES.has(key)) {
      out[key] = strip(value);
    } else {
      // Anything else (enum, default, example, x-kubernetes-validations...) is data: kept whole, keys sorted.
      out[key] = sortKeys(value);
    }
  }
  return out;
}

const isMap = (v: Json): v is { [k: string]: Json } => typeof v === 'object' && v !== null && !Array.isArray(v);

function sortKeys(node: Json): Json {
  if (Array.isArray(node)) return node.map(sortKeys);
  if (!isMap(node)) return node;
  const out: { [k: string]: Json } = {};
  for (const k of Object.keys(node).sort()) out[k] = sortKeys(node[k]);
  return out;
}

/** The first 16 hex digits of the sha256 of the schema's JSON (keys already sorted by structuralSchema). */
export function schemaHash(schema: unknown): string {
  return createHash('sha256').update(JSON.stringify(schema)).digest('hex').slice(0, 16);
}
