// Ranked full-text search (SQLite FTS5 or PostgreSQL tsvector, see db/search.ts) mapped back onto
// in-memory objects, filtered by type and paged like every connection.
import { badUserInput } from '../errors';
import type { KnowledgeBase } from '../kb/knowledge-base';
import type { Change, Subject } from '../kb/model';
import type { SearchDocType, SearchRow } from '../db/search-index';
import { paginate, type Connection, type PageArgs } from './pagination';

export interface Searcher {
  search(text: string): SearchRow[] | Promise<SearchRow[]>;
}

/** The GraphQL SearchType of each kind of indexed document. */
export const SEARCH_TYPES = {
  FeatureGate: 'FEATURE_GATE',
  Flag: 'FLAG',
  ApiVersion: 'API_VERSION',
  ApiField: 'API_FIELD',
  WellKnownKey: 'WELL_KNOWN_KEY',
  Metric: 'METRIC',
  Change: 'CHANGE',
} as const satisfies Record<SearchDocType, string>;
export type SearchType = (typeof SEARCH_TYPES)[SearchDocType];

export interface SearchHit {
  score: number;
  type: SearchType;
  subject: Subject | null;
  change: Change | null;
}

interface SearchArgs extends PageArgs {
  /** Only results of these types; null or empty: every type. */
  types?: readonly SearchType[] | null;
}

const MAX_SEARCH_TEXT = 500;

export async function searchKnowledgeBase(
  kb: KnowledgeBase,
  searcher: Searcher,
  text: string,
  args: SearchArgs = {},
): Promise<Connection<SearchHit>> {
  if (text.length > MAX_SEARCH_TEXT) {
    throw badUserInput(`text: a search is at most ${MAX_SEARCH_TEXT} characters`, { argument: 'text' });
  }
  const types = args.types && args.types.length > 0 ? new Set(args.types) : null;
  const wanted = (hit: SearchHit) => !types || types.has(hit.type);
  const rows = await searcher.search(text);
  // Names weigh most: a document whose name alone matches ranks above every match in summaries and notes
  // only (however often a long release note repeats the words), lifted by the best score of those.
  const lift = Math.max(0, ...rows.filter((r) => !r.inName).map((r) => r.score));
  const ordered = [...rows.filter((r) => r.inName), ...rows.filter((r) => !r.inName)];
  const hits: SearchHit[] = [];
  for (const row of ordered) {
    const score = Math.round((row.inName ? row.score + lift : row.score) * 1000) / 1000;
    const type = SEARCH_TYPES[row.type];
    if (row.type === 'Change') {
      const change = kb.change(row.key);
      if (change) hits.push({ score, type, subject: null, change });
    } else {
      const subject = kb.subject(row.type, row.key);
      if (subject) hits.push({ score, type, subject, change: null });
    }
  }
  // A subject named exactly what was typed comes first, whatever the notes that mention it weigh.
  const needle = text.trim().toLowerCase();
  const exact = needle ? exactSubjects(kb, needle) : [];
  const top = Math.max(0, ...hits.map((h) => h.score)) + 1;
  const ranked = [
    ...exact.map((subject): SearchHit => ({ score: top, type: SEARCH_TYPES[subject.typename], subject, change: null })),
    ...hits.filter((h) => !h.subject || !exact.includes(h.subject)),
  ].filter(wanted);
  return paginate(ranked, hitKey, args);
}

/** A hit's natural key, what its cursor holds: its type and the subject's or change's key. */
function hitKey(hit: SearchHit): string {
  return `${hit.type}:${hit.change ? hit.change.key : (hit.subject as Subject).key}`;
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
