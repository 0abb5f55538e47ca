// netkb import gate-reference on small files written in the shape of the upstream ones
// (test/fixtures/gate-reference: Kubernetes' feature list, as upstream writes it and as the stored copy is
// derived, and per-gate website pages), and the loader reading what it writes.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { projectRoot } from '../../src/config';
import {
  buildGateReference,
  formatGateReference,
  readGateReferenceSource,
  writeGateReference,
} from '../../src/importer/gate-reference/run';
import { readFeatureList } from '../../src/importer/gate-reference/feature-list';
import { readGatePage } from '../../src/importer/gate-reference/gate-page';
import { gateReferenceFileSchema, readGateReference } from '../../src/seed/gate-reference-index';
import type { SeedProblem } from '../../src/seed/load';
import { netkb } from '../support/cli';

const FIXTURES = join(projectRoot(), 'test', 'fixtures', 'gate-reference');
const source = readGateReferenceSource(join(FIXTURES, 'source.yaml'));
const read = (path: string) => readFileSync(join(FIXTURES, path), 'utf8');
const at = { source: 'https://example.com/page.md', commit: '0'.repeat(40) };

describe('the feature list', () => {
  const gates = readFeatureList(read('kubernetes/feature_list.md'), 'feature_list.md');

  it('gives each row its first enabled and first locked releases and its stage ranges, ordered by name', () => {
    expect(gates.map((g) => g.name)).toEqual([
      'AWidgetReturns',
      'BriefWidgets',
      'LegacyWidgetPath',
      'SlowWidgets',
      'WidgetProxy',
    ]);
    expect(gates.find((g) => g.name === 'WidgetProxy')).toEqual({
      name: 'WidgetProxy',
      enabledSince: '1.33',
      lockedSince: '1.35',
      stages: [
        { stage: 'ALPHA', from: '1.31', to: '1.32' },
        { stage: 'BETA', from: '1.33', to: '1.34' },
        { stage: 'GA', from: '1.35', to: null },
      ],
    });
    // Empty columns: never on, never locked; a one-release range; a range from the "1.0" placeholder kept as written.
    expect(gates.find((g) => g.name === 'SlowWidgets')).toMatchObject({ enabledSince: null, lockedSince: null });
    expect(gates.find((g) => g.name === 'AWidgetReturns')!.stages).toContainEqual({
      stage: 'GA',
      from: '1.32',
      to: '1.32',
    });
    expect(gates.find((g) => g.name === 'LegacyWidgetPath')!.stages[0]).toEqual({
      stage: 'GA',
      from: '1.0',
      to: '1.32',
    });
  });

  it('reads the stored copy without the Links column and the emoji to the same rows', () => {
    expect(readFeatureList(read('kubernetes/feature_list-derived.md'), 'derived.md')).toEqual(gates);
  });

  it('refuses what it cannot read, naming the line', () => {
    const text = read('kubernetes/feature_list-derived.md');
    expect(() => readFeatureList('# no table\n', 'x.md')).toThrow(/x\.md: no table whose first column is Feature/);
    expect(() => readFeatureList(text.replace('| 1.31–1.32 |', '| 1.31 to 1.32 |'), 'x.md')).toThrow(
      /x\.md:5 WidgetProxy: "1\.31 to 1\.32" is not a release range/,
    );
    expect(() => readFeatureList(text.replace('| 1.33+ | 1.35+ |', '| yes | 1.35+ |'), 'x.md')).toThrow(
      /WidgetProxy Enabled: "yes" is not a release followed by \+/,
    );
    expect(() => readFeatureList(text.replace('| Deprecated |', '| Gone |'), 'x.md')).toThrow(/no Deprecated column/);
    expect(() => readFeatureList(text.replace('| SlowWidgets |', '| WidgetProxy |'), 'x.md')).toThrow(
      /WidgetProxy is listed twice/,
    );
  });
});

describe('a per-gate page', () => {
  it('gives its stages with defaults, locks where written, the release it is known through and a removal', () => {
    expect(readGatePage(read('website/feature-gates/WidgetGone.md'), 'WidgetGone.md', at)).toEqual({
      name: 'WidgetGone',
      ...at,
      knownThrough: '1.29',
      removedIn: '1.30',
      stages: [
        { stage: 'ALPHA', defaultEnabled: false, from: '1.25', to: '1.26', locked: null },
        { stage: 'BETA', defaultEnabled: true, from: '1.27', to: '1.27', locked: null },
        { stage: 'GA', defaultEnabled: true, from: '1.28', to: '1.29', locked: null },
      ],
    });
    // An open last stage: the page is known through its fromVersion only.
    expect(readGatePage(read('website/feature-gates/WidgetLock.md'), 'WidgetLock.md', at)).toMatchObject({
      knownThrough: '1.33',
      removedIn: null,
      stages: [{ stage: 'BETA' }, { stage: 'GA', from: '1.33', to: null, locked: true }],
    });
  });

  it('refuses a page it cannot date', () => {
    const page = read('website/feature-gates/WidgetGone.md');
    expect(() => readGatePage('no front matter', 'x.md', at)).toThrow(/no front matter/);
    expect(() => readGatePage(page.replace('fromVersion: "1.27"', 'fromVersion: 1.27'), 'x.md', at)).toThrow(
      /stage 2 fromVersion: 1\.27 is not a release written as "1\.30"/,
    );
    expect(() => readGatePage(page.replace('stage: beta', 'stage: gamma'), 'x.md', at)).toThrow(/unknown stage/);
    expect(() => readGatePage(page.replace('    toVersion: "1.29"\n', ''), 'x.md', at)).toThrow(
      /says removed, but its last stage has no toVersion/,
    );
    expect(() => readGatePage(page.replace('    toVersion: "1.26"\n', ''), 'x.md', at)).toThrow(
      /only the last stage may have no toVersion/,
    );
  });
});

describe('netkb import gate-reference', () => {
  const index = buildGateReference(FIXTURES, source);

  it('cites each file at its commit, and knows the list through the release before the newest it names', () => {
    expect(index.featureList).toEqual({
      source:
        'https://github.com/kubernetes/kubernetes/blob/1111111111111111111111111111111111111111/test/compatibility_lifecycle/reference/feature_list.md',
      commit: '1111111111111111111111111111111111111111',
      newest: '1.36',
      knownThrough: '1.35',
    });
    expect(index.featureListGates).toHaveLength(5);
    expect(index.gatePages.map((p) => [p.name, p.commit.slice(0, 1), p.knownThrough, p.removedIn])).toEqual([
      ['WidgetGone', '2', '1.29', '1.30'],
      ['WidgetLock', '3', '1.33', null],
      ['WidgetOverlap', '4', '1.32', '1.33'],
      ['WidgetProxy', '5', '1.33', null],
    ]);
    expect(index.gatePages[0].source).toBe(
      'https://github.com/kubernetes/website/blob/2222222222222222222222222222222222222222/content/en/docs/reference/command-line-tools-reference/feature-gates/WidgetGone.md',
    );
  });

  it('writes one gate per line, the same bytes every time, in a form the loader reads', () => {
    const out = mkdtempSync(join(tmpdir(), 'netkb-gate-reference-'));
    try {
      const seed = join(out, 'seed');
      const file = writeGateReference(index, join(seed, 'generated'));
      const text = readFileSync(file, 'utf8');
      expect(text).toBe(formatGateReference(buildGateReference(FIXTURES, source)));
      expect(text.split('\n').filter((l) => /^ {4}\{"name":/.test(l))).toHaveLength(9);
      expect(gateReferenceFileSchema.parse(JSON.parse(text))).toEqual(index);
      const problems: SeedProblem[] = [];
      const ref = readGateReference(seed, problems)!;
      expect(problems).toEqual([]);
      // Each source of a gate with its line; the older page comes after the list, which knows more releases.
      expect(ref.gates.get('WidgetProxy')!.map((s) => [s.kind, s.knownThrough, s.line])).toEqual([
        ['feature list', '1.35', 9],
        ['website page', '1.33', 15],
      ]);
      // Beyond the release it is known through the list says nothing (BriefWidgets begins in 1.36).
      expect(ref.gates.get('BriefWidgets')![0].states.size).toBe(0);
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  });

  it('takes no page without its commit, and no commit without its page', () => {
    const dir = mkdtempSync(join(tmpdir(), 'netkb-gate-pages-'));
    try {
      cpSync(FIXTURES, dir, { recursive: true });
      writeFileSync(join(dir, 'website', 'feature-gates', 'Stray.md'), read('website/feature-gates/WidgetLock.md'));
      expect(() => buildGateReference(dir, source)).toThrow(/no commit in the source for Stray\.md/);
      const commits = { ...source.gatePages!.commits, 'Stray.md': '6'.repeat(40), 'Absent.md': '7'.repeat(40) };
      expect(() => buildGateReference(dir, { ...source, gatePages: { ...source.gatePages!, commits } })).toThrow(
        /the source names Absent\.md, not there/,
      );
      // A page's title must be the gate its file is named for.
      const named = { ...source.gatePages!.commits, 'Stray.md': '6'.repeat(40) };
      expect(() => buildGateReference(dir, { ...source, gatePages: { ...source.gatePages!, commits: named } })).toThrow(
        /Stray\.md: the page is about WidgetLock/,
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('runs from the command line: writes where --out says, exit 2 on a folder without the files', () => {
    const out = mkdtempSync(join(tmpdir(), 'netkb-gate-reference-cli-'));
    try {
      const config = join(FIXTURES, 'source.yaml');
      const ok = netkb(['import', 'gate-reference', FIXTURES, '--config', config, '--out', out]);
      expect(ok.stderr).toBe('');
      expect(ok.code).toBe(0);
      expect(ok.stdout).toMatch(/read the feature list \(5 gates, known through 1\.35\) and 4 gate pages/);
      expect(readFileSync(join(out, 'feature-gates-reference.json'), 'utf8')).toBe(formatGateReference(index));
      const missing = netkb(['import', 'gate-reference', out, '--config', config, '--out', out]);
      expect(missing.code).toBe(2);
      expect(missing.stderr).toMatch(/feature_list\.md: missing/);
      const usage = netkb(['import', 'gate-reference']);
      expect(usage.code).toBe(2);
      expect(usage.stderr).toMatch(/name exactly one DIR/);
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  });
});
