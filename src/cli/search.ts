// netkb search TEXT: ranked full-text search over the knowledge base (the `search` query).
import type { Change, Subject } from '../kb/model';
import { formatOptionalVersion, formatVersion } from '../kb/version';
import { SEARCH_TYPES, searchKnowledgeBase, type SearchHit, type SearchType } from '../services/search';
import { clip, code, firstSentence, link } from '../services/markdown/text';
import { UsageError } from './files';
import { intOption, lookupVerb } from './lookup-verb';
import { textTable } from './text-table';

const SEARCH_HELP = `Usage: netkb search TEXT... [--type T[,T...]] [--first N] [--format table|json|markdown]

Finds feature gates, flags, API versions and fields, well-known labels, metrics and release notes by the
words of their names, summaries and notes (names weigh most). A record named exactly TEXT comes first.
Names are found by their words too: "DualStack" finds IPv6DualStack, "nftables" NFTablesProxyMode.
The words may be given as one argument or several. Works on the embedded database; no server needed.

Options:
  --type T      only these kinds of results, comma-separated (either spelling: feature-gate, FEATURE_GATE):
                ${typeOptionValues().join(', ')}
  --first N     how many results, 1 to 100 (default 20)
  --format F    table (default), json or markdown
  -h, --help    this text

Exit codes: 0 answered (also when nothing matches), 2 bad input (no TEXT, --first out of range,
unknown type or format).

Examples:
  netkb search conntrack --first 5
  netkb search DualStack --type feature-gate,change
`;

interface SearchResult {
  text: string;
  hits: SearchHit[];
  /** How many results match in all (more than hits when --first cut the list). */
  totalCount: number;
}

/** --type's values: the GraphQL SearchType names in lower case with dashes (feature-gate, flag, ...). */
function typeOptionValues(): string[] {
  return Object.values(SEARCH_TYPES).map((t) => t.toLowerCase().replace(/_/g, '-'));
}

/** Reads --type: names as typeOptionValues lists them, or as GraphQL spells them (FEATURE_GATE). */
function typeOption(raw: string | boolean | undefined): SearchType[] | undefined {
  if (typeof raw !== 'string') return undefined;
  const known = Object.values(SEARCH_TYPES) as string[];
  return raw
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .map((s) => {
      const name = s.toUpperCase().replace(/-/g, '_');
      if (!known.includes(name))
        throw new UsageError(`--type: unknown type "${s}"; use one or more of ${typeOptionValues().join(', ')}`);
      return name as SearchType;
    });
}

/** What a hit is called: "FeatureGate NFTablesProxyMode", "Flag kube-proxy --conntrack-max", "Change 1.29 #121046". */
function hitTitle(h: SearchHit): { type: string; name: string } {
  if (h.change)
    return {
      type: 'Change',
      name: `${formatVersion(h.change.version)}${h.change.prs.length > 0 ? ` ${h.change.prs.map((p) => `#${p}`).join(' ')}` : ''}`,
    };
  const s = h.subject as Subject;
  switch (s.typename) {
    case 'FeatureGate':
      return { type: s.typename, name: s.name };
    case 'Flag':
      return { type: s.typename, name: `${s.component} ${s.name}` };
    case 'ApiVersion':
      return { type: s.typename, name: `${s.apiVersion} ${s.kind}` };
    case 'ApiField':
      return { type: s.typename, name: `${s.kind} ${s.path}` };
    case 'WellKnownKey':
      return { type: s.typename, name: s.key };
    case 'Metric':
      return { type: s.typename, name: s.name };
  }
}

function hitSummary(h: SearchHit): string {
  const s = (h.change ?? h.subject) as Change | Subject;
  return 'summary' in s && s.summary
    ? s.summary
    : s.typename === 'ApiVersion'
      ? (s.migrationNotes ?? s.notes ?? '')
      : '';
}

function searchJson(r: SearchResult) {
  return r.hits.map((h) => {
    const record = (h.change ?? h.subject) as Change | Subject;
    const { type, name } = hitTitle(h);
    return {
      score: h.score,
      type,
      name,
      version: h.change ? formatVersion(h.change.version) : null,
      removedIn: h.subject && 'removedIn' in h.subject ? formatOptionalVersion(h.subject.removedIn) : null,
      summary: hitSummary(h),
      sources: record.sources,
    };
  });
}

export const runSearch = lookupVerb<SearchResult>({
  name: 'search',
  help: SEARCH_HELP,
  positionals: ['TEXT'],
  rest: true,
  options: { first: { type: 'string' }, type: { type: 'string' } },
  answer: async (kb, [text], options, io) => {
    if (!text.trim()) throw new UsageError('TEXT is empty: give words to search for');
    const first = intOption(options, 'first');
    const types = typeOption(options.type);
    const searcher = io.loadSearcher();
    try {
      const found = await searchKnowledgeBase(kb, searcher, text, { first, types });
      return { text, hits: found.nodes, totalCount: found.totalCount };
    } finally {
      searcher.close();
    }
  },
  table: (r) =>
    r.hits.length === 0
      ? `Nothing matches "${r.text}".\n`
      : textTable(
          ['SCORE', 'TYPE', 'NAME', 'SUMMARY'],
          r.hits.map((h) => {
            const t = hitTitle(h);
            return [h.score.toFixed(2), t.type, t.name, clip(firstSentence(hitSummary(h)), 100)];
          }),
        ) +
        '\n' +
        (r.totalCount > r.hits.length ? `${r.hits.length} of ${r.totalCount} results; --first N shows more.\n` : ''),
  json: searchJson,
  markdown: (r) =>
    r.hits.length === 0
      ? `Nothing in netkb matches “${r.text}”.\n`
      : [
          `**netkb search: ${r.text.replace(/[*_`[\]]/g, '')}**`,
          '',
          ...r.hits.map((h) => {
            const t = hitTitle(h);
            const url = ((h.change ?? h.subject) as Change | Subject).sources[0];
            return `- ${t.type} ${code(t.name)}: ${clip(firstSentence(hitSummary(h)), 160)}${url ? ` (${link('source', url)})` : ''}`;
          }),
        ].join('\n') + '\n',
});
