// netkb import k8s-source on small real excerpts of Kubernetes' source (test/fixtures/k8s-source): a
// kubernetes/api repository is built from the excerpts with two release tags and a development branch.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { importApiSource, importComponentConfigs, importKubernetesFiles } from '../../src/importer/k8s-source/run';
import { buildConfigIndex } from '../../src/importer/k8s-source/config-index';
import { readImportConfig } from '../../src/importer/k8s-source/config';
import { readDeclaredMetrics } from '../../src/importer/k8s-source/metrics-source';
import {
  readLifecycleMarkers,
  readRegisteredKinds,
  readStructs,
  docSaysDeprecated,
} from '../../src/importer/k8s-source/go-source';
import { apiFacts, expand } from '../../src/seed/generated-index';
import { netkb } from '../support/cli';
import { projectRoot } from '../../src/config';
import { git } from '../support/git';

const FIXTURES = join(projectRoot(), 'test', 'fixtures', 'k8s-source');
const config = readImportConfig(join(projectRoot(), 'seed', 'generated', 'k8s-source.yaml'));

/**
 * A kubernetes/api-like repository: one commit per fixture release, tagged, and `master` after them. Each
 * release's folder holds only the files that changed since the one before (the rest carries over).
 */
function buildApiRepo(): string {
  const dir = mkdtempSync(join(tmpdir(), 'netkb-k8s-api-'));
  git(dir, ['init', '-q', '-b', 'master']);
  for (const rel of ['kubernetes-1.21.0', 'kubernetes-1.22.0', 'master']) {
    cpSync(join(FIXTURES, 'kubernetes-api', rel), dir, { recursive: true });
    git(dir, ['add', '-A']);
    git(dir, ['commit', '-q', '--allow-empty', '-m', rel]);
    if (rel !== 'master') git(dir, ['tag', rel]);
  }
  return dir;
}

describe('netkb import k8s-source: the API index', () => {
  let repo: string;
  let out: string;
  let versions: { releases: { release: string; ref: string }[]; apiVersions: any[] };
  let fields: { fields: any[] };
  beforeAll(() => {
    repo = buildApiRepo();
    out = mkdtempSync(join(tmpdir(), 'netkb-generated-'));
    importApiSource(repo, out, { ...config, api: { ...config.api, fromRelease: '1.21' } });
    versions = JSON.parse(readFileSync(join(out, 'api-versions.json'), 'utf8'));
    fields = JSON.parse(readFileSync(join(out, 'api-fields.json'), 'utf8'));
  });
  afterAll(() => {
    rmSync(repo, { recursive: true, force: true });
    rmSync(out, { recursive: true, force: true });
  });

  it('reads every release tag and the development branch as the next release', () => {
    expect(versions.releases.map((r) => [r.release, r.ref])).toEqual([
      ['1.21', 'kubernetes-1.21.0'],
      ['1.22', 'kubernetes-1.22.0'],
      ['1.23', 'master'],
    ]);
  });

  it('records each registered kind with its releases and lifecycle markers', () => {
    const ingress = versions.apiVersions.find(
      (e) => e.apiVersion === 'networking.k8s.io/v1beta1' && e.kind === 'Ingress',
    );
    expect(ingress).toMatchObject({
      dir: 'networking/v1beta1',
      registeredIn: ['1.21-1.23'],
      markers: { introduced: '1.14', deprecated: '1.19', removed: '1.22', replacement: 'networking.k8s.io/v1' },
    });
    const service = versions.apiVersions.find((e) => e.apiVersion === 'v1' && e.kind === 'Service');
    expect(service).toMatchObject({ registeredIn: ['1.21-1.23'], dir: 'core/v1' });
    // Options of subresource calls are not kinds a manifest carries.
    expect(versions.apiVersions.some((e) => e.kind === 'PodLogOptions')).toBe(false);
  });

  it('serves a prerelease version until its removal marker, though k8s.io/api keeps its types', () => {
    const ingress = versions.apiVersions.find(
      (e) => e.apiVersion === 'networking.k8s.io/v1beta1' && e.kind === 'Ingress',
    );
    const facts = apiFacts(ingress, ['1.21', '1.22', '1.23']);
    expect(facts).toMatchObject({
      introducedIn: '1.14',
      deprecatedIn: '1.19',
      removedIn: '1.22',
      removalMarked: true,
      served: ['1.21'],
    });
  });

  it('indexes field paths per release: list fields, their items, and a field that goes away', () => {
    const svc = fields.fields.find((f) => f.apiVersion === 'v1' && f.kind === 'Service').paths;
    expect(svc['spec.ports']).toMatchObject({ present: ['1.21-1.23'] });
    expect(svc['spec.ports[].port']).toMatchObject({ present: ['1.21-1.23'] });
    expect(svc['spec.topologyKeys'].present).toEqual(['1.21']);
    expect(svc['spec.ipFamilies'].present).toEqual(['1.21-1.23']);
    // A field of another package's type is marked opaque: its own fields are not walked.
    expect(svc['spec.ports[].targetPort']).toMatchObject({ opaque: ['1.21-1.23'] });
    expect(svc['spec.ports[].port'].opaque).toBeUndefined();
    const ing = fields.fields.find((f) => f.apiVersion === 'networking.k8s.io/v1beta1' && f.kind === 'Ingress').paths;
    expect(ing['spec.backend.serviceName'].present).toEqual(['1.21-1.23']);
    expect(expand(ing['spec.rules'].present, ['1.21', '1.22', '1.23'])).toEqual(['1.21', '1.22', '1.23']);
  });

  it('writes one entry per line, so a regenerated release reads as a small diff', () => {
    const lines = readFileSync(join(out, 'api-versions.json'), 'utf8').split('\n');
    expect(lines.filter((l) => l.startsWith('    {"apiVersion":')).length).toBe(versions.apiVersions.length);
  });

  it('the command refuses a folder that is not a repository, and one without release tags', () => {
    const empty = mkdtempSync(join(tmpdir(), 'netkb-empty-'));
    try {
      const notRepo = netkb(['import', 'k8s-source', empty, '--seed', join(projectRoot(), 'seed')]);
      expect(notRepo.code).toBe(2);
      expect(notRepo.stderr).toMatch(/not a git repository/);
      git(empty, ['init', '-q']);
      writeFileSync(join(empty, 'x'), 'x');
      git(empty, ['add', 'x']);
      git(empty, ['commit', '-q', '-m', 'x']);
      const noTags = netkb(['import', 'k8s-source', empty, '--seed', join(projectRoot(), 'seed')]);
      expect(noTags.code).toBe(2);
      expect(noTags.stderr).toMatch(/no release tags kubernetes-X\.Y\.0/);
      const usage = netkb(['import', 'k8s-source']);
      expect(usage.code).toBe(2);
      expect(usage.stderr).toMatch(/API_REPO/);
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
  });
});

describe('netkb import k8s-source: gates and metrics from single files', () => {
  it('reads the versioned gate list and the Go versioned specs, each as its own source', () => {
    const out = mkdtempSync(join(tmpdir(), 'netkb-generated-'));
    try {
      importKubernetesFiles(join(FIXTURES, 'kubernetes'), out, {
        ...config,
        kubernetes: {
          ...config.kubernetes,
          featureGateConstants: ['pkg/features/kube_features.go'],
          metrics: [{ component: 'kube-proxy', file: 'pkg/proxy/metrics/metrics.go' }],
        },
      });
      const gates = JSON.parse(readFileSync(join(out, 'feature-gates.json'), 'utf8'));
      expect(gates.sources).toHaveLength(2);
      const [list, go] = gates.sources;
      expect(list.source).toMatch(
        /^https:\/\/github\.com\/kubernetes\/kubernetes\/blob\/[0-9a-f]{40}\/test\/compatibility_lifecycle/,
      );
      expect(list.featureGates.find((g: any) => g.name === 'LoadBalancerIPMode').specs.at(-1)).toEqual({
        since: '1.32',
        stage: 'GA',
        defaultEnabled: true,
        lockedToDefault: true,
      });
      const draining = go.featureGates.find((g: any) => g.name === 'KubeProxyDrainingTerminatingNodes');
      expect(draining.specs.map((s: any) => `${s.since} ${s.stage} ${s.defaultEnabled} ${s.lockedToDefault}`)).toEqual([
        '1.28 ALPHA false false',
        '1.30 BETA true false',
        '1.31 GA true true',
      ]);
      // The constant's name differs from the gate's: the string value is the gate.
      expect(go.featureGates.some((g: any) => g.name === 'CustomCPUCFSQuotaPeriod')).toBe(true);
      const metrics = JSON.parse(readFileSync(join(out, 'metrics.json'), 'utf8'));
      expect(metrics.files[0].metrics.map((m: any) => m.name)).toEqual(
        expect.arrayContaining(['kubeproxy_sync_proxy_rules_duration_seconds']),
      );
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  });

  it('refuses a files folder without MANIFEST.tsv, naming what it needs', () => {
    const dir = mkdtempSync(join(tmpdir(), 'netkb-files-'));
    try {
      mkdirSync(join(dir, 'x'));
      expect(() => importKubernetesFiles(dir, dir, config)).toThrow(/MANIFEST\.tsv: missing/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('the Go readers', () => {
  it('take the exported metric name from Namespace, Subsystem and Name, resolving constants', () => {
    const src = readFileSync(join(FIXTURES, 'kubernetes', 'pkg', 'proxy', 'metrics', 'metrics.go'), 'utf8');
    const names = readDeclaredMetrics(src).map((m) => [m.name, m.bare]);
    expect(names).toContainEqual(['kubeproxy_sync_proxy_rules_duration_seconds', 'sync_proxy_rules_duration_seconds']);
    expect(names.every(([n]) => n.startsWith('kubeproxy_'))).toBe(true);
  });

  it('read registered kinds, lifecycle markers and struct fields of the fixture release', () => {
    const dir = join(FIXTURES, 'kubernetes-api', 'kubernetes-1.21.0', 'networking', 'v1beta1');
    expect(readRegisteredKinds(readFileSync(join(dir, 'register.go'), 'utf8'))).toEqual(
      expect.arrayContaining(['Ingress', 'IngressList', 'IngressClass']),
    );
    const markers = readLifecycleMarkers(readFileSync(join(dir, 'zz_generated.prerelease-lifecycle.go'), 'utf8'));
    expect(markers.get('Ingress')).toEqual({
      introduced: '1.14',
      deprecated: '1.19',
      removed: '1.22',
      replacement: { group: 'networking.k8s.io', version: 'v1', kind: 'Ingress' },
    });
    const structs = readStructs(readFileSync(join(dir, 'types.go'), 'utf8'));
    expect(structs.get('IngressSpec')!.map((f) => f.json)).toEqual(
      expect.arrayContaining(['ingressClassName', 'backend', 'tls', 'rules']),
    );
  });

  it('count a field as deprecated only when its own comment says so', () => {
    expect(docSaysDeprecated('Deprecated: use spec.ipFamilies.')).toBe(true);
    expect(docSaysDeprecated('topologyKeys is deprecated and will be removed.')).toBe(true);
    expect(docSaysDeprecated('This field is deprecated in favour of X.')).toBe(true);
    expect(docSaysDeprecated('replaces the deprecated kubernetes.io/ingress.class annotation')).toBe(false);
  });
});

describe('netkb import k8s-source: component-config fields', () => {
  it("indexes a config kind per release: a field the next release drops, and another package's type as opaque", () => {
    const trees = ['kubernetes-1.14.0', 'kubernetes-1.15.0'].map((ref, i) => ({
      release: `1.${14 + i}`,
      ref,
      commit: '0'.repeat(40),
      files: () => [],
      read: (paths: string[]) =>
        new Map(paths.map((p) => [p, readFileSync(join(FIXTURES, 'kube-proxy', ref, p), 'utf8')] as [string, string])),
    }));
    const index = buildConfigIndex(trees, {
      component: 'kube-proxy',
      repository: 'https://github.com/kubernetes/kube-proxy',
      apiVersion: 'kubeproxy.config.k8s.io/v1alpha1',
      kind: 'KubeProxyConfiguration',
      dir: 'config/v1alpha1',
    });
    const paths = index.fields[0].paths;
    expect(paths['conntrack.max'].present).toEqual(['1.14']);
    expect(paths['conntrack.maxPerCore'].present).toEqual(['1.14-1.15']);
    expect(paths['clientConnection'].opaque).toEqual(['1.14-1.15']);
  });
  it("walks the other packages' types the source names, inlined or as a field's type, at the same release", () => {
    const own = `package v1

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	cbconfig "k8s.io/component-base/config/v1alpha1"
	logsapi "k8s.io/component-base/logs/api/v1"
)

type WidgetConfiguration struct {
	metav1.TypeMeta \`json:",inline"\`
	cbconfig.DebuggingConfiguration \`json:",inline"\`
	ClientConnection cbconfig.ClientConnectionConfiguration \`json:"clientConnection"\`
	Logging logsapi.LoggingConfiguration \`json:"logging"\`
	Timeout metav1.Duration \`json:"timeout"\`
}
`;
    const base = `package v1alpha1

type DebuggingConfiguration struct {
	EnableProfiling *bool \`json:"enableProfiling,omitempty"\`
}

type ClientConnectionConfiguration struct {
	Kubeconfig string \`json:"kubeconfig"\`
	Limits RateLimits \`json:"limits"\`
}

type RateLimits struct {
	QPS float32 \`json:"qps"\`
}
`;
    const logs = `package v1

type LoggingConfiguration struct {
	Format string \`json:"format,omitempty"\`
	FlushFrequency TimeOrMetaDuration \`json:"flushFrequency"\`
}

type TimeOrMetaDuration struct {
	Duration metav1.Duration
}

func (t *TimeOrMetaDuration) UnmarshalJSON(b []byte) error { return nil }
`;
    const trees = ['1.30', '1.31'].map((release) => ({
      release,
      ref: `kubernetes-${release}.0`,
      commit: '1'.repeat(40),
      files: () => [],
      read: (paths: string[]) => new Map(paths.map((p) => [p, own] as [string, string])),
    }));
    const index = buildConfigIndex(
      trees,
      {
        component: 'widget',
        repository: 'https://example.io/widget',
        apiVersion: 'widget.config.k8s.io/v1',
        kind: 'WidgetConfiguration',
        dir: 'config/v1',
      },
      // component-base's config package at both releases; its logs package only from 1.31.
      (importPath, release) =>
        importPath === 'k8s.io/component-base/config/v1alpha1'
          ? {
              repository: 'https://example.io/cb',
              file: 'config/v1alpha1/types.go',
              text: base,
              commit: '2'.repeat(40),
            }
          : importPath === 'k8s.io/component-base/logs/api/v1' && release === '1.31'
            ? { repository: 'https://example.io/cb', file: 'logs/api/v1/types.go', text: logs, commit: '3'.repeat(40) }
            : null,
    );
    const paths = index.fields[0].paths;
    // Inlined: the other package's fields are the kind's own.
    expect(paths['enableProfiling'].present).toEqual(['1.30-1.31']);
    // A field of the other package's type, and that package's own type under it.
    expect(paths['clientConnection'].opaque).toBeUndefined();
    expect(paths['clientConnection.limits.qps'].present).toEqual(['1.30-1.31']);
    // A package read at one release only: opaque where it was not read.
    expect(paths['logging'].opaque).toEqual(['1.30']);
    expect(paths['logging.format'].present).toEqual(['1.31']);
    // A type that reads its own JSON ("5s" or a number) ends the path; a package not named stays opaque.
    expect(paths['logging.flushFrequency'].opaque).toEqual(['1.31']);
    expect(Object.keys(paths).some((p) => p.startsWith('logging.flushFrequency.'))).toBe(false);
    expect(paths['timeout'].opaque).toEqual(['1.30-1.31']);
    expect(index.packages).toEqual([
      {
        importPath: 'k8s.io/component-base/config/v1alpha1',
        repository: 'https://example.io/cb',
        file: 'config/v1alpha1/types.go',
        commits: { '1.30': '2'.repeat(40), '1.31': '2'.repeat(40) },
      },
      {
        importPath: 'k8s.io/component-base/logs/api/v1',
        repository: 'https://example.io/cb',
        file: 'logs/api/v1/types.go',
        commits: { '1.31': '3'.repeat(40) },
      },
    ]);
  });
});

describe('netkb import k8s-source: component-config repositories and their packages', () => {
  /** A repository with one tagged commit per release, each writing `files` (path -> text) as they are then. */
  function repoOf(releases: Record<string, Record<string, string>>): string {
    const dir = mkdtempSync(join(tmpdir(), 'netkb-config-repo-'));
    git(dir, ['init', '-q', '-b', 'master']);
    for (const [tag, files] of Object.entries(releases)) {
      for (const [path, text] of Object.entries(files)) {
        mkdirSync(join(dir, path, '..'), { recursive: true });
        writeFileSync(join(dir, path), text);
      }
      git(dir, ['add', '-A']);
      git(dir, ['commit', '-q', '--allow-empty', '-m', tag]);
      git(dir, ['tag', tag]);
    }
    return dir;
  }
  const proxyTypes = `package v1alpha1

import (
	componentbaseconfigv1alpha1 "k8s.io/component-base/config/v1alpha1"
)

type KubeProxyConfiguration struct {
	ClientConnection componentbaseconfigv1alpha1.ClientConnectionConfiguration \`json:"clientConnection"\`
}
`;
  const base = (field: string) => `package v1alpha1\n\ntype ClientConnectionConfiguration struct {\n\t${field}\n}\n`;
  const cfg = {
    ...config,
    api: { ...config.api, fromRelease: '1.21', develBranch: null },
    componentConfigs: [config.componentConfigs.find((c) => c.component === 'kube-proxy')!],
    configPackages: {
      'k8s.io/component-base/config/v1alpha1': {
        repo: 'component-base',
        repository: 'https://github.com/kubernetes/component-base',
        file: 'config/v1alpha1/types.go',
      },
    },
  };
  let proxy: string;
  let componentBase: string;
  let out: string;
  beforeAll(() => {
    proxy = repoOf({
      'kubernetes-1.21.0': { 'config/v1alpha1/types.go': proxyTypes },
      'kubernetes-1.22.0': {},
    });
    componentBase = repoOf({
      'kubernetes-1.21.0': { 'config/v1alpha1/types.go': base('Kubeconfig string `json:"kubeconfig"`') },
      'kubernetes-1.22.0': {
        'config/v1alpha1/types.go': base('Kubeconfig string `json:"kubeconfig"`\n\tQPS float32 `json:"qps"`'),
      },
    });
    out = mkdtempSync(join(tmpdir(), 'netkb-generated-'));
  });
  afterAll(() => {
    for (const d of [proxy, componentBase, out]) rmSync(d, { recursive: true, force: true });
  });

  it('reads the packages at the same release tags and names their commits', () => {
    const repos = new Map([
      ['kube-proxy', proxy],
      ['component-base', componentBase],
    ]);
    importComponentConfigs(repos, out, cfg);
    const [entry] = JSON.parse(readFileSync(join(out, 'component-config-fields.json'), 'utf8')).configs;
    const paths = entry.fields[0].paths;
    expect(paths['clientConnection.kubeconfig'].present).toEqual(['1.21-1.22']);
    expect(paths['clientConnection.qps'].present).toEqual(['1.22']);
    expect(paths['clientConnection'].opaque).toBeUndefined();
    expect(entry.packages).toHaveLength(1);
    expect(Object.keys(entry.packages[0].commits)).toEqual(['1.21', '1.22']);
    expect(entry.packages[0].commits['1.22']).toMatch(/^[0-9a-f]{40}$/);
  });

  it('refuses a run without the repository of a package the source names, and an unknown name', () => {
    expect(() => importComponentConfigs(new Map([['kube-proxy', proxy]]), out, cfg)).toThrow(
      /configPackages read from component-base: give --config-repo component-base=DIR too/,
    );
    expect(() =>
      importComponentConfigs(
        new Map([
          ['kube-proxy', proxy],
          ['component-base', componentBase],
          ['kube-widget', proxy],
        ]),
        out,
        cfg,
      ),
    ).toThrow(/unknown component config kube-widget: k8s-source\.yaml names kube-proxy, component-base/);
  });
});
