// Reads the SDL files of this folder, one per domain, in a fixed order (base first, then by code point:
// no locale, and no ICU collation data to load at start-up).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { projectRoot } from '../config';

/** Files named *.admin.graphql (writes) are part of the schema only when an admin token is configured. */
export function loadTypeDefs(options: { admin: boolean } = { admin: false }): string {
  const dir = join(projectRoot(), 'src', 'schema');
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.graphql') && (options.admin || !f.endsWith('.admin.graphql')))
    .sort((a, b) => (a === 'base.graphql' ? -1 : b === 'base.graphql' ? 1 : a < b ? -1 : a > b ? 1 : 0));
  return files.map((f) => readFileSync(join(dir, f), 'utf8')).join('\n');
}
