import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { execFileSync } from 'node:child_process';
import Database from 'better-sqlite3';
import { applyMigrations, migrationNames, migrationStatus, pendingMigrations } from '../../src/db/migrations';
import { projectRoot } from '../../src/config';

describe('migrations on a fresh SQLite file', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'netkb-migrate-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('applies every migration of prisma/migrations, in order, and records them as Prisma does', async () => {
    const file = join(dir, 'fresh.db');
    expect(pendingMigrations(file)).toEqual(migrationNames());
    const applied = await applyMigrations(file);
    expect(applied).toEqual(migrationNames());
    expect(pendingMigrations(file)).toEqual([]);
    const db = new Database(file, { readonly: true });
    const history = db
      .prepare('SELECT migration_name, finished_at FROM _prisma_migrations ORDER BY started_at')
      .all() as { migration_name: string; finished_at: string | null }[];
    db.close();
    expect(history.map((h) => h.migration_name)).toEqual(migrationNames());
    expect(history.every((h) => h.finished_at !== null)).toBe(true);
  });

  it('applies nothing the second time', async () => {
    const file = join(dir, 'twice.db');
    await applyMigrations(file);
    expect(await applyMigrations(file)).toEqual([]);
  });

  it('leaves a database that matches prisma/schema.prisma exactly (no drift, no failed or edited migration)', async () => {
    const file = join(dir, 'drift.db');
    await applyMigrations(file);
    const status = await migrationStatus(file);
    expect(status.driftFromSchema).toBe('');
    expect(status.failedMigrationNames).toEqual([]);
    expect(status.editedMigrationNames).toEqual([]);
  });

  it('notices drift: a column the schema does not have', async () => {
    const file = join(dir, 'drifted.db');
    await applyMigrations(file);
    const db = new Database(file);
    db.exec('ALTER TABLE "Release" ADD COLUMN "unexpected" TEXT');
    db.close();
    const drift = (await migrationStatus(file)).driftFromSchema;
    expect(drift).not.toBe('');
    expect(drift).toMatch(/DROP TABLE "Release"/);
  });

  it('has a table for every model of the schema', async () => {
    const file = join(dir, 'tables.db');
    await applyMigrations(file);
    const schema = readFileSync(join(projectRoot(), 'prisma', 'schema.prisma'), 'utf8');
    const models = [...schema.matchAll(/^model (\w+) \{/gm)].map((m) => m[1]);
    const db = new Database(file, { readonly: true });
    const tables = new Set(
      (db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as { name: string }[]).map(
        (t) => t.name,
      ),
    );
    db.close();
    expect(models.length).toBeGreaterThan(5);
    for (const model of models) expect(tables.has(model)).toBe(true);
  });

  it('needs no new migration: prisma/migrations already produce prisma/schema.prisma', () => {
    const out = execFileSync(
      process.execPath,
      ['--experimental-wasm-modules', '--no-warnings', join(projectRoot(), 'src/db/migrate-engine.mjs'), 'plan'],
      { encoding: 'utf8' },
    );
    expect(out.trim()).toBe('');
  });
});

describe('the PostgreSQL schema and migrations (derived from the same model; no server needed)', () => {
  it('prisma/postgresql/schema.prisma is prisma/schema.prisma for PostgreSQL: run npm run db:migration -- <name> after a model change', () => {
    const { currentSchemaText, paths } = require(join(projectRoot(), 'scripts', 'prisma-schemas.js'));
    const committed = readFileSync(paths.postgresql.schema, 'utf8');
    expect(committed).toBe(currentSchemaText('postgresql'));
    expect(committed).toMatch(/provider = "postgresql"/);
    const models = (text: string) => [...text.matchAll(/^model (\w+) \{/gm)].map((m) => m[1]);
    expect(models(committed)).toEqual(models(readFileSync(paths.sqlite.schema, 'utf8')));
  });

  it('needs no new migration: prisma/postgresql/migrations already produce the model', () => {
    const out = execFileSync(
      process.execPath,
      [
        '--experimental-wasm-modules',
        '--no-warnings',
        join(projectRoot(), 'src/db/migrate-engine.mjs'),
        'plan',
        'postgresql',
      ],
      { encoding: 'utf8' },
    );
    expect(out.trim()).toBe('');
  });

  it('has the same migration steps as SQLite, and a lock file naming its provider', () => {
    expect(migrationNames('postgresql')).toEqual(migrationNames('sqlite'));
    expect(
      readFileSync(join(projectRoot(), 'prisma', 'postgresql', 'migrations', 'migration_lock.toml'), 'utf8'),
    ).toMatch(/provider = "postgresql"/);
  });
});
