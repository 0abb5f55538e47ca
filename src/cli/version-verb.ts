// netkb --version: the package's version and the knowledge base a command would use (the hash of the
// seed files, as `netkb stats` shows it), without building or opening the database.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { databaseFile, projectRoot, seedDir } from '../config';
import { seedHashCachePath } from '../db/load-kb';
import { seedHashCached } from '../seed/seed-hash';

/** The version in package.json (also SARIF's tool.driver.version). */
export function packageVersion(): string {
  return (JSON.parse(readFileSync(join(projectRoot(), 'package.json'), 'utf8')) as { version: string }).version;
}

export function versionText(): string {
  let kb: string;
  try {
    const dir = seedDir();
    kb = `knowledge base ${seedHashCached(dir, seedHashCachePath(databaseFile())).slice(0, 12)} (seed files in ${dir})`;
  } catch (err) {
    kb = `knowledge base: unknown (${(err as Error).message})`;
  }
  return `netkb ${packageVersion()}\n${kb}\n`;
}
