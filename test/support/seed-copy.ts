// A scratch copy of the real seed/ that a test may break on purpose.
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { seedDir } from '../../src/config';

export interface SeedCopy { root: string; seed: string; edit(file: string, change: (text: string) => string): void }

export function copySeed(): SeedCopy {
  const root = mkdtempSync(join(tmpdir(), 'netkb-seed-'));
  const seed = join(root, 'seed');
  cpSync(seedDir(), seed, { recursive: true, filter: (src) => !src.includes(`${join('seed', 'lib')}`) });
  return {
    root,
    seed,
    edit(file, change) {
      const path = join(seed, file);
      const before = readFileSync(path, 'utf8');
      const after = change(before);
      if (after === before) throw new Error(`the edit of ${file} changed nothing: the test's pattern no longer matches the seed`);
      writeFileSync(path, after);
    },
  };
}
