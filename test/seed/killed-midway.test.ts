// Data safety: a seed killed while it builds leaves the previous database, and what it serves, as they
// were; the next seed cleans the abandoned temporary file up.
import { spawn } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadSeed } from '../../src/seed/load';
import { projectRoot, seedDir } from '../../src/config';
import { readKnowledgeBase } from '../../src/db/read-kb';
import { writeSeed } from '../../src/db/write-seed';
import { seededDatabase } from '../support/http';

jest.setTimeout(120_000);

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'netkb-kill-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

it('a seed killed midway changes nothing, and the next one cleans up after it', async () => {
  const target = join(dir, 'netkb.db');
  copyFileSync(seededDatabase(), target);
  const before = readFileSync(target);
  const answers = JSON.stringify((await readKnowledgeBase(target)).changes.map((c) => c.key));

  // One process (node with tsx's loader), so SIGKILL stops the build itself, not a wrapper around it.
  const child = spawn(process.execPath, ['--import', 'tsx', join(projectRoot(), 'src', 'cli', 'seed.ts')], {
    env: { ...process.env, DATABASE_URL: `file:${target}` },
    stdio: 'ignore',
  });
  // Wait until the build's temporary file exists, then kill the process without warning.
  const deadline = Date.now() + 60_000;
  while (!readdirSync(dir).some((f) => f.includes('.building-')) && Date.now() < deadline)
    await new Promise((r) => setTimeout(r, 20));
  expect(readdirSync(dir).some((f) => f.includes('.building-'))).toBe(true);
  child.kill('SIGKILL');
  await new Promise((r) => child.on('exit', r));
  await new Promise((r) => setTimeout(r, 1500));

  expect(readFileSync(target).equals(before)).toBe(true);
  expect(JSON.stringify((await readKnowledgeBase(target)).changes.map((c) => c.key))).toBe(answers);
  expect(readdirSync(dir).filter((f) => f.includes('.building-')).length).toBeGreaterThan(0);

  await writeSeed(loadSeed(seedDir()), target);
  expect(readdirSync(dir).filter((f) => f.includes('.building-'))).toEqual([]);
  expect(existsSync(target)).toBe(true);
});
