// The field paths of a component-config kind (KubeProxyConfiguration, KubeletConfiguration,
// KubeSchedulerConfiguration) at every release of its staging repository (kubernetes/kube-proxy, ...): the files
// the flags' configField and the component-config api-fields records are checked against. The struct types of the
// other packages the types import and k8s-source.yaml `configPackages` names (component-base's
// DebuggingConfiguration, which the scheduler's types inline) are read at the same release and walked too.
import type { ReleaseTree } from './api-index';
import { fieldPaths } from './api-index';
import { addPackageStructs, readImports, readJsonStructs } from './go-source';
import { toRanges } from './ranges';

interface ConfigSpec {
  component: string;
  repository: string;
  apiVersion: string;
  kind: string;
  dir: string;
}

/** Another package's file at a release: its text and the commit read, or null when the release has none. */
export type PackageReader = (
  importPath: string,
  release: string,
) => { repository: string; file: string; text: string; commit: string } | null;

interface ConfigIndex {
  component: string;
  repository: string;
  releases: { release: string; ref: string; commit: string }[];
  /** The other packages' files read, each with the commit of every release read at. */
  packages?: { importPath: string; repository: string; file: string; commits: Record<string, string> }[];
  fields: {
    apiVersion: string;
    kind: string;
    paths: Record<string, { present: string[]; deprecatedFrom: string | null; opaque?: string[] }>;
  }[];
}

export function buildConfigIndex(
  trees: ReleaseTree[],
  spec: ConfigSpec,
  readPackage: PackageReader = () => null,
): ConfigIndex {
  const order = trees.map((t) => t.release);
  const paths = new Map<string, { releases: string[]; deprecatedFrom: string | null; opaque: string[] }>();
  const packages = new Map<string, NonNullable<ConfigIndex['packages']>[number]>();
  for (const tree of trees) {
    const file = `${spec.dir}/types.go`;
    const text = tree.read([file]).get(file);
    if (!text) continue;
    const structs = readJsonStructs(text);
    for (const [alias, importPath] of readImports(text)) {
      const other = readPackage(importPath, tree.release);
      if (!other) continue;
      addPackageStructs(structs, alias, other.text);
      let read = packages.get(importPath);
      if (!read)
        packages.set(importPath, (read = { importPath, repository: other.repository, file: other.file, commits: {} }));
      read.commits[tree.release] = other.commit;
    }
    for (const [path, { deprecated, opaque }] of fieldPaths(structs, spec.kind)) {
      let p = paths.get(path);
      if (!p) {
        p = { releases: [], deprecatedFrom: null, opaque: [] };
        paths.set(path, p);
      }
      p.releases.push(tree.release);
      if (opaque) p.opaque.push(tree.release);
      if (deprecated && p.deprecatedFrom === null) p.deprecatedFrom = tree.release;
    }
  }
  return {
    component: spec.component,
    repository: spec.repository,
    releases: trees.map(({ release, ref, commit }) => ({ release, ref, commit })),
    ...(packages.size > 0
      ? { packages: [...packages.values()].sort((a, b) => a.importPath.localeCompare(b.importPath)) }
      : {}),
    fields: [
      {
        apiVersion: spec.apiVersion,
        kind: spec.kind,
        paths: Object.fromEntries(
          [...paths.entries()]
            .sort(([a], [b]) => a.localeCompare(b))
            .map(([path, p]) => [
              path,
              {
                present: toRanges(p.releases, order),
                deprecatedFrom: p.deprecatedFrom,
                ...(p.opaque.length > 0 ? { opaque: toRanges(p.opaque, order) } : {}),
              },
            ]),
        ),
      },
    ],
  };
}
