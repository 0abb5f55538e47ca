// `netkb import add-on-apis NAME GIT_DIR`: reads an add-on's CustomResourceDefinitions at each of its release tags
// (add-on-apis-source.yaml says which tags and files) and writes, per group/version/kind, the tags that serve it and
// those whose CRD calls it deprecated, into add-on-apis.json (one add-on replaced, the others kept). Kubernetes does
// not serve these groups: which versions the API server accepts follows the add-on's release.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { GitTree, SourceRepoError } from '../k8s-source/git-tree';
import { readCrds, SourceFormatError } from '../gateway-api/crd-reader';
import { toRanges } from '../k8s-source/ranges';
import { jsonLinesObject } from '../json-lines';
import {
  ADD_ON_APIS_FILE,
  addOnApisFile,
  compareTags,
  readAddOnSource,
  type AddOnApiEntry,
  type AddOnApisFile,
  type AddOnSource,
} from '../../seed/add-on-apis-index';

export class SourceConfigError extends Error {
  override readonly name = 'SourceConfigError';
}

export function readAddOnApisSource(file: string): AddOnSource {
  const source = readAddOnSource(file);
  if (typeof source === 'string') throw new SourceConfigError(`${file}: ${source}`);
  return source;
}

/** The add-on's entry of add-on-apis.json, read from its clone. */
export function buildAddOnApis(
  name: string,
  dir: string,
  source: AddOnSource,
): { addOn: AddOnApisFile['addOns'][number]; apis: AddOnApiEntry[] } {
  const config = source.addOns.find((a) => a.name === name);
  if (!config)
    throw new SourceConfigError(
      `no add-on ${name} in the source file (it names ${source.addOns.map((a) => a.name).join(', ')})`,
    );
  const git = new GitTree(dir);
  const pattern = new RegExp(config.tagPattern);
  const files = config.crdFiles.map((f) => new RegExp(f));
  const tags = git
    .tags()
    .filter((t) => pattern.test(t) && compareTags(t, config.fromTag) >= 0)
    .sort(compareTags);
  if (tags.length === 0)
    throw new SourceRepoError(
      `${dir}: no release tags matching ${config.tagPattern} from ${config.fromTag} on (fetch the tags too)`,
    );
  // apiVersion kind -> tags that serve it, tags whose CRD calls it deprecated
  const seen = new Map<string, { apiVersion: string; kind: string; served: string[]; deprecated: string[] }>();
  const releases: { tag: string; commit: string }[] = [];
  for (const tag of tags) {
    const paths = git.listFiles(tag).filter((p) => files.some((f) => f.test(p)));
    if (paths.length === 0)
      throw new SourceRepoError(`${dir}: ${tag} has no file matching ${config.crdFiles.join(', ')}`);
    let crds = 0;
    for (const [path, text] of git.readFiles(tag, paths)) {
      for (const crd of readCrds(text, path, `${tag}:${path}`)) {
        crds++;
        for (const v of crd.versions) {
          const apiVersion = `${crd.group}/${v.name}`;
          const key = `${apiVersion} ${crd.kind}`;
          let entry = seen.get(key);
          if (!entry) seen.set(key, (entry = { apiVersion, kind: crd.kind, served: [], deprecated: [] }));
          if (v.served) entry.served.push(tag);
          if (v.served && v.deprecated) entry.deprecated.push(tag);
        }
      }
    }
    if (crds === 0)
      throw new SourceFormatError(`${dir}: ${tag} has no CustomResourceDefinition in ${paths.join(', ')}`);
    releases.push({ tag, commit: git.commitOf(tag) });
  }
  const apis = [...seen.values()]
    .filter((e) => e.served.length > 0)
    .map((e): AddOnApiEntry => ({
      addOn: name,
      apiVersion: e.apiVersion,
      kind: e.kind,
      served: toRanges(e.served, tags),
      deprecated: toRanges(e.deprecated, tags),
    }))
    .sort((a, b) => a.apiVersion.localeCompare(b.apiVersion) || a.kind.localeCompare(b.kind));
  return { addOn: { name, repository: config.repository, releases }, apis };
}

/** Writes add-on-apis.json in `outDir` with this add-on's entries replaced and the other add-ons' kept. */
export function writeAddOnApis(outDir: string, built: ReturnType<typeof buildAddOnApis>): string {
  const file = join(outDir, ADD_ON_APIS_FILE);
  let current: AddOnApisFile = { addOns: [], apis: [] };
  if (existsSync(file)) {
    const parsed = addOnApisFile.safeParse(JSON.parse(readFileSync(file, 'utf8')));
    if (!parsed.success)
      throw new SourceConfigError(`${file}: not an add-on index; remove it and import every add-on again`);
    current = parsed.data;
  }
  const name = built.addOn.name;
  const addOns = [...current.addOns.filter((a) => a.name !== name), built.addOn].sort((a, b) =>
    a.name.localeCompare(b.name),
  );
  const apis = [...current.apis.filter((a) => a.addOn !== name), ...built.apis].sort(
    (a, b) =>
      a.addOn.localeCompare(b.addOn) || a.apiVersion.localeCompare(b.apiVersion) || a.kind.localeCompare(b.kind),
  );
  mkdirSync(outDir, { recursive: true });
  writeFileSync(
    file,
    jsonLinesObject([
      ['generatedBy', 'netkb import add-on-apis'],
      ['addOns', addOns, 'list'],
      ['apis', apis, 'list'],
    ]),
  );
  return file;
}
