// Imported release-note entries (see model ImportedNote): replace one release's imports atomically,
// read them all, and carry them over when a rebuild from seed/ replaces the database file.
import { existsSync } from 'node:fs';
import Database from 'better-sqlite3';
import { openPrisma } from './client';
import type { SearchDoc } from './search-index';

export interface ImportedNoteRow {
  key: string;
  version: number;
  position: number;
  kind: string;
  text: string;
  actionRequired: boolean;
  sigs: string[];
  components: string[];
  prs: number[];
  authors: string[];
  /** Seed-style references: "gate:Name", "flag:kube-proxy --x", ... */
  subjects: string[];
  sources: string[];
  importedAt: string;
  sourceFile: string;
}

const toDb = (r: ImportedNoteRow) => ({
  key: r.key, version: r.version, position: r.position, kind: r.kind, text: r.text, actionRequired: r.actionRequired,
  sigs: JSON.stringify(r.sigs), components: JSON.stringify(r.components), prs: JSON.stringify(r.prs), authors: JSON.stringify(r.authors),
  subjects: JSON.stringify(r.subjects), sources: JSON.stringify(r.sources), importedAt: r.importedAt, sourceFile: r.sourceFile,
});

export async function replaceImportedNotes(file: string, version: number, rows: ImportedNoteRow[]): Promise<void> {
  const db = openPrisma(file);
  try {
    await db.$transaction([
      db.importedNote.deleteMany({ where: { version } }),
      db.importedNote.createMany({ data: rows.map(toDb) }),
    ]);
  } finally {
    await db.$disconnect();
  }
}

export async function readImportedNotes(file: string): Promise<ImportedNoteRow[]> {
  const db = openPrisma(file);
  try {
    const rows = await db.importedNote.findMany({ orderBy: [{ version: 'asc' }, { position: 'asc' }] });
    return rows.map((r) => ({
      key: r.key, version: r.version, position: r.position, kind: r.kind, text: r.text, actionRequired: r.actionRequired,
      sigs: JSON.parse(r.sigs), components: JSON.parse(r.components), prs: JSON.parse(r.prs), authors: JSON.parse(r.authors),
      subjects: JSON.parse(r.subjects), sources: JSON.parse(r.sources), importedAt: r.importedAt, sourceFile: r.sourceFile,
    }));
  } finally {
    await db.$disconnect();
  }
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
    const rows = old.prepare('SELECT key, version, position, kind, text, actionRequired, sigs, components, prs, authors, subjects, sources, importedAt, sourceFile FROM ImportedNote').all() as Record<string, unknown>[];
    if (rows.length === 0) return [];
    const target = new Database(to);
    try {
      const insert = target.prepare(`INSERT INTO ImportedNote (key, version, position, kind, text, actionRequired, sigs, components, prs, authors, subjects, sources, importedAt, sourceFile)
        VALUES (@key, @version, @position, @kind, @text, @actionRequired, @sigs, @components, @prs, @authors, @subjects, @sources, @importedAt, @sourceFile)`);
      target.transaction(() => { for (const r of rows) insert.run(r); })();
    } finally {
      target.close();
    }
    return rows.map((r) => ({
      key: String(r.key), version: Number(r.version), position: Number(r.position), kind: String(r.kind), text: String(r.text),
      actionRequired: Boolean(r.actionRequired), sigs: JSON.parse(String(r.sigs)), components: JSON.parse(String(r.components)),
      prs: JSON.parse(String(r.prs)), authors: JSON.parse(String(r.authors)), subjects: JSON.parse(String(r.subjects)),
      sources: JSON.parse(String(r.sources)), importedAt: String(r.importedAt), sourceFile: String(r.sourceFile),
    }));
  } finally {
    old.close();
  }
}

/** Search documents for imported entries, so they are found like the reviewed ones. */
export function importedSearchDocs(rows: ImportedNoteRow[]): SearchDoc[] {
  return rows.map((r) => ({ type: 'Change', key: r.key, name: r.prs.map((p) => `#${p} ${p}`).join(' '), summary: r.text, notes: r.subjects.map((s) => s.replace(/^[a-z]+:/, '')).join(' ') }));
}
