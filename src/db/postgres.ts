// Small PostgreSQL queries made with pg directly (no Prisma): what start-up and the replicas' version
// poll need before or beside the data model. pg is loaded on first use: SQLite never needs it.
import type { Client, Pool } from 'pg';

export async function withPgClient<T>(url: string, fn: (client: Client) => Promise<T>): Promise<T> {
  const { Client } = await import('pg');
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end().catch(() => undefined);
  }
}

export async function pgTableExists(client: Client | Pool, table: string): Promise<boolean> {
  const { rows } = await client.query('SELECT to_regclass($1) IS NOT NULL AS present', [`"${table}"`]);
  return rows[0].present === true;
}

/** Key of the advisory lock a PostgreSQL seed transaction holds: two seeds never interleave. */
export const SEED_LOCK_KEY = 7_314_001;
/** Key of the advisory lock start-up holds while it checks, migrates and seeds: replicas starting together seed once. */
export const ENSURE_LOCK_KEY = 7_314_002;
