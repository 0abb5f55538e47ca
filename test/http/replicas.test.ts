// Two netkb processes share one database (PostgreSQL in CI's second run, an SQLite file otherwise):
// both start on an empty database at once (one seeds, the other waits for that seed), an import on one
// reaches the other through the knowledge-base version poll, and both then serve the same knowledge base.
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { projectRoot } from '../../src/config';
import { isPostgres } from '../../src/db/location';
import { emptyDatabase } from '../support/database';

jest.setTimeout(240_000);

const TOKEN = 'replica-admin-token-0123456789';
const IMPORT = `mutation($content: String!) { importReleaseNotes(version: "9.1", format: MARKDOWN, content: $content) { version changesCreated } }`;
const RELEASE = '{ release(version: "9.1") { imported changes(first: 10) { totalCount edges { node { prs } } } } }';
const notes = readFileSync(join(projectRoot(), 'test', 'fixtures', 'notes', 'release-notes-9.1.md'), 'utf8');

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

interface Replica {
  child: ChildProcess;
  port: number;
  output: () => string;
  exited: Promise<number | null>;
}

async function startReplica(location: string, env: Record<string, string>): Promise<Replica> {
  const port = await freePort();
  const tsx = join(projectRoot(), 'node_modules', '.bin', 'tsx');
  const child = spawn(tsx, [join(projectRoot(), 'src', 'main.ts')], {
    env: {
      ...process.env,
      DATABASE_URL: isPostgres(location) ? location : `file:${location}`,
      PORT: String(port),
      HOST: '127.0.0.1',
      NODE_ENV: 'production',
      NETKB_ANALYSIS_WORKERS: '1',
      NETKB_RELOAD_INTERVAL_MS: '250',
      ...env,
    },
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
  return { child, port, output: () => out, exited };
}

async function until<T>(
  what: string,
  replica: Replica,
  probe: () => Promise<T | undefined>,
  seconds = 120,
): Promise<T> {
  const deadline = Date.now() + seconds * 1000;
  while (Date.now() < deadline) {
    try {
      const value = await probe();
      if (value !== undefined) return value;
    } catch {
      /* not answering yet */
    }
    if (replica.child.exitCode !== null) throw new Error(`the replica exited before ${what}: ${replica.output()}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no ${what} within ${seconds} s; replica output:\n${replica.output()}`);
}

async function graphql(
  replica: Replica,
  query: string,
  variables?: Record<string, unknown>,
  headers: Record<string, string> = {},
) {
  const res = await fetch(`http://127.0.0.1:${replica.port}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ query, variables }),
  });
  return {
    version: res.headers.get('netkb-kb-version'),
    body: (await res.json()) as { data?: any; errors?: unknown[] },
  };
}

const ready = (r: Replica) =>
  until('readiness', r, async () =>
    (await fetch(`http://127.0.0.1:${r.port}/readyz`)).status === 200 ? true : undefined,
  );

describe('two replicas on one database', () => {
  let a: Replica;
  let b: Replica;
  afterAll(async () => {
    for (const r of [a, b]) if (r && r.child.exitCode === null) r.child.kill('SIGTERM');
    await Promise.all([a?.exited, b?.exited]);
  });

  it('seed once together, and an import on one replica is served by the other', async () => {
    const location = await emptyDatabase();
    // Both start on the empty database at the same time: the seed is written once, never seen by halves.
    [a, b] = await Promise.all([startReplica(location, { NETKB_ADMIN_TOKEN: TOKEN }), startReplica(location, {})]);
    await Promise.all([ready(a), ready(b)]);
    // One of them wrote the seed; on PostgreSQL the other found it written once it held the seed lock.
    const built = [a, b].filter((r) => /built .* from seed\//.test(r.output()));
    if (isPostgres(location)) expect(built).toHaveLength(1);
    else expect(built.length).toBeGreaterThanOrEqual(1);
    const before = await graphql(b, RELEASE);
    expect(before.body.data.release).toBeNull();
    expect(before.version).toBe((await graphql(a, RELEASE)).version);

    const imported = await graphql(a, IMPORT, { content: notes }, { authorization: `Bearer ${TOKEN}` });
    expect(imported.body.errors).toBeUndefined();
    expect(imported.body.data.importReleaseNotes).toEqual({ version: '9.1', changesCreated: 3 });
    const onA = await graphql(a, RELEASE);
    expect(onA.body.data.release).toMatchObject({ imported: true, changes: { totalCount: 3 } });

    // B has no admin token and was not asked: it must notice the change in the database by itself.
    const onB = await until('the import on the other replica', b, async () => {
      const r = await graphql(b, RELEASE);
      return r.body.data?.release ? r : undefined;
    });
    expect(onB.body.data).toEqual(onA.body.data);
    expect(onB.version).toBe(onA.version);
    expect(onB.version).not.toBe(before.version);
    expect(b.output()).toMatch(/the knowledge base changed in the database: reloading/);
    const found = await graphql(b, '{ search(text: "per-core setting") { nodes { change { prs imported } } } }');
    expect(found.body.data.search.nodes.map((h: any) => h.change?.prs[0])).toContain(900001);
  });
});
