// The command line keeps V8's young generation at its starting size (keepYoungGenerationSmall in
// src/cli/netkb.ts): a check of many objects ends with a new space of a few MiB, not the 32 MiB a Node
// process grows it to by default. The speed it buys is measured by `npm run bench`, not here.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { builtCli, ensureBuilt } from '../support/build';
import { seededDatabase } from '../support/http';

let dir: string;
beforeAll(() => {
  ensureBuilt();
  dir = mkdtempSync(join(tmpdir(), 'netkb-young-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Runs `node <args>` with a preload that writes the new space's size (MiB) as the process exits. */
function newSpaceAfter(args: string[]): { status: number | null; newSpaceMiB: number } {
  const preload = join(dir, 'new-space.cjs');
  const out = join(dir, 'new-space.txt');
  writeFileSync(
    preload,
    `process.on('exit', () => require('node:fs').writeFileSync(${JSON.stringify(out)}, String(require('node:v8').getHeapSpaceStatistics().find((s) => s.space_name === 'new_space').space_size / 1048576)));\n`,
  );
  const r = spawnSync(process.execPath, ['--require', preload, ...args], {
    env: { ...process.env, DATABASE_URL: `file:${seededDatabase()}` },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  return { status: r.status, newSpaceMiB: Number(readFileSync(out, 'utf8')) };
}

it('a check of 3,000 objects ends with the young generation at its starting size', () => {
  const file = join(dir, 'many.yaml');
  const doc = (i: number) =>
    `apiVersion: extensions/v1beta1\nkind: Ingress\nmetadata: {name: in-${i}, labels: {app: web}}\nspec:\n  backend: {serviceName: s, servicePort: 80}\n`;
  writeFileSync(file, Array.from({ length: 3000 }, (_, i) => doc(i)).join('---\n'));
  const kept = newSpaceAfter([builtCli(), 'check', file, '--from', '1.15', '--to', '1.22', '--format', 'json']);
  expect(kept.status).toBe(1); // BREAKING findings: extensions/v1beta1 Ingress is gone in 1.22
  expect(kept.newSpaceMiB).toBeLessThanOrEqual(4);
  // A Node process that only parses the same file with js-yaml (the bench's floor) grows it past that.
  const parse = `require(${JSON.stringify(require.resolve('js-yaml'))}).loadAll(require('node:fs').readFileSync(${JSON.stringify(file)}, 'utf8'))`;
  const floor = newSpaceAfter(['-e', parse]);
  expect(floor.status).toBe(0);
  expect(floor.newSpaceMiB).toBeGreaterThan(4);
});
