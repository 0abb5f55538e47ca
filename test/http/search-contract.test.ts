// The search contract both full-text indexes keep (SQLite FTS5 and PostgreSQL tsvector; CI runs this
// file on each): every typed word must match, the last one also as a prefix, a word with inner
// punctuation matches its parts in a row, and a match in the name outranks one in the summary, which
// outranks one in the notes. Typed operators and quotes are plain text, never a syntax error.
import { openSearchIndex, rebuildSearchIndexAt, type OpenSearchIndex } from '../../src/db/search';
import type { SearchDoc } from '../../src/db/search-index';
import { emptyDatabase } from '../support/database';

const doc = (key: string, name: string, summary: string, notes = ''): SearchDoc => ({
  type: 'Metric',
  key,
  name,
  summary,
  notes,
});
const DOCS = [
  doc('in-notes', 'alpha', 'nothing to see', 'mentions conntrack once'),
  doc('in-summary', 'beta', 'sets the conntrack table size'),
  doc('in-name', 'kube-proxy conntrack', 'a flag'),
  doc('hyphen', 'gamma', 'runs kube-proxy in ipvs mode'),
  doc('apart', 'delta', 'a proxy for kube things'),
  doc('accents', 'épsilon', 'Überlauf of the table'),
];

let index: OpenSearchIndex;
beforeAll(async () => {
  const location = await emptyDatabase();
  await rebuildSearchIndexAt(location, DOCS);
  index = openSearchIndex(location);
});
afterAll(() => index?.close());

const keys = async (text: string) => (await index.search(text, 10)).map((r) => r.key);

describe('full-text search contract', () => {
  it('ranks a match in the name over one in the summary over one in the notes', async () => {
    const rows = await index.search('conntrack', 10);
    expect(rows.map((r) => r.key)).toEqual(['in-name', 'in-summary', 'in-notes']);
    expect(rows[0].score).toBeGreaterThan(rows[1].score);
    expect(rows[1].score).toBeGreaterThan(rows[2].score);
    expect(rows[0].type).toBe('Metric');
  });

  it('requires every word, and matches the last one as a prefix', async () => {
    expect(await keys('conntrack table')).toEqual(['in-summary']);
    expect(await keys('connt')).toHaveLength(3);
    expect(await keys('conntrack nowhere')).toEqual([]);
  });

  it('matches a hyphenated word as its parts in a row, not anywhere', async () => {
    expect((await keys('kube-proxy')).sort()).toEqual(['hyphen', 'in-name']);
  });

  it('folds case and accents', async () => {
    expect(await keys('EPSILON')).toEqual(['accents']);
    expect(await keys('uberlauf')).toEqual(['accents']);
  });

  it('treats operators and quotes as text', async () => {
    for (const text of ['"', 'a & b | !c', 'conntrack:* <->', "it's (NOT) -x", '***', 'OR AND NEAR']) {
      await expect(Promise.resolve(index.search(text, 10))).resolves.toEqual(expect.any(Array));
    }
    expect(await keys('"conntrack"')).toHaveLength(3);
    expect(await keys('  ')).toEqual([]);
  });
});
