// The knowledge base's version from the seed files alone, in a module of its own: start-up and the
// command line compare it with the database without loading the YAML parser and the validation schemas.
import { createHash, randomBytes } from 'node:crypto';
import { readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, relative } from 'node:path';

const byCodePoint = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

function seedFiles(seedDir: string): string[] {
  const files: string[] = [];
  const walk = (dir: string) => {
    // Code-point order, the same on every machine (localeCompare would follow the locale, and its first
    // call loads ICU's collation data on every start; docs/performance.md).
    for (const e of readdirSync(dir, { withFileTypes: true }).sort((a, b) => byCodePoint(a.name, b.name))) {
      if (e.isDirectory()) walk(join(dir, e.name));
      else if (/\.ya?ml$/.test(e.name) || (dir.endsWith('generated') && e.name.endsWith('.json')))
        files.push(join(dir, e.name));
    }
  };
  walk(seedDir);
  return files;
}

/**
 * sha256 over every seed YAML file's (and the generated index's JSON) path and bytes, in a fixed order: the knowledge base's version.
 * Cheap (no parsing), so start-up can tell whether the database is current without loading the seed.
 */
export function seedHash(seedDir: string): string {
  const hash = createHash('sha256');
  for (const f of seedFiles(seedDir))
    hash
      .update(relative(join(seedDir, '..'), f))
      .update('\0')
      .update(readFileSync(f))
      .update('\0');
  return hash.digest('hex');
}

/**
 * seedHash, remembered in `cacheFile` against the seed files' paths, sizes, modification times and
 * inodes (what git's index compares too): a command-line run then stats 80 files instead of reading and
 * hashing 2 MB. Any change to the listing or to a file's metadata hashes the bytes again.
 */
export function seedHashCached(seedDir: string, cacheFile: string): string {
  const stamp = createHash('sha256');
  for (const f of seedFiles(seedDir)) {
    const s = statSync(f, { bigint: true });
    stamp.update(`${relative(seedDir, f)}\0${s.size}\0${s.mtimeNs}\0${s.ino}\0`);
  }
  const signature = stamp.digest('hex');
  try {
    const cached = JSON.parse(readFileSync(cacheFile, 'utf8')) as { signature?: unknown; seedHash?: unknown };
    if (cached.signature === signature && typeof cached.seedHash === 'string') return cached.seedHash;
  } catch {
    /* missing or unreadable: hash the files */
  }
  const hash = seedHash(seedDir);
  const temp = join(dirname(cacheFile), `.${basename(cacheFile)}.${process.pid}-${randomBytes(4).toString('hex')}.tmp`);
  try {
    writeFileSync(temp, JSON.stringify({ signature, seedHash: hash }));
    renameSync(temp, cacheFile);
  } catch {
    // A read-only folder: hash again next time.
  } finally {
    rmSync(temp, { force: true });
  }
  return hash;
}
