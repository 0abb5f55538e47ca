// seed/generated/well-known-keys.json (written by `netkb import well-known-keys`): the label, annotation and
// taint keys Kubernetes itself names, from two sources: the website's "Well-Known Labels, Annotations and
// Taints" page (its headings, with the page's own marks such as "deprecated"), and the key constants of
// kubernetes/api at every release tag (with the first release whose doc comment calls the key deprecated).
// Typed and read here; generated records make every such key known (a key of the reserved domains that no
// record names is reported as not checked), and the curated records are checked against it.
import { existsSync, readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { z } from 'zod';
import type { SeedProblem } from './bundle';
import { readGeneratedFile } from './generated-file';

export const WELL_KNOWN_KEYS_FILE = 'well-known-keys.json';
export const WELL_KNOWN_KEYS_SOURCE_FILE = 'well-known-keys-source.yaml';

const release = z.string().regex(/^\d+\.\d+$/, 'a release such as "1.33"');
const commit = z.string().regex(/^[0-9a-f]{40}$/, 'the full commit read (40 hex digits)');
/** A key, or a prefix written "prefix/*" (every key under it, such as a container's name after the slash). */
const keyOrPrefix = z
  .string()
  .regex(/^(([a-z0-9.-]+\/)?[A-Za-z0-9._-]+|[a-z0-9.-]+\/\*)$/, 'a label, annotation or taint key, or "prefix/*"');
const keyType = z.enum(['LABEL', 'ANNOTATION', 'TAINT']);

const wellKnownKeysSourceSchema = z.strictObject({
  page: z.strictObject({
    repository: z.url(),
    path: z.string().min(1),
    commit,
    url: z.url(),
  }),
  api: z.strictObject({
    repository: z.url(),
    fromRelease: release,
    develBranch: z.string().min(1).nullable(),
    /** File names (at any folder of the repository) holding key constants, with the type of key each holds. */
    files: z.record(z.string().regex(/^[a-z_]+\.go$/), keyType),
  }),
  /**
   * Keys the page or the source calls deprecated that deliberately have no curated record, each with the
   * reason (the cross-check in npm test wants a record for every other one).
   */
  unrecorded: z.record(keyOrPrefix, z.string().min(10)).default({}),
});
export type WellKnownKeysSource = z.infer<typeof wellKnownKeysSourceSchema>;

const pageKey = z.strictObject({
  key: keyOrPrefix,
  /** The page's own mark after the heading, e.g. "deprecated", "alpha", "non-functional"; null when none. */
  mark: z.string().nullable(),
});
const apiKey = z.strictObject({
  key: keyOrPrefix,
  type: keyType,
  /** The constant's file, relative to the repository. */
  file: z.string().min(1),
  /** The first and the last release read whose files have the constant. */
  from: release,
  through: release,
  /** The first release whose doc comment of the constant calls it deprecated; null when none does. */
  deprecatedFrom: release.nullable(),
});

const wellKnownKeysFileSchema = z.strictObject({
  generatedBy: z.literal('netkb import well-known-keys'),
  /** The page read, at its commit. */
  pageSource: z.url(),
  /** The domains the page says Kubernetes reserves for its labels and annotations (and their subdomains). */
  reservedDomains: z.array(z.string().regex(/^[a-z0-9.-]+$/)).min(1),
  pageKeys: z.array(pageKey),
  apiRepository: z.url(),
  apiReleases: z.array(z.strictObject({ release, ref: z.string().min(1), commit })),
  apiKeys: z.array(apiKey),
});
export type WellKnownKeysFile = z.infer<typeof wellKnownKeysFileSchema>;
export type PageKey = z.infer<typeof pageKey>;
export type ApiKey = z.infer<typeof apiKey>;

/** Reads seed/generated/well-known-keys.json; null when the seed has none. */
export function readWellKnownKeys(seedDir: string, problems: SeedProblem[]): WellKnownKeysFile | null {
  return readGeneratedFile(
    seedDir,
    WELL_KNOWN_KEYS_FILE,
    wellKnownKeysFileSchema,
    { noun: 'well-known-keys index', verb: 'well-known-keys' },
    problems,
  );
}

/**
 * Reads a well-known-keys source file (seed/generated/well-known-keys-source.yaml: the importer wants all of it,
 * the loader its `unrecorded`); null, with a problem named `rel`, when absent or bad.
 */
export function readWellKnownKeysSourceFile(
  path: string,
  rel: string,
  problems: SeedProblem[],
): WellKnownKeysSource | null {
  if (!existsSync(path)) {
    problems.push({ file: rel, message: 'missing' });
    return null;
  }
  let data: unknown;
  try {
    data = parse(readFileSync(path, 'utf8'));
  } catch (err) {
    problems.push({ file: rel, message: `cannot be read: ${(err as Error).message.split('\n')[0]}` });
    return null;
  }
  const r = wellKnownKeysSourceSchema.safeParse(data);
  if (!r.success) {
    problems.push({ file: rel, message: r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ') });
    return null;
  }
  return r.data;
}
