// A cheap fingerprint of what the knowledge base holds: which seed built it and when, and how many
// imported notes it has and the newest import time. Every replica polls it and reloads its in-memory
// index when it changes (another replica seeded or imported). It reads rows of the data model only
// (KbMeta, ImportedNote): a seed rewrites KbMeta, an import replaces rows with a new importedAt, both in
// the transaction that writes their data, so a changed fingerprint means the new data is committed.
// pg is loaded on first use (a type-only import here): the command line on SQLite never needs it.
import { existsSync } from 'node:fs';
import Database from 'better-sqlite3';
import type { Pool } from 'pg';
import { isPostgres } from './location';

export const KB_FINGERPRINT_SQL = `SELECT m."seedHash" || '|' || m."seededAt" || '|' || (SELECT count(*) FROM "ImportedNote") || '|' ||
  coalesce((SELECT max("importedAt") FROM "ImportedNote"), '') AS fingerprint FROM "KbMeta" m WHERE m.id = 1`;

/**
 * The fingerprint KB_FINGERPRINT_SQL reads from a database whose KbMeta holds `seedHash` and `seededAt` and
 * which keeps `imported` (test/db/compile.test.ts holds the two to each other).
 */
export function kbFingerprint(seedHash: string, seededAt: string, imported: { importedAt: string }[]): string {
  const newest = imported.reduce((max, r) => (r.importedAt > max ? r.importedAt : max), '');
  return `${seedHash}|${seededAt}|${imported.length}|${newest}`;
}

interface KbVersionProbe {
  /** The fingerprint now; '' when the database has no knowledge base (yet). */
  read(): Promise<string>;
  close(): void;
}

export function openKbVersionProbe(location: string): KbVersionProbe {
  if (isPostgres(location)) {
    let pool: Promise<Pool> | null = null;
    const open = async () => {
      const { Pool } = await import('pg');
      const p = new Pool({ connectionString: location, max: 1, idleTimeoutMillis: 60_000 });
      p.on('error', () => undefined);
      return p;
    };
    return {
      async read() {
        pool ??= open();
        const { rows } = await (await pool).query<{ fingerprint: string }>(KB_FINGERPRINT_SQL);
        return rows[0]?.fingerprint ?? '';
      },
      close() {
        void pool?.then((p) => p.end()).catch(() => undefined);
      },
    };
  }
  return {
    // A seed replaces the SQLite file by renaming a new one over it: open it anew for every read.
    async read() {
      if (!existsSync(location)) return '';
      const db = new Database(location, { readonly: true, fileMustExist: true });
      try {
        const row = db.prepare(KB_FINGERPRINT_SQL).get() as { fingerprint: string } | undefined;
        return row?.fingerprint ?? '';
      } finally {
        db.close();
      }
    },
    close() {
      /* nothing held open */
    },
  };
}

/** The fingerprint now, read once (a probe opened and closed); '' when the database has no knowledge base. */
export async function readKbFingerprint(location: string): Promise<string> {
  const probe = openKbVersionProbe(location);
  try {
    return await probe.read();
  } finally {
    probe.close();
  }
}
