// Migrations on the run's database provider: SQLite by default, PostgreSQL when DATABASE_URL is a
// postgresql:// URL (CI runs this folder on both).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { projectRoot } from '../../src/config';
import { isPostgres, providerOf } from '../../src/db/location';
import { applyMigrations, migrationNames, migrationStatus, pendingMigrationsAt } from '../../src/db/migrations';
import { withPgClient } from '../../src/db/postgres';
import { emptyDatabase } from '../support/database';

async function tables(location: string): Promise<Set<string>> {
  if (isPostgres(location)) {
    return withPgClient(
      location,
      async (c) =>
        new Set(
          (
            await c.query<{ table_name: string }>(
              "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public'",
            )
          ).rows.map((r) => r.table_name),
        ),
    );
  }
  const db = new Database(location, { readonly: true });
  try {
    return new Set(
      (db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as { name: string }[]).map(
        (t) => t.name,
      ),
    );
  } finally {
    db.close();
  }
}

describe(`migrations on ${process.env.DATABASE_URL?.startsWith('postgres') ? 'PostgreSQL' : 'SQLite'}`, () => {
  it('applies every migration of the provider once, in order, and a second time nothing', async () => {
    const location = await emptyDatabase();
    const names = migrationNames(providerOf(location));
    expect(await pendingMigrationsAt(location)).toEqual(names);
    expect(await applyMigrations(location)).toEqual(names);
    expect(await pendingMigrationsAt(location)).toEqual([]);
    expect(await applyMigrations(location)).toEqual([]);
    const status = await migrationStatus(location);
    expect(status).toMatchObject({
      provider: providerOf(location),
      failedMigrationNames: [],
      editedMigrationNames: [],
    });
    const schema = readFileSync(join(projectRoot(), 'prisma', 'schema.prisma'), 'utf8');
    const models = [...schema.matchAll(/^model (\w+) \{/gm)].map((m) => m[1]);
    const present = await tables(location);
    for (const model of [...models, '_prisma_migrations']) expect([model, present.has(model)]).toEqual([model, true]);
  });
});
