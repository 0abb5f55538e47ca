// netkb import gate-history on feature files written for the tests in Kubernetes' pre-versioned shape
// (test/fixtures/gate-history, made-up gates): the Go reader, the vendoring metadata, and a scratch
// repository that vendored three releases, read into the history index.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import {
  readFeatureSpecMap,
  readGateConstants,
  releaseOfVersion,
  vendoredVersion,
} from '../../src/importer/k8s-source/gate-history-source';
import { importGateHistory, type GateHistorySource } from '../../src/importer/k8s-source/gate-history';
import { gateHistoryFile, toGateHistory } from '../../src/seed/gate-history-index';
import { projectRoot } from '../../src/config';
import { git } from '../support/git';

const FIXTURES = join(projectRoot(), 'test', 'fixtures', 'gate-history');
const fixture = (path: string) => readFileSync(join(FIXTURES, path), 'utf8');
const K8S = 'vendor/k8s.io/kubernetes/pkg/features/kube_features.go';
const APISERVER = 'vendor/k8s.io/apiserver/pkg/features/kube_features.go';

describe('the pre-versioned feature-file reader', () => {
  it('reads each spec of the map, resolving keys through the constants of the files of the release', () => {
    const k8s = fixture('1.20/kube_features.go');
    const constants = new Map([
      ...readGateConstants(k8s),
      ...readGateConstants(fixture('1.20/apiserver_kube_features.go')),
    ]);
    const { gates, unresolved } = readFeatureSpecMap(k8s, constants, '1.20/kube_features.go');
    expect(gates).toEqual([
      { name: 'ExampleAlpha', stage: 'ALPHA', defaultEnabled: false, lockedToDefault: false },
      { name: 'ExampleBeta', stage: 'BETA', defaultEnabled: true, lockedToDefault: false },
      // The constant deprecatedExampleOld names the gate ExampleOld.
      { name: 'ExampleOld', stage: 'DEPRECATED', defaultEnabled: false, lockedToDefault: false },
      { name: 'ExampleLocked', stage: 'GA', defaultEnabled: true, lockedToDefault: true },
      // Relisted from the apiserver, whose constant the apiserver's file gives.
      { name: 'ExampleServerGate', stage: 'BETA', defaultEnabled: true, lockedToDefault: false },
    ]);
    expect(unresolved).toEqual(['apiextensionsfeatures.ExampleCRDGate']);
  });

  it('reads the old package names, and a spec without LockToDefault is not locked', () => {
    const old = fixture('1.13/kube_features.go');
    const { gates, unresolved } = readFeatureSpecMap(old, readGateConstants(old), '1.13/kube_features.go');
    expect(gates).toEqual([{ name: 'ExampleAlpha', stage: 'ALPHA', defaultEnabled: false, lockedToDefault: false }]);
    expect(unresolved).toEqual(['genericfeatures.ExampleServerGate']);
  });

  it('refuses what it cannot read rather than guess: an unknown stage, a computed default, a stray entry', () => {
    const k8s = fixture('1.21/kube_features.go');
    const constants = readGateConstants(k8s);
    const read = (text: string) => () => readFeatureSpecMap(text, constants, 'x.go');
    expect(read(k8s.replace('featuregate.Beta}', 'featuregate.Preview}'))).toThrow(
      /ExampleAlpha: expected .*Alpha, Beta, GA or Deprecated/,
    );
    expect(
      read(
        k8s.replace('Default: true, PreRelease: featuregate.Beta', 'Default: isLinux, PreRelease: featuregate.Beta'),
      ),
    ).toThrow(/ExampleAlpha: expected Default and LockToDefault as true\/false/);
    expect(read(k8s.replace('ExampleLocked: {', 'helper(),\n\tExampleLocked: {'))).toThrow(
      /cannot read this part of the FeatureSpec map: helper\(\)/,
    );
    expect(read(k8s.replace(/map\[featuregate[^{]*\{/, 'map[featuregate.Feature]featuregate.VersionedSpecs{'))).toThrow(
      /expected one map\[\.\.\.Feature\]\.\.\.FeatureSpec literal, found 0/,
    );
  });

  it('takes the vendored version only from metadata that lists the package itself', () => {
    const modules = '# k8s.io/kubernetes v1.20.0\n## explicit\nk8s.io/kubernetes/pkg/features\n# k8s.io/utils v0.0.1\n';
    expect(vendoredVersion('k8s.io/kubernetes', 'pkg/features', { modulesTxt: modules })).toBe('v1.20.0');
    expect(vendoredVersion('k8s.io/utils', 'pkg/features', { modulesTxt: modules })).toBeNull();
    const replaced = '# k8s.io/apiserver v0.0.0 => k8s.io/apiserver v0.20.0\nk8s.io/apiserver/pkg/features\n';
    expect(vendoredVersion('k8s.io/apiserver', 'pkg/features', { modulesTxt: replaced })).toBe('v0.20.0');
    const local =
      '# k8s.io/apiserver v0.0.0 => /tmp/kubernetes/staging/src/k8s.io/apiserver\nk8s.io/apiserver/pkg/features\n';
    expect(vendoredVersion('k8s.io/apiserver', 'pkg/features', { modulesTxt: local })).toBeNull();
    const lock = (packages: string) =>
      `[[projects]]\n  name = "k8s.io/kubernetes"\n  packages = [${packages}]\n  revision = "${'a'.repeat(40)}"\n  version = "v1.13.0"\n`;
    expect(
      vendoredVersion('k8s.io/kubernetes', 'pkg/features', { gopkgLock: lock('"pkg/features","pkg/util/mount"') }),
    ).toBe('v1.13.0');
    // dep did not put pkg/features there from this version: a leftover of an earlier vendoring.
    expect(vendoredVersion('k8s.io/kubernetes', 'pkg/features', { gopkgLock: lock('"pkg/util/mount"') })).toBeNull();
    const godeps = JSON.stringify({
      Deps: [
        { ImportPath: 'k8s.io/kubernetes/pkg/features', Comment: 'v1.10.1-beta.0-52-gf17f74510b', Rev: 'f17f745' },
      ],
    });
    expect(vendoredVersion('k8s.io/kubernetes', 'pkg/features', { godepsJson: godeps })).toBe(
      'v1.10.1-beta.0-52-gf17f74510b',
    );
  });

  it('tells the release of a module version', () => {
    expect(releaseOfVersion('v1.20.0')).toBe('1.20');
    expect(releaseOfVersion('v0.20.2')).toBe('1.20');
    expect(releaseOfVersion('kubernetes-1.14.0')).toBe('1.14');
    expect(releaseOfVersion('v1.10.1-beta.0-52-gf17f74510b')).toBe('1.10');
    expect(releaseOfVersion('v0.0.0-20200225053900-1dd25a9efc31')).toBeNull();
  });
});

describe('netkb import gate-history from a repository that vendored three releases', () => {
  let repo: string;
  let out: string;
  const commits: Record<string, string> = {};
  /** Writes the files, commits them, and remembers the commit under `name`. */
  const commit = (name: string, files: Record<string, string>) => {
    for (const [path, text] of Object.entries(files)) {
      mkdirSync(dirname(join(repo, path)), { recursive: true });
      writeFileSync(join(repo, path), text);
    }
    git(repo, ['add', '-A']);
    git(repo, ['commit', '-q', '-m', name]);
    commits[name] = git(repo, ['rev-parse', 'HEAD']).trim();
  };
  const modules = (k8s: string, apiserver: string | null) =>
    `# k8s.io/kubernetes ${k8s}\n## explicit\nk8s.io/kubernetes/pkg/features\n` +
    (apiserver ? `# k8s.io/apiserver ${apiserver}\nk8s.io/apiserver/pkg/features\n` : '');
  const file = (release: string, module: string, version: string, at: string) => ({
    release,
    module,
    version,
    repository: 'example/vendoring',
    commit: commits[at],
    vendor: 'vendor',
  });
  const source = (files: GateHistorySource['files']): GateHistorySource => ({
    repositories: [{ name: 'example/vendoring', url: 'https://github.com/example/vendoring' }],
    featureFile: 'pkg/features/kube_features.go',
    files,
  });
  const run = (files: GateHistorySource['files']) =>
    importGateHistory(new Map([['example/vendoring', repo]]), out, source(files));

  beforeAll(() => {
    repo = mkdtempSync(join(tmpdir(), 'netkb-vendoring-'));
    out = mkdtempSync(join(tmpdir(), 'netkb-generated-'));
    git(repo, ['init', '-q', '-b', 'main']);
    commit('dep 1.13', {
      'Gopkg.lock': `[[projects]]\n  name = "k8s.io/kubernetes"\n  packages = ["pkg/features"]\n  version = "v1.13.3"\n`,
      [K8S]: fixture('1.13/kube_features.go'),
    });
    rmSync(join(repo, 'Gopkg.lock'));
    commit('modules 1.20', {
      'vendor/modules.txt': modules('v1.20.0', 'v0.20.0'),
      [K8S]: fixture('1.20/kube_features.go'),
      [APISERVER]: fixture('1.20/apiserver_kube_features.go'),
    });
    commit('modules 1.21', { 'vendor/modules.txt': modules('v1.21.2', null), [K8S]: fixture('1.21/kube_features.go') });
  });
  afterAll(() => {
    rmSync(repo, { recursive: true, force: true });
    rmSync(out, { recursive: true, force: true });
  });

  it('writes each gate as runs of releases read in a row with one spec, and each release with its copies', () => {
    const summary = run([
      file('1.13', 'k8s.io/kubernetes', 'v1.13.3', 'dep 1.13'),
      file('1.20', 'k8s.io/kubernetes', 'v1.20.0', 'modules 1.20'),
      file('1.20', 'k8s.io/apiserver', 'v0.20.0', 'modules 1.20'),
      file('1.21', 'k8s.io/kubernetes', 'v1.21.2', 'modules 1.21'),
    ]);
    expect(summary).toMatchObject({ releases: 3, gates: 5 });
    const text = readFileSync(join(out, 'feature-gates-history.json'), 'utf8');
    const index = JSON.parse(text);
    expect(index.releases.map((r: any) => [r.release, r.files.map((f: any) => f.version)])).toEqual([
      ['1.13', ['v1.13.3']],
      ['1.20', ['v1.20.0', 'v0.20.0']],
      ['1.21', ['v1.21.2']],
    ]);
    expect(index.releases[1].files[1].source).toBe(
      `https://github.com/example/vendoring/blob/${commits['modules 1.20']}/${APISERVER}`,
    );
    const specs = (name: string) =>
      index.featureGates
        .find((g: any) => g.name === name)
        .specs.map((s: any) => `${s.from}-${s.to} ${s.stage} ${s.defaultEnabled} ${s.lockedToDefault}`);
    // 1.14-1.19 were not read: the same spec on both sides of the gap is two runs, not one.
    expect(specs('ExampleAlpha')).toEqual([
      '1.13-1.13 ALPHA false false',
      '1.20-1.20 ALPHA false false',
      '1.21-1.21 BETA true false',
    ]);
    expect(specs('ExampleLocked')).toEqual(['1.20-1.21 GA true true']);
    expect(specs('ExampleOld')).toEqual(['1.20-1.20 DEPRECATED false false']);
    expect(specs('ExampleServerGate')).toEqual(['1.20-1.20 BETA true false']);
    expect(index.leftOut).toEqual([
      '1.13 k8s.io/kubernetes: genericfeatures.ExampleServerGate',
      '1.20 k8s.io/kubernetes: apiextensionsfeatures.ExampleCRDGate',
    ]);
    // One entry per line, and the loader reads what the importer writes.
    expect(text.split('\n').filter((l) => l.startsWith('    {"name":"Example'))).toHaveLength(5);
    const h = toGateHistory(gateHistoryFile.parse(index), 'feature-gates-history.json', text);
    expect(Array.isArray(h)).toBe(false);
    if (!Array.isArray(h)) expect([...h.gates.get('ExampleLocked')!.states.keys()]).toEqual(['1.20', '1.21']);
  });

  it('refuses a version the repository does not vendor there, and a version of another release', () => {
    expect(() => run([file('1.20', 'k8s.io/kubernetes', 'v1.20.1', 'modules 1.20')])).toThrow(
      /the source says k8s\.io\/kubernetes v1\.20\.1, the repository's vendoring metadata says v1\.20\.0/,
    );
    expect(() => run([file('1.20', 'k8s.io/kubernetes', 'v1.21.2', 'modules 1.21')])).toThrow(
      /v1\.21\.2 is not a 1\.20 version/,
    );
  });

  it('refuses a copy the metadata does not list (a leftover), and two files of one release that disagree', () => {
    commit('leftover', {
      'vendor/modules.txt': '# k8s.io/kubernetes v1.21.2\n## explicit\nk8s.io/kubernetes/pkg/util\n',
    });
    expect(() => run([file('1.21', 'k8s.io/kubernetes', 'v1.21.2', 'leftover')])).toThrow(
      /vendoring metadata says nothing checkable for k8s\.io\/kubernetes\/pkg\/features/,
    );
    commit('apiserver of another release', {
      'vendor/modules.txt': modules('v1.20.0', 'v0.20.0'),
      [K8S]: fixture('1.20/kube_features.go'),
      [APISERVER]: fixture('1.20/apiserver_kube_features.go').replace('Default: true', 'Default: false'),
    });
    expect(() =>
      run([
        file('1.20', 'k8s.io/kubernetes', 'v1.20.0', 'apiserver of another release'),
        file('1.20', 'k8s.io/apiserver', 'v0.20.0', 'apiserver of another release'),
      ]),
    ).toThrow(/ExampleServerGate: .* give different specs for 1\.20/);
  });
});
