// Applies each provider's migrations (prisma/migrations for SQLite, prisma/postgresql/migrations for
// PostgreSQL) with Prisma's WebAssembly schema engine, which runs in a child process (see
// migrate-engine.mjs for why), and tells which migrations a database still lacks.
import { execFile } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import Database from 'better-sqlite3';
import { projectRoot } from '../config';
import { isPostgres, providerOf, type Provider } from './location';
import { pgTableExists, withPgClient } from './postgres';

const run = promisify(execFile);

function engineArgs(...args: string[]): string[] {
  return [
    '--experimental-wasm-modules',
    '--no-warnings',
    join(projectRoot(), 'src', 'db', 'migrate-engine.mjs'),
    ...args,
  ];
}

async function engine<T>(...args: string[]): Promise<T> {
  try {
    const { stdout } = await run(process.execPath, engineArgs(...args), {
      cwd: projectRoot(),
      maxBuffer: 16 * 1024 * 1024,
    });
    return JSON.parse(stdout) as T;
  } catch (err) {
    const e = err as { stderr?: string; message: string };
    throw new Error(`migrations failed: ${(e.stderr || e.message).trim()}`);
  }
}

/** Applies the pending migrations of the location's provider; returns the names applied. */
export async function applyMigrations(location: string): Promise<string[]> {
  const out = await engine<{ appliedMigrationNames: string[] }>('apply', location);
  return out.appliedMigrationNames;
}

interface MigrationStatus {
  provider: Provider;
  migrations: string[];
  failedMigrationNames: string[];
  editedMigrationNames: string[];
  /** SQL the database lacks to match the model; null where the engine cannot tell (PostgreSQL). */
  driftFromSchema: string | null;
}

/** The engine's own view: history, edits and (SQLite) drift between the database and the model. */
export function migrationStatus(location: string): Promise<MigrationStatus> {
  return engine<MigrationStatus>('status', location);
}

function migrationsDir(provider: Provider = 'sqlite'): string {
  return provider === 'postgresql'
    ? join(projectRoot(), 'prisma', 'postgresql', 'migrations')
    : join(projectRoot(), 'prisma', 'migrations');
}

export function migrationNames(provider: Provider = 'sqlite'): string[] {
  return readdirSync(migrationsDir(provider), { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name)
    .sort();
}

const APPLIED =
  'SELECT migration_name FROM _prisma_migrations WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL';

/** Migrations of prisma/migrations not yet applied to the SQLite file (all of them when it has no history). */
export function pendingMigrations(file: string): string[] {
  const all = migrationNames('sqlite');
  if (!existsSync(file)) return all;
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    const hasTable = db
      .prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = '_prisma_migrations'")
      .get();
    if (!hasTable) return all;
    const applied = new Set((db.prepare(APPLIED).all() as { migration_name: string }[]).map((r) => r.migration_name));
    return all.filter((m) => !applied.has(m));
  } finally {
    db.close();
  }
}

/** Migrations of the location's provider not yet applied there. */
export async function pendingMigrationsAt(location: string): Promise<string[]> {
  if (!isPostgres(location)) return pendingMigrations(location);
  const all = migrationNames(providerOf(location));
  return withPgClient(location, async (client) => {
    if (!(await pgTableExists(client, '_prisma_migrations'))) return all;
    const applied = new Set(
      (await client.query<{ migration_name: string }>(APPLIED)).rows.map((r) => r.migration_name),
    );
    return all.filter((m) => !applied.has(m));
  });
}
