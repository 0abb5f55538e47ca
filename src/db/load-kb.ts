// How the command line and the server get the knowledge base: from the snapshot file beside the database
// (kb-snapshot-file.ts) when it is whole and at the database's current knowledge-base version, else from
// the database through Prisma, writing a new snapshot file for the next start.
//
// Prisma (its WASM query compiler and driver, heavy in time and memory: docs/performance.md) is imported only on that
// second path: a `netkb check` that finds a current snapshot file never loads it.
import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { snapshotDir } from '../config';
import type { KbModel } from '../kb/model';
import { readKbFingerprint } from './kb-fingerprint';
import { readSnapshotFile, writeSnapshotFile, type SnapshotRead } from './kb-snapshot-file';
import { isPostgres } from './location';

interface ReadFromDatabase {
  (location: string): Promise<{ model: KbModel; fingerprint: string }>;
}

interface LoadedKb {
  model: KbModel;
  /** The database's knowledge-base version the model is of (kb-fingerprint.ts). */
  fingerprint: string;
  /** The snapshot's v8-serialized bytes, when it came from the snapshot file (for the analysis workers). */
  serialized?: Uint8Array;
  /** Where it came from; with 'database', why the snapshot file was not used. */
  source: { from: 'snapshot' } | { from: 'database'; because: Exclude<SnapshotRead, { ok: true }> };
}

/**
 * Where the snapshot of a location lives: beside an SQLite file (netkb.db -> netkb.db.kbsnap); for a
 * PostgreSQL URL, a local cache file named by a hash of the URL in NETKB_SNAPSHOT_DIR (default data/).
 */
export function snapshotPath(location: string): string {
  if (!isPostgres(location)) return `${location}.kbsnap`;
  return join(snapshotDir(), `postgresql-${createHash('sha256').update(location).digest('hex').slice(0, 16)}.kbsnap`);
}

/** Where ensure.ts remembers the seed files' hash against their metadata (seed-hash.ts), beside the snapshot file. */
export function seedHashCachePath(location: string): string {
  return snapshotPath(location).replace(/\.kbsnap$/, '.seedhash');
}

/** Reads in this process, loading Prisma only now. */
const readInProcess: ReadFromDatabase = async (location) =>
  (await import('./read-kb')).readKnowledgeBaseAndFingerprint(location);

export async function loadKnowledgeBase(
  location: string,
  readFromDatabase: ReadFromDatabase = readInProcess,
): Promise<LoadedKb> {
  const current = await readKbFingerprint(location);
  const path = snapshotPath(location);
  const found: SnapshotRead = current
    ? readSnapshotFile(path, current)
    : { ok: false, reason: 'missing', detail: 'the database has no knowledge base yet' };
  if (found.ok)
    return {
      model: found.model,
      serialized: found.serialized,
      fingerprint: current,
      source: { from: 'snapshot' },
    };
  const { model, fingerprint } = await readFromDatabase(location);
  writeSnapshotQuietly(path, model, fingerprint);
  return { model, fingerprint, source: { from: 'database', because: found } };
}

/**
 * Writes the snapshot file of what the database holds now, after an import lands, so the next start does not
 * pay for reading through Prisma (a seed writes its compiled knowledge base instead: write-seed.ts). A cache: when this fails, the seed or import still stands and
 * the next start finds the snapshot file stale and reads the database instead.
 */
export async function refreshSnapshot(location: string, readFromDatabase = readInProcess): Promise<void> {
  try {
    const { model, fingerprint } = await readFromDatabase(location);
    writeSnapshotQuietly(snapshotPath(location), model, fingerprint);
  } catch {
    /* see above */
  }
}

/**
 * Keeps `model` as the snapshot file of `location`, for the database at `fingerprint`. A cache: when the file
 * cannot be written, the next start reads the database instead.
 */
export function saveSnapshot(location: string, model: KbModel, fingerprint: string): void {
  writeSnapshotQuietly(snapshotPath(location), model, fingerprint);
}

function writeSnapshotQuietly(path: string, model: KbModel, fingerprint: string): void {
  if (!fingerprint) return;
  try {
    mkdirSync(dirname(path), { recursive: true });
    writeSnapshotFile(path, model, fingerprint);
  } catch {
    // A read-only folder: the next start reads the database again, which is slower but right.
  }
}
