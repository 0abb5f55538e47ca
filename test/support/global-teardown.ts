import { rmSync } from 'node:fs';

export default async function globalTeardown(): Promise<void> {
  if (process.env.NETKB_TEST_DIR) rmSync(process.env.NETKB_TEST_DIR, { recursive: true, force: true });
}
