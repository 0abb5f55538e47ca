// npm run seed: rebuilds the database (DATABASE_URL, default ./data/netkb.db) from seed/.
// A seed with any bad record is refused with every problem listed, and the old file stays untouched.
import { loadSeed, SeedValidationError } from '../seed/load';
import { databaseFile, seedDir } from '../config';
import { writeSeed } from '../db/write-seed';

async function main(): Promise<void> {
  const file = databaseFile();
  const started = Date.now();
  const bundle = loadSeed(seedDir());
  const result = await writeSeed(bundle, file);
  process.stdout.write(
    `seeded ${result.file}: ${result.records} records from seed ${bundle.hash.slice(0, 12)} in ${Date.now() - started} ms\n`,
  );
}

main().catch((err) => {
  process.stderr.write(
    (err instanceof SeedValidationError
      ? err.message
      : `seed failed: ${err instanceof Error ? err.message : String(err)}`) + '\n',
  );
  process.exit(1);
});
