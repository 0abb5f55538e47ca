// The KEP index (seed/generated/keps.json, written by `netkb import keps`): each KEP of kubernetes/enhancements
// with its title, owning SIG and the feature gates its kep.yaml names with their components, as the KEP
// spells them; and seed/generated/keps-source.yaml, what is read and how the KEPs' component spellings map
// to the names of seed/components.yaml. Read on every load; the cross-check compares gate records with it.
import { existsSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { parse } from 'yaml';
import { z } from 'zod';
import type { SeedProblem } from './bundle';

export const KEPS_INDEX_FILE = 'keps.json';
export const KEPS_SOURCE_FILE = 'keps-source.yaml';

const kepEntrySchema = z.strictObject({
  number: z.number().int().nonnegative(),
  title: z.string(),
  /** As the kep.yaml writes it (`sig-network`); null when it names none. */
  owningSig: z.string().nullable(),
  /** The kep.yaml's path in the repository. */
  path: z.string().min(1),
  featureGates: z.array(z.strictObject({ name: z.string().min(1), components: z.array(z.string().min(1)) })),
});
export type KepEntry = z.infer<typeof kepEntrySchema>;

export const kepIndexSchema = z.strictObject({
  generatedBy: z.literal('netkb import keps'),
  repository: z.url(),
  commit: z.string().regex(/^[0-9a-f]{40}$/, 'the full commit the KEPs were read at'),
  /** kep.yaml files left out, with the reason (the template, a file that is no YAML map). */
  skipped: z.array(z.strictObject({ path: z.string(), reason: z.string() })),
  keps: z.array(kepEntrySchema),
});
export type KepIndexFile = z.infer<typeof kepIndexSchema>;

export const kepsSourceSchema = z.strictObject({
  repository: z.url(),
  /** The folder of the repository whose kep.yaml files are read, at any depth. */
  dir: z.string().min(1),
  /**
   * A component as a KEP spells it -> the components.yaml names it means ([] for a program netkb does not
   * model). Spellings that are components.yaml names need no entry.
   */
  componentNames: z.record(z.string().min(1), z.array(z.string().min(1))).default({}),
});
export type KepsSource = z.infer<typeof kepsSourceSchema>;

export interface KepIndex {
  repository: string;
  commit: string;
  /** seed/generated/keps.json, relative to the project. */
  file: string;
  sourceFile: string;
  /** KEP number -> its entries (upstream has a few numbers used by two KEPs). */
  byNumber: Map<number, KepEntry[]>;
  componentNames: Map<string, string[]>;
}

/** The kep.yaml's address at the commit read. */
export function kepUrl(index: Pick<KepIndex, 'repository' | 'commit'>, entry: KepEntry): string {
  return `${index.repository}/blob/${index.commit}/${entry.path}`;
}

/** Reads seed/generated/keps.json and keps-source.yaml; null when there is no keps.json (nothing to check). */
export function readKepIndex(seedDir: string, problems: SeedProblem[]): KepIndex | null {
  const dir = join(seedDir, 'generated');
  const indexPath = join(dir, KEPS_INDEX_FILE);
  const sourcePath = join(dir, KEPS_SOURCE_FILE);
  if (!existsSync(indexPath)) return null;
  const rel = (p: string) => relative(join(seedDir, '..'), p);
  const read = <T>(path: string, schema: z.ZodType<T>, yaml: boolean): T | null => {
    if (!existsSync(path)) {
      problems.push({
        file: rel(path),
        message: `missing: ${rel(indexPath)} needs it (what was read, how components map)`,
      });
      return null;
    }
    let data: unknown;
    try {
      const text = readFileSync(path, 'utf8');
      data = yaml ? parse(text) : JSON.parse(text);
    } catch (err) {
      problems.push({
        file: rel(path),
        message: `cannot be read: ${(err as Error).message.split('\n')[0]}; regenerate it with netkb import keps`,
      });
      return null;
    }
    const r = schema.safeParse(data);
    if (!r.success) {
      problems.push({
        file: rel(path),
        message: `not a KEP index: ${r.error.issues
          .slice(0, 3)
          .map((i) => `${i.path.join('.')}: ${i.message}`)
          .join('; ')}`,
      });
      return null;
    }
    return r.data;
  };
  const index = read(indexPath, kepIndexSchema, false);
  const source = read(sourcePath, kepsSourceSchema, true);
  if (!index || !source) return null;
  const byNumber = new Map<number, KepEntry[]>();
  for (const e of index.keps) byNumber.set(e.number, [...(byNumber.get(e.number) ?? []), e]);
  return {
    repository: index.repository,
    commit: index.commit,
    file: rel(indexPath),
    sourceFile: rel(sourcePath),
    byNumber,
    componentNames: new Map(Object.entries(source.componentNames)),
  };
}
