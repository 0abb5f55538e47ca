// Builds one seeded database from the real seed/ for the whole run, the way `npm run seed` does, and
// tells the test files where it is: an SQLite file, or with a postgresql:// DATABASE_URL a PostgreSQL
// database (seeded once as a template that copies are made from, and one copy that servers read).
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadSeed } from '../../src/seed/load';
import { writeSeed } from '../../src/db/write-seed';
import { seedDir } from '../../src/config';
import { ensureBuilt } from './build';
import { createPgDatabase, testPostgresUrl } from './database';

export default async function globalSetup(): Promise<void> {
  ensureBuilt();
  const dir = mkdtempSync(join(tmpdir(), 'netkb-test-'));
  process.env.NETKB_TEST_DIR = dir;
  // The local snapshot files of the run's PostgreSQL databases go with the run, not into the project's data/.
  process.env.NETKB_SNAPSHOT_DIR ??= join(dir, 'snapshots');
  if (testPostgresUrl()) {
    const prefix = `netkb_test_${process.pid}_${Date.now().toString(36)}`;
    process.env.NETKB_TEST_PG_PREFIX = prefix;
    const template = `${prefix}_seed`;
    await writeSeed(loadSeed(seedDir()), await createPgDatabase(template));
    process.env.NETKB_TEST_TEMPLATE_DB = template;
    process.env.NETKB_TEST_DB = await createPgDatabase(`${prefix}_served`, template);
    return;
  }
  const file = join(dir, 'netkb.db');
  await writeSeed(loadSeed(seedDir()), file);
  process.env.NETKB_TEST_DB = file;
}
