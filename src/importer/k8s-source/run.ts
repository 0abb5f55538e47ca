// `netkb import k8s-source`: reads Kubernetes' source (a kubernetes/api clone with its release tags, and
// optionally single files of kubernetes/kubernetes) and writes the generated index under seed/generated/.
import { existsSync, readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { load } from 'js-yaml';
import { GitTree, SourceRepoError } from './git-tree';
import { buildApiIndex, type ReleaseTree } from './api-index';
import { buildConfigIndex, type PackageReader } from './config-index';
import { readVersionedFeatureList, readVersionedSpecsGo, readFeatureConstants } from './gates-source';
import { readDeclaredMetrics } from './metrics-source';
import { readImportConfig, type ImportConfig } from './config';

interface ImportSummary {
  written: string[];
  counts: Record<string, number>;
  skipped?: string[];
}

/** One JSON document per file, one entry per line: reviewable diffs when a release is regenerated. */
function formatIndex(header: Record<string, unknown>, key: string, entries: unknown[]): string {
  const head = JSON.stringify(header, null, 2).replace(/\n}$/, '');
  return `${head},\n  "${key}": [\n${entries.map((e) => `    ${JSON.stringify(e)}`).join(',\n')}\n  ]\n}\n`;
}

export function importApiSource(apiDir: string, outDir: string, config: ImportConfig): ImportSummary {
  const git = new GitTree(apiDir);
  const refs = git.releases(config.api.fromRelease, config.api.develBranch);
  const trees: ReleaseTree[] = refs.map((r) => ({
    ...r,
    files: () => git.listFiles(r.ref),
    read: (p) => git.readFiles(r.ref, p),
  }));
  const index = buildApiIndex(trees, config.api.fieldKinds);
  const header = {
    generatedBy: 'netkb import k8s-source',
    repository: config.api.repository,
    releases: index.releases,
  };
  mkdirSync(outDir, { recursive: true });
  const written = [join(outDir, 'api-versions.json'), join(outDir, 'api-fields.json')];
  writeFileSync(written[0], formatIndex(header, 'apiVersions', index.apiVersions));
  writeFileSync(written[1], formatIndex(header, 'fields', index.fields));
  return {
    written,
    counts: { releases: index.releases.length, apiVersions: index.apiVersions.length, fieldKinds: index.fields.length },
  };
}

/**
 * The component-config repositories named on the command line (`NAME=DIR`, NAME as in k8s-source.yaml's
 * componentConfigs): each kind's field paths at every release tag -> component-config-fields.json.
 */
export function importComponentConfigs(
  repos: Map<string, string>,
  outDir: string,
  config: ImportConfig,
): ImportSummary {
  const packageRepos = new Set(Object.values(config.configPackages).map((p) => p.repo));
  const unknown = [...repos.keys()].filter(
    (n) => !config.componentConfigs.some((c) => c.component === n) && !packageRepos.has(n),
  );
  if (unknown.length > 0)
    throw new SourceRepoError(
      `unknown component config ${unknown.join(', ')}: k8s-source.yaml names ${[
        ...new Set([...config.componentConfigs.map((c) => c.component), ...packageRepos]),
      ].join(', ')}`,
    );
  const missing = [...packageRepos].filter((n) => !repos.has(n));
  if (missing.length > 0)
    throw new SourceRepoError(
      `k8s-source.yaml configPackages read from ${missing.join(', ')}: give --config-repo ${missing.map((n) => `${n}=DIR`).join(' ')} too`,
    );
  // The other packages' repositories, each at its release tags (and development branch).
  const trees = new Map<
    string,
    { git: GitTree; refs: Map<string, { release: string; ref: string; commit: string }> }
  >();
  const treeOf = (name: string) => {
    let t = trees.get(name);
    if (!t) {
      const git = new GitTree(repos.get(name)!);
      const refs = new Map(git.releases(config.api.fromRelease, config.api.develBranch).map((r) => [r.release, r]));
      trees.set(name, (t = { git, refs }));
    }
    return t;
  };
  // Read once per package and release: the scheduler's six file versions import the same component-base package.
  const packageFiles = new Map<string, ReturnType<PackageReader>>();
  const readPackage: PackageReader = (importPath, release) => {
    const spec = config.configPackages[importPath];
    if (!spec) return null;
    const key = `${importPath} ${release}`;
    if (!packageFiles.has(key)) {
      const { git, refs } = treeOf(spec.repo);
      const at = refs.get(release);
      const text = at ? git.readFiles(at.ref, [spec.file]).get(spec.file) : undefined;
      packageFiles.set(
        key,
        at && text !== undefined ? { repository: spec.repository, file: spec.file, text, commit: at.commit } : null,
      );
    }
    return packageFiles.get(key)!;
  };
  const configs = config.componentConfigs
    .filter((c) => repos.has(c.component))
    .map((spec) => {
      const { git, refs } = treeOf(spec.component);
      const releaseTrees: ReleaseTree[] = [...refs.values()].map((r) => ({
        ...r,
        files: () => [],
        read: (p) => git.readFiles(r.ref, p),
      }));
      return buildConfigIndex(releaseTrees, spec, readPackage);
    });
  const file = join(outDir, 'component-config-fields.json');
  mkdirSync(outDir, { recursive: true });
  writeFileSync(file, formatIndex({ generatedBy: 'netkb import k8s-source' }, 'configs', configs));
  return {
    written: [file],
    counts: {
      componentConfigs: configs.length,
      paths: configs.reduce((n, c) => n + Object.keys(c.fields[0].paths).length, 0),
    },
  };
}

interface ManifestEntry {
  commit: string;
}

function readManifest(filesDir: string): Map<string, ManifestEntry> {
  const file = join(filesDir, 'MANIFEST.tsv');
  if (!existsSync(file))
    throw new SourceRepoError(`${file}: missing; it names the commit each file was read at (path<TAB>commit per line)`);
  const out = new Map<string, ManifestEntry>();
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    const [path, commit] = line.split('\t');
    if (path && commit && /^[0-9a-f]{40}$/.test(commit.trim())) out.set(path.trim(), { commit: commit.trim() });
  }
  return out;
}

/**
 * The reader of a folder of single files of a repository laid out at their paths (`--files`, and `import
 * kubeadm-types`): each file's text and the commit MANIFEST.tsv names for it; a file the manifest does not list, or
 * that is not there, is refused.
 */
export function singleFiles(filesDir: string): (path: string) => { text: string; commit: string } {
  const manifest = readManifest(filesDir);
  return (path) => {
    const m = manifest.get(path);
    if (!m)
      throw new SourceRepoError(`${path}: not listed in ${join(filesDir, 'MANIFEST.tsv')} (its commit is needed)`);
    const file = join(filesDir, path);
    if (!existsSync(file)) throw new SourceRepoError(`${file}: missing`);
    return { text: readFileSync(file, 'utf8'), commit: m.commit };
  };
}

export function importKubernetesFiles(filesDir: string, outDir: string, config: ImportConfig): ImportSummary {
  const read = singleFiles(filesDir);
  const source = (path: string) => {
    const { text, commit } = read(path);
    return { text, url: `${config.kubernetes.repository}/blob/${commit}/${path}`, commit };
  };
  mkdirSync(outDir, { recursive: true });
  const written: string[] = [];
  const counts: Record<string, number> = {};

  // Each gate source is one stored version of a file; each gets its own list, taken as complete up to the
  // release before the newest one it names (a in-development list's newest release may still change).
  const skipped: string[] = [];
  const constants = new Map<string, string>();
  for (const f of config.kubernetes.featureGateConstants)
    for (const [k, v] of readFeatureConstants(source(f).text)) constants.set(k, v);
  const gateSources = config.kubernetes.featureGates.map((path) => {
    const s = source(path);
    const read = path.endsWith('.go')
      ? readVersionedSpecsGo(s.text, constants, path)
      : { gates: readVersionedFeatureList(s.text, path), unresolved: [] };
    // A gate of a package no constants file covers (the copies are of different releases) is left out, and said.
    const local = read.unresolved.filter((u) => !u.includes('.'));
    if (local.length > 0)
      throw new SourceRepoError(
        `${path}: no constant gives the name of ${local.join(', ')}: add the feature file that declares them to featureGateConstants`,
      );
    skipped.push(...read.unresolved.map((u) => `${path}: ${u}`));
    return { source: s.url, featureGates: read.gates.sort((a, b) => a.name.localeCompare(b.name)) };
  });
  const gatesFile = join(outDir, 'feature-gates.json');
  writeFileSync(gatesFile, formatIndex({ generatedBy: 'netkb import k8s-source' }, 'sources', gateSources));
  written.push(gatesFile);
  counts.featureGates = gateSources.reduce((n, g) => n + g.featureGates.length, 0);

  const metrics = config.kubernetes.metrics.map((m) => {
    const s = source(m.file);
    return {
      component: m.component,
      source: s.url,
      metrics: readDeclaredMetrics(s.text).sort((a, b) => a.name.localeCompare(b.name)),
    };
  });
  const metricsFile = join(outDir, 'metrics.json');
  writeFileSync(metricsFile, formatIndex({ generatedBy: 'netkb import k8s-source' }, 'files', metrics));
  written.push(metricsFile);
  counts.metrics = metrics.reduce((n, m) => n + m.metrics.length, 0);
  return { written, counts, skipped };
}

export { readImportConfig, load };
