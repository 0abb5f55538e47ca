// The knowledge base's version from the seed files alone, in a module of its own: start-up and the
// command line compare it with the database without loading the YAML parser and the validation schemas.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

/**
 * sha256 over every seed YAML file's (and the generated index's JSON) path and bytes, in a fixed order: the knowledge base's version.
 * Cheap (no parsing), so start-up can tell whether the database is current without loading the seed.
 */
export function seedHash(seedDir: string): string {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const e of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      if (e.isDirectory()) walk(join(dir, e.name));
      else if (/\.ya?ml$/.test(e.name) || (dir.endsWith('generated') && e.name.endsWith('.json')))
        files.push(join(dir, e.name));
    }
  };
  walk(seedDir);
  const hash = createHash('sha256');
  for (const f of files)
    hash
      .update(relative(join(seedDir, '..'), f))
      .update('\0')
      .update(readFileSync(f))
      .update('\0');
  return hash.digest('hex');
}
