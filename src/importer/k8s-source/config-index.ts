// The field paths of a component-config kind (KubeProxyConfiguration, KubeletConfiguration) at every release
// of its staging repository (kubernetes/kube-proxy, kubernetes/kubelet): the files the flags' configField
// and the component-config api-fields records are checked against.
import type { ReleaseTree } from './api-index';
import { fieldPaths } from './api-index';
import { readStructs } from './go-source';
import { toRanges } from './ranges';

interface ConfigSpec {
  component: string;
  repository: string;
  apiVersion: string;
  kind: string;
  dir: string;
}

interface ConfigIndex {
  component: string;
  repository: string;
  releases: { release: string; ref: string; commit: string }[];
  fields: {
    apiVersion: string;
    kind: string;
    paths: Record<string, { present: string[]; deprecatedFrom: string | null; opaque?: string[] }>;
  }[];
}

export function buildConfigIndex(trees: ReleaseTree[], spec: ConfigSpec): ConfigIndex {
  const order = trees.map((t) => t.release);
  const paths = new Map<string, { releases: string[]; deprecatedFrom: string | null; opaque: string[] }>();
  for (const tree of trees) {
    const file = `${spec.dir}/types.go`;
    const text = tree.read([file]).get(file);
    if (!text) continue;
    for (const [path, { deprecated, opaque }] of fieldPaths(readStructs(text), spec.kind)) {
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
