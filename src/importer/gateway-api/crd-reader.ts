// Reads the CustomResourceDefinitions of one channel folder at one tag: each CRD's names, its versions with
// served/storage/deprecated, their openAPIV3Schema, and its annotations. Other documents (kustomizations,
// ValidatingAdmissionPolicies) are not CRDs and are passed over. Shared by the Gateway API and Envoy Gateway
// importers, with what both indexes keep of a served version.
import { loadAll } from 'js-yaml';
import { fieldPaths } from './field-paths';
import { schemaHash, structuralSchema } from './structural-schema';
import type { ReleaseTag } from './tags';

/** One release of a repository: its tag, the files of its tree, and a reader of some of them. */
export interface ReleaseTree {
  tag: ReleaseTag;
  files(): string[];
  read(paths: string[]): Map<string, string>;
}

export class SourceFormatError extends Error {
  override readonly name = 'SourceFormatError';
}

interface CrdVersion {
  name: string;
  served: boolean;
  storage: boolean;
  deprecated: boolean;
  schema: Record<string, unknown> | null;
}

interface Crd {
  /** The file it was read from, relative to the repository. */
  file: string;
  group: string;
  kind: string;
  plural: string;
  annotations: Record<string, string>;
  versions: CrdVersion[];
}

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The YAML files directly in `dir` (no kustomization), from a tree listing. */
export function crdFileCandidates(files: string[], dir: string): string[] {
  const prefix = dir.endsWith('/') ? dir : `${dir}/`;
  return files
    .filter((f) => f.startsWith(prefix) && !f.slice(prefix.length).includes('/'))
    .filter((f) => /\.ya?ml$/.test(f) && !/(^|\/)kustomization\.ya?ml$/.test(f))
    .sort();
}

/** The CRDs in one file's text; `where` names it in errors (tag:path). */
export function readCrds(text: string, file: string, where: string): Crd[] {
  let docs: unknown[];
  try {
    docs = loadAll(text);
  } catch (err) {
    throw new SourceFormatError(`${where}: not YAML: ${(err as Error).message.split('\n')[0]}`);
  }
  const out: Crd[] = [];
  for (const doc of docs) {
    if (!isObj(doc) || doc.kind !== 'CustomResourceDefinition') continue;
    if (typeof doc.apiVersion !== 'string' || !doc.apiVersion.startsWith('apiextensions.k8s.io/')) continue;
    out.push(readCrd(doc, file, where));
  }
  return out;
}

function readCrd(doc: Obj, file: string, where: string): Crd {
  const fail = (what: string): never => {
    throw new SourceFormatError(`${where}: a CustomResourceDefinition without ${what}`);
  };
  const metadata = isObj(doc.metadata) ? doc.metadata : {};
  const spec = isObj(doc.spec) ? doc.spec : fail('spec');
  const names = isObj(spec.names) ? spec.names : fail('spec.names');
  const group = typeof spec.group === 'string' ? spec.group : fail('spec.group');
  const kind = typeof names.kind === 'string' ? names.kind : fail('spec.names.kind');
  const plural = typeof names.plural === 'string' ? names.plural : fail('spec.names.plural');
  // apiextensions.k8s.io/v1beta1 CRDs may name their one version in spec.version instead of listing versions.
  const rawVersions = Array.isArray(spec.versions)
    ? spec.versions
    : typeof spec.version === 'string'
      ? [{ name: spec.version, served: true, storage: true }]
      : fail('spec.versions');
  const annotations: Record<string, string> = {};
  if (isObj(metadata.annotations))
    for (const [k, v] of Object.entries(metadata.annotations)) if (typeof v === 'string') annotations[k] = v;
  const versions = rawVersions.map((v: unknown): CrdVersion => {
    if (!isObj(v) || typeof v.name !== 'string') return fail('a name for each of spec.versions');
    const schema = isObj(v.schema) && isObj(v.schema.openAPIV3Schema) ? v.schema.openAPIV3Schema : null;
    return {
      name: v.name,
      served: v.served === true,
      storage: v.storage === true,
      deprecated: v.deprecated === true,
      schema,
    };
  });
  return { file, group, kind, plural, annotations, versions };
}

/** What an index keeps of one served version of a CRD: its structural schema, that schema's hash, its field paths. */
interface ServedVersion {
  name: string;
  structural: Record<string, unknown>;
  hash: string;
  paths: string[];
}

/**
 * The CRD's one storage version and its served versions with their structural schemas and field paths (a version
 * the CRD lists but does not serve cannot be applied: nothing of it is kept). A CRD without exactly one storage
 * version, or a served version without a schema, is a SourceFormatError naming `release` and the file.
 */
export function servedVersions(crd: Crd, release: string): { storageVersion: string; served: ServedVersion[] } {
  const storage = crd.versions.filter((v) => v.storage);
  if (storage.length !== 1)
    throw new SourceFormatError(`${release}:${crd.file}: ${storage.length} storage versions, not one`);
  const served = crd.versions
    .filter((v) => v.served)
    .map((v) => {
      if (!v.schema) throw new SourceFormatError(`${release}:${crd.file}: version ${v.name} has no openAPIV3Schema`);
      const structural = structuralSchema(v.schema) as Record<string, unknown>;
      return { name: v.name, structural, hash: schemaHash(structural), paths: fieldPaths(v.schema) };
    });
  return { storageVersion: storage[0].name, served };
}

/** The CRDs of the YAML files directly in `dir` of one release's tree. */
export function crdsUnder(tree: ReleaseTree, listing: string[], dir: string): Crd[] {
  const files = crdFileCandidates(listing, dir);
  const texts = tree.read(files);
  return files.flatMap((f) => readCrds(texts.get(f) ?? '', f, `${tree.tag.version}:${f}`));
}
