// Full-text search over the knowledge base with SQLite FTS5 (PostgreSQL: search-index-postgres.ts). The
// index is derived data: the seeder rebuilds it in every new database file, so it is not part of the
// Prisma data model. Its columns hold the index tokens of search-words.ts (each name also as its
// camel-case words), which unicode61 reads back as the same tokens.
import Database from 'better-sqlite3';
import { FIELD_WEIGHTS, indexTokens, queryWords, wordForms } from './search-words';

export type SearchDocType = 'FeatureGate' | 'Flag' | 'ApiVersion' | 'ApiField' | 'WellKnownKey' | 'Metric' | 'Change';
export interface SearchDoc {
  type: SearchDocType;
  key: string;
  name: string;
  summary: string;
  notes: string;
}
/**
 * How the index is made (bumped when search-words.ts changes what is indexed): stored beside the index, so
 * that start-up rebuilds a database whose index an older netkb made (ensure.ts). 2: camel-case words.
 */
export const SEARCH_INDEX_FORMAT = 2;
const SEARCH_FORMAT_TABLE = 'search_index_format';

/** Every match is read, so that a search can count and page them; a bound on what one search holds. */
export const MAX_SEARCH_MATCHES = 10_000;

export interface SearchRow {
  type: SearchDocType;
  key: string;
  score: number;
  /** Whether the document's name alone matches (the service ranks these above matches in text). */
  inName: boolean;
}

/** Replaces the index entries of the given keys (used when release notes are imported). */
/** The name, summary and notes of a document as the index holds them: their index tokens. */
function indexedFields(d: SearchDoc): [string, string, string] {
  return [indexTokens(d.name).join(' '), indexTokens(d.summary).join(' '), indexTokens(d.notes).join(' ')];
}

export function upsertSearchDocs(file: string, docs: SearchDoc[], removeKeys: string[]): void {
  const db = new Database(file);
  try {
    const del = db.prepare("DELETE FROM search_index WHERE type = 'Change' AND key = ?");
    const insert = db.prepare('INSERT INTO search_index (type, key, name, summary, notes) VALUES (?, ?, ?, ?, ?)');
    db.transaction(() => {
      for (const k of removeKeys) del.run(k);
      for (const d of docs) insert.run(d.type, d.key, ...indexedFields(d));
    })();
  } finally {
    db.close();
  }
}

export function buildSearchIndex(file: string, docs: SearchDoc[]): void {
  const db = new Database(file);
  try {
    db.exec(`DROP TABLE IF EXISTS search_index;
      CREATE VIRTUAL TABLE search_index USING fts5(type UNINDEXED, key UNINDEXED, name, summary, notes, tokenize = 'unicode61');
      DROP TABLE IF EXISTS ${SEARCH_FORMAT_TABLE};
      CREATE TABLE ${SEARCH_FORMAT_TABLE} (format INTEGER NOT NULL);`);
    const insert = db.prepare('INSERT INTO search_index (type, key, name, summary, notes) VALUES (?, ?, ?, ?, ?)');
    db.transaction(() => {
      for (const d of docs) insert.run(d.type, d.key, ...indexedFields(d));
      db.prepare(`INSERT INTO ${SEARCH_FORMAT_TABLE} (format) VALUES (?)`).run(SEARCH_INDEX_FORMAT);
    })();
  } finally {
    db.close();
  }
}

/** The format of an SQLite file's index; 1 when it has an index without a stated format, null without one. */
export function searchIndexFormat(file: string): number | null {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    const table = (name: string) =>
      db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?").get(name) !== undefined;
    if (!table(SEARCH_FORMAT_TABLE)) return table('search_index') ? 1 : null;
    const row = db.prepare(`SELECT max(format) AS format FROM ${SEARCH_FORMAT_TABLE}`).get() as {
      format: number | null;
    };
    return row.format;
  } finally {
    db.close();
  }
}

/**
 * Turns what a person typed into an FTS5 query that cannot be a syntax error (phrases hold only letters
 * and digits): every word becomes its forms as quoted phrases ("kube-proxy" matches the tokens kube, proxy
 * in a row; "DualStack" matches dualstack or dual stack), the last word's forms also match as a prefix,
 * and all the words must match.
 */
function toFtsQuery(text: string): string | null {
  const words = queryWords(text)
    .map(wordForms)
    .filter((forms) => forms.length > 0);
  if (words.length === 0) return null;
  return words
    .map((forms, i) => {
      const prefix = i === words.length - 1 ? '*' : '';
      return `(${forms.map((f) => `"${f.join(' ')}"${prefix}`).join(' OR ')})`;
    })
    .join(' AND ');
}

export class SearchIndex {
  private readonly db: Database.Database;
  private readonly stmt: Database.Statement;
  private readonly inNameStmt: Database.Statement;

  constructor(file: string) {
    this.db = new Database(file, { readonly: true, fileMustExist: true });
    // Weights: a hit in the name counts most, then the summary, then notes.
    this.stmt = this.db.prepare(
      `SELECT type, key, -bm25(search_index, 0, 0, ${FIELD_WEIGHTS.name}.0, ${FIELD_WEIGHTS.summary}.0, ${FIELD_WEIGHTS.notes}.0) AS score
       FROM search_index WHERE search_index MATCH ? ORDER BY score DESC, type, key LIMIT ?`,
    );
    this.inNameStmt = this.db.prepare('SELECT type, key FROM search_index WHERE search_index MATCH ?');
  }

  search(text: string, limit = MAX_SEARCH_MATCHES): SearchRow[] {
    const query = toFtsQuery(text);
    if (!query) return [];
    const rows = this.stmt.all(query, limit) as Omit<SearchRow, 'inName'>[];
    const named = new Set(
      (this.inNameStmt.all(`{name} : (${query})`) as { type: string; key: string }[]).map((r) => `${r.type}:${r.key}`),
    );
    return rows.map((r) => ({ ...r, inName: named.has(`${r.type}:${r.key}`) }));
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
