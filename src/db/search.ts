// Opens the full-text index of a database location: FTS5 in an SQLite file, tsvector in PostgreSQL.
import { isPostgres } from './location';
import { withPgClient } from './postgres';
import { pgSearchIndexFormat, PgSearchIndex, rebuildPgSearchIndex } from './search-index-postgres';
import { buildSearchIndex, SEARCH_INDEX_FORMAT, SearchIndex, searchIndexFormat, type SearchDoc } from './search-index';

export interface OpenSearchIndex {
  /** Every match (at most `limit`, default MAX_SEARCH_MATCHES), best first. */
  search(text: string, limit?: number): ReturnType<SearchIndex['search']> | ReturnType<PgSearchIndex['search']>;
  ready(): boolean | Promise<boolean>;
  close(): void;
}

export function openSearchIndex(location: string): OpenSearchIndex {
  return isPostgres(location) ? new PgSearchIndex(location) : new SearchIndex(location);
}

/** Replaces the whole index of a location with `docs` (the seeder does this inside its own build). */
export async function rebuildSearchIndexAt(location: string, docs: SearchDoc[]): Promise<void> {
  if (!isPostgres(location)) return buildSearchIndex(location, docs);
  // Prisma is loaded only here: a server that only reads the index does not carry its client.
  const { openPrisma } = await import('./client');
  const db = openPrisma(location);
  try {
    await db.$transaction((tx) => rebuildPgSearchIndex(tx, docs), { timeout: 120_000 });
  } finally {
    await db.$disconnect();
  }
}

/** Whether the location's search index was made the way this netkb makes it (false too when it has none). */
export async function searchIndexCurrentAt(location: string): Promise<boolean> {
  const format = isPostgres(location) ? await withPgClient(location, pgSearchIndexFormat) : searchIndexFormat(location);
  return format === SEARCH_INDEX_FORMAT;
}
