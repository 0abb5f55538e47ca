// Builds one seeded SQLite file from the real seed/ for the whole run, the way `npm run seed` does,
// and tells the test files where it is.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadSeed } from '../../seed/lib/load';
import { writeSeed } from '../../src/db/write-seed';
import { seedDir } from '../../src/config';
import { ensureBuilt } from './build';

export default async function globalSetup(): Promise<void> {
  ensureBuilt();
  const dir = mkdtempSync(join(tmpdir(), 'netkb-test-'));
  const file = join(dir, 'netkb.db');
  await writeSeed(loadSeed(seedDir()), file);
  process.env.NETKB_TEST_DIR = dir;
  process.env.NETKB_TEST_DB = file;
}
