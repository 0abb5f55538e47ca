// Where objects use well-known label, annotation and taint keys (the keyPlaces of kinds.yaml), and from when a
// key's replacement works there. The well-known-key rule words what this finds and the well-known-key
// converter rewrites it: both read the same places the same way.
import type { KeyPlace, WellKnownKey } from '../../kb/model';
import type { VersionKey } from '../../kb/version';
import { isPlainObject, type ManifestObject, type PathSegment } from '../reader/manifest';
import { pathTrie, podTemplateOf, walkTrie, type PathTrie } from './object-paths';
import type { AnalysisKb } from '../types';

/** The key places of objects of a kind: kinds.yaml's "*" entry, the kind's own, and under a Pod template the Pod's. */
function keyPlacesOf(kind: string, kb: AnalysisKb): { path: string; place: KeyPlace }[] {
  const of = (k: string) => kb.kinds.find((x) => x.kind === k)?.keyPlaces ?? [];
  const every = of('*');
  const out = [...every, ...(kind === '*' ? [] : of(kind))].map((place) => ({ path: place.path, place }));
  const template = kind === 'Pod' ? null : podTemplateOf(kind, kb);
  if (template) {
    for (const place of every)
      if (place.path.startsWith('metadata.')) out.push({ path: `${template}.${place.path}`, place });
    for (const place of of('Pod')) out.push({ path: `${template}.${place.path}`, place });
  }
  return out;
}

// One trie per object kind, built once per knowledge base.
const placeTries = new WeakMap<AnalysisKb, Map<string, PathTrie<KeyPlace>>>();
function placesOf(kind: string, kb: AnalysisKb): PathTrie<KeyPlace> {
  let byKind = placeTries.get(kb);
  if (!byKind) placeTries.set(kb, (byKind = new Map()));
  let trie = byKind.get(kind);
  if (!trie)
    byKind.set(kind, (trie = pathTrie(keyPlacesOf(kind, kb).map(({ path, place }) => ({ path, item: place })))));
  return trie;
}

const keyIndex = new WeakMap<object, Map<string, WellKnownKey>>();
/** The well-known-keys records by key. */
export function keysOf(kb: AnalysisKb): Map<string, WellKnownKey> {
  let index = keyIndex.get(kb);
  if (!index) keyIndex.set(kb, (index = new Map(kb.wellKnownKeys.map((k) => [k.key, k]))));
  return index;
}

/**
 * The record for a key as an object uses it: the key's own, else the one for every key under its prefix
 * ("container.seccomp.security.alpha.kubernetes.io/*" for ".../nginx"); undefined when none.
 */
export function keyRecordFor(key: string, kb: AnalysisKb): WellKnownKey | undefined {
  const byKey = keysOf(kb);
  const own = byKey.get(key);
  if (own) return own;
  const slash = key.indexOf('/');
  return slash < 0 ? undefined : byKey.get(`${key.slice(0, slash + 1)}*`);
}

/**
 * The record as it holds for the key in one role: itself for its own type, merged with the role's own life for
 * one of its otherRoles (node-role.kubernetes.io/master as a label); null for a role the record does not list,
 * or a record whose type no source gives.
 */
export function keyInRole(record: WellKnownKey, type: KeyPlace['type']): WellKnownKey | null {
  if (record.type === null) return null;
  if (record.type === type) return record;
  const role = record.otherRoles.find((r) => r.type === type);
  return role ? { ...record, ...role } : null;
}

/** A key as the object uses it: as a map key (labels, nodeSelector), a value (topologyKey) or a list item. */
export interface KeyUse {
  key: string;
  path: PathSegment[];
  place: KeyPlace;
}

/**
 * Every place in the object (and its Pod template) where Kubernetes reads a label, annotation or taint
 * key; only keys `wanted` says yes to, when given (most labels are the user's own).
 */
export function keyUsesIn(object: ManifestObject, kb: AnalysisKb, wanted?: (key: string) => boolean): KeyUse[] {
  const uses: KeyUse[] = [];
  walkTrie(placesOf(object.kind, kb), object.value, [], (place, path, at) => {
    if (place.holds === 'mapKeys' && isPlainObject(at)) {
      for (const key in at)
        if (Object.hasOwn(at, key) && (!wanted || wanted(key))) uses.push({ key, path: [...path, key], place });
    } else if (place.holds === 'value' && typeof at === 'string' && (!wanted || wanted(at))) {
      uses.push({ key: at, path: path.slice(), place });
    } else if (place.holds === 'listValues' && Array.isArray(at)) {
      at.forEach((item, i) => {
        if (typeof item === 'string' && (!wanted || wanted(item))) uses.push({ key: item, path: [...path, i], place });
      });
    }
  });
  return uses;
}

/**
 * The first release from which the replacement of `record` works where the key is used: the record's
 * replacementIn (the replacement set in this key's role), else the replacement's own introducedIn (a key
 * record, or a field of `kind` when the replacement is a field such as spec.ingressClassName).
 */
export function replacementFrom(record: WellKnownKey, kb: AnalysisKb, kind?: string): VersionKey | null {
  if (record.replacementIn !== null) return record.replacementIn;
  if (!record.replacement) return null;
  const successor = keyRecordFor(record.replacement, kb);
  if (successor) return successor.introducedIn;
  const field = kb.apiFields.find((f) => f.path === record.replacement && (kind === undefined || f.kind === kind));
  return field?.introducedIn ?? null;
}
