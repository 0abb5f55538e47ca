// Applies prisma/migrations to an SQLite file with Prisma's WebAssembly schema engine, which runs in a
// child process (see migrate-engine.mjs for why), and tells which migrations a file still lacks.
import { execFile } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import Database from 'better-sqlite3';
import { projectRoot } from '../config';

const run = promisify(execFile);

function engineArgs(...args: string[]): string[] {
  return ['--experimental-wasm-modules', '--no-warnings', join(projectRoot(), 'src', 'db', 'migrate-engine.mjs'), ...args];
}

async function engine<T>(...args: string[]): Promise<T> {
  try {
    const { stdout } = await run(process.execPath, engineArgs(...args), { cwd: projectRoot(), maxBuffer: 16 * 1024 * 1024 });
    return JSON.parse(stdout) as T;
  } catch (err) {
    const e = err as { stderr?: string; message: string };
    throw new Error(`migrations failed: ${(e.stderr || e.message).trim()}`);
  }
}

export async function applyMigrations(file: string): Promise<string[]> {
  const out = await engine<{ appliedMigrationNames: string[] }>('apply', file);
  return out.appliedMigrationNames;
}

export interface MigrationStatus { migrations: string[]; failedMigrationNames: string[]; editedMigrationNames: string[]; driftFromSchema: string }

/** The engine's own view: history, edits and drift between the file and prisma/schema.prisma. */
export function migrationStatus(file: string): Promise<MigrationStatus> {
  return engine<MigrationStatus>('status', file);
}

export function migrationNames(): string[] {
  const dir = join(projectRoot(), 'prisma', 'migrations');
  return readdirSync(dir, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name).sort();
}

/** Migrations of prisma/migrations not yet applied to the file (all of them when it has no history). */
export function pendingMigrations(file: string): string[] {
  const all = migrationNames();
  if (!existsSync(file)) return all;
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    const hasTable = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = '_prisma_migrations'").get();
    if (!hasTable) return all;
    const applied = new Set((db.prepare('SELECT migration_name FROM _prisma_migrations WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL').all() as { migration_name: string }[]).map((r) => r.migration_name));
    return all.filter((m) => !applied.has(m));
  } finally {
    db.close();
  }
}
