// The generated Gateway API index (seed/generated/gateway-api.json, written by `netkb import gateway-api-source`
// from kubernetes-sigs/gateway-api's tagged CRDs): its types, and a reader that refuses a damaged file.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';

export const GATEWAY_API_INDEX_FILE = 'gateway-api.json';
/** Where the structural schemas go when they are kept apart from the index (same shapes as in the index). */
export const GATEWAY_API_SCHEMAS_FILE = 'gateway-api-schemas.json';

const version = z.string().regex(/^v\d+\.\d+\.\d+$/, 'a release tag such as v1.2.0');
const channel = z.enum(['standard', 'experimental']);
const hash = z.string().regex(/^[0-9a-f]{16}$/, 'the first 16 hex digits of a sha256');

const releaseEntry = z.object({
  version,
  commit: z.string().regex(/^[0-9a-f]{40}$/, 'a 40-hex commit'),
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'an ISO day'),
});
const kindEntry = z.object({
  release: version,
  channel,
  group: z.string().min(1),
  kind: z.string().min(1),
  plural: z.string().min(1),
  servedVersions: z.array(z.string()),
  storageVersion: z.string().min(1),
  deprecatedVersions: z.array(z.string()),
  bundleVersion: z.string().nullable(),
});
const fieldEntry = z.object({
  group: z.string().min(1),
  kind: z.string().min(1),
  version: z.string().min(1),
  channel,
  path: z.string().min(1),
  releases: z.array(version).min(1),
});
/** A CRD version's openAPIV3Schema with every `description` removed. */
const structuralSchema = z.record(z.string(), z.unknown());
const schemaRef = z.object({
  release: version,
  channel,
  group: z.string().min(1),
  kind: z.string().min(1),
  version: z.string().min(1),
  schema: hash,
});
const schemasPart = z.object({
  schemas: z.record(hash, structuralSchema),
  schemaIndex: z.array(schemaRef),
});
const indexFile = z.object({
  generatedBy: z.literal('netkb import gateway-api-source'),
  repository: z.url(),
  releases: z.array(releaseEntry).min(1),
  kinds: z.array(kindEntry),
  fields: z.array(fieldEntry),
  // Absent when they are kept in gateway-api-schemas.json.
  schemas: schemasPart.shape.schemas.optional(),
  schemaIndex: schemasPart.shape.schemaIndex.optional(),
});

type GatewayApiChannelName = z.infer<typeof channel>;
type GatewayApiIndexRelease = z.infer<typeof releaseEntry>;
export type GatewayApiIndexKind = z.infer<typeof kindEntry>;
export type GatewayApiIndexField = z.infer<typeof fieldEntry>;
export type GatewayApiStructuralSchema = z.infer<typeof structuralSchema>;
export type GatewayApiSchemaRef = z.infer<typeof schemaRef>;

export interface GatewayApiIndex {
  generatedBy: 'netkb import gateway-api-source';
  repository: string;
  /** In semver order: a release's place in this list is its position. */
  releases: GatewayApiIndexRelease[];
  /** One per release x channel x CRD. */
  kinds: GatewayApiIndexKind[];
  /** Every field path a manifest can carry, per group/kind/version/channel, with the releases that have it. */
  fields: GatewayApiIndexField[];
  /** Structural schemas by hash (deduplicated). */
  schemas: Record<string, GatewayApiStructuralSchema>;
  schemaIndex: GatewayApiSchemaRef[];
}

export class GatewayApiIndexError extends Error {
  override readonly name = 'GatewayApiIndexError';
}

/** Orders Gateway API release tags (vX.Y.Z) by semver. */
export function compareGatewayApiVersions(a: string, b: string): number {
  const pa = parseTag(a),
    pb = parseTag(b);
  for (let i = 0; i < 3; i++) if (pa[i] !== pb[i]) return pa[i] - pb[i];
  return 0;
}

function parseTag(tag: string): number[] {
  const m = /^v?(\d+)\.(\d+)\.(\d+)$/.exec(tag);
  if (!m) throw new GatewayApiIndexError(`${tag}: not a release such as v1.2.0`);
  return [Number(m[1]), Number(m[2]), Number(m[3])];
}

const REGENERATE = 'regenerate it with netkb import gateway-api-source';

/**
 * Reads seed/generated/gateway-api.json (and gateway-api-schemas.json when the schemas are kept apart);
 * null when the seed has no Gateway API index. Throws GatewayApiIndexError, naming the file and the first
 * problems, for a file that cannot be read, has the wrong shape, or contradicts itself.
 */
export function readGatewayApiIndex(seedDir: string): GatewayApiIndex | null {
  const dir = join(seedDir, 'generated');
  const mainPath = join(dir, GATEWAY_API_INDEX_FILE);
  if (!existsSync(mainPath)) return null;
  const main = parseFile(mainPath, indexFile);
  const schemasPath = join(dir, GATEWAY_API_SCHEMAS_FILE);
  let schemas = main.schemas;
  let schemaIndex = main.schemaIndex;
  if (existsSync(schemasPath)) {
    if (schemas || schemaIndex)
      throw new GatewayApiIndexError(
        `${mainPath}: holds schemas while ${GATEWAY_API_SCHEMAS_FILE} exists beside it; ${REGENERATE}`,
      );
    const part = parseFile(schemasPath, schemasPart);
    schemas = part.schemas;
    schemaIndex = part.schemaIndex;
  }
  if (!schemas || !schemaIndex)
    throw new GatewayApiIndexError(
      `${mainPath}: no schemas (neither in the file nor in ${GATEWAY_API_SCHEMAS_FILE}); ${REGENERATE}`,
    );
  const index: GatewayApiIndex = { ...main, generatedBy: main.generatedBy, schemas, schemaIndex };
  const problems = consistencyProblems(index);
  if (problems.length > 0)
    throw new GatewayApiIndexError(
      `${mainPath}: not a consistent index: ${problems.slice(0, 3).join('; ')}; ${REGENERATE}`,
    );
  return index;
}

function parseFile<T>(path: string, schema: z.ZodType<T>): T {
  let data: unknown;
  try {
    data = JSON.parse(readFileSync(path, 'utf8'));
  } catch (err) {
    throw new GatewayApiIndexError(`${path}: cannot be read: ${(err as Error).message.split('\n')[0]}; ${REGENERATE}`);
  }
  const r = schema.safeParse(data);
  if (!r.success)
    throw new GatewayApiIndexError(
      `${path}: not a Gateway API index: ${r.error.issues
        .slice(0, 3)
        .map((i) => `${i.path.join('.')}: ${i.message}`)
        .join('; ')}; ${REGENERATE}`,
    );
  return r.data;
}

function consistencyProblems(index: GatewayApiIndex): string[] {
  const problems: string[] = [];
  const known = new Set<string>();
  index.releases.forEach((r, i) => {
    if (known.has(r.version)) problems.push(`releases.${i}: ${r.version} listed twice`);
    known.add(r.version);
    const prev = index.releases[i - 1];
    if (prev && compareGatewayApiVersions(prev.version, r.version) >= 0)
      problems.push(`releases.${i}: ${r.version} after ${prev.version} (not in semver order)`);
  });
  index.kinds.forEach((k, i) => {
    if (!known.has(k.release)) problems.push(`kinds.${i}: release ${k.release} is not in releases`);
    if (!k.servedVersions.includes(k.storageVersion))
      problems.push(`kinds.${i}: ${k.kind} stores ${k.storageVersion}, which it does not serve`);
  });
  index.fields.forEach((f, i) => {
    const unknown = f.releases.filter((r) => !known.has(r));
    if (unknown.length > 0) problems.push(`fields.${i}: releases ${unknown.join(', ')} are not in releases`);
  });
  index.schemaIndex.forEach((s, i) => {
    if (!known.has(s.release)) problems.push(`schemaIndex.${i}: release ${s.release} is not in releases`);
    if (!(s.schema in index.schemas)) problems.push(`schemaIndex.${i}: schema ${s.schema} is not in schemas`);
  });
  return problems;
}

/** The structural schema of one kind's version in one release and channel, or null when the index has none. */
export function gatewayApiSchema(
  index: GatewayApiIndex,
  ref: { release: string; channel: GatewayApiChannelName; group: string; kind: string; version: string },
): GatewayApiStructuralSchema | null {
  const hit = index.schemaIndex.find(
    (s) =>
      s.release === ref.release &&
      s.channel === ref.channel &&
      s.group === ref.group &&
      s.kind === ref.kind &&
      s.version === ref.version,
  );
  return hit ? (index.schemas[hit.schema] ?? null) : null;
}
