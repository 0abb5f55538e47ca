// Ranked full-text search (SQLite FTS5 or PostgreSQL tsvector, see db/search.ts) mapped back onto
// in-memory objects.
import { badUserInput } from '../errors';
import type { KnowledgeBase } from '../kb/knowledge-base';
import type { Change, Subject } from '../kb/model';
import type { SearchRow } from '../db/search-index';

export interface Searcher {
  search(text: string, limit: number): SearchRow[] | Promise<SearchRow[]>;
}
export interface SearchHit {
  score: number;
  subject: Subject | null;
  change: Change | null;
}

export const MAX_SEARCH_RESULTS = 100;

export async function searchKnowledgeBase(
  kb: KnowledgeBase,
  searcher: Searcher,
  text: string,
  first?: number | null,
): Promise<SearchHit[]> {
  const limit = first ?? 20;
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_SEARCH_RESULTS) {
    throw badUserInput(`first must be from 1 to ${MAX_SEARCH_RESULTS}, got ${first}`, { argument: 'first' });
  }
  if (text.length > 500) throw badUserInput('text: a search is at most 500 characters', { argument: 'text' });
  const hits: SearchHit[] = [];
  // A subject named exactly what was typed comes first, whatever the notes that mention it weigh.
  const wanted = text.trim().toLowerCase();
  const exact = wanted ? exactSubjects(kb, wanted) : [];
  for (const row of await searcher.search(text, limit)) {
    const score = Math.round(row.score * 1000) / 1000;
    if (row.type === 'Change') {
      const change = kb.change(row.key);
      if (change) hits.push({ score, subject: null, change });
    } else {
      const subject = kb.subject(row.type, row.key);
      if (subject) hits.push({ score, subject, change: null });
    }
  }
  if (exact.length === 0) return hits;
  const top = Math.max(0, ...hits.map((h) => h.score)) + 1;
  const rest = hits.filter((h) => !h.subject || !exact.includes(h.subject));
  return [...exact.map((subject) => ({ score: top, subject, change: null })), ...rest].slice(0, limit);
}

function exactSubjects(kb: KnowledgeBase, wanted: string): Subject[] {
  const named: Subject[] = [
    ...kb.featureGates.filter((g) => g.name.toLowerCase() === wanted),
    ...kb.flags.filter((f) => f.name.toLowerCase() === wanted || f.name.slice(2).toLowerCase() === wanted),
    ...kb.wellKnownKeys.filter((k) => k.key.toLowerCase() === wanted),
    ...kb.metrics.filter((m) => m.name.toLowerCase() === wanted),
  ];
  return named.slice(0, 5);
}
