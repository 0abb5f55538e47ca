// The fields of the components' configuration files (KubeProxyConfiguration, KubeletConfiguration,
// KubeSchedulerConfiguration), generated from their types.go at every release tag of the staging repositories
// (component-config-fields.json, `netkb import k8s-source --config-repo`; issue #28, point 3). Pure: the index in,
// two things out:
// - a shallow api-fields record for every field the types add after a version's first release, mark deprecated,
//   or drop while the version lives on, unless a curated record has the kind and path;
// - the field paths of each version, so that the analysis can say a field no release has is not known to it.
//
// A generated record states only what the types show: the release whose types first have the field, the release
// from which its doc comment calls it deprecated, the first release whose types lack it. Nothing about its meaning;
// facts after the seed's newest release are left out, as the rest of the index's are.
import type { ConfigFieldsEntry } from './generated-index';
import { expand } from './generated-index';
import type { GeneratedApiField } from './bundle';
import type { FileFields } from '../kb/model';
import type { ReleaseRecord } from './schemas';
import { parseVersion } from '../kb/version';

interface PathLife {
  introducedIn: string | null;
  deprecatedIn: string | null;
  removedIn: string | null;
}

export function generateConfigFields(
  entries: readonly ConfigFieldsEntry[],
  curated: ReadonlySet<string>,
  releases: readonly Pick<ReleaseRecord, 'version'>[],
): { fields: GeneratedApiField[]; paths: FileFields[]; conflicts: string[] } {
  const newest = Math.max(...releases.map((r) => parseVersion(r.version)));
  const oldest = Math.min(...releases.map((r) => parseVersion(r.version)));
  const onRecord = (r: string) => parseVersion(r) <= newest;
  const paths: FileFields[] = [];
  const conflicts: string[] = [];
  // kind path -> the versions that say the same of it
  const byField = new Map<string, { entry: ConfigFieldsEntry; life: PathLife; apiVersions: string[] }>();
  for (const entry of entries) {
    const order = entry.order.filter(onRecord);
    const lives = new Map<string, string[]>();
    for (const [path, facts] of Object.entries(entry.paths)) {
      const present = expand(facts.present, entry.order).filter(onRecord);
      if (present.length > 0 && isFieldPath(path)) lives.set(path, present);
    }
    const declared = new Set([...lives.values()].flat());
    const inVersion = order.filter((r) => declared.has(r));
    if (inVersion.length === 0) continue;
    const first = inVersion[0];
    const last = inVersion[inVersion.length - 1];
    paths.push({
      apiVersion: entry.apiVersion,
      kind: entry.kind,
      component: entry.component,
      first,
      last,
      copy: null,
      paths: [...lives.keys()].sort(),
    });
    const lifeOf = (path: string): PathLife | null => {
      const present = lives.get(path);
      if (!present) return null;
      const start = present[0];
      const end = present[present.length - 1];
      const deprecatedFrom = entry.paths[path].deprecatedFrom;
      return {
        // Present from the version's first release on: the version's own life says it (api-versions records).
        introducedIn: start !== first && parseVersion(start) > oldest ? start : null,
        deprecatedIn: deprecatedFrom !== null && onRecord(deprecatedFrom) ? deprecatedFrom : null,
        // Gone while the version is still declared: the version going is the api-version rule's finding.
        removedIn: end !== last ? order[order.indexOf(end) + 1] : null,
      };
    };
    for (const path of lives.keys()) {
      const life = lifeOf(path)!;
      if (life.introducedIn === null && life.deprecatedIn === null && life.removedIn === null) continue;
      // A field that comes and goes with the field around it: the enclosing field's finding says it.
      const parent = lifeOf(parentOf(path));
      if (
        parent &&
        parent.introducedIn === life.introducedIn &&
        parent.removedIn === life.removedIn &&
        (life.deprecatedIn === null || life.deprecatedIn === parent.deprecatedIn)
      )
        continue;
      const key = `${entry.kind} ${path}`;
      if (curated.has(key)) continue;
      const same = byField.get(key);
      if (same && sameLife(same.life, life)) same.apiVersions.push(entry.apiVersion);
      else if (same)
        conflicts.push(
          `${key}: ${same.apiVersions.join(', ')} and ${entry.apiVersion} give the field different lives; a curated api-fields record must say which is meant`,
        );
      else byField.set(key, { entry, life, apiVersions: [entry.apiVersion] });
    }
  }
  const fields = [...byField.entries()].map(([key, { entry, life, apiVersions }]) =>
    fieldRecord(key.slice(entry.kind.length + 1), entry, life, apiVersions),
  );
  return {
    fields: fields.sort((a, b) => a.kind.localeCompare(b.kind) || a.path.localeCompare(b.path)),
    paths: paths.sort((a, b) => a.kind.localeCompare(b.kind) || a.apiVersion.localeCompare(b.apiVersion)),
    conflicts,
  };
}

/** Paths the api-fields notation can write (the index also holds an inlined map's "/*"). */
const isFieldPath = (path: string) => /^[a-zA-Z][a-zA-Z0-9]*(\[\])?(\.[a-zA-Z][a-zA-Z0-9]*(\[\])?)*$/.test(path);

/** "a.b[].c" -> "a.b"; "a" -> "". */
const parentOf = (path: string) => path.slice(0, Math.max(0, path.lastIndexOf('.'))).replace(/\[\]$/, '');

const sameLife = (a: PathLife, b: PathLife) =>
  a.introducedIn === b.introducedIn && a.deprecatedIn === b.deprecatedIn && a.removedIn === b.removedIn;

function fieldRecord(path: string, entry: ConfigFieldsEntry, life: PathLife, apiVersions: string[]): GeneratedApiField {
  const said: string[] = [];
  if (life.introducedIn) said.push(`first in the types of ${life.introducedIn}`);
  if (life.deprecatedIn) said.push(`called deprecated by its doc comment from ${life.deprecatedIn}`);
  if (life.removedIn) said.push(`no longer in the types from ${life.removedIn}`);
  const tagged = [life.introducedIn, life.deprecatedIn, life.removedIn]
    .filter((r): r is string => r !== null)
    .map((r) => entry.refs.get(r))
    .filter((ref): ref is string => ref !== undefined);
  const sources = [...new Set(tagged)].map((ref) =>
    `${entry.repository}/blob/${ref}/${entry.dir ?? ''}`.replace(/\/$/, ''),
  );
  return {
    kind: entry.kind,
    path,
    apiVersions,
    summary: `${entry.component} configuration field ${path} (${entry.kind} ${apiVersions.join(', ')}), ${said.join(', ')}, as the types show; netkb has no description of it in its own words.`,
    introducedIn: life.introducedIn,
    deprecatedIn: life.deprecatedIn,
    removedIn: life.removedIn,
    notes: `Generated from the component's types.go at every release tag of ${entry.repository} (seed/generated/component-config-fields.json, netkb import k8s-source): ${said.join('; ')}. No source read here gives its meaning or a replacement.`,
    sources: sources.length > 0 ? sources : [entry.repository],
  };
}
