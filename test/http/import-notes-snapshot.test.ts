// The server as a process (netkb serve) over a database with a snapshot file (src/db/load-kb.ts): an
// import through the admin mutation is served at once, the snapshot file is rewritten at the new
// version, and a server started afterwards serves the import from that file.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { projectRoot } from '../../src/config';
import { readSnapshotFile } from '../../src/db/kb-snapshot-file';
import { readKbFingerprint } from '../../src/db/kb-fingerprint';
import { snapshotPath } from '../../src/db/load-kb';
import { builtCli } from '../support/build';
import { announcedPort, collectOutput } from '../support/serve-process';
import { copySeededDatabase } from '../support/database';

jest.setTimeout(120_000);

const root = projectRoot();
const TOKEN = 'test-admin-token-0123456789';
const IMPORT = `mutation($content: String!) { importReleaseNotes(version: "9.1", format: MARKDOWN, content: $content) { version changesCreated } }`;

let dir: string;
let db: string;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'netkb-serve-snapshot-'));
  // A private copy: an SQLite file (the snapshot beside it) or a PostgreSQL database (the snapshot in
  // NETKB_SNAPSHOT_DIR, a local cache).
  db = await copySeededDatabase();
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function serve(): Promise<{ child: ChildProcess; port: number; stop(): Promise<void> }> {
  const child = spawn(process.execPath, [builtCli(), 'serve', '--port', '0', '--host', '127.0.0.1'], {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: /^postgres(ql)?:\/\//i.test(db) ? db : `file:${db}`,
      NODE_ENV: 'production',
      NETKB_ADMIN_TOKEN: TOKEN,
      NETKB_ANALYSIS_WORKERS: '1',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const port = await announcedPort(child, collectOutput(child));
  return {
    child,
    port,
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

async function post(port: number, query: string, variables: Record<string, unknown> = {}, token?: string) {
  const res = await fetch(`http://127.0.0.1:${port}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify({ query, variables }),
  });
  return (await res.json()) as { data?: any; errors?: unknown[] };
}

it('serves an import at once, rewrites the snapshot file, and a later start serves the import from it', async () => {
  const notes = readFileSync(join(root, 'test', 'fixtures', 'notes', 'release-notes-9.1.md'), 'utf8');
  const RELEASE = '{ release(version: "9.1") { version imported changes(first: 10) { totalCount } } }';
  const first = await serve();
  try {
    // The first start found no snapshot file and wrote one.
    const before = await readKbFingerprint(db);
    expect(readSnapshotFile(snapshotPath(db), before).ok).toBe(true);
    expect((await post(first.port, RELEASE)).data.release).toBeNull();
    const res = await post(first.port, IMPORT, { content: notes }, TOKEN);
    expect(res.errors).toBeUndefined();
    expect(res.data.importReleaseNotes).toMatchObject({ version: '9.1', changesCreated: 3 });
    expect((await post(first.port, RELEASE)).data.release).toMatchObject({
      imported: true,
      changes: { totalCount: 3 },
    });
    const after = await readKbFingerprint(db);
    expect(after).not.toBe(before);
    const file = readSnapshotFile(snapshotPath(db), after);
    expect(file.ok && file.model.releases.some((r) => r.version === 9001)).toBe(true);
  } finally {
    await first.stop();
  }
  const second = await serve();
  try {
    expect((await fetch(`http://127.0.0.1:${second.port}/healthz`)).status).toBe(200);
    expect((await post(second.port, RELEASE)).data.release).toMatchObject({
      imported: true,
      changes: { totalCount: 3 },
    });
  } finally {
    await second.stop();
  }
});
