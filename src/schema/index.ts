// Reads the SDL files of this folder, one per domain, in a fixed order (base first).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { projectRoot } from '../config';

export function loadTypeDefs(): string {
  const dir = join(projectRoot(), 'src', 'schema');
  const files = readdirSync(dir).filter((f) => f.endsWith('.graphql')).sort((a, b) => (a === 'base.graphql' ? -1 : b === 'base.graphql' ? 1 : a.localeCompare(b)));
  return files.map((f) => readFileSync(join(dir, f), 'utf8')).join('\n');
}
