// Opens the full-text index of a database location: FTS5 in an SQLite file, tsvector in PostgreSQL.
import { isPostgres } from './location';
import { PgSearchIndex } from './search-index-postgres';
import { SearchIndex } from './search-index';

export interface OpenSearchIndex {
  search(text: string, limit: number): ReturnType<SearchIndex['search']> | ReturnType<PgSearchIndex['search']>;
  ready(): boolean | Promise<boolean>;
  close(): void;
}

export function openSearchIndex(location: string): OpenSearchIndex {
  return isPostgres(location) ? new PgSearchIndex(location) : new SearchIndex(location);
}
