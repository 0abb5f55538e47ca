// Builds the Envoy Gateway index from the CRDs of every release tag: for the configured policy kinds, their
// versions, field paths with the releases that have them, and structural schemas deduplicated by hash.
import type { EnvoyGatewayIndex } from '../../seed/envoy-gateway-index';
import {
  crdFileCandidates,
  crdsUnder,
  servedVersions,
  SourceFormatError,
  type ReleaseTree,
} from '../gateway-api/crd-reader';
import type { EnvoyGatewaySource } from './source-config';

export function buildEnvoyGatewayIndex(trees: ReleaseTree[], source: EnvoyGatewaySource): EnvoyGatewayIndex {
  const kinds: EnvoyGatewayIndex['kinds'] = [];
  const fields = new Map<string, EnvoyGatewayIndex['fields'][number]>();
  const schemas = new Map<string, Record<string, unknown>>();
  const schemaIndex: EnvoyGatewayIndex['schemaIndex'] = [];
  for (const tree of trees) {
    const release = tree.tag.version;
    const listing = tree.files();
    const dir = source.crdDirs.find((d) => crdFileCandidates(listing, d).length > 0);
    if (!dir)
      throw new SourceFormatError(
        `${release}: no CRD YAML under ${source.crdDirs.join(' or ')} (an envoyproxy/gateway tag?)`,
      );
    const crds = crdsUnder(tree, listing, dir);
    for (const wanted of source.kinds) {
      const found = crds.filter((c) => c.kind === wanted);
      if (found.length !== 1)
        throw new SourceFormatError(
          `${release}: ${found.length} CustomResourceDefinitions of kind ${wanted} under ${dir}, not one`,
        );
      const crd = found[0];
      const { storageVersion, served } = servedVersions(crd, release);
      kinds.push({
        release,
        group: crd.group,
        kind: crd.kind,
        plural: crd.plural,
        servedVersions: served.map((v) => v.name),
        storageVersion,
      });
      for (const v of served) {
        schemas.set(v.hash, v.structural);
        schemaIndex.push({ release, group: crd.group, kind: crd.kind, version: v.name, schema: v.hash });
        for (const path of v.paths) {
          const key = [crd.group, crd.kind, v.name, path].join('\u0000');
          const f = fields.get(key) ?? { group: crd.group, kind: crd.kind, version: v.name, path, releases: [] };
          f.releases.push(release);
          fields.set(key, f);
        }
      }
    }
  }
  const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  return {
    generatedBy: 'netkb import envoy-gateway-source',
    repository: source.repository,
    releases: trees.map((t) => ({ version: t.tag.version, commit: t.tag.commit, date: t.tag.date })),
    kinds,
    fields: [...fields.values()].sort(
      (a, b) => cmp(a.group, b.group) || cmp(a.kind, b.kind) || cmp(a.version, b.version) || cmp(a.path, b.path),
    ),
    schemas: Object.fromEntries([...schemas.entries()].sort(([a], [b]) => cmp(a, b))),
    schemaIndex,
  };
}
