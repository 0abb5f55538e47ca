// netkb import well-known-keys on a made-up page and a made-up kubernetes/api-like repository
// (test/fixtures/well-known-keys): which headings, list entries and constants become keys, what the generated
// records say, and what the check of curated records against the index asks for.
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { projectRoot } from '../../src/config';
import {
  buildWellKnownKeys,
  readPage,
  readStringConstants,
  readWellKnownKeysSource,
  writeWellKnownKeys,
} from '../../src/importer/well-known-keys/run';
import { readWellKnownKeys, type WellKnownKeysFile } from '../../src/seed/well-known-keys-index';
import { checkKeysAgainstIndex, generateKeys } from '../../src/seed/generated-keys';
import type { SeedProblem } from '../../src/seed/load';
import type { WellKnownKeyRecord } from '../../src/seed/schemas';
import { netkb } from '../support/cli';

const FIXTURES = join(projectRoot(), 'test', 'fixtures', 'well-known-keys');
const source = readWellKnownKeysSource(join(FIXTURES, 'source.yaml'));

const git = (dir: string, args: string[]) =>
  execFileSync('git', ['-C', dir, '-c', 'user.name=t', '-c', 'user.email=t@example.io', ...args], { stdio: 'pipe' });

/** One commit per release folder of the fixture, tagged, then master; each folder holds what changed. */
function buildApiRepo(): string {
  const dir = mkdtempSync(join(tmpdir(), 'netkb-keys-api-'));
  git(dir, ['init', '-q', '-b', 'master']);
  for (const rel of ['kubernetes-1.21.0', 'kubernetes-1.22.0', 'master']) {
    cpSync(join(FIXTURES, 'api', rel), dir, { recursive: true });
    git(dir, ['add', '-A']);
    git(dir, ['commit', '-q', '--allow-empty', '-m', rel]);
    if (rel !== 'master') git(dir, ['tag', rel]);
  }
  return dir;
}

describe('netkb import well-known-keys', () => {
  let repo: string;
  let index: WellKnownKeysFile;
  beforeAll(() => {
    repo = buildApiRepo();
    index = buildWellKnownKeys(join(FIXTURES, 'page.md'), repo, source);
  });
  afterAll(() => rmSync(repo, { recursive: true, force: true }));

  it("reads the page's headings and lists once each, placeholders as prefixes, and its reserved namespaces", () => {
    expect(index.reservedDomains).toEqual(['example.io', 'ex.io']);
    expect(index.pageKeys).toEqual([
      { key: 'widget.example.io/colour', mark: null },
      { key: 'widget.example.io/shade', mark: 'deprecated' },
      { key: 'container.widget.example.io/*', mark: 'non-functional' },
      { key: 'plain-name', mark: 'deprecated' },
      { key: 'audit.ex.io/decision', mark: null },
      { key: 'invalid.example.io/*', mark: null },
    ]);
    expect(index.pageSource).toBe(
      'https://github.com/example/website/blob/1111111111111111111111111111111111111111/docs/keys.md',
    );
  });

  it('reads the exported key constants of every release with their first and last release and deprecation', () => {
    expect(index.apiReleases.map((r) => [r.release, r.ref])).toEqual([
      ['1.21', 'kubernetes-1.21.0'],
      ['1.22', 'kubernetes-1.22.0'],
      ['1.23', 'master'],
    ]);
    const file = 'core/v1/annotation_key_constants.go';
    const labels = 'core/v1/well_known_labels.go';
    expect(index.apiKeys).toEqual([
      {
        key: 'container.widget.example.io/*',
        type: 'ANNOTATION',
        file,
        from: '1.22',
        through: '1.23',
        deprecatedFrom: '1.22',
      },
      {
        key: 'rack.example.io/name',
        type: 'LABEL',
        file: labels,
        from: '1.23',
        through: '1.23',
        deprecatedFrom: '1.23',
      },
      { key: 'tool.example.io/applied', type: 'ANNOTATION', file, from: '1.21', through: '1.23', deprecatedFrom: null },
      {
        key: 'widget.example.io/colour',
        type: 'ANNOTATION',
        file,
        from: '1.21',
        through: '1.23',
        deprecatedFrom: null,
      },
      { key: 'widget.example.io/gone', type: 'ANNOTATION', file, from: '1.21', through: '1.21', deprecatedFrom: null },
      {
        key: 'zone.beta.example.io/zone',
        type: 'LABEL',
        file: labels,
        from: '1.22',
        through: '1.23',
        deprecatedFrom: '1.22',
      },
      { key: 'zone.example.io/zone', type: 'LABEL', file: labels, from: '1.22', through: '1.23', deprecatedFrom: null },
    ]);
  });

  it('applies a doc comment to the constants below it up to a blank line, and skips unexported ones', () => {
    const go = [
      '// These are old.',
      'A = "x.example.io/a" // deprecated',
      'B = "x.example.io/b"',
      '',
      'C = "x.example.io/c"',
      'lower = "x.example.io/"',
      'D = lower + "d"',
    ].join('\n');
    expect(readStringConstants(go)).toEqual([
      { value: 'x.example.io/a', deprecated: true },
      { value: 'x.example.io/b', deprecated: false },
      { value: 'x.example.io/c', deprecated: false },
      { value: 'x.example.io/d', deprecated: false },
    ]);
  });

  it('refuses a page that no longer says which namespaces are reserved', () => {
    expect(() => readPage('### a.example.io/b\n')).toThrow(/reserve/);
  });

  it('writes a file the loader reads back', () => {
    const dir = mkdtempSync(join(tmpdir(), 'netkb-keys-'));
    try {
      writeWellKnownKeys(index, join(dir, 'generated'));
      const problems: SeedProblem[] = [];
      expect(readWellKnownKeys(dir, problems)).toEqual(index);
      expect(problems).toEqual([]);
      expect(readFileSync(join(dir, 'generated', 'well-known-keys.json'), 'utf8')).toMatch(
        /^\{\n {2}"generatedBy": "netkb import well-known-keys",\n/,
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('exits 2 with the reason when the repository is not a git repository', () => {
    const empty = mkdtempSync(join(tmpdir(), 'netkb-not-git-'));
    try {
      const page = join(FIXTURES, 'page.md');
      const config = join(FIXTURES, 'source.yaml');
      const r = netkb(['import', 'well-known-keys', page, empty, '--config', config, '--out', empty]);
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(/not a git repository/);
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
  });

  describe('generated records and the check of curated ones', () => {
    const located = (record: WellKnownKeyRecord) => ({ record, file: 'seed/well-known-keys/test.yaml', line: 1 });
    const curated = (records: WellKnownKeyRecord[]) => new Map(records.map((r) => [r.key, located(r)]));
    const rec = (key: string, extra: Partial<WellKnownKeyRecord> = {}): WellKnownKeyRecord => ({
      key,
      type: 'LABEL',
      summary: 'a test record',
      sources: ['https://example.io/'],
      ...extra,
    });

    it('generates a shallow record for every key no curated record has, typed only where a constant says', () => {
      const keys = generateKeys(index, new Set(['widget.example.io/shade']));
      expect(keys.map((k) => [k.key, k.type])).toEqual([
        ['audit.ex.io/decision', null],
        ['container.widget.example.io/*', 'ANNOTATION'],
        ['invalid.example.io/*', null],
        ['plain-name', null],
        ['rack.example.io/name', 'LABEL'],
        ['tool.example.io/applied', 'ANNOTATION'],
        ['widget.example.io/colour', 'ANNOTATION'],
        ['widget.example.io/gone', 'ANNOTATION'],
        ['zone.beta.example.io/zone', 'LABEL'],
        ['zone.example.io/zone', 'LABEL'],
      ]);
      const colour = keys.find((k) => k.key === 'widget.example.io/colour')!;
      expect(colour.summary).toMatch(/no deprecation or removal is recorded/);
      expect(colour.sources).toEqual([index.pageSource, expect.stringContaining('/blob/')]);
      expect(keys.find((k) => k.key === 'audit.ex.io/decision')!.notes).toMatch(/label, an annotation or a taint/);
    });

    it('wants a dated record for every key the page or a doc comment marks, and one for every constant that went', () => {
      const problems: SeedProblem[] = [];
      checkKeysAgainstIndex(index, source, curated([]), problems);
      expect(problems.map((p) => p.record).sort()).toEqual([
        'container.widget.example.io/*', // the page's mark
        'container.widget.example.io/*', // the doc comment
        'plain-name',
        'rack.example.io/name',
        'widget.example.io/shade',
        'zone.beta.example.io/zone',
        // widget.example.io/gone went after 1.21 but is listed as unrecorded, with its reason
      ]);
    });

    it('accepts dated records, and refuses one deprecated after the source says or of another type', () => {
      const ok = [
        rec('container.widget.example.io/*', { type: 'ANNOTATION', deprecatedIn: '1.22' }),
        rec('plain-name', { removedIn: '1.27' }),
        rec('rack.example.io/name', { deprecatedIn: '1.20' }),
        rec('widget.example.io/shade', { deprecatedIn: '1.18' }),
      ];
      const good: SeedProblem[] = [];
      checkKeysAgainstIndex(
        index,
        source,
        curated([...ok, rec('zone.beta.example.io/zone', { deprecatedIn: '1.17' })]),
        good,
      );
      expect(good).toEqual([]);
      const bad: SeedProblem[] = [];
      checkKeysAgainstIndex(
        index,
        source,
        curated([...ok, rec('zone.beta.example.io/zone', { type: 'TAINT', deprecatedIn: '1.24' })]),
        bad,
      );
      expect(bad.map((p) => p.message)).toEqual([
        expect.stringMatching(/deprecated from 1\.22 .* no deprecation by then/),
        expect.stringMatching(/TAINT here, but kubernetes\/api declares zone\.beta\.example\.io\/zone/),
      ]);
    });

    it('refuses an unrecorded key that has a record after all', () => {
      const problems: SeedProblem[] = [];
      checkKeysAgainstIndex(
        index,
        source,
        curated([rec('widget.example.io/gone', { type: 'ANNOTATION', removedIn: '1.22' })]),
        problems,
      );
      expect(problems.map((p) => p.message)).toContainEqual(
        expect.stringMatching(/listed as unrecorded but has a record/),
      );
    });
  });
});
