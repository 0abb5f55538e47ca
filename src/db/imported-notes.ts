// Imported release-note entries (see model ImportedNote): replace one release's imports atomically,
// and carry them over when a rebuild from seed/ replaces the database file.
import { existsSync } from 'node:fs';
import Database from 'better-sqlite3';
import type { ImportedNote } from '../kb/compile';
import { refreshSnapshot } from './load-kb';
import { isPostgres } from './location';
import { upsertSearchDocs, type SearchDoc } from './search-index';
import { upsertPgSearchDocs } from './search-index-postgres';

/** An imported entry as its table holds it: the knowledge base's fields and the file it came from. */
export interface ImportedNoteRow extends ImportedNote {
  sourceFile: string;
}

const toDb = (r: ImportedNoteRow) => ({
  key: r.key,
  version: r.version,
  position: r.position,
  kind: r.kind,
  text: r.text,
  actionRequired: r.actionRequired,
  sigs: JSON.stringify(r.sigs),
  components: JSON.stringify(r.components),
  prs: JSON.stringify(r.prs),
  authors: JSON.stringify(r.authors),
  subjects: JSON.stringify(r.subjects),
  sources: JSON.stringify(r.sources),
  importedAt: r.importedAt,
  sourceFile: r.sourceFile,
});

/**
 * Replaces one release's imported rows and their search entries (`removeKeys`: the keys imported
 * before). On PostgreSQL both happen in one transaction, so a replica that reloads sees the notes and
 * their search entries together.
 */
export async function replaceImportedNotes(
  location: string,
  version: number,
  rows: ImportedNoteRow[],
  removeKeys: string[],
): Promise<void> {
  // Prisma is loaded here, to write: the readers that import this module for its row helpers do not need it.
  const { openPrisma } = await import('./client');
  const db = openPrisma(location);
  try {
    if (isPostgres(location)) {
      await db.$transaction(
        async (tx) => {
          await tx.importedNote.deleteMany({ where: { version } });
          await tx.importedNote.createMany({ data: rows.map(toDb) });
          await upsertPgSearchDocs(tx, importedSearchDocs(rows), removeKeys);
        },
        { timeout: 60_000, maxWait: 30_000 },
      );
      await refreshSnapshot(location);
      return;
    }
    await db.$transaction([
      db.importedNote.deleteMany({ where: { version } }),
      db.importedNote.createMany({ data: rows.map(toDb) }),
    ]);
  } finally {
    await db.$disconnect();
  }
  upsertSearchDocs(location, importedSearchDocs(rows), removeKeys);
  await refreshSnapshot(location);
}

type ImportedNoteRecord = Record<keyof ImportedNoteRow, unknown>;

/** A stored row (Prisma's or SQLite's), its lists parsed. */
export function toImportedNoteRow(r: ImportedNoteRecord): ImportedNoteRow {
  return {
    key: String(r.key),
    version: Number(r.version),
    position: Number(r.position),
    kind: String(r.kind),
    text: String(r.text),
    actionRequired: Boolean(r.actionRequired),
    sigs: JSON.parse(String(r.sigs)),
    components: JSON.parse(String(r.components)),
    prs: JSON.parse(String(r.prs)),
    authors: JSON.parse(String(r.authors)),
    subjects: JSON.parse(String(r.subjects)),
    sources: JSON.parse(String(r.sources)),
    importedAt: String(r.importedAt),
    sourceFile: String(r.sourceFile),
  };
}

/** Copies every imported row of `from` (an older database file, if any) into `to`; returns the rows. */
export function carryOverImportedNotes(from: string, to: string): ImportedNoteRow[] {
  if (!existsSync(from)) return [];
  const old = new Database(from, { readonly: true, fileMustExist: true });
  try {
    let hasTable: unknown;
    try {
      hasTable = old.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'ImportedNote'").get();
    } catch {
      // Not an SQLite database (or a damaged one): there is nothing to carry over, and the rebuild replaces it.
      return [];
    }
    if (!hasTable) return [];
    const rows = old
      .prepare(
        'SELECT key, version, position, kind, text, actionRequired, sigs, components, prs, authors, subjects, sources, importedAt, sourceFile FROM ImportedNote',
      )
      .all() as Record<string, unknown>[];
    if (rows.length === 0) return [];
    const target = new Database(to);
    try {
      const insert =
        target.prepare(`INSERT INTO ImportedNote (key, version, position, kind, text, actionRequired, sigs, components, prs, authors, subjects, sources, importedAt, sourceFile)
        VALUES (@key, @version, @position, @kind, @text, @actionRequired, @sigs, @components, @prs, @authors, @subjects, @sources, @importedAt, @sourceFile)`);
      target.transaction(() => {
        for (const r of rows) insert.run(r);
      })();
    } finally {
      target.close();
    }
    return rows.map((r) => toImportedNoteRow(r as ImportedNoteRecord));
  } finally {
    old.close();
  }
}

/** Search documents for imported entries, so they are found like the reviewed ones. */
export function importedSearchDocs(rows: ImportedNoteRow[]): SearchDoc[] {
  return rows.map((r) => ({
    type: 'Change',
    key: r.key,
    name: r.prs.map((p) => `#${p} ${p}`).join(' '),
    summary: r.text,
    notes: r.subjects.map((s) => s.replace(/^[a-z]+:/, '')).join(' '),
  }));
}
