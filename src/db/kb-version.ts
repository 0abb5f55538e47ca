// A cheap fingerprint of what the knowledge base holds: which seed built it and when, and how many
// imported notes it has and the newest import time. Every replica polls it and reloads its in-memory
// index when it changes (another replica seeded or imported). It reads rows of the data model only
// (KbMeta, ImportedNote): a seed rewrites KbMeta, an import replaces rows with a new importedAt, both in
// the transaction that writes their data, so a changed fingerprint means the new data is committed.
import { existsSync } from 'node:fs';
import Database from 'better-sqlite3';
import { Pool } from 'pg';
import { isPostgres } from './location';

const FINGERPRINT = `SELECT m."seedHash" || '|' || m."seededAt" || '|' || (SELECT count(*) FROM "ImportedNote") || '|' ||
  coalesce((SELECT max("importedAt") FROM "ImportedNote"), '') AS fingerprint FROM "KbMeta" m WHERE m.id = 1`;

export interface KbVersionProbe {
  /** The fingerprint now; '' when the database has no knowledge base (yet). */
  read(): Promise<string>;
  close(): void;
}

export function openKbVersionProbe(location: string): KbVersionProbe {
  if (isPostgres(location)) {
    const pool = new Pool({ connectionString: location, max: 1, idleTimeoutMillis: 60_000 });
    pool.on('error', () => undefined);
    return {
      async read() {
        const { rows } = await pool.query<{ fingerprint: string }>(FINGERPRINT);
        return rows[0]?.fingerprint ?? '';
      },
      close() {
        void pool.end().catch(() => undefined);
      },
    };
  }
  return {
    // A seed replaces the SQLite file by renaming a new one over it: open it anew for every read.
    async read() {
      if (!existsSync(location)) return '';
      const db = new Database(location, { readonly: true, fileMustExist: true });
      try {
        const row = db.prepare(FINGERPRINT).get() as { fingerprint: string } | undefined;
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
