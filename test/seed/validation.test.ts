import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadSeed, SeedValidationError } from '../../src/seed/load';
import { writeSeed } from '../../src/db/write-seed';
import { seedDir } from '../../src/config';
import { copySeed, problemsOf, type SeedCopy } from '../support/seed-copy';

describe('the real seed', () => {
  it('is valid and covers releases 1.14 to 1.20', () => {
    const bundle = loadSeed(seedDir());
    expect(bundle.releases.map((r) => r.record.version)).toEqual(
      expect.arrayContaining(['1.14', '1.15', '1.16', '1.17', '1.18', '1.19', '1.20']),
    );
    expect(bundle.hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('gives every record at least one source URL', () => {
    const b = loadSeed(seedDir());
    for (const list of [
      b.releases,
      b.featureGates,
      b.flags,
      b.apiVersions,
      b.apiFields,
      b.wellKnownKeys,
      b.metrics,
      b.changes,
    ]) {
      for (const item of list as { record: { sources: string[] } }[])
        expect(item.record.sources.length).toBeGreaterThan(0);
    }
  });
});

describe('a bad record is refused with file, record and field named', () => {
  let copy: SeedCopy;
  beforeEach(() => {
    copy = copySeed();
  });
  afterEach(() => rmSync(copy.root, { recursive: true, force: true }));

  it('an unquoted version (1.20 reads as 1.2)', () => {
    copy.edit('feature-gates/network-1.20.yaml', (t) => t.replace(/since: "1\.20"/, 'since: 1.20'));
    const [p] = problemsOf(copy.seed);
    expect(p.file).toBe('seed/feature-gates/network-1.20.yaml');
    expect(p.record).toMatch(/^record \d+ \(\w+\)$/);
    expect(p.field).toMatch(/^lifecycle\[\d\]\.since$/);
    expect(p.message).toMatch(/quoted release string/);
    expect(p.line).toBeGreaterThan(1);
  });

  it('a change with an unknown kind', () => {
    copy.edit('changes/1.15.yaml', (t) => t.replace('kind: URGENT_UPGRADE_NOTE', 'kind: URGENT'));
    const [p] = problemsOf(copy.seed);
    expect(p).toMatchObject({ file: 'seed/changes/1.15.yaml', record: 'changes[0]', field: 'kind' });
  });

  it('a record without sources', () => {
    copy.edit('flags/kube-proxy-1.15.yaml', (t) => t.replace(/\n  sources:\n(    - \S+\n)+/, '\n  sources: []\n'));
    const problems = problemsOf(copy.seed);
    expect(
      problems.some(
        (p) => p.field === 'sources' && /source URL/.test(p.message) && p.file === 'seed/flags/kube-proxy-1.15.yaml',
      ),
    ).toBe(true);
  });

  it('an unknown field (a typo) in a record', () => {
    copy.edit('metrics/kube-proxy.yaml', (t) => t.replace('introducedIn:', 'introducedin:'));
    const problems = problemsOf(copy.seed);
    expect(problems.some((p) => p.file === 'seed/metrics/kube-proxy.yaml' && /introducedin/.test(p.message))).toBe(
      true,
    );
  });

  it('a subject that names no record', () => {
    copy.edit('changes/1.15.yaml', (t) =>
      t.replace('flag:kube-proxy --conntrack-max\n', 'flag:kube-proxy --conntrack-maximum\n'),
    );
    const [p] = problemsOf(copy.seed);
    expect(p).toMatchObject({ file: 'seed/changes/1.15.yaml', record: 'change 1.15#78399', field: 'subjects[0]' });
    expect(p.message).toMatch(/matches no flag record/);
  });

  it('a duplicate record across two files, naming the first one', () => {
    const gates = readFileSync(join(copy.seed, 'feature-gates/network-1.15.yaml'), 'utf8');
    writeFileSync(join(copy.seed, 'feature-gates/zz-copy.yaml'), gates);
    const problems = problemsOf(copy.seed);
    expect(
      problems.some(
        (p) =>
          p.file === 'seed/feature-gates/zz-copy.yaml' &&
          /duplicate: already defined at seed\/feature-gates\/network-1\.15\.yaml:\d+/.test(p.message),
      ),
    ).toBe(true);
  });

  it('overlapping gate stages and a removal before the last stage', () => {
    copy.edit('feature-gates/network-1.15.yaml', (t) =>
      t.replace('since: "1.16"', 'since: "1.15"').replace('removedIn: "1.20"', 'removedIn: "1.18"'),
    );
    const problems = problemsOf(copy.seed);
    expect(problems.map((p) => p.field)).toEqual(expect.arrayContaining(['lifecycle[1].since', 'removedIn']));
  });

  it('a version after the newest release (a typo)', () => {
    copy.edit('feature-gates/network-1.15.yaml', (t) => t.replace('removedIn: "1.20"', 'removedIn: "1.200"'));
    const problems = problemsOf(copy.seed);
    expect(problems.some((p) => p.field === 'removedIn' && /1\.200 is after the newest release/.test(p.message))).toBe(
      true,
    );
  });

  it('the same PR in two releases without saying it repeats', () => {
    copy.edit('changes/1.20.yaml', (t) => t.replace('- prs: [95894]', '- prs: [78399]'));
    const problems = problemsOf(copy.seed);
    expect(problems.some((p) => p.field === 'prs' && /PR #78399 is already recorded for 1\.15/.test(p.message))).toBe(
      true,
    );
  });

  it('an API version whose replacement has no record', () => {
    copy.edit('api-versions/extensions.yaml', (t) =>
      t.replace('replacement: "networking.k8s.io/v1"', 'replacement: "networking.k8s.io/v9"'),
    );
    const problems = problemsOf(copy.seed);
    expect(problems.some((p) => p.field === 'replacement' && /networking\.k8s\.io\/v9/.test(p.message))).toBe(true);
  });

  it('a field that takes the values of a record that does not exist, or also lists its own', () => {
    copy.edit('api-fields/config-file-values.yaml', (t) =>
      t.replace('valuesFrom: profiles[].plugins.*.enabled[].name', 'valuesFrom: profiles[].plugins.*.disabled[].name'),
    );
    expect(problemsOf(copy.seed).filter((p) => p.field === 'valuesFrom')).toEqual([
      expect.objectContaining({
        file: 'seed/api-fields/config-file-values.yaml',
        message: expect.stringMatching(
          /no api-fields record of KubeSchedulerConfiguration has the path profiles\[\]\.plugins\.\*\.disabled/,
        ),
      }),
    ]);
    copy.edit('api-fields/config-file-values.yaml', (t) =>
      t.replace(
        'valuesFrom: profiles[].plugins.*.disabled[].name',
        'valuesFrom: profiles[].plugins.*.enabled[].name\n  values:\n    - value: SelectorSpread\n      removedIn: "1.25"',
      ),
    );
    expect(
      problemsOf(copy.seed)
        .filter((p) => p.field === 'valuesFrom')
        .map((p) => p.message),
    ).toEqual([expect.stringMatching(/its own values or those of another record, not both/)]);
  });

  it('invalid YAML, with line and column', () => {
    copy.edit('well-known-keys/topology.yaml', (t) => t.replace(/\n- key:/, '\n- key: [unclosed\n  other:'));
    const problems = problemsOf(copy.seed);
    expect(problems[0].file).toBe('seed/well-known-keys/topology.yaml');
    expect(problems[0].message).toMatch(/invalid YAML at line \d+, column \d+/);
  });

  it('prose cut short by " #" (YAML reads the rest of the line as a comment)', () => {
    copy.edit('flags/kubelet.yaml', (t) =>
      t
        .replace(
          'notes: "Same evidence as --network-plugin (removed by #106907',
          'notes: Same evidence as --network-plugin (removed by #106907',
        )
        .replace(/(#98730\)\.)"/, '$1'),
    );
    const [p, ...rest] = problemsOf(copy.seed);
    expect(rest).toEqual([]);
    expect(p).toMatchObject({ file: 'seed/flags/kubelet.yaml', field: 'notes' });
    expect(p.message).toMatch(/" #" starts a YAML comment \("#106907; deprecation/);
    expect(p.message).toMatch(/the text read ends with "….*--network-plugin \(removed by"/);
    const text = readFileSync(join(copy.seed, 'flags/kubelet.yaml'), 'utf8');
    expect(text.split('\n')[p.line! - 1]).toContain('notes: Same evidence as --network-plugin (removed by #106907');
  });
});

describe('writing the seed', () => {
  let copy: SeedCopy;
  beforeEach(() => {
    copy = copySeed();
  });
  afterEach(() => rmSync(copy.root, { recursive: true, force: true }));

  it('leaves the previous database untouched when a record is bad', async () => {
    const target = join(copy.root, 'netkb.db');
    await writeSeed(loadSeed(copy.seed), target);
    const before = readFileSync(target);
    copy.edit('changes/1.20.yaml', (t) => t.replace('version: "1.20"', 'version: "1.99"'));
    expect(() => loadSeed(copy.seed)).toThrow(SeedValidationError);
    expect(readFileSync(target).equals(before)).toBe(true);
  });

  it('leaves the previous database untouched and no temporary file behind when writing fails midway', async () => {
    const target = join(copy.root, 'netkb.db');
    writeFileSync(target, 'the previous database');
    const bundle = loadSeed(copy.seed);
    // A record that passed validation but breaks a unique constraint while writing.
    bundle.featureGates.push(bundle.featureGates[0]);
    await expect(writeSeed(bundle, target)).rejects.toThrow();
    expect(readFileSync(target, 'utf8')).toBe('the previous database');
    expect(readdirSync(copy.root).filter((f) => f.includes('building'))).toEqual([]);
  });

  it('replaces the file whole when it succeeds', async () => {
    const target = join(copy.root, 'netkb.db');
    writeFileSync(target, 'the previous database');
    const result = await writeSeed(loadSeed(copy.seed), target);
    expect(existsSync(target)).toBe(true);
    expect(readFileSync(target).subarray(0, 15).toString()).toBe('SQLite format 3');
    expect(result.records).toBeGreaterThan(100);
  });
});
