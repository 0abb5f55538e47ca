// The fields a configuration file writes that no release of its types has (KbModel.fileFields, generated from the
// components' types at every release read): what netkb cannot check, found by walking the object against the
// paths it knows. Under a path with no known children (a map, a value of another package's type) nothing is walked.
import type { FileFields } from '../../kb/model';
import { isPlainObject, type PathSegment } from '../reader/manifest';
import type { AnalysisKb } from '../types';

interface Known {
  file: FileFields;
  paths: Set<string>;
  /** Paths (with and without a trailing "[]") that have known paths under them. */
  parents: Set<string>;
  /** Paths whose known children are fields of the value itself ("a" of "a.b"), and of its list items ("a" of "a[].b"). */
  objects: Set<string>;
  lists: Set<string>;
}

const indexes = new WeakMap<AnalysisKb, Map<string, Known>>();

/** The known paths of one version of a file format, or undefined when netkb has no index of it. */
export function knownFileFields(kb: AnalysisKb, apiVersion: string, kind: string): Known | undefined {
  let byKey = indexes.get(kb);
  if (!byKey) {
    byKey = new Map();
    for (const file of kb.fileFields) {
      const parents = new Set<string>();
      const objects = new Set<string>();
      const lists = new Set<string>();
      for (const p of file.paths) {
        const parts = p.split('.');
        for (let n = 1; n < parts.length; n++) {
          const prefix = parts.slice(0, n).join('.');
          const bare = prefix.replace(/\[\]$/, '');
          parents.add(prefix);
          parents.add(bare);
          (bare === prefix ? objects : lists).add(bare);
        }
      }
      byKey.set(`${file.apiVersion} ${file.kind}`, { file, paths: new Set(file.paths), parents, objects, lists });
    }
    indexes.set(kb, byKey);
  }
  return byKey.get(`${apiVersion} ${kind}`);
}

/** The type's own fields a file carries besides its fields (TypeMeta). */
const TYPE_META = new Set(['apiVersion', 'kind']);

/** A place whose field path is not known, or (`expected`) a known field written in the other shape. */
interface UnknownField {
  path: PathSegment[];
  field: string;
  /** The field's types hold a list of objects there but the file writes a map, or the other way round. */
  expected?: 'list' | 'map';
}

/**
 * Each place in `value` whose field path is not known: the object path, and the dot path ("a.b[].c") with a key
 * that holds a dot written as ["a.b"] (a key no type has: a map's key written one level too far out). A known
 * field whose value is a map where its types have a list of objects (kubeadm's v1beta4 extraArgs written as
 * v1beta3's map), or a list where they have an object, is said once at the field, and not walked.
 */
export function unknownFields(value: unknown, known: Known): UnknownField[] {
  const out: UnknownField[] = [];
  const walk = (v: unknown, dot: string, path: PathSegment[]) => {
    if (Array.isArray(v)) {
      v.forEach((item, i) => walk(item, `${dot}[]`, [...path, i]));
      return;
    }
    if (!isPlainObject(v)) return;
    for (const key of Object.keys(v)) {
      if (dot === '' && TYPE_META.has(key)) continue;
      const name = key.includes('.') ? `["${key}"]` : key;
      const field = dot === '' ? name : name.startsWith('[') ? `${dot}${name}` : `${dot}.${name}`;
      const at = [...path, key];
      const inner = v[key];
      if (!known.paths.has(field)) out.push({ path: at, field });
      else if (isPlainObject(inner) && known.lists.has(field) && !known.objects.has(field))
        out.push({ path: at, field, expected: 'list' });
      else if (Array.isArray(inner) && known.objects.has(field) && !known.lists.has(field))
        out.push({ path: at, field, expected: 'map' });
      else if (known.parents.has(field) || known.parents.has(`${field}[]`)) walk(inner, field, at);
    }
  };
  walk(value, '', []);
  return out;
}
