// Builds the Gateway API index from the CRDs of every release tag and channel: kinds with their versions,
// field paths with the releases that have them, and structural schemas deduplicated by hash.
import type {
  GatewayApiIndex,
  GatewayApiIndexField,
  GatewayApiIndexKind,
  GatewayApiSchemaRef,
  GatewayApiStructuralSchema,
} from '../../seed/gateway-api-index';
import { crdFileCandidates, readCrds, SourceFormatError, type Crd } from './crd-reader';
import { fieldPaths } from './field-paths';
import type { GatewayApiSource } from './source-config';
import { schemaHash, structuralSchema } from './structural-schema';
import type { ReleaseTag } from './tags';

export interface ReleaseTree {
  tag: ReleaseTag;
  files(): string[];
  read(paths: string[]): Map<string, string>;
}

export function buildGatewayApiIndex(trees: ReleaseTree[], source: GatewayApiSource): GatewayApiIndex {
  const kinds: GatewayApiIndexKind[] = [];
  const fields = new Map<string, { entry: Omit<GatewayApiIndexField, 'releases'>; releases: Set<string> }>();
  const schemas = new Map<string, GatewayApiStructuralSchema>();
  const schemaIndex: GatewayApiSchemaRef[] = [];
  for (const tree of trees) {
    const release = tree.tag.version;
    const listing = tree.files();
    for (const { name: channel, dir } of source.channels) {
      const crds = channelCrds(tree, listing, dir);
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
        const served = crd.versions.filter((v) => v.served);
        const storage = crd.versions.filter((v) => v.storage);
        if (storage.length !== 1)
          throw new SourceFormatError(`${release}:${crd.file}: ${storage.length} storage versions, not one`);
        kinds.push({
          release,
          channel,
          group: crd.group,
          kind: crd.kind,
          plural: crd.plural,
          servedVersions: served.map((v) => v.name),
          storageVersion: storage[0].name,
          deprecatedVersions: crd.versions.filter((v) => v.deprecated).map((v) => v.name),
          bundleVersion: crd.annotations[source.bundleVersionAnnotation] ?? null,
        });
        // A version the CRD lists but does not serve cannot be applied: no fields or schema of it.
        for (const v of served) {
          if (!v.schema)
            throw new SourceFormatError(`${release}:${crd.file}: version ${v.name} has no openAPIV3Schema`);
          const structural = structuralSchema(v.schema) as GatewayApiStructuralSchema;
          const hash = schemaHash(structural);
          schemas.set(hash, structural);
          schemaIndex.push({ release, channel, group: crd.group, kind: crd.kind, version: v.name, schema: hash });
          for (const path of fieldPaths(v.schema)) {
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

function channelCrds(tree: ReleaseTree, listing: string[], dir: string): Crd[] {
  const files = crdFileCandidates(listing, dir);
  const texts = tree.read(files);
  return files.flatMap((f) => readCrds(texts.get(f) ?? '', f, `${tree.tag.version}:${f}`));
}
