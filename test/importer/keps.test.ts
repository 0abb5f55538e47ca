// netkb import keps on a few real kep.yaml files of kubernetes/enhancements, trimmed (test/fixtures/keps): a
// repository is built from them, and the same files are read as a plain folder with the commit named.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { projectRoot } from '../../src/config';
import {
  buildKepIndex,
  formatKepIndex,
  readKepsFromFolder,
  readKepsFromGit,
  readKepsSource,
  writeKepIndex,
} from '../../src/importer/keps/run';
import { readKep } from '../../src/importer/keps/read-kep';
import { kepIndexSchema, readKepIndex, type KepIndexFile } from '../../src/seed/kep-index';
import type { SeedProblem } from '../../src/seed/load';
import { git } from '../support/git';
import { netkb } from '../support/cli';

const FIXTURES = join(projectRoot(), 'test', 'fixtures', 'keps');
const source = readKepsSource(join(projectRoot(), 'seed', 'generated', 'keps-source.yaml'));

function buildRepo(): string {
  const dir = mkdtempSync(join(tmpdir(), 'netkb-enhancements-'));
  git(dir, ['init', '-q', '-b', 'master']);
  cpSync(FIXTURES, dir, { recursive: true });
  writeFileSync(join(dir, 'README.md'), 'not a KEP\n');
  git(dir, ['add', '-A']);
  git(dir, ['commit', '-q', '-m', 'keps']);
  return dir;
}

describe('netkb import keps', () => {
  let repo: string;
  let index: KepIndexFile;
  beforeAll(() => {
    repo = buildRepo();
    index = buildKepIndex(readKepsFromGit(repo, 'HEAD', source), source);
  });
  afterAll(() => rmSync(repo, { recursive: true, force: true }));

  it('records the repository and the commit read', () => {
    expect(index.repository).toBe('https://github.com/kubernetes/enhancements');
    expect(index.commit).toBe(git(repo, ['rev-parse', 'HEAD']).trim());
  });

  it('gives each KEP its title, owning SIG, path and gates with their components, ordered by number', () => {
    expect(index.keps.map((k) => k.number)).toEqual([1797, 2133, 2133, 3705, 4816, 5075, 5304]);
    expect(index.keps.find((k) => k.number === 3705)).toEqual({
      number: 3705,
      title: 'Cloud Dual-Stack --node-ip Handling',
      owningSig: 'sig-network',
      path: 'keps/sig-network/3705-cloud-node-ips/kep.yaml',
      featureGates: [{ name: 'CloudDualStackNodeIPs', components: ['kubelet', 'cloud-controller-manager'] }],
    });
    expect(index.keps.find((k) => k.number === 4816)!.featureGates).toEqual([
      { name: 'DRAPrioritizedList', components: ['kube-apiserver', 'kube-controller-manager', 'kube-scheduler'] },
    ]);
  });

  it('keeps both KEPs of a number used twice, each with its own path', () => {
    const both = index.keps.filter((k) => k.number === 2133);
    expect(both.map((k) => [k.path, k.featureGates.length])).toEqual([
      ['keps/sig-cloud-provider/2133-out-of-tree-credential-provider/kep.yaml', 0],
      ['keps/sig-node/2133-kubelet-credential-providers/kep.yaml', 1],
    ]);
  });

  it('keeps spellings as the KEP writes them, and drops only empty items', () => {
    expect(index.keps.find((k) => k.number === 1797)!.featureGates[0].name).toBe('setHostnameAsFQDN');
    expect(index.keps.find((k) => k.number === 5304)!.featureGates).toEqual([{ name: 'NA', components: [] }]);
  });

  it('reads a file whose date is no date (YAML 1.2 keeps it a string)', () => {
    expect(index.keps.find((k) => k.number === 5075)!.featureGates[0].components).toEqual([
      'kube-scheduler',
      'kubelet',
      'kube-apiserver',
    ]);
  });

  it('leaves out the template, and says why', () => {
    expect(index.skipped).toEqual([
      { path: 'keps/NNNN-kep-template/kep.yaml', reason: 'kep-number "NNNN" is not a number' },
    ]);
  });

  it('reads a plain folder of the same files at a named commit to the same index', () => {
    const commit = index.commit;
    expect(buildKepIndex(readKepsFromFolder(FIXTURES, commit, source), source)).toEqual(index);
    // The keps/ folder itself will do too.
    expect(buildKepIndex(readKepsFromFolder(join(FIXTURES, 'keps'), commit, source), source)).toEqual(index);
    expect(() => readKepsFromFolder(FIXTURES, 'HEAD', source)).toThrow(/full commit/);
  });

  it('writes one KEP per line, the same bytes every time, in a form the loader reads', () => {
    const out = mkdtempSync(join(tmpdir(), 'netkb-keps-out-'));
    try {
      const file = writeKepIndex(index, out);
      const text = readFileSync(file, 'utf8');
      expect(text).toBe(formatKepIndex(buildKepIndex(readKepsFromGit(repo, 'HEAD', source), source)));
      const lines = text.split('\n');
      expect(lines.filter((l) => /^ {4}\{"number":/.test(l))).toHaveLength(index.keps.length);
      expect(kepIndexSchema.parse(JSON.parse(text))).toEqual(index);
      // The loader reads it beside a keps-source.yaml, from a seed folder's generated/.
      const seed = join(out, 'seed');
      cpSync(file, join(seed, 'generated', 'keps.json'));
      cpSync(join(projectRoot(), 'seed', 'generated', 'keps-source.yaml'), join(seed, 'generated', 'keps-source.yaml'));
      const problems: SeedProblem[] = [];
      const read = readKepIndex(seed, problems);
      expect(problems).toEqual([]);
      expect(read!.byNumber.get(2133)).toHaveLength(2);
      expect(read!.commit).toBe(index.commit);
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  });

  it('agrees with the committed seed/generated/keps.json on every KEP of the excerpt', () => {
    const committed = kepIndexSchema.parse(
      JSON.parse(readFileSync(join(projectRoot(), 'seed', 'generated', 'keps.json'), 'utf8')),
    );
    for (const kep of index.keps) expect(committed.keps.find((k) => k.path === kep.path)).toEqual(kep);
    expect(committed.skipped).toEqual(index.skipped);
  });

  it('refuses what is not a clone of the repository', () => {
    const empty = mkdtempSync(join(tmpdir(), 'netkb-not-git-'));
    try {
      expect(() => readKepsFromGit(empty, 'HEAD', source)).toThrow(/not a git repository/);
      expect(() => readKepsFromGit(repo, 'no-such-ref', source)).toThrow(/no commit no-such-ref/);
      expect(() => readKepsFromGit(repo, 'HEAD', { ...source, dir: 'elsewhere' })).toThrow(
        /no elsewhere\/\*\*\/kep\.yaml/,
      );
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
  });
});

describe('the command line', () => {
  it('writes keps.json where --out says, and refuses --ref with --commit', () => {
    const repo = buildRepo();
    const out = mkdtempSync(join(tmpdir(), 'netkb-keps-cli-'));
    try {
      const ok = netkb(['import', 'keps', repo, '--out', out]);
      expect(ok.stderr).toBe('');
      expect(ok.code).toBe(0);
      expect(ok.stdout).toMatch(
        /read 8 kep\.yaml files .*: 7 KEPs naming 6 feature gates; left out: keps\/NNNN-kep-template/,
      );
      expect(kepIndexSchema.parse(JSON.parse(readFileSync(join(out, 'keps.json'), 'utf8'))).keps).toHaveLength(7);
      const both = netkb(['import', 'keps', repo, '--ref', 'HEAD', '--commit', 'abc']);
      expect(both.code).toBe(2);
      expect(both.stderr).toMatch(/give one of them/);
      const folder = netkb(['import', 'keps', FIXTURES, '--out', out]);
      expect(folder.code).toBe(2);
      // The fixture lies inside this project's repository (or in none, in a copy without .git).
      expect(folder.stderr).toMatch(/a folder inside a git repository \(test\/fixtures\/keps\/\)|not a git repository/);
    } finally {
      rmSync(repo, { recursive: true, force: true });
      rmSync(out, { recursive: true, force: true });
    }
  });
});

describe('one kep.yaml', () => {
  it('is left out when it is no YAML map or has no number', () => {
    expect(readKep('keps/a/kep.yaml', '- a list\n')).toEqual({ skipped: 'not a YAML map' });
    expect(readKep('keps/a/kep.yaml', 'title: x\n')).toEqual({ skipped: 'kep-number null is not a number' });
    expect(readKep('keps/a/kep.yaml', 'title: [\n')).toMatchObject({ skipped: expect.stringMatching(/^not YAML/) });
  });

  it('takes a number written as a string, and passes over gates without a name', () => {
    const read = readKep(
      'keps/sig-x/12-y/kep.yaml',
      'kep-number: "12"\ntitle: Y\nfeature-gates:\n  - components: [kubelet]\n  - name: G\n    components: [" kubelet "]\n',
    );
    expect(read).toEqual({
      entry: {
        number: 12,
        title: 'Y',
        owningSig: null,
        path: 'keps/sig-x/12-y/kep.yaml',
        featureGates: [{ name: 'G', components: ['kubelet'] }],
      },
    });
  });
});
