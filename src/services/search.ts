// Ranked full-text search (SQLite FTS5, see db/search-index.ts) mapped back onto in-memory objects.
import { badUserInput } from '../errors';
import type { KnowledgeBase } from '../kb/knowledge-base';
import type { Change, Subject } from '../kb/model';
import type { SearchRow } from '../db/search-index';

export interface Searcher { search(text: string, limit: number): SearchRow[] }
export interface SearchHit { score: number; subject: Subject | null; change: Change | null }

export const MAX_SEARCH_RESULTS = 100;

export function searchKnowledgeBase(kb: KnowledgeBase, searcher: Searcher, text: string, first?: number | null): SearchHit[] {
  const limit = first ?? 20;
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_SEARCH_RESULTS) {
    throw badUserInput(`first must be from 1 to ${MAX_SEARCH_RESULTS}, got ${first}`, { argument: 'first' });
  }
  if (text.length > 500) throw badUserInput('text: a search is at most 500 characters', { argument: 'text' });
  const hits: SearchHit[] = [];
  for (const row of searcher.search(text, limit)) {
    const score = Math.round(row.score * 1000) / 1000;
    if (row.type === 'Change') {
      const change = kb.change(row.key);
      if (change) hits.push({ score, subject: null, change });
    } else {
      const subject = kb.subject(row.type, row.key);
      if (subject) hits.push({ score, subject, change: null });
    }
  }
  return hits;
}
