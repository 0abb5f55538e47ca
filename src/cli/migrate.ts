// npm run db:migrate: applies pending migrations of prisma/migrations to the database file and prints
// the engine's view of it afterwards (history, drift from prisma/schema.prisma).
import { databaseFile } from '../config';
import { applyMigrations, migrationStatus } from '../db/migrations';

async function main(): Promise<void> {
  const file = databaseFile();
  const applied = await applyMigrations(file);
  const status = await migrationStatus(file);
  process.stdout.write(applied.length > 0 ? `applied to ${file}: ${applied.join(', ')}\n` : `${file} already has every migration (${status.migrations.join(', ')})\n`);
  if (status.driftFromSchema.trim()) {
    process.stdout.write(`note: the database differs from prisma/schema.prisma in ways the migrations do not cover:\n${status.driftFromSchema}\n`);
  }
}

main().catch((err) => {
  process.stderr.write(`db:migrate failed: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
