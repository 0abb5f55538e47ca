// The verbs that were there before the lookups, as processes of the compiled CLI: netkb stats, and
// netkb import notes into a scratch copy of the database, seen afterwards by netkb releases.
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { projectRoot } from '../../src/config';
import { netkb } from '../support/cli';
import { seededDatabase } from '../support/http';

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'netkb-cli-import-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('netkb stats', () => {
  it('json: totals, a row per release and the records without a source', () => {
    const r = netkb(['stats', '--format', 'json']);
    expect(r.code).toBe(0);
    const s = JSON.parse(r.stdout);
    expect(Object.keys(s)).toEqual(['seed', 'totals', 'perRelease', 'coverage', 'unsourced', 'sourceCheck']);
    expect(s.totals.featureGates).toBeGreaterThan(100);
    // What is covered: curated and generated gates (every SIG), per component, and where the generated stop.
    const g = s.coverage.featureGates;
    expect(g.curated + g.generated).toBe(s.totals.featureGates);
    expect(g.generated).toBeGreaterThan(300);
    expect(g.generatedWithRemoval).toBeGreaterThan(100);
    const apiserver = s.coverage.components.find((c: any) => c.component === 'kube-apiserver');
    expect(apiserver.generatedGates).toBeGreaterThan(apiserver.curatedGates);
    // Curated and generated flags (those the notes remove or deprecate) together make the total.
    const flagsOf = (c: any) => c.flags + c.generatedFlags;
    expect(flagsOf(apiserver)).toBe(
      s.totals.flags -
        s.coverage.components.filter((c: any) => c !== apiserver).reduce((n: number, c: any) => n + flagsOf(c), 0),
    );
    expect(apiserver.generatedFlags).toBeGreaterThan(0);
    expect(s.coverage.wellKnownKeys.generated).toBeGreaterThan(50);
    expect(s.coverage.wellKnownKeys.reservedDomains).toEqual(['kubernetes.io', 'k8s.io']);
    // The components' configuration files, field by field; kubeadm's against one copy of each version's types.
    expect(s.coverage.configFiles.versions).toContain('KubeletConfiguration kubelet.config.k8s.io/v1beta1');
    expect(s.coverage.configFiles.versions).not.toContain('ClusterConfiguration kubeadm.k8s.io/v1beta4');
    expect(s.coverage.configFiles.versionsFromOneCopy).toContain('ClusterConfiguration kubeadm.k8s.io/v1beta4');
    expect(s.coverage.configFiles.versionsFromOneCopy).toHaveLength(14);
    expect(s.coverage.configFiles.oneCopyReaders).toEqual(['kubeadm']);
    expect(s.coverage.configFiles.generatedFields).toBeGreaterThan(50);
    expect(s.coverage.configFiles.notIndexed).toEqual([]);
    expect(s.coverage.configFiles.fieldValues).toEqual([
      { field: 'ClusterConfiguration dns.type', values: 1 },
      { field: 'KubeSchedulerConfiguration profiles[].pluginConfig[].name', values: 11 },
      { field: 'KubeSchedulerConfiguration profiles[].plugins.*.enabled[].name', values: 11 },
      { field: 'KubeletConfiguration memorySwap.swapBehavior', values: 1 },
    ]);
    // kubeadm's own gates, dated by its notes: added, deprecated, GA and removed.
    const kubeadm = s.coverage.toolGates.find((t: any) => t.tool === 'kubeadm');
    expect(kubeadm.gates).toBeGreaterThanOrEqual(10);
    expect(kubeadm.ga).toBeGreaterThanOrEqual(5);
    expect(kubeadm.deprecated).toBeGreaterThanOrEqual(1);
    expect(kubeadm.removed).toBeGreaterThanOrEqual(8);
    // The add-ons whose CRDs are read, each with its releases.
    expect(s.coverage.addOns.map((a: any) => a.name)).toEqual([
      'cert-manager',
      'external-snapshotter',
      'istio',
      'prometheus-operator',
    ]);
    expect(s.coverage.addOns.every((a: any) => a.apiVersions > 10)).toBe(true);
    // Generated records count in the totals (the core kinds among them), and the check's summary is there.
    expect(s.totals.apiVersions).toBeGreaterThan(180);
    expect(s.sourceCheck.checked.apiVersions).toBeGreaterThan(100);
    // Gates' components checked against the KEPs they cite (seed/generated/keps.json).
    expect(s.sourceCheck.checked.featureGateComponents).toBeGreaterThan(60);
    expect(s.sourceCheck.generated).toBeGreaterThan(30);
    expect(s.sourceCheck.facts['1.22'].apiVersions.agreeing).toBeGreaterThan(20);
    const r129 = s.perRelease.find((x: any) => x.release === '1.29');
    expect(r129.changes).toBeGreaterThan(0);
    expect(s.unsourced).toEqual([]);
  });

  it('table, and exit 2 for an unknown format', () => {
    const r = netkb(['stats']);
    expect(r.stdout).toMatch(/^knowledge base [0-9a-f]{12}: 24 releases, \d+ featureGates/);
    expect(r.stdout).toContain('every record has a source');
    expect(r.stdout).toMatch(/feature gates: \d+ curated, \d+ generated \(\d+ with a dated removal/);
    expect(r.stdout).toMatch(/\nkube-apiserver +\d+ +\d+ +\d+ +\d+ +\d+ +\d+\n/);
    expect(r.stdout).toMatch(
      /checked against Kubernetes' source: \d+ apiVersions, \d+ apiFields, \d+ featureGates, \d+ featureGateComponents, \d+ metrics, \d+ flags agree/,
    );
    expect(r.stdout).toMatch(/generated from the source: \d+ apiVersions/);
    // Per release, the dated facts by origin, with the totals and one generated/agreeing/curated column per kind.
    expect(r.stdout).toMatch(
      /release +generated +agreeing +curated +apiVersions +apiFields +gateStages +flags +metrics/,
    );
    expect(r.stdout).toMatch(/\n +1\.22 +\d+ +\d+ +\d+ +\d+\/\d+\/\d+ /);
    const bad = netkb(['stats', '--format', 'markdown']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/--format must be table or json/);
  });
});

describe('netkb import notes', () => {
  it('imports a release-notes file into the database, and netkb releases shows the new release', () => {
    const db = join(dir, 'netkb.db');
    copyFileSync(seededDatabase(), db);
    const file = join(projectRoot(), 'test', 'fixtures', 'notes', 'release-notes-9.1.md');
    const r = netkb(['import', 'notes', file, '--version', '9.1'], { db });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^imported 3 entries for 9\.1 from /);
    expect(r.stdout).toMatch(
      /not linked \(no record in the knowledge base\):\n {2}#900002: feature gate FancyNewRouting/,
    );
    const releases = JSON.parse(netkb(['releases', '--format', 'json'], { db }).stdout);
    expect(releases[releases.length - 1]).toMatchObject({ version: '9.1', imported: true, changes: 3 });
  });

  it('exit 2 without --version or for a file that cannot be read', () => {
    const missing = netkb(['import', 'notes', 'x.md']);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/--version is required/);
    const unreadable = netkb(['import', 'notes', join(dir, 'nope.md'), '--version', '9.2']);
    expect(unreadable.code).toBe(2);
    expect(unreadable.stderr).toMatch(/nope\.md: cannot read the file/);
  });
});
