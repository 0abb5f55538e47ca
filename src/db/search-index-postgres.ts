// Full-text search over the knowledge base on PostgreSQL: a tsvector per document with a GIN index, the
// counterpart of the SQLite FTS5 index (search-index.ts) under the same contract. Words are split in
// JavaScript (search-words.ts: the index tokens, camel-case words included, and the forms of a typed word)
// and handed to PostgreSQL's 'simple' configuration already split, so both databases find the same
// documents for the same query.
// The table is derived data like the FTS5 one: the seeder rebuilds it, imports update it, each in the
// transaction that writes the data it indexes.
import type { Client, Pool } from 'pg';
import type { Tx } from './client';
import { MAX_SEARCH_MATCHES, SEARCH_INDEX_FORMAT, type SearchDoc, type SearchRow } from './search-index';
import { pgTableExists } from './postgres';
import { FIELD_WEIGHTS, indexTokens, queryWords, wordForms } from './search-words';

export const PG_SEARCH_TABLE = 'netkb_search';
const PG_FORMAT_TABLE = 'netkb_search_format';

const CREATE = [
  `CREATE TABLE IF NOT EXISTS ${PG_SEARCH_TABLE} (type text NOT NULL, key text NOT NULL, name text NOT NULL, summary text NOT NULL, notes text NOT NULL, document tsvector NOT NULL)`,
  `CREATE INDEX IF NOT EXISTS ${PG_SEARCH_TABLE}_document ON ${PG_SEARCH_TABLE} USING GIN (document)`,
  `CREATE INDEX IF NOT EXISTS ${PG_SEARCH_TABLE}_key ON ${PG_SEARCH_TABLE} (key)`,
];

// ts_rank takes weights from 0 to 1 in the order D, C, B, A: notes are C, summary B, name A.
const RANK_WEIGHTS = `'{0, ${FIELD_WEIGHTS.notes / FIELD_WEIGHTS.name}, ${FIELD_WEIGHTS.summary / FIELD_WEIGHTS.name}, 1}'`;

/**
 * Turns what a person typed into a tsquery: each word any of its forms, each form a phrase of its tokens,
 * the last word's forms a prefix, all words required. `weights` ("A") keeps only matches in those fields.
 */
function toTsQuery(text: string, weights = ''): string | null {
  const words = queryWords(text)
    .map(wordForms)
    .filter((forms) => forms.length > 0);
  if (words.length === 0) return null;
  return words
    .map((forms, i) => {
      const last = i === words.length - 1;
      const phrases = forms.map((f) =>
        f
          .map((tok, j) => (last && j === f.length - 1 ? `${tok}:*${weights}` : weights ? `${tok}:${weights}` : tok))
          .join(' <-> '),
      );
      return `(${phrases.join(' | ')})`;
    })
    .join(' & ');
}

async function insertDocs(tx: Tx, docs: SearchDoc[]): Promise<void> {
  const CHUNK = 500;
  for (let i = 0; i < docs.length; i += CHUNK) {
    const chunk = docs.slice(i, i + CHUNK);
    const params: string[] = [];
    const rows = chunk.map((d) => {
      const at = params.length;
      params.push(
        d.type,
        d.key,
        d.name,
        d.summary,
        d.notes,
        indexTokens(d.name).join(' '),
        indexTokens(d.summary).join(' '),
        indexTokens(d.notes).join(' '),
      );
      const p = (n: number) => `$${at + n}`;
      return `(${p(1)}, ${p(2)}, ${p(3)}, ${p(4)}, ${p(5)}, setweight(to_tsvector('simple', ${p(6)}), 'A') || setweight(to_tsvector('simple', ${p(7)}), 'B') || setweight(to_tsvector('simple', ${p(8)}), 'C'))`;
    });
    await tx.$executeRawUnsafe(
      `INSERT INTO ${PG_SEARCH_TABLE} (type, key, name, summary, notes, document) VALUES ${rows.join(', ')}`,
      ...params,
    );
  }
}

/** Replaces the whole index, inside the seed's transaction, and records its format (SEARCH_INDEX_FORMAT). */
export async function rebuildPgSearchIndex(tx: Tx, docs: SearchDoc[]): Promise<void> {
  for (const sql of CREATE) await tx.$executeRawUnsafe(sql);
  await tx.$executeRawUnsafe(`DELETE FROM ${PG_SEARCH_TABLE}`);
  await insertDocs(tx, docs);
  await tx.$executeRawUnsafe(`CREATE TABLE IF NOT EXISTS ${PG_FORMAT_TABLE} (format integer NOT NULL)`);
  await tx.$executeRawUnsafe(`DELETE FROM ${PG_FORMAT_TABLE}`);
  await tx.$executeRawUnsafe(`INSERT INTO ${PG_FORMAT_TABLE} (format) VALUES (${SEARCH_INDEX_FORMAT})`);
}

/** The format of a database's index; 1 when it has an index without a stated format, null without one. */
export async function pgSearchIndexFormat(client: Client): Promise<number | null> {
  if (!(await pgTableExists(client, PG_FORMAT_TABLE))) return (await pgTableExists(client, PG_SEARCH_TABLE)) ? 1 : null;
  const { rows } = await client.query<{ format: number | null }>(
    `SELECT max(format) AS format FROM ${PG_FORMAT_TABLE}`,
  );
  return rows[0].format;
}

/** Replaces the index entries of imported changes, inside the import's transaction. */
export async function upsertPgSearchDocs(tx: Tx, docs: SearchDoc[], removeKeys: string[]): Promise<void> {
  for (const sql of CREATE) await tx.$executeRawUnsafe(sql);
  const keys = [...new Set([...removeKeys, ...docs.map((d) => d.key)])];
  for (let i = 0; i < keys.length; i += 1000) {
    const chunk = keys.slice(i, i + 1000);
    await tx.$executeRawUnsafe(
      `DELETE FROM ${PG_SEARCH_TABLE} WHERE type = 'Change' AND key IN (${chunk.map((_, j) => `$${j + 1}`).join(', ')})`,
      ...chunk,
    );
  }
  await insertDocs(tx, docs);
}

export class PgSearchIndex {
  private readonly pool: Pool;
  private closed = false;

  constructor(url: string) {
    // pg is required here, when a PostgreSQL index is opened: on SQLite the module graph never loads it.
    const { Pool } = require('pg') as typeof import('pg');
    this.pool = new Pool({ connectionString: url, max: 4, idleTimeoutMillis: 30_000 });
    // An idle connection the server drops must not crash the process; the next query reconnects.
    this.pool.on('error', () => undefined);
  }

  async search(text: string, limit = MAX_SEARCH_MATCHES): Promise<SearchRow[]> {
    const query = toTsQuery(text);
    if (!query) return [];
    // The name is weight A: a match of the query restricted to A is a match in the name alone.
    const { rows } = await this.pool.query<SearchRow>(
      `SELECT type, key, ts_rank(${RANK_WEIGHTS}, document, q) * ${FIELD_WEIGHTS.name} AS score, document @@ qn AS "inName"
       FROM ${PG_SEARCH_TABLE}, to_tsquery('simple', $1) AS q, to_tsquery('simple', $2) AS qn
       WHERE document @@ q ORDER BY score DESC, type, key LIMIT $3`,
      [query, toTsQuery(text, 'A'), limit],
    );
    return rows;
  }

  /** Whether the database answers: what /readyz reports. */
  async ready(): Promise<boolean> {
    if (this.closed) return false;
    try {
      await this.pool.query('SELECT 1');
      return true;
    } catch {
      return false;
    }
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    void this.pool.end().catch(() => undefined);
  }
}
