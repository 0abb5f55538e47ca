// A scratch copy of the real seed/ that a test may break on purpose.
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { seedDir } from '../../src/config';
import { loadSeed, SeedValidationError, type SeedProblem } from '../../src/seed/load';

export interface SeedCopy {
  root: string;
  seed: string;
  edit(file: string, change: (text: string) => string): void;
}

export function copySeed(): SeedCopy {
  const root = mkdtempSync(join(tmpdir(), 'netkb-seed-'));
  const seed = join(root, 'seed');
  cpSync(seedDir(), seed, { recursive: true });
  return {
    root,
    seed,
    edit(file, change) {
      const path = join(seed, file);
      const before = readFileSync(path, 'utf8');
      const after = change(before);
      if (after === before)
        throw new Error(`the edit of ${file} changed nothing: the test's pattern no longer matches the seed`);
      writeFileSync(path, after);
    },
  };
}

/** The problems loading `dir` reports; fails when the (deliberately broken) seed is accepted. */
export function problemsOf(dir: string): SeedProblem[] {
  try {
    loadSeed(dir);
  } catch (err) {
    if (err instanceof SeedValidationError) return err.problems;
    throw err;
  }
  throw new Error('the broken seed was accepted');
}
