// The search contract both full-text indexes keep (SQLite FTS5 and PostgreSQL tsvector; CI runs this
// file on each): every typed word must match, the last one also as a prefix, a word with inner
// punctuation matches its parts in a row, and a match in the name outranks one in the summary, which
// outranks one in the notes. Typed operators and quotes are plain text, never a syntax error. Names written
// in camel case are found by their words (src/db/search-words.ts), the same way on both databases.
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
  doc('camel', 'IPv6DualStack', 'assigns addresses of both families'),
  doc('acronym', 'NFTablesProxyMode', 'a newer backend'),
  doc('acronym-apart', 'CSIMigrationPortworx', 'moves volumes to a driver'),
  doc('field', 'Service spec.ipFamilyPolicy', 'which families a Service gets'),
  doc('mentions', 'zeta', 'only on DualStack clusters'),
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
    expect(rows.map((r) => r.inName)).toEqual([true, false, false]);
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

  it('finds a camel-case name by its words, typed joined, apart or as a prefix, before a mention in a summary', async () => {
    for (const text of ['DualStack', 'dual stack', 'Dual', 'DualSt'])
      expect({ text, keys: await keys(text) }).toEqual({ text, keys: ['camel', 'mentions'] });
    expect(await keys('ipv6')).toEqual(['camel']);
    expect(await keys('IPv6DualStack')).toEqual(['camel']);
    expect(await keys('FamilyPolicy')).toEqual(['field']);
    expect(await keys('spec.ipFamilyPolicy')).toEqual(['field']);
    // Typed run together in lower case, a name is still found as it is written.
    expect(await keys('ipv6dualstack')).toEqual(['camel']);
    expect(await keys('spec.ipfamilypolicy')).toEqual(['field']);
  });

  it('keeps an acronym with the word it prefixes, and also apart from a capitalised word', async () => {
    for (const text of ['nftables', 'NFTables', 'ProxyMode', 'nftables proxy', 'NFTablesProxy', 'tables proxy mode'])
      expect({ text, keys: await keys(text) }).toEqual({ text, keys: ['acronym'] });
    for (const text of ['migration', 'csi', 'CSIMigration', 'migration portworx'])
      expect({ text, keys: await keys(text) }).toEqual({ text, keys: ['acronym-apart'] });
  });

  it('matches the words of a camel-case word only in their order', async () => {
    expect(await keys('DualIPv6')).toEqual([]);
    expect(await keys('ModeProxy')).toEqual([]);
  });

  it('treats operators and quotes as text', async () => {
    for (const text of ['"', 'a & b | !c', 'conntrack:* <->', "it's (NOT) -x", '***', 'OR AND NEAR']) {
      await expect(Promise.resolve(index.search(text, 10))).resolves.toEqual(expect.any(Array));
    }
    expect(await keys('"conntrack"')).toHaveLength(3);
    expect(await keys('  ')).toEqual([]);
  });
});
