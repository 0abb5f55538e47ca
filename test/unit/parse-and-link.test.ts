import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { projectRoot } from '../../src/config';
import { linkText } from '../../src/notes/link';
import { parseJsonNotes } from '../../src/notes/parse-json';
import { parseMarkdownNotes } from '../../src/notes/parse-markdown';
import { NotesFormatError, sigName } from '../../src/notes/types';

const fixture = (name: string) => readFileSync(join(projectRoot(), 'test', 'fixtures', 'notes', name), 'utf8');

describe('markdown release notes', () => {
  const notes = parseMarkdownNotes(fixture('release-notes-9.1.md'));

  it('reads every bullet under the kind headings, stopping at Dependencies', () => {
    expect(notes.map((n) => [n.kind, n.prs[0]])).toEqual([
      ['URGENT_UPGRADE_NOTE', 900001],
      ['DEPRECATION', 900002],
      ['API_CHANGE', 900001],
      ['API_CHANGE', 900003],
      ['BUG_FIX', 900004],
    ]);
  });

  it('takes PR, author and SIGs out of the text, joins continuation lines and keeps the line', () => {
    const storage = notes.find((n) => n.prs[0] === 900003)!;
    expect(storage).toMatchObject({
      text: 'A storage change nobody in networking needs. It spans two lines.',
      authors: ['carol'],
      sigs: ['Storage'],
      actionRequired: false,
    });
    expect(notes.find((n) => n.prs[0] === 900002)!.sigs).toEqual(['Network', 'Cloud Provider']);
    expect(notes[0]).toMatchObject({ actionRequired: true, line: 5 });
  });

  it('refuses a file with no entries', () => {
    expect(() => parseMarkdownNotes('# Title\n\nSome prose.\n')).toThrow(NotesFormatError);
  });
});

describe('JSON release notes', () => {
  it('reads entries, maps kinds, and skips do-not-publish and NONE', () => {
    const notes = parseJsonNotes(fixture('release-notes-9.1.json'));
    expect(notes.map((n) => [n.prs[0], n.kind, n.actionRequired, n.sigs])).toEqual([
      [900001, 'URGENT_UPGRADE_NOTE', true, ['Network']],
      [900002, 'DEPRECATION', false, ['Network', 'Cloud Provider']],
      [900003, 'BUG_FIX', false, ['Storage']],
    ]);
  });

  it('refuses what is not JSON or not keyed by PR', () => {
    expect(() => parseJsonNotes('{ nope')).toThrow(/not valid JSON/);
    expect(() => parseJsonNotes('[1, 2]')).toThrow(/keyed by PR number/);
  });
});

describe('linking a note to the knowledge base', () => {
  const catalog = {
    gates: ['ServiceLoadBalancerFinalizer'],
    flags: [
      ['kube-proxy', '--conntrack-max'],
      ['kubelet', '--node-ip'],
    ] as [string, string][],
    apiVersions: [
      ['extensions/v1beta1', 'Ingress'],
      ['apps/v1', 'Deployment'],
    ] as [string, string][],
    keys: ['failure-domain.beta.kubernetes.io/zone'],
    metrics: [['kube-proxy', 'sync_total']] as [string, string][],
    components: ['kube-proxy', 'kubelet'],
  };

  it('links gates, flags of the component named, API versions with their kind, keys and metrics', () => {
    const l = linkText(
      'kube-proxy drops `--conntrack-max`; ServiceLoadBalancerFinalizer is GA; Ingress in extensions/v1beta1; failure-domain.beta.kubernetes.io/zone; sync_total',
      catalog,
    );
    expect(l.subjects).toEqual([
      'api:extensions/v1beta1 Ingress',
      'flag:kube-proxy --conntrack-max',
      'gate:ServiceLoadBalancerFinalizer',
      'key:failure-domain.beta.kubernetes.io/zone',
      'metric:kube-proxy sync_total',
    ]);
    expect(l.components).toEqual(['kube-proxy']);
    expect(l.unlinked).toEqual([]);
  });

  it('lists what looks like a gate, flag or API but matches nothing, and not ordinary words', () => {
    const l = linkText(
      'The FancyNewRouting feature gate is GA; the feature gate GA stays; --made-up-flag; apps/v9 is new',
      catalog,
    );
    expect(l.unlinked).toEqual(['API apps/v9', 'feature gate FancyNewRouting', 'flag --made-up-flag']);
  });

  it('reads a gate name that begins with an acronym whole (NFTablesNetlink, not TablesNetlink)', () => {
    const l = linkText('Added the NFTablesNetlink feature gate; the Service feature gate is not a gate name', catalog);
    expect(l.unlinked).toEqual(['feature gate NFTablesNetlink']);
  });
});

describe('SIG names', () => {
  it.each([
    ['network', 'Network'],
    ['api-machinery', 'API Machinery'],
    ['SIG Cloud Provider', 'Cloud Provider'],
    ['cli', 'CLI'],
  ])('%p -> %p', (raw, name) => {
    expect(sigName(raw)).toBe(name);
  });
});
