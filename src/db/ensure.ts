// Decides whether the database file must be (re)built from seed/ and does it: when the file is missing,
// lacks a migration, or was built from other seed files than those on disk.
import { existsSync } from 'node:fs';
import Database from 'better-sqlite3';
import { seedHash } from '../../seed/lib/seed-hash';
import { pendingMigrations } from './migrations';

export interface EnsureResult { rebuilt: boolean; reason: string; seedHash: string }

export function storedSeedHash(file: string): string | null {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    const table = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'KbMeta'").get();
    if (!table) return null;
    const row = db.prepare('SELECT seedHash FROM KbMeta WHERE id = 1').get() as { seedHash: string } | undefined;
    return row?.seedHash ?? null;
  } finally {
    db.close();
  }
}

export async function ensureDatabase(file: string, seedDir: string): Promise<EnsureResult> {
  // Hashing the seed files is cheap; loading and validating them is not, so it happens only to rebuild.
  const current = seedHash(seedDir);
  let reason: string | null = null;
  if (!existsSync(file)) reason = 'the database file does not exist';
  else if (pendingMigrations(file).length > 0) reason = `migrations not applied: ${pendingMigrations(file).join(', ')}`;
  else if (storedSeedHash(file) !== current) reason = 'the seed files changed since the database was built';
  if (!reason) return { rebuilt: false, reason: 'up to date', seedHash: current };
  // Loaded only to rebuild: the seed loader (YAML, zod) and the writer cost a start-up that does not need them.
  const [{ loadSeed }, { writeSeed }] = await Promise.all([import('../../seed/lib/load'), import('./write-seed')]);
  const bundle = loadSeed(seedDir);
  await writeSeed(bundle, file);
  return { rebuilt: true, reason, seedHash: bundle.hash };
}
