// The structural schemas (openAPIV3Schema) of every Gateway API CRD of every release and channel, from the
// generated index (seed/generated/gateway-api.json, or gateway-api-schemas.json when split off), compiled
// with ajv on first use: what the tests hold ingressToGateway's output against, whatever its kind (Gateway,
// HTTPRoute, GRPCRoute, BackendTLSPolicy, ReferenceGrant).
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import Ajv, { type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { projectRoot } from '../../src/config';

interface SchemaEntry {
  release: string;
  channel: string;
  group: string;
  kind: string;
  version: string;
  schema: string;
}
interface Index {
  releases: { version: string }[];
  schemas?: Record<string, object>;
  schemaIndex?: SchemaEntry[];
}

export interface GatewaySchemas {
  /** The releases of the index, oldest first. */
  releases: string[];
  /** The validator of a kind at an apiVersion in a release's channel; throws when the bundle has no such CRD version. */
  validatorFor(
    release: string,
    channel: 'standard' | 'experimental',
    apiVersion: string,
    kind: string,
  ): ValidateFunction;
}

/**
 * The CRDs' patterns are Go (RE2) expressions: the older GRPCRoute CRDs (v1alpha2) write case-insensitivity as a
 * leading (?i) (after the ^), which JavaScript spells as the i flag.
 */
function goRegExp(pattern: string, flags: string): RegExp {
  const insensitive = /^\^?\(\?i\)/.exec(pattern);
  return insensitive
    ? new RegExp(`${pattern.startsWith('^') ? '^' : ''}${pattern.slice(insensitive[0].length)}`, `${flags}i`)
    : new RegExp(pattern, flags);
}
goRegExp.code = 'goRegExp';

export function gatewaySchemas(): GatewaySchemas {
  const dir = join(projectRoot(), 'seed', 'generated');
  const index = JSON.parse(readFileSync(join(dir, 'gateway-api.json'), 'utf8')) as Index;
  const split = join(dir, 'gateway-api-schemas.json');
  if (!existsSync(split) && !index.schemas) throw new Error('no schemas in seed/generated');
  const tables = index.schemas ? index : (JSON.parse(readFileSync(split, 'utf8')) as Index);
  const ajv = new Ajv({ allErrors: true, strict: false, code: { regExp: goRegExp } });
  addFormats(ajv);
  ajv.addFormat('int32', { type: 'number', validate: (n: number) => Number.isInteger(n) && Math.abs(n) < 2 ** 31 });
  ajv.addFormat('int64', { type: 'number', validate: (n: number) => Number.isInteger(n) });
  const validators = new Map<string, ValidateFunction>();
  return {
    releases: index.releases.map((r) => r.version),
    validatorFor(release, channel, apiVersion, kind) {
      const [group, version] = apiVersion.split('/');
      const entry = tables.schemaIndex!.find(
        (e) =>
          e.release === release &&
          e.channel === channel &&
          e.group === group &&
          e.kind === kind &&
          e.version === version,
      );
      if (!entry) throw new Error(`no schema for ${apiVersion} ${kind} in ${release} (${channel})`);
      let v = validators.get(entry.schema);
      if (!v) validators.set(entry.schema, (v = ajv.compile(tables.schemas![entry.schema])));
      return v;
    },
  };
}

/**
 * The structural schemas of the policy kinds of an implementation's generated index (e.g.
 * seed/generated/envoy-gateway.json), compiled with ajv on first use: what the implementation's policies
 * written by ingressToGateway are held against, at the release they were written for.
 */
export function implementationSchemas(file = 'envoy-gateway.json'): {
  group: string;
  releases: string[];
  validatorFor(release: string, apiVersion: string, kind: string): ValidateFunction;
} {
  const index = JSON.parse(readFileSync(join(projectRoot(), 'seed', 'generated', file), 'utf8')) as {
    releases: { version: string }[];
    kinds: { group: string }[];
    schemas: Record<string, object>;
    schemaIndex: Omit<SchemaEntry, 'channel'>[];
  };
  const ajv = new Ajv({ allErrors: true, strict: false });
  addFormats(ajv);
  ajv.addFormat('int32', { type: 'number', validate: (n: number) => Number.isInteger(n) && Math.abs(n) < 2 ** 31 });
  ajv.addFormat('int64', { type: 'number', validate: (n: number) => Number.isInteger(n) });
  const validators = new Map<string, ValidateFunction>();
  return {
    group: index.kinds[0].group,
    releases: index.releases.map((r) => r.version),
    validatorFor(release, apiVersion, kind) {
      const [group, version] = apiVersion.split('/');
      const entry = index.schemaIndex.find(
        (e) => e.release === release && e.group === group && e.kind === kind && e.version === version,
      );
      if (!entry) throw new Error(`no schema for ${apiVersion} ${kind} in ${file} ${release}`);
      let v = validators.get(entry.schema);
      if (!v) validators.set(entry.schema, (v = ajv.compile(draft7(index.schemas[entry.schema]) as object)));
      return v;
    },
  };
}

/**
 * OpenAPI v3.0 writes an exclusive bound as `exclusiveMaximum: true` beside `maximum` (some Envoy Gateway CRDs
 * do); ajv reads JSON Schema draft-07, where the bound itself is the value.
 */
function draft7(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(draft7);
  if (typeof node !== 'object' || node === null) return node;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(node)) out[k] = draft7(v);
  for (const [flag, bound] of [
    ['exclusiveMaximum', 'maximum'],
    ['exclusiveMinimum', 'minimum'],
  ])
    if (typeof out[flag] === 'boolean') {
      if (out[flag] && typeof out[bound] === 'number') {
        out[flag] = out[bound];
        delete out[bound];
      } else delete out[flag];
    }
  return out;
}
