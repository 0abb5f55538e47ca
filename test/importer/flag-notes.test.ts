// netkb import flag-notes on made-up notes in the shapes of the release team's drafts (test/fixtures/flag-notes):
// which sentences count as a component's flag removed or deprecated in that release, how a note is attributed
// to one component (its text, else its area labels), what the generated records say, and how the curated flags
// are held to the events.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { projectRoot } from '../../src/config';
import { buildFlagEvents, writeFlagEvents } from '../../src/importer/flag-notes/run';
import { readReleaseNotesSource } from '../../src/importer/release-notes';
import { readFlagEvents } from '../../src/seed/flag-events-index';
import { checkFlagsAgainstEvents, generateFlags } from '../../src/seed/generated-flags';
import type { SeedProblem } from '../../src/seed/load';
import type { FlagRecord } from '../../src/seed/schemas';
import type { SeedBundle } from '../../src/seed/bundle';
import type { GeneratedIndex } from '../../src/seed/generated-index';
import { checkContext } from '../../src/seed/cross-check/context';
import { netkb } from '../support/cli';

const FIXTURES = join(projectRoot(), 'test', 'fixtures', 'flag-notes');
const COMPONENTS = ['kube-apiserver', 'kube-controller-manager', 'kube-proxy', 'kube-scheduler', 'kubelet'];
const source = readReleaseNotesSource(join(FIXTURES, 'source.yaml'));
const index = buildFlagEvents(FIXTURES, source, COMPONENTS);

describe('netkb import flag-notes', () => {
  it("keeps a component's flags removed or deprecated in the release, and nothing announced, advised or shared", () => {
    expect(index.events).toEqual([
      { component: 'kube-apiserver', flag: '--old-cache', release: '1.30', event: 'deprecated', pr: 3002 },
      { component: 'kube-apiserver', flag: '--older-cache', release: '1.30', event: 'deprecated', pr: 3002 },
      { component: 'kube-proxy', flag: '--widget-mode', release: '1.30', event: 'removed', pr: 3001 },
      // By the name the markdown groups the notes under ("- kube-scheduler:" over indented bullets, "#### kubelet:"
      // over unindented ones), with each of two successors paired with its flag.
      { component: 'kube-scheduler', flag: '--burst-mode', release: '1.30', event: 'removed', pr: 3007 },
      // prettier-ignore
      { component: 'kubelet', flag: '--ping-port', release: '1.30', event: 'deprecated', pr: 3009, successor: '--ping-address' },
      // prettier-ignore
      { component: 'kubelet', flag: '--pong-port', release: '1.30', event: 'deprecated', pr: 3009, successor: '--pong-address' },
      // By its area label: the note's text names no component.
      { component: 'kube-apiserver', flag: '--cache-size', release: '1.31', event: 'deprecated', pr: 4003 },
      { component: 'kube-apiserver', flag: '--old-cache', release: '1.31', event: 'removed', pr: 4004 },
      { component: 'kubelet', flag: '--chaos-level', release: '1.31', event: 'removed', pr: 4001 },
    ]);
    // Left out: a removal announced for later (--pod-frobnicate), a note of two components (--shared-thing),
    // a secret removed after advice to remove a flag (--legacy-loop), a flag only called "the deprecated ...",
    // a note labelled with another tool's area (--print-widgets), a flag another clause only mentions
    // (--cache-size in 1.30), the gates a note removes with "the corresponding `--feature-gates` flags", a note
    // grouped under another tool (--print-all under "- kubectl").
    expect(index.releases.map((r) => r.release)).toEqual(['1.30', '1.31']);
  });

  it('writes a file the loader reads back', () => {
    const dir = mkdtempSync(join(tmpdir(), 'netkb-flag-notes-'));
    try {
      writeFlagEvents(index, join(dir, 'generated'));
      const problems: SeedProblem[] = [];
      expect(readFlagEvents(dir, problems)).toEqual(index);
      expect(problems).toEqual([]);
      expect(readFileSync(join(dir, 'generated', 'flag-events.json'), 'utf8')).toMatch(
        /^\{\n {2}"generatedBy": "netkb import flag-notes",\n/,
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('refuses a source whose file is missing, with exit code 2', () => {
    const r = netkb(['import', 'flag-notes', join(FIXTURES, 'notes'), '--config', join(FIXTURES, 'source.yaml')]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/missing \(releases\.1\.30\.file of the source\)/);
  });
});

describe('generated flag records and the check of curated ones', () => {
  const releases = [{ version: '1.30' }, { version: '1.31', preliminary: true }];
  const record = (extra: Partial<FlagRecord>): FlagRecord => ({
    component: 'kube-apiserver',
    name: '--cache-size',
    summary: 'a test flag',
    sources: ['https://example.io/'],
    ...extra,
  });

  it('makes a shallow record of every flag no curated record has, with only the releases the notes give', () => {
    const flags = generateFlags(index, new Set(['kube-apiserver --cache-size']), releases);
    expect(flags.map((f) => [f.component, f.name, f.deprecatedIn, f.removedIn])).toEqual([
      ['kube-apiserver', '--old-cache', '1.30', '1.31'],
      ['kube-apiserver', '--older-cache', '1.30', null],
      ['kube-proxy', '--widget-mode', null, '1.30'],
      ['kube-scheduler', '--burst-mode', null, '1.30'],
      ['kubelet', '--chaos-level', null, '1.31'],
      ['kubelet', '--ping-port', '1.30', null],
      ['kubelet', '--pong-port', '1.30', null],
    ]);
    const old = flags[0];
    expect(old.summary).toContain('deprecated in 1.30 (#3002) and removed in 1.31 (#4004)');
    expect(old.summary).toContain('a release the sources do not have final yet');
    expect(old.sources).toEqual([
      'https://github.com/kubernetes/kubernetes/pull/3002',
      'https://github.com/kubernetes/kubernetes/pull/4004',
      index.releases[0].source,
      index.releases[1].source,
    ]);
  });

  it('holds a curated flag to the events, unless it overrides the field or the release is not final', () => {
    // Through the cross-check's own differ, which decides about sourceOverrides and counts them as used.
    const check = (r: FlagRecord, rel = releases) => {
      const problems: SeedProblem[] = [];
      const { differ } = checkContext({ releases: [] } as unknown as SeedBundle, {} as GeneratedIndex, problems);
      checkFlagsAgainstEvents(index, [{ file: 'seed/flags/test.yaml', index: 0, line: 3, record: r }], rel, differ);
      return problems.map((p) => `${p.field}: ${p.message.split(' (')[0]}`);
    };
    // 1.31 is preliminary: a record that leaves the deprecation out is not held to it.
    expect(check(record({}))).toEqual([]);
    const final = [{ version: '1.30' }, { version: '1.31' }];
    expect(check(record({}), final)).toEqual(['deprecatedIn: is not set, but the 1.31 release notes']);
    expect(check(record({ deprecatedIn: '1.31' }), final)).toEqual([]);
    expect(check(record({ deprecatedIn: '1.29' }), final)).toEqual([
      'deprecatedIn: is 1.29, but the 1.31 release notes',
    ]);
    const overridden = record({
      deprecatedIn: '1.29',
      sourceOverrides: [
        { field: 'deprecatedIn', source: 'https://example.io/', why: 'the 1.29 notes deprecate it already' },
      ],
    });
    expect(check(overridden, final)).toEqual([]);
  });
});
