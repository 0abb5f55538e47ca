import { rmSync } from 'node:fs';
import { dropPgDatabases } from './database';

export default async function globalTeardown(): Promise<void> {
  if (process.env.NETKB_TEST_DIR) rmSync(process.env.NETKB_TEST_DIR, { recursive: true, force: true });
  if (process.env.NETKB_TEST_PG_PREFIX) await dropPgDatabases(process.env.NETKB_TEST_PG_PREFIX);
}
