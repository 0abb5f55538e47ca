// Builds the Gateway API index from the CRDs of every release tag and channel: kinds with their versions,
// field paths with the releases that have them, and structural schemas deduplicated by hash.
import type {
  GatewayApiIndex,
  GatewayApiIndexField,
  GatewayApiIndexKind,
  GatewayApiSchemaRef,
  GatewayApiStructuralSchema,
} from '../../seed/gateway-api-index';
import { crdsUnder, servedVersions, SourceFormatError, type ReleaseTree } from './crd-reader';
import type { GatewayApiSource } from './source-config';

export function buildGatewayApiIndex(trees: ReleaseTree[], source: GatewayApiSource): GatewayApiIndex {
  const kinds: GatewayApiIndexKind[] = [];
  const fields = new Map<string, { entry: Omit<GatewayApiIndexField, 'releases'>; releases: Set<string> }>();
  const schemas = new Map<string, GatewayApiStructuralSchema>();
  const schemaIndex: GatewayApiSchemaRef[] = [];
  for (const tree of trees) {
    const release = tree.tag.version;
    const listing = tree.files();
    for (const { name: channel, dir } of source.channels) {
      const crds = crdsUnder(tree, listing, dir);
      if (crds.length === 0)
        throw new SourceFormatError(
          `${release}: no CustomResourceDefinitions under ${dir} (is this a gateway-api tag?)`,
        );
      const seen = new Map<string, string>();
      for (const crd of crds) {
        const id = `${crd.group}/${crd.kind}`;
        if (seen.has(id))
          throw new SourceFormatError(`${release}: ${id} is defined twice under ${dir} (${seen.get(id)}, ${crd.file})`);
        seen.set(id, crd.file);
        const { storageVersion, served } = servedVersions(crd, release);
        kinds.push({
          release,
          channel,
          group: crd.group,
          kind: crd.kind,
          plural: crd.plural,
          servedVersions: served.map((v) => v.name),
          storageVersion,
          deprecatedVersions: crd.versions.filter((v) => v.deprecated).map((v) => v.name),
          bundleVersion: crd.annotations[source.bundleVersionAnnotation] ?? null,
        });
        for (const v of served) {
          schemas.set(v.hash, v.structural as GatewayApiStructuralSchema);
          schemaIndex.push({ release, channel, group: crd.group, kind: crd.kind, version: v.name, schema: v.hash });
          for (const path of v.paths) {
            const key = [crd.group, crd.kind, v.name, channel, path].join('\u0000');
            let f = fields.get(key);
            if (!f) {
              f = { entry: { group: crd.group, kind: crd.kind, version: v.name, channel, path }, releases: new Set() };
              fields.set(key, f);
            }
            f.releases.add(release);
          }
        }
      }
    }
  }
  const position = new Map(trees.map((t, i) => [t.tag.version, i]));
  const channelOrder = new Map(source.channels.map((c, i) => [c.name, i]));
  const byRelease = (a: { release: string }, b: { release: string }) =>
    position.get(a.release)! - position.get(b.release)!;
  const byName = (a: { channel: string; group: string; kind: string }, b: typeof a) =>
    channelOrder.get(a.channel as never)! - channelOrder.get(b.channel as never)! ||
    cmp(a.group, b.group) ||
    cmp(a.kind, b.kind);
  return {
    generatedBy: 'netkb import gateway-api-source',
    repository: source.repository,
    releases: trees.map((t) => ({ version: t.tag.version, commit: t.tag.commit, date: t.tag.date })),
    kinds: kinds.sort((a, b) => byRelease(a, b) || byName(a, b)),
    fields: [...fields.values()]
      .map(({ entry, releases }) => ({
        ...entry,
        releases: [...releases].sort((a, b) => position.get(a)! - position.get(b)!),
      }))
      .sort(
        (a, b) =>
          cmp(a.group, b.group) ||
          cmp(a.kind, b.kind) ||
          cmp(a.version, b.version) ||
          channelOrder.get(a.channel)! - channelOrder.get(b.channel)! ||
          cmp(a.path, b.path),
      ),
    schemas: Object.fromEntries([...schemas.entries()].sort(([a], [b]) => cmp(a, b))),
    schemaIndex: schemaIndex.sort((a, b) => byRelease(a, b) || byName(a, b) || cmp(a.version, b.version)),
  };
}

const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
