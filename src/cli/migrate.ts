// npm run db:migrate: applies pending migrations to the database (SQLite: prisma/migrations,
// PostgreSQL: prisma/postgresql/migrations) and prints the engine's view of it afterwards (history, and
// on SQLite the drift from prisma/schema.prisma).
import { databaseFile } from '../config';
import { displayLocation } from '../db/location';
import { applyMigrations, migrationStatus } from '../db/migrations';

async function main(): Promise<void> {
  const location = databaseFile();
  const file = displayLocation(location);
  const applied = await applyMigrations(location);
  const status = await migrationStatus(location);
  process.stdout.write(
    applied.length > 0
      ? `applied to ${file}: ${applied.join(', ')}\n`
      : `${file} already has every migration (${status.migrations.join(', ')})\n`,
  );
  if (status.driftFromSchema?.trim()) {
    process.stdout.write(
      `note: the database differs from prisma/schema.prisma in ways the migrations do not cover:\n${status.driftFromSchema}\n`,
    );
  }
}

main().catch((err) => {
  process.stderr.write(`db:migrate failed: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
