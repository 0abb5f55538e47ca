// The database the tests run on: an SQLite file by default, or PostgreSQL when DATABASE_URL is a
// postgresql:// URL (CI runs the HTTP suite both ways). On PostgreSQL every copy is a new database made
// from a seeded template (CREATE DATABASE ... TEMPLATE), so tests that write never meet each other.
import { randomBytes } from 'node:crypto';
import { copyFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { isPostgres } from '../../src/db/location';

/** The PostgreSQL server the run uses (DATABASE_URL), or null for SQLite. */
export function testPostgresUrl(): string | null {
  const url = process.env.DATABASE_URL?.trim();
  return url && isPostgres(url) ? url : null;
}

export function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function admin<T>(serverUrl: string, fn: (c: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** A new database name within this run's prefix (Jest reloads modules per test file: no counters). */
export function uniqueDatabaseName(tag: string): string {
  const prefix = process.env.NETKB_TEST_PG_PREFIX ?? `netkb_test_${process.pid}`;
  return `${prefix}_${tag}_${randomBytes(5).toString('hex')}`
    .toLowerCase()
    .replace(/[^a-z0-9_]/g, '_')
    .slice(0, 63);
}

/** Creates an empty database (or a copy of `template`) on the run's server; returns its URL. */
export async function createPgDatabase(name: string, template?: string): Promise<string> {
  const server = testPostgresUrl();
  if (!server) throw new Error('createPgDatabase needs a postgresql:// DATABASE_URL');
  await admin(server, async (c) => {
    // A template must have no other session; the seeding client may still be closing: retry briefly.
    for (let attempt = 0; ; attempt++) {
      try {
        await c.query(`CREATE DATABASE "${name}"${template ? ` TEMPLATE "${template}"` : ''}`);
        return;
      } catch (err) {
        if (!template || attempt >= 50 || !/being accessed by other users/.test(String(err))) throw err;
        await new Promise((r) => setTimeout(r, 100));
      }
    }
  });
  return databaseUrl(server, name);
}

/** Drops every database of this run (names starting with `prefix`). */
export async function dropPgDatabases(prefix: string): Promise<void> {
  const server = testPostgresUrl();
  if (!server) return;
  await admin(server, async (c) => {
    const { rows } = await c.query<{ datname: string }>('SELECT datname FROM pg_database WHERE datname LIKE $1', [
      `${prefix}%`,
    ]);
    for (const { datname } of rows) await c.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
  });
}

/** A private, writable copy of the run's seeded database: an SQLite file in a new folder, or a new PostgreSQL database. */
export async function copySeededDatabase(): Promise<string> {
  if (testPostgresUrl()) {
    const template = process.env.NETKB_TEST_TEMPLATE_DB;
    if (!template)
      throw new Error('NETKB_TEST_TEMPLATE_DB is not set: run the tests through jest (test/support/global-setup.ts)');
    return createPgDatabase(uniqueDatabaseName('copy'), template);
  }
  const seeded = process.env.NETKB_TEST_DB;
  if (!seeded) throw new Error('NETKB_TEST_DB is not set: run the tests through jest (test/support/global-setup.ts)');
  const file = join(mkdtempSync(join(tmpdir(), 'netkb-copy-')), 'netkb.db');
  copyFileSync(seeded, file);
  return file;
}

/** A database location with nothing in it yet: an SQLite path in a new folder, or a new PostgreSQL database. */
export async function emptyDatabase(): Promise<string> {
  if (testPostgresUrl()) return createPgDatabase(uniqueDatabaseName('empty'));
  return join(mkdtempSync(join(tmpdir(), 'netkb-empty-')), 'netkb.db');
}
