// The word split both full-text indexes share (src/db/search-words.ts): how names are indexed and how a
// typed word is looked up. The HTTP suites (search-contract, search-words) check what the databases make of it.
import { camelWords, indexTokens, queryWords, wordForms } from '../../src/db/search-words';

describe('camelWords', () => {
  it.each([
    ['IPv6DualStack', ['ipv6', 'dual', 'stack'], ['ipv6', 'dual', 'stack']],
    ['NFTablesProxyMode', ['nftables', 'proxy', 'mode'], ['nf', 'tables', 'proxy', 'mode']],
    ['HTTP2', ['http2'], ['http2']],
    ['NodePort', ['node', 'port'], ['node', 'port']],
    ['PodIPs', ['pod', 'ips'], ['pod', 'ips']],
    ['CSIMigrationPortworx', ['csimigration', 'portworx'], ['csi', 'migration', 'portworx']],
    ['ConsistentHTTPGetHandlers', ['consistent', 'httpget', 'handlers'], ['consistent', 'http', 'get', 'handlers']],
    ['KMSv2', ['kmsv2'], ['kmsv2']],
    ['conntrack', ['conntrack'], ['conntrack']],
  ])('%s → joined %j, apart %j', (token, joined, apart) => {
    expect(camelWords(token)).toEqual({ joined, apart });
  });
});

describe('indexTokens', () => {
  it('keeps each word as written, then its camel-case words, only for words that have them', () => {
    expect(indexTokens('IPv6DualStack gate')).toEqual(['ipv6dualstack', 'ipv6', 'dual', 'stack', 'gate']);
    expect(indexTokens('kube-proxy --conntrack-max')).toEqual(['kube', 'proxy', 'conntrack', 'max']);
    expect(indexTokens('Service spec.ipFamilyPolicy')).toEqual([
      'service',
      'spec',
      'ipfamilypolicy',
      'spec',
      'ip',
      'family',
      'policy',
    ]);
    expect(indexTokens('NFTablesProxyMode')).toEqual([
      'nftablesproxymode',
      'nftables',
      'proxy',
      'mode',
      'nf',
      'tables',
      'proxy',
      'mode',
    ]);
    expect(indexTokens('Überlauf épsilon')).toEqual(['uberlauf', 'epsilon']);
  });
});

describe('wordForms', () => {
  it('looks a typed word up by its words, joined and apart, each a phrase every index holds', () => {
    expect(wordForms('DualStack')).toEqual([['dual', 'stack']]);
    expect(wordForms('nftables')).toEqual([['nftables']]);
    expect(wordForms('NFTables')).toEqual([['nftables'], ['nf', 'tables']]);
    expect(wordForms('kube-proxy')).toEqual([['kube', 'proxy']]);
    expect(wordForms('--')).toEqual([]);
    for (const name of ['IPv6DualStack', 'NFTablesProxyMode', 'spec.ipFamilyPolicy', 'CSIMigrationPortworx']) {
      const indexed = indexTokens(name).join(' ');
      for (const form of wordForms(name)) expect(indexed).toContain(form.join(' '));
      expect(indexed).toContain(indexTokens(name.toLowerCase()).join(' '));
    }
  });

  it('queryWords splits on blanks and drops quotes and outer punctuation', () => {
    expect(queryWords('  "IPv6DualStack"  (kube-proxy), ')).toEqual(['IPv6DualStack', 'kube-proxy']);
  });
});
