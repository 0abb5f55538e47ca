// netkb import add-on-apis on a small repository built here: one tagged commit per release, each with the CRDs an
// add-on could ship (an apiextensions v1beta1 CRD naming its one version, then v1 CRDs with several versions,
// served, deprecated or no longer served), and the committed seed/generated/add-on-apis.json read as the loader
// reads it.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { dump } from 'js-yaml';
import { projectRoot } from '../../src/config';
import { buildAddOnApis, writeAddOnApis } from '../../src/importer/add-on-apis/run';
import { addOnApisFile, compareTags, readAddOnApis, type AddOnSource } from '../../src/seed/add-on-apis-index';
import { netkb } from '../support/cli';
import { git } from '../support/git';

const crd = (versions: { name: string; served: boolean; deprecated?: boolean }[]) => ({
  apiVersion: 'apiextensions.k8s.io/v1',
  kind: 'CustomResourceDefinition',
  metadata: { name: 'widgets.example.io' },
  spec: {
    group: 'example.io',
    names: { kind: 'Widget', plural: 'widgets' },
    scope: 'Namespaced',
    versions: versions.map((v, i) => ({ ...v, storage: i === versions.length - 1 })),
  },
});
const legacy = {
  apiVersion: 'apiextensions.k8s.io/v1beta1',
  kind: 'CustomResourceDefinition',
  metadata: { name: 'widgets.example.io' },
  spec: { group: 'example.io', version: 'v1alpha1', names: { kind: 'Widget', plural: 'widgets' } },
};

/** The CRD file of each tag (null: a tag without one); tags are committed in this order. */
const RELEASES: [string, unknown][] = [
  ['v0.9.0', legacy],
  ['v1.0.0', legacy],
  [
    'v1.1.0',
    crd([
      { name: 'v1alpha1', served: true, deprecated: true },
      { name: 'v1', served: true },
    ]),
  ],
  [
    'v1.2.0',
    crd([
      { name: 'v1alpha1', served: false, deprecated: true },
      { name: 'v1', served: true },
    ]),
  ],
  ['v1.2.1', crd([{ name: 'v1', served: true }])],
];

let work: string;
let bare: string;
beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), 'netkb-addon-'));
  git(work, ['init', '-q', '-b', 'main']);
  mkdirSync(join(work, 'crds'));
  for (const [tag, doc] of RELEASES) {
    writeFileSync(join(work, 'crds', 'widgets.yaml'), dump(doc));
    writeFileSync(join(work, 'crds', 'kustomization.yaml'), 'resources: [widgets.yaml]\n');
    git(work, ['add', '-A']);
    git(work, ['commit', '-q', '--allow-empty', '-m', tag]);
    git(work, ['tag', tag]);
  }
  bare = `${work}.git`;
  execFileSync('git', ['clone', '-q', '--bare', work, bare]);
});
afterAll(() => {
  rmSync(work, { recursive: true, force: true });
  rmSync(bare, { recursive: true, force: true });
});

const source: AddOnSource = {
  addOns: [
    {
      name: 'widgets',
      repository: 'https://example.com/widgets',
      tagPattern: '^v\\d+\\.\\d+\\.0$',
      fromTag: 'v1.0.0',
      crdFiles: ['^crds/widgets\\.yaml$'],
      sources: ['https://example.com/widgets/releases'],
    },
  ],
};

describe('netkb import add-on-apis', () => {
  it('reads the tags of the pattern from fromTag on, in semver order, and each version the CRDs serve', () => {
    const built = buildAddOnApis('widgets', bare, source);
    // v0.9.0 is before fromTag, v1.2.1 not a minor release.
    expect(built.addOn.releases.map((r) => r.tag)).toEqual(['v1.0.0', 'v1.1.0', 'v1.2.0']);
    expect(built.apis).toEqual([
      { addOn: 'widgets', apiVersion: 'example.io/v1', kind: 'Widget', served: ['v1.1.0-v1.2.0'], deprecated: [] },
      // Not served in v1.2.0 (served: false), deprecated while served in v1.1.0; v1.0.0's v1beta1 CRD names it in spec.version.
      {
        addOn: 'widgets',
        apiVersion: 'example.io/v1alpha1',
        kind: 'Widget',
        served: ['v1.0.0-v1.1.0'],
        deprecated: ['v1.1.0'],
      },
    ]);
  });

  it("writes the add-on's entries beside the others' and the loader dates each version's life from them", () => {
    const seed = mkdtempSync(join(tmpdir(), 'netkb-addon-seed-'));
    try {
      const generated = join(seed, 'generated');
      mkdirSync(generated);
      writeFileSync(
        join(generated, 'add-on-apis.json'),
        JSON.stringify({
          addOns: [
            { name: 'other', repository: 'https://example.com/other', releases: [{ tag: '1.0.0', commit: 'a' }] },
          ],
          apis: [{ addOn: 'other', apiVersion: 'other.io/v1', kind: 'Thing', served: ['1.0.0'], deprecated: [] }],
        }),
      );
      writeAddOnApis(generated, buildAddOnApis('widgets', bare, source));
      const written = addOnApisFile.parse(JSON.parse(readFileSync(join(generated, 'add-on-apis.json'), 'utf8')));
      expect(written.addOns.map((a) => a.name)).toEqual(['other', 'widgets']);
      const problems: { file: string; message: string }[] = [];
      const kb = readAddOnApis(seed, problems)!;
      expect(problems).toEqual([]);
      expect(kb.apis.find((a) => a.apiVersion === 'example.io/v1alpha1')).toEqual({
        addOn: 'widgets',
        apiVersion: 'example.io/v1alpha1',
        kind: 'Widget',
        servedFrom: 'v1.0.0',
        deprecatedIn: 'v1.1.0',
        removedIn: 'v1.2.0',
        replacement: 'example.io/v1',
        replacementFrom: 'v1.1.0',
      });
      expect(kb.apis.find((a) => a.apiVersion === 'other.io/v1')).toMatchObject({ removedIn: null, replacement: null });
    } finally {
      rmSync(seed, { recursive: true, force: true });
    }
  });

  it('answers an add-on the source does not name, and a tag without CRD files, with exit 2 and the reason', () => {
    const unknown = netkb(['import', 'add-on-apis', 'nope', bare, '--out', tmpdir()]);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('no add-on nope in the source file');
    const config = join(mkdtempSync(join(tmpdir(), 'netkb-addon-cfg-')), 'source.yaml');
    writeFileSync(config, dump({ addOns: [{ ...source.addOns[0], crdFiles: ['^nothing/here\\.yaml$'] }] }));
    const empty = netkb(['import', 'add-on-apis', 'widgets', bare, '--config', config, '--out', tmpdir()]);
    expect(empty.code).toBe(2);
    expect(empty.stderr).toContain('v1.0.0 has no file matching ^nothing/here\\.yaml$');
  });

  it('the committed index covers cert-manager, the CSI snapshotter and Istio, each release tag in order', () => {
    const problems: { file: string; message: string }[] = [];
    const kb = readAddOnApis(join(projectRoot(), 'seed'), problems)!;
    expect(problems).toEqual([]);
    expect(kb.addOns.map((a) => a.name)).toEqual([
      'cert-manager',
      'external-snapshotter',
      'istio',
      'prometheus-operator',
    ]);
    for (const a of kb.addOns) expect([...a.releases].sort(compareTags)).toEqual(a.releases);
    const life = (apiVersion: string, kind: string) =>
      kb.apis.find((a) => a.apiVersion === apiVersion && a.kind === kind);
    expect(life('cert-manager.io/v1alpha2', 'Certificate')).toMatchObject({
      removedIn: 'v1.6.0',
      replacement: 'cert-manager.io/v1',
    });
    expect(life('snapshot.storage.k8s.io/v1beta1', 'VolumeSnapshot')).toMatchObject({
      deprecatedIn: 'v4.1.0',
      removedIn: 'v6.0.0',
      replacement: 'snapshot.storage.k8s.io/v1',
      replacementFrom: 'v4.0.0',
    });
    expect(life('authentication.istio.io/v1alpha1', 'Policy')).toMatchObject({ removedIn: '1.6.0' });
  });
});
