// Where objects refer to other APIs (kinds.yaml `references`) and when such a reference stops resolving on
// the path, resolved the way the place says Kubernetes resolves it. The api-reference rule words what this
// finds and the api-reference converter rewrites it: both ask the same questions of the same records.
import type { ApiVersion, ReferencePlace } from '../../kb/model';
import { resourceOfKind } from '../../kb/resource-names';
import type { ManifestObject } from '../reader/manifest';
import type { AnalysisKb, RuleContext } from '../types';

export type KindPlace = Extract<ReferencePlace, { resolves: 'groupKind' | 'groupVersionKind' }>;
export type ResourcePlace = Extract<ReferencePlace, { resolves: 'groupResource' }>;

type Scope = Pick<RuleContext, 'kb' | 'path'>;

/**
 * The record whose removal on the path stops an apiVersion + kind reference resolving the way `place`
 * says Kubernetes resolves it (by group and kind, or by that very version), or null while it resolves.
 */
export function brokenReference(place: KindPlace, apiVersion: string, kind: string, ctx: Scope): ApiVersion | null {
  const gone =
    place.resolves === 'groupKind'
      ? lastServed(recordsOfKind(ctx.kb, groupOf(apiVersion), kind))
      : (ctx.kb.apiVersion(apiVersion, kind) ?? null);
  return gone && gone.removedIn !== null && gone.removedIn <= ctx.path.to ? gone : null;
}

/**
 * The record whose removal on the path leaves `group` serving no `resource`, when no other group the rule
 * names (`named`) still serves it at the end of the path; null while the rule keeps granting it.
 */
export function brokenGrant(group: string, resource: string, named: string[], ctx: Scope): ApiVersion | null {
  const index = indexOf(ctx.kb);
  const gone = lastServed(index.byGroupResource.get(key(group, resource)) ?? []);
  if (!gone || gone.removedIn === null || gone.removedIn > ctx.path.to) return null;
  for (const other of named) if (other !== group && servedThrough(other, resource, ctx)) return null;
  return gone;
}

/** Whether a record shows `group` serving `resource` through the end of the path (a name no record knows: no). */
export function servedThrough(group: string, resource: string, ctx: Scope): boolean {
  const records = indexOf(ctx.kb).byGroupResource.get(key(group, resource)) ?? [];
  const last = lastServed(records);
  return records.length > 0 && (last === null || last.removedIn === null || last.removedIn > ctx.path.to);
}

/** The record whose removal ends the set being served: null while one of them is never removed. */
export function lastServed(records: ApiVersion[]): ApiVersion | null {
  if (records.length === 0 || records.some((r) => r.removedIn === null)) return null;
  return records.reduce((a, b) => (b.removedIn! > a.removedIn! ? b : a));
}

/** The API group of an apiVersion: '' for the core group ("v1"). */
export const groupOf = (apiVersion: string): string => (apiVersion.includes('/') ? apiVersion.split('/')[0] : '');
const key = (group: string, name: string): string => `${group}\u0000${name}`;

/** The records of `kind` in API group `group`, of every version. */
export function recordsOfKind(kb: AnalysisKb, group: string, kind: string): ApiVersion[] {
  return indexOf(kb).byGroupKind.get(key(group, kind)) ?? [];
}

/** The records of every kind served as `apiVersion`. */
export function recordsOfApiVersion(kb: AnalysisKb, apiVersion: string): ApiVersion[] {
  return indexOf(kb).byApiVersion.get(apiVersion) ?? [];
}

interface RecordIndex {
  byGroupKind: Map<string, ApiVersion[]>;
  byGroupResource: Map<string, ApiVersion[]>;
  byApiVersion: Map<string, ApiVersion[]>;
}
const indexes = new WeakMap<AnalysisKb, RecordIndex>();
function indexOf(kb: AnalysisKb): RecordIndex {
  let index = indexes.get(kb);
  if (index) return index;
  index = { byGroupKind: new Map(), byGroupResource: new Map(), byApiVersion: new Map() };
  const add = (map: Map<string, ApiVersion[]>, k: string, r: ApiVersion) => map.set(k, [...(map.get(k) ?? []), r]);
  for (const r of kb.apiVersions) {
    add(index.byGroupKind, key(r.group, r.kind), r);
    add(index.byGroupResource, key(r.group, resourceOfKind(r.kind)), r);
    add(index.byApiVersion, r.apiVersion, r);
  }
  indexes.set(kb, index);
  return index;
}

interface PlaceIndex {
  byKind: Map<string, ReferencePlace[]>;
  /** The answer per kind and API group of the object, worked out once. */
  byObject: Map<string, ReferencePlace[]>;
}
const placeIndexes = new WeakMap<AnalysisKb, PlaceIndex>();
/** The reference places of an object: its kind's and every kind's ("*"), kept to the API groups they name. */
export function placesOf(object: ManifestObject, kb: AnalysisKb): ReferencePlace[] {
  let index = placeIndexes.get(kb);
  if (!index) {
    index = { byKind: new Map(), byObject: new Map() };
    for (const k of kb.kinds) if (k.references.length > 0) index.byKind.set(k.kind, k.references);
    placeIndexes.set(kb, index);
  }
  const group = groupOf(object.apiVersion);
  const id = key(group, object.kind);
  let places = index.byObject.get(id);
  if (!places) {
    places = [...(index.byKind.get(object.kind) ?? []), ...(index.byKind.get('*') ?? [])].filter(
      (p) => p.objectGroups.length === 0 || p.objectGroups.includes(group),
    );
    // Kinds and groups come from the input: keep the cache from growing without bound in a long-lived server.
    if (index.byObject.size >= 4096) index.byObject.clear();
    index.byObject.set(id, places);
  }
  return places;
}
