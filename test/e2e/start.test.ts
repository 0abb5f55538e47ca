// `npm start` as a process: builds a missing database from seed/, serves, stops cleanly on SIGTERM,
// and refuses to start on a broken seed without touching the existing database.
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { projectRoot } from '../../src/config';
import { copySeed } from '../support/seed-copy';

jest.setTimeout(120_000);

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

interface Started {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

function start(env: Record<string, string>): Started {
  const tsx = join(projectRoot(), 'node_modules', '.bin', 'tsx');
  const child = spawn(tsx, [join(projectRoot(), 'src', 'main.ts')], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d) => {
    out += d;
  });
  child.stderr!.on('data', (d) => {
    out += d;
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => out, exited };
}

async function waitForHealth(port: number, started: Started): Promise<void> {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/healthz`);
      if (res.status === 200) return;
    } catch {
      /* not listening yet */
    }
    if (started.child.exitCode !== null) throw new Error(`the server exited: ${started.output()}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no /healthz within 90 s: ${started.output()}`);
}

describe('npm start', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'netkb-start-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('creates and seeds a missing database, serves GraphQL and /healthz, then reuses the file', async () => {
    const db = join(dir, 'fresh', 'netkb.db');
    const port = await freePort();
    // NODE_ENV=production as in deployments (jest's NODE_ENV=test changes how Apollo treats signals).
    const first = start({ DATABASE_URL: `file:${db}`, PORT: String(port), HOST: '127.0.0.1', NODE_ENV: 'production' });
    try {
      await waitForHealth(port, first);
      expect(first.output()).toMatch(/built .*netkb\.db from seed\/ \(the database file does not exist\)/);
      const res = await fetch(`http://127.0.0.1:${port}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ query: '{ flag(component: "kube-proxy", name: "--conntrack-max") { removedIn } }' }),
      });
      expect(await res.json()).toEqual({ data: { flag: { removedIn: '1.15' } } });
    } finally {
      first.child.kill('SIGTERM');
    }
    expect(await first.exited).toBe(0);
    const builtAt = statSync(db).mtimeMs;

    const second = start({ DATABASE_URL: `file:${db}`, PORT: String(port), HOST: '127.0.0.1' });
    try {
      await waitForHealth(port, second);
      expect(second.output()).toMatch(/using .*netkb\.db \(seed [0-9a-f]{12}\)/);
    } finally {
      second.child.kill('SIGTERM');
    }
    await second.exited;
    expect(statSync(db).mtimeMs).toBe(builtAt);
  });

  it('rebuilds a database built from other seed files', async () => {
    const copy = copySeed();
    try {
      const db = join(dir, 'stale.db');
      const port = await freePort();
      const env = { DATABASE_URL: `file:${db}`, PORT: String(port), HOST: '127.0.0.1', NETKB_SEED_DIR: copy.seed };
      const first = start(env);
      await waitForHealth(port, first);
      first.child.kill('SIGTERM');
      await first.exited;
      copy.edit('metrics/kube-proxy.yaml', (t) => t.replace(/summary: /, 'summary: Edited. '));
      const second = start(env);
      try {
        await waitForHealth(port, second);
        expect(second.output()).toMatch(/\(the seed files changed since the database was built\)/);
      } finally {
        second.child.kill('SIGTERM');
      }
      await second.exited;
    } finally {
      rmSync(copy.root, { recursive: true, force: true });
    }
  });

  it('refuses to start on a broken seed, names the problem and leaves the database as it was', async () => {
    const copy = copySeed();
    try {
      const db = join(dir, 'kept.db');
      const port = await freePort();
      const env = { DATABASE_URL: `file:${db}`, PORT: String(port), HOST: '127.0.0.1', NETKB_SEED_DIR: copy.seed };
      const ok = start(env);
      await waitForHealth(port, ok);
      ok.child.kill('SIGTERM');
      await ok.exited;
      const before = readFileSync(db);
      copy.edit('changes/1.15.yaml', (t) => t.replace('kind: URGENT_UPGRADE_NOTE', 'kind: NOT_A_KIND'));
      const broken = start(env);
      expect(await broken.exited).toBe(1);
      expect(broken.output()).toMatch(/seed\/changes\/1\.15\.yaml:\d+: changes\[0\] field "kind"/);
      expect(existsSync(db)).toBe(true);
      expect(readFileSync(db).equals(before)).toBe(true);
    } finally {
      rmSync(copy.root, { recursive: true, force: true });
    }
  });
});
