// Builds the API index from the k8s.io/api source at each release: every group/version/kind the
// release registers, the lifecycle markers of prerelease versions, and the field paths of chosen kinds.
import {
  readGroupName,
  readSchemeVersion,
  readRegisteredKinds,
  readLifecycleMarkers,
  readStructs,
  docSaysDeprecated,
  type GoField,
  type LifecycleMarkers,
} from './go-source';
import { toRanges } from './ranges';

/** One release of the source: its files and a way to read them. */
export interface ReleaseTree {
  release: string;
  ref: string;
  commit: string;
  files(): string[];
  read(paths: string[]): Map<string, string>;
}

interface FieldKindSpec {
  group: string;
  kind: string;
}

interface ApiVersionIndexEntry {
  apiVersion: string;
  kind: string;
  /** The package folder in k8s.io/api, e.g. networking/v1beta1. */
  dir: string;
  /** Releases whose k8s.io/api registers the kind in this group/version, as ranges ("1.14-1.21"). */
  registeredIn: string[];
  /** Lifecycle markers (prerelease versions only), from the newest release that has them. */
  markers:
    | (Omit<LifecycleMarkers, 'replacement'> & {
        replacement: string | null;
        replacementKind: string | null;
        from: string;
      })
    | null;
}

interface FieldIndexEntry {
  apiVersion: string;
  kind: string;
  /** path -> releases that have it (ranges) and the first release whose doc comment calls it deprecated. */
  paths: Record<string, { present: string[]; deprecatedFrom: string | null; opaque?: string[] }>;
}

interface ApiIndex {
  releases: { release: string; ref: string; commit: string }[];
  apiVersions: ApiVersionIndexEntry[];
  fields: FieldIndexEntry[];
}

const apiVersionOf = (group: string, version: string) => (group === '' ? version : `${group}/${version}`);

export function buildApiIndex(trees: ReleaseTree[], fieldKinds: FieldKindSpec[]): ApiIndex {
  const registered = new Map<string, { apiVersion: string; kind: string; dir: string; releases: string[] }>();
  const markers = new Map<string, ApiVersionIndexEntry['markers']>();
  const fields = new Map<
    string,
    {
      apiVersion: string;
      kind: string;
      paths: Map<string, { releases: string[]; deprecatedFrom: string | null; opaque: string[] }>;
    }
  >();
  const releaseOrder = trees.map((t) => t.release);

  for (const tree of trees) {
    const files = tree.files();
    const registers = files.filter((f) => /^[a-z0-9]+\/v[0-9a-z]+\/register\.go$/.test(f));
    const wanted: string[] = [];
    for (const reg of registers) {
      const dir = reg.slice(0, -'register.go'.length);
      wanted.push(reg);
      for (const f of [`${dir}zz_generated.prerelease-lifecycle.go`, `${dir}types.go`])
        if (files.includes(f)) wanted.push(f);
    }
    const text = tree.read(wanted);
    for (const reg of registers) {
      const dir = reg.slice(0, -'register.go'.length);
      const src = text.get(reg);
      if (!src) continue;
      const group = readGroupName(src);
      const version = readSchemeVersion(src) ?? dir.split('/')[1];
      if (group === null) continue;
      const apiVersion = apiVersionOf(group, version);
      const kinds = readRegisteredKinds(src).filter((k) => !/Options$/.test(k));
      for (const kind of kinds) {
        const key = `${apiVersion} ${kind}`;
        let e = registered.get(key);
        if (!e) {
          e = { apiVersion, kind, dir: dir.replace(/\/$/, ''), releases: [] };
          registered.set(key, e);
        }
        e.releases.push(tree.release);
      }
      const lifecycle = text.get(`${dir}zz_generated.prerelease-lifecycle.go`);
      if (lifecycle) {
        for (const [kind, m] of readLifecycleMarkers(lifecycle)) {
          if (!kinds.includes(kind)) continue;
          markers.set(`${apiVersion} ${kind}`, {
            introduced: m.introduced,
            deprecated: m.deprecated,
            removed: m.removed,
            replacement: m.replacement ? apiVersionOf(m.replacement.group, m.replacement.version) : null,
            replacementKind: m.replacement && m.replacement.kind !== kind ? m.replacement.kind : null,
            from: tree.ref,
          });
        }
      }
      const types = text.get(`${dir}types.go`);
      const specs = fieldKinds.filter((s) => s.group === group && kinds.includes(s.kind));
      if (types && specs.length > 0) {
        const structs = readStructs(types);
        for (const spec of specs) {
          const key = `${apiVersion} ${spec.kind}`;
          let f = fields.get(key);
          if (!f) {
            f = { apiVersion, kind: spec.kind, paths: new Map() };
            fields.set(key, f);
          }
          for (const [path, { deprecated, opaque }] of fieldPaths(structs, spec.kind)) {
            let p = f.paths.get(path);
            if (!p) {
              p = { releases: [], deprecatedFrom: null, opaque: [] };
              f.paths.set(path, p);
            }
            p.releases.push(tree.release);
            if (opaque) p.opaque.push(tree.release);
            if (deprecated && p.deprecatedFrom === null) p.deprecatedFrom = tree.release;
          }
        }
      }
    }
  }

  const byName = <T extends { apiVersion: string; kind: string }>(a: T, b: T) =>
    a.apiVersion.localeCompare(b.apiVersion) || a.kind.localeCompare(b.kind);
  return {
    releases: trees.map(({ release, ref, commit }) => ({ release, ref, commit })),
    apiVersions: [...registered.values()]
      .map((e) => ({
        apiVersion: e.apiVersion,
        kind: e.kind,
        dir: e.dir,
        registeredIn: toRanges(e.releases, releaseOrder),
        markers: markers.get(`${e.apiVersion} ${e.kind}`) ?? null,
      }))
      .sort(byName),
    fields: [...fields.values()]
      .map((f) => ({
        apiVersion: f.apiVersion,
        kind: f.kind,
        paths: Object.fromEntries(
          [...f.paths.entries()]
            .sort(([a], [b]) => a.localeCompare(b))
            .map(([path, p]) => [
              path,
              {
                present: toRanges(p.releases, releaseOrder),
                deprecatedFrom: p.deprecatedFrom,
                ...(p.opaque.length > 0 ? { opaque: toRanges(p.opaque, releaseOrder) } : {}),
              },
            ]),
        ),
      }))
      .sort(byName),
  };
}

/**
 * Every json field path of a struct type, walking the package's own struct types and those of other packages
 * given in `structs` as `alias.Name` (maps and scalars end a path); `[]` marks list items, as the seed's paths
 * do. Each path comes with whether its doc comment calls it deprecated, and whether its type belongs to another
 * package not given (`opaque`: its fields are not walked, so the index cannot tell which of them exist there).
 */
export function fieldPaths(
  structs: Map<string, GoField[]>,
  root: string,
): Map<string, { deprecated: boolean; opaque: boolean }> {
  const out = new Map<string, { deprecated: boolean; opaque: boolean }>();
  const walk = (typeName: string, prefix: string, stack: string[]) => {
    const fieldsOf = structs.get(typeName);
    if (!fieldsOf || stack.includes(typeName)) return;
    for (const f of fieldsOf) {
      let t = f.type.replace(/^\*/, '');
      let suffix = '';
      while (t.startsWith('[]')) {
        suffix += '[]';
        t = t.slice(2).replace(/^\*/, '');
      }
      // A type of another package is walked only when its structs were read too (keyed `alias.Name`).
      const known = !t.startsWith('map[') && structs.has(t);
      if (f.json === null) {
        if (known) walk(t, prefix, [...stack, typeName]);
        continue;
      }
      // The list field itself is `spec.ports`; its items' fields are `spec.ports[].port`.
      const path = `${prefix}${f.json}`;
      out.set(path, {
        deprecated: docSaysDeprecated(f.doc),
        opaque: t.includes('.') && !t.startsWith('map[') && !known,
      });
      if (known) walk(t, `${path}${suffix}.`, [...stack, typeName]);
    }
  };
  walk(root, '', []);
  out.delete('apiVersion');
  out.delete('kind');
  return out;
}
