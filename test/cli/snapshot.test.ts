// The command line starts from the snapshot file beside the database (src/db/load-kb.ts), as processes of
// the compiled CLI: the same reports as from the database, no Prisma in the module graph when the file is
// current, a damaged file rebuilt, and runs started while a seed or an import writes never read half a
// file (every one of them answers, with the output of the old or the new knowledge base).
import { spawn, spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { projectRoot } from '../../src/config';
import { readSnapshotFile } from '../../src/db/kb-snapshot-file';
import { readKbFingerprint } from '../../src/db/kb-fingerprint';
import { snapshotPath } from '../../src/db/load-kb';
import { builtCli } from '../support/build';
import { netkb, type CliResult } from '../support/cli';
import { seededDatabase } from '../support/http';

jest.setTimeout(180_000);

const root = projectRoot();
const realWorld = join(root, 'test', 'fixtures', 'real-world');
const CHECK = ['check', realWorld, '--from', '1.14', '--to', '1.25', '--format', 'json', '--fail-on', 'none'];

let dir: string;
let db: string;
let modulesLog: string;
let preload: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'netkb-cli-snapshot-'));
  db = join(dir, 'netkb.db');
  copyFileSync(seededDatabase(), db);
  modulesLog = join(dir, 'modules.txt');
  // Preloaded into the CLI process: writes every module file it loaded, as it exits.
  preload = join(dir, 'list-modules.cjs');
  writeFileSync(
    preload,
    `process.on('exit', () => require('node:fs').writeFileSync(process.env.MODULES_LOG, Object.keys(require.cache).join('\\n')));\n`,
  );
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** netkb with the module-listing preload; returns the result and the modules it loaded. */
function netkbListingModules(args: string[]): CliResult & { modules: string[] } {
  rmSync(modulesLog, { force: true });
  const r = spawnSync(process.execPath, ['--require', preload, builtCli(), ...args], {
    encoding: 'utf8',
    cwd: root,
    env: { ...process.env, DATABASE_URL: `file:${db}`, MODULES_LOG: modulesLog },
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr, modules: readFileSync(modulesLog, 'utf8').split('\n') };
}

const prisma = (modules: string[]) => modules.filter((m) => /@prisma|[/\\]generated[/\\]prisma/.test(m));

describe('from the snapshot file', () => {
  it.each([
    ['check of the real-world fixtures', CHECK],
    ['gate', ['gate', 'IPv6DualStack', '--format', 'json']],
    ['diff', ['diff', '1.15', '1.20', '--format', 'json']],
    ['releases', ['releases', '--format', 'json']],
  ])('%s: the same output as from the database, without loading Prisma', (_what, args) => {
    rmSync(snapshotPath(db), { force: true });
    const fromDatabase = netkbListingModules(args);
    // The first run read the database, through Prisma, and wrote the file.
    expect(prisma(fromDatabase.modules)).not.toEqual([]);
    const fromSnapshot = netkbListingModules(args);
    expect(prisma(fromSnapshot.modules)).toEqual([]);
    expect(fromSnapshot.modules.filter((m) => /[/\\]node_modules[/\\]pg[/\\]/.test(m))).toEqual([]);
    expect(fromSnapshot.stderr).toBe(fromDatabase.stderr);
    expect(fromSnapshot.code).toBe(fromDatabase.code);
    expect(fromSnapshot.stdout).toBe(fromDatabase.stdout);
    expect(fromSnapshot.stdout.length).toBeGreaterThan(100);
  });

  it('a damaged file is rebuilt, and the report stays the same', async () => {
    const good = netkb(CHECK, { db });
    const path = snapshotPath(db);
    const bytes = readFileSync(path);
    writeFileSync(path, bytes.subarray(0, bytes.length - 1000));
    const rebuilt = netkbListingModules(CHECK);
    expect(prisma(rebuilt.modules)).not.toEqual([]);
    expect(rebuilt.stdout).toBe(good.stdout);
    expect(readSnapshotFile(path, await readKbFingerprint(db)).ok).toBe(true);
    expect(prisma(netkbListingModules(CHECK).modules)).toEqual([]);
  });
});

/** Starts a CLI process without waiting for it. */
function start(args: string[], location: string): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, {
      cwd: root,
      env: { ...process.env, DATABASE_URL: `file:${location}` },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** Runs `writer` and, until it ends, keeps `readers` CLI runs going at once; returns every reader's result. */
async function readWhileWriting(writer: Promise<CliResult>, args: string[], readers = 3) {
  let done = false;
  const finished = writer.finally(() => (done = true));
  const results: CliResult[] = [];
  const loop = async () => {
    do results.push(await start([builtCli(), ...args], db));
    while (!done);
  };
  await Promise.all([finished, ...Array.from({ length: readers }, loop)]);
  return { writer: await writer, results };
}

describe('runs while the database is written', () => {
  it('netkb check runs started while a seed rebuilds the database all answer, with the same report', async () => {
    const expected = netkb(CHECK, { db });
    const before = await readKbFingerprint(db);
    const { writer, results } = await readWhileWriting(start([join(root, 'dist', 'src', 'cli', 'seed.js')], db), CHECK);
    expect(writer.stderr).toBe('');
    expect(writer.code).toBe(0);
    expect(results.length).toBeGreaterThanOrEqual(3);
    for (const r of results) expect(r).toEqual(expected);
    // The seed wrote the file of the new database (its seededAt changed the fingerprint).
    const after = await readKbFingerprint(db);
    expect(after).not.toBe(before);
    expect(readSnapshotFile(snapshotPath(db), after).ok).toBe(true);
  });

  it('netkb releases runs started while notes are imported answer before or after the import, never in between', async () => {
    const releases = ['releases', '--format', 'json'];
    const old = netkb(releases, { db });
    const notes = join(root, 'test', 'fixtures', 'notes', 'release-notes-9.1.md');
    const { writer, results } = await readWhileWriting(
      start([builtCli(), 'import', 'notes', notes, '--version', '9.1'], db),
      releases,
    );
    expect(writer.code).toBe(0);
    const imported = netkb(releases, { db });
    expect(imported.stdout).not.toBe(old.stdout);
    expect(JSON.parse(imported.stdout).at(-1)).toMatchObject({ version: '9.1', changes: 3 });
    for (const r of results) {
      expect(r.code).toBe(0);
      expect(r.stderr).toBe('');
      expect([old.stdout, imported.stdout]).toContain(r.stdout);
    }
    expect(readSnapshotFile(snapshotPath(db), await readKbFingerprint(db)).ok).toBe(true);
  });
});

describe('what a check loads for reading YAML', () => {
  /** Checks `text` over 1.15 -> 1.22: its first finding, and the YAML libraries the process loaded. */
  const checkLoading = (name: string, text: string) => {
    const file = join(dir, name);
    writeFileSync(file, text);
    const r = netkbListingModules(['check', file, '--from', '1.15', '--to', '1.22', '--format', 'json']);
    const libraries = r.modules
      .filter((m) => /[/\\]node_modules[/\\](js-yaml|yaml)[/\\]/.test(m))
      .map((m) => /(js-yaml|yaml)[/\\]/.exec(m)![1]);
    return { first: JSON.parse(r.stdout).files[0].findings[0], libraries: new Set(libraries) };
  };

  it('block-style manifests are read by the line scanner alone: neither js-yaml nor yaml is loaded', () => {
    const r = checkLoading(
      'block.yaml',
      'apiVersion: extensions/v1beta1\nkind: Ingress\nmetadata: {name: a, labels: {app: web}}\nspec:\n  backend:\n    serviceName: web\n    servicePort: 80\n',
    );
    expect(r.first).toMatchObject({ ruleId: 'api-version', line: 1 });
    expect(r.libraries).toEqual(new Set());
  });

  it('a document with a block scalar is loaded by js-yaml, which is loaded for it', () => {
    const r = checkLoading(
      'literal.yaml',
      'apiVersion: v1\nkind: ConfigMap\nmetadata: {name: a}\ndata:\n  script: |\n    echo hi\n---\napiVersion: extensions/v1beta1\nkind: Ingress\nmetadata: {name: b}\n',
    );
    expect(r.first).toMatchObject({ ruleId: 'api-version', line: 8 });
    expect(r.libraries).toEqual(new Set(['js-yaml']));
  });
});
