// Decides whether the database must be (re)built from seed/ and does it: when the SQLite file is
// missing, the database lacks a migration, or it was built from other seed files than those on disk.
import { existsSync } from 'node:fs';
import Database from 'better-sqlite3';
import { seedHashCached } from '../seed/seed-hash';
import { seedHashCachePath } from './load-kb';
import { isPostgres } from './location';
import { pendingMigrationsAt } from './migrations';
import { ENSURE_LOCK_KEY, pgTableExists, withPgClient } from './postgres';
import { searchIndexCurrentAt } from './search';

interface EnsureResult {
  rebuilt: boolean;
  reason: string;
  seedHash: string;
}

function storedSeedHash(file: string): string | null {
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

/** The seed hash the database was built from (null: none yet), for either provider. */
async function storedSeedHashAt(location: string): Promise<string | null> {
  if (!isPostgres(location)) return storedSeedHash(location);
  return withPgClient(location, async (client) => {
    if (!(await pgTableExists(client, 'KbMeta'))) return null;
    const { rows } = await client.query<{ seedHash: string }>('SELECT "seedHash" FROM "KbMeta" WHERE id = 1');
    return rows[0]?.seedHash ?? null;
  });
}

export async function ensureDatabase(location: string, seedDir: string): Promise<EnsureResult> {
  if (!isPostgres(location)) return ensureUnlocked(location, seedDir);
  // Replicas starting together take turns: the first migrates and seeds, the others then find it done.
  return withPgClient(location, async (client) => {
    await client.query('SELECT pg_advisory_lock($1)', [ENSURE_LOCK_KEY]);
    try {
      return await ensureUnlocked(location, seedDir);
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [ENSURE_LOCK_KEY]);
    }
  });
}

async function ensureUnlocked(location: string, seedDir: string): Promise<EnsureResult> {
  // Hashing the seed files is cheap (and remembered against their metadata); loading and validating them
  // is not, so it happens only to rebuild.
  const current = seedHashCached(seedDir, seedHashCachePath(location));
  let reason: string | null = null;
  let pending: string[];
  if (!isPostgres(location) && !existsSync(location)) reason = 'the database file does not exist';
  else if ((pending = await pendingMigrationsAt(location)).length > 0)
    reason = `migrations not applied: ${pending.join(', ')}`;
  else if ((await storedSeedHashAt(location)) !== current)
    reason = 'the seed files changed since the database was built';
  else if (!(await searchIndexCurrentAt(location))) reason = 'its search index was made by an older netkb';
  if (!reason) return { rebuilt: false, reason: 'up to date', seedHash: current };
  // Loaded only to rebuild: the seed loader (YAML, zod) and the writer cost a start-up that does not need them.
  const [{ loadSeed }, { writeSeed }] = await Promise.all([import('../seed/load'), import('./write-seed')]);
  const bundle = loadSeed(seedDir);
  await writeSeed(bundle, location);
  return { rebuilt: true, reason, seedHash: bundle.hash };
}
