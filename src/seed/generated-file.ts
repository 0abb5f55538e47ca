// Reading one generated index file of seed/generated/ (written by a `netkb import ...` verb): JSON, checked with
// its schema; what is wrong with it becomes a seed problem naming the verb that writes it again.
import { existsSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { z } from 'zod';
import type { SeedProblem } from './bundle';

/** The file's data; null when the seed has no such file, or (with a problem) when it cannot be read or is wrong. */
export function readGeneratedFile<T>(
  seedDir: string,
  file: string,
  schema: z.ZodType<T>,
  what: { noun: string; verb: string },
  problems: SeedProblem[],
): T | null {
  const path = join(seedDir, 'generated', file);
  if (!existsSync(path)) return null;
  const rel = relative(join(seedDir, '..'), path);
  let data: unknown;
  try {
    data = JSON.parse(readFileSync(path, 'utf8'));
  } catch (err) {
    problems.push({
      file: rel,
      message: `cannot be read: ${(err as Error).message.split('\n')[0]}; regenerate it with netkb import ${what.verb}`,
    });
    return null;
  }
  const r = schema.safeParse(data);
  if (!r.success) {
    problems.push({
      file: rel,
      message: `not a ${what.noun}: ${r.error.issues
        .slice(0, 3)
        .map((i) => `${i.path.join('.')}: ${i.message}`)
        .join('; ')}; regenerate it with netkb import ${what.verb}`,
    });
    return null;
  }
  return r.data;
}
