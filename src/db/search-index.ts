// Full-text search over the knowledge base with SQLite FTS5 (PostgreSQL: search-index-postgres.ts). The
// index is derived data: the seeder rebuilds it in every new database file, so it is not part of the
// Prisma data model.
import Database from 'better-sqlite3';
import { FIELD_WEIGHTS, queryWords } from './search-words';

export type SearchDocType = 'FeatureGate' | 'Flag' | 'ApiVersion' | 'ApiField' | 'WellKnownKey' | 'Metric' | 'Change';
export interface SearchDoc {
  type: SearchDocType;
  key: string;
  name: string;
  summary: string;
  notes: string;
}
export interface SearchRow {
  type: SearchDocType;
  key: string;
  score: number;
}

/** Replaces the index entries of the given keys (used when release notes are imported). */
export function upsertSearchDocs(file: string, docs: SearchDoc[], removeKeys: string[]): void {
  const db = new Database(file);
  try {
    const del = db.prepare("DELETE FROM search_index WHERE type = 'Change' AND key = ?");
    const insert = db.prepare('INSERT INTO search_index (type, key, name, summary, notes) VALUES (?, ?, ?, ?, ?)');
    db.transaction(() => {
      for (const k of removeKeys) del.run(k);
      for (const d of docs) insert.run(d.type, d.key, d.name, d.summary, d.notes);
    })();
  } finally {
    db.close();
  }
}

export function buildSearchIndex(file: string, docs: SearchDoc[]): void {
  const db = new Database(file);
  try {
    db.exec(`DROP TABLE IF EXISTS search_index;
      CREATE VIRTUAL TABLE search_index USING fts5(type UNINDEXED, key UNINDEXED, name, summary, notes, tokenize = 'unicode61');`);
    const insert = db.prepare('INSERT INTO search_index (type, key, name, summary, notes) VALUES (?, ?, ?, ?, ?)');
    db.transaction(() => {
      for (const d of docs) insert.run(d.type, d.key, d.name, d.summary, d.notes);
    })();
  } finally {
    db.close();
  }
}

/**
 * Turns what a person typed into an FTS5 query that cannot be a syntax error: every word becomes a
 * quoted phrase ("kube-proxy" matches the tokens kube, proxy in a row), the last one also matches as a
 * prefix, and all of them must match.
 */
export function toFtsQuery(text: string): string | null {
  const words = queryWords(text);
  if (words.length === 0) return null;
  return words.map((w, i) => `"${w}"${i === words.length - 1 ? '*' : ''}`).join(' ');
}

export class SearchIndex {
  private readonly db: Database.Database;
  private readonly stmt: Database.Statement;

  constructor(file: string) {
    this.db = new Database(file, { readonly: true, fileMustExist: true });
    // Weights: a hit in the name counts most, then the summary, then notes.
    this.stmt = this.db.prepare(
      `SELECT type, key, -bm25(search_index, 0, 0, ${FIELD_WEIGHTS.name}.0, ${FIELD_WEIGHTS.summary}.0, ${FIELD_WEIGHTS.notes}.0) AS score
       FROM search_index WHERE search_index MATCH ? ORDER BY score DESC LIMIT ?`,
    );
  }

  search(text: string, limit: number): SearchRow[] {
    const query = toFtsQuery(text);
    if (!query) return [];
    return this.stmt.all(query, limit) as SearchRow[];
  }

  /** Whether the database answers: what /readyz reports. */
  ready(): boolean {
    try {
      return this.db.open && this.db.prepare('SELECT 1 AS ok').get() !== undefined;
    } catch {
      return false;
    }
  }

  close(): void {
    if (this.db.open) this.db.close();
  }
}
