// The generated Envoy Gateway index (seed/generated/envoy-gateway.json, written by `netkb import
// envoy-gateway-source` from envoyproxy/gateway's tagged CRDs): the policy kinds the converter writes for
// `--implementation envoy-gateway`, per release, with their field paths and structural schemas. Its types, and
// a reader that refuses a damaged file.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { compareGatewayApiVersions } from './gateway-api-index';

export const ENVOY_GATEWAY_INDEX_FILE = 'envoy-gateway.json';

const version = z.string().regex(/^v\d+\.\d+\.\d+$/, 'a release tag such as v1.2.0');
const hash = z.string().regex(/^[0-9a-f]{16}$/, 'the first 16 hex digits of a sha256');

const indexFile = z.object({
  generatedBy: z.literal('netkb import envoy-gateway-source'),
  repository: z.url(),
  releases: z
    .array(
      z.object({
        version,
        commit: z.string().regex(/^[0-9a-f]{40}$/, 'a 40-hex commit'),
        date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'an ISO day'),
      }),
    )
    .min(1),
  kinds: z.array(
    z.object({
      release: version,
      group: z.string().min(1),
      kind: z.string().min(1),
      plural: z.string().min(1),
      servedVersions: z.array(z.string()),
      storageVersion: z.string().min(1),
    }),
  ),
  fields: z.array(
    z.object({
      group: z.string().min(1),
      kind: z.string().min(1),
      version: z.string().min(1),
      path: z.string().min(1),
      releases: z.array(version).min(1),
    }),
  ),
  schemas: z.record(hash, z.record(z.string(), z.unknown())),
  schemaIndex: z.array(
    z.object({
      release: version,
      group: z.string().min(1),
      kind: z.string().min(1),
      version: z.string(),
      schema: hash,
    }),
  ),
});

export type EnvoyGatewayIndex = z.infer<typeof indexFile>;

export class EnvoyGatewayIndexError extends Error {
  override readonly name = 'EnvoyGatewayIndexError';
}

const REGENERATE = 'regenerate it with netkb import envoy-gateway-source';

/**
 * Reads an implementation's index (seed/generated/envoy-gateway.json, or the file its record names); null when
 * the seed has none. Throws EnvoyGatewayIndexError.
 */
export function readEnvoyGatewayIndex(seedDir: string, file = ENVOY_GATEWAY_INDEX_FILE): EnvoyGatewayIndex | null {
  const path = join(seedDir, 'generated', file);
  if (!existsSync(path)) return null;
  let data: unknown;
  try {
    data = JSON.parse(readFileSync(path, 'utf8'));
  } catch (err) {
    throw new EnvoyGatewayIndexError(
      `${path}: cannot be read: ${(err as Error).message.split('\n')[0]}; ${REGENERATE}`,
    );
  }
  const r = indexFile.safeParse(data);
  if (!r.success)
    throw new EnvoyGatewayIndexError(
      `${path}: not an Envoy Gateway index: ${r.error.issues
        .slice(0, 3)
        .map((i) => `${i.path.join('.')}: ${i.message}`)
        .join('; ')}; ${REGENERATE}`,
    );
  const index = r.data;
  const known = new Set(index.releases.map((x) => x.version));
  const problems: string[] = [];
  index.releases.forEach((x, i) => {
    const prev = index.releases[i - 1];
    if (prev && compareGatewayApiVersions(prev.version, x.version) >= 0)
      problems.push(`releases.${i}: ${x.version} after ${prev.version} (not in semver order)`);
  });
  index.fields.forEach((f, i) => {
    const unknown = f.releases.filter((x) => !known.has(x));
    if (unknown.length > 0) problems.push(`fields.${i}: releases ${unknown.join(', ')} are not in releases`);
  });
  index.schemaIndex.forEach((s, i) => {
    if (!known.has(s.release)) problems.push(`schemaIndex.${i}: release ${s.release} is not in releases`);
    if (!(s.schema in index.schemas)) problems.push(`schemaIndex.${i}: schema ${s.schema} is not in schemas`);
  });
  if (problems.length > 0)
    throw new EnvoyGatewayIndexError(
      `${path}: not a consistent index: ${problems.slice(0, 3).join('; ')}; ${REGENERATE}`,
    );
  return index;
}
