// api-reference: references to other APIs inside objects (kinds.yaml `references`: an HPA's scale target,
// owner references, RBAC rules, an APIService's group/version) against the api-versions records, resolved
// the way the place says Kubernetes resolves them. Which places exist and what breaks there is data.
import type { ApiVersion, ReferencePlace } from '../../../kb/model';
import type { VersionKey } from '../../../kb/version';
import { isPlainObject, type ManifestObject, type PathSegment } from '../../reader/manifest';
import type { Finding, ObjectRule, RuleContext } from '../../types';
import { availableFrom, survivingReplacement } from '../api-version-chain';
import { changeAt, changedIn, placed, type FindingText } from '../findings';
import { remember } from '../memo';
import { locate, toSegments, valueAt } from '../object-paths';
import {
  brokenGrant,
  brokenReference,
  groupOf,
  lastServed,
  placesOf,
  recordsOfApiVersion,
  recordsOfKind,
  servedThrough,
  type KindPlace,
  type ResourcePlace,
} from '../reference-places';
import { ruleKit } from '../rule-kit';

const kit = ruleKit('api-reference', {
  messages: {
    groupKind:
      'The reference to {kind} {apiVersion} no longer resolves from {removedIn}, when no version of {group} serves {kind} any more: {effect}.',
    groupVersionKind:
      'The reference to {kind} {apiVersion} no longer resolves from {removedIn}, when {apiVersion} is no longer served: {effect}.',
    groupResource:
      'The rule for {resource} in API group "{group}" no longer applies from {removedIn}, when no version of {group} serves {resource} any more: {effect}{movedTo}.',
    groupVersion: 'The API group/version {apiVersion} named here is no longer served from {removedIn}: {effect}.',
  },
  fixes: {
    // An apiVersion + kind reference (HPA target, owner reference). {when} goes on with the sentence
    // ("; it is served since ..."), and is empty when nothing is recorded of when the target arrives.
    change: 'Change {field} to {target}, a version that serves {kind}{when}.{afterwards}',
    servedSince: '; it is served since {available}, so you can change it before upgrading',
    servedAtRemoval:
      '; it is served only from {available}, the release that stops serving {apiVersion}: change it right after upgrading to {available}',
    servedAfterGap:
      '; it is served only from {available}, and no recorded version serves {kind} from {removedIn} until then',
    servedFrom: '; it is served only from {available}: change it once the cluster runs {available}, before {removedIn}',
    thenChange: ' Then change it to {apiVersion}{servedFrom}.',
    nextServedFrom: ' (served from {introducedIn})',
    noReplacement: 'No replacement is recorded for {kind} {apiVersion}.{notes}',
    // An RBAC rule's group x resource.
    addGroup:
      'Add "{group}" to {field} next to "{old}" (keep "{old}" while the cluster runs a release before {removedIn}).{when}{lasts}',
    // The old group went before the path starts: no release of it serves the resource there, nothing to keep.
    replaceGroup:
      'Replace "{old}" with "{group}" in {field}: "{old}" serves it in no release of this path.{when}{lasts}',
    groupServedSince: ' {group} serves {resource} since {since}{first}, so the rule works {span}.',
    untilRemoved: 'from now until {removedIn}',
    throughUpgrade: 'before and after the upgrade',
    groupServedFrom: ' {group} serves {resource} only from {since}{first}; the rule then covers both.',
    firstVersion: ' ({apiVersion})',
    noGroup: 'No group is recorded to serve {resource} after {apiVersion}.{notes}',
    // Both kinds of reference: a replacement that itself goes on the path, followed by what to do then (the
    // next change, or the record's own migration notes).
    targetRemoved: ' {target} is itself no longer served from {removedIn}.{after}',
    migrationNotes: ' {notes}',
    // An APIService's group/version.
    nameServed:
      'Name a group/version served on the path instead, or drop this APIService if nothing needs it: the kinds of {apiVersion} are served by {served}.',
    servedKinds: '{apiVersion} ({kinds}{from})',
    onlyFrom: ', only from {introducedIn}',
    dropAPIService:
      'No replacement is recorded for the kinds of {apiVersion}: drop this APIService if nothing needs it.',
  },
  parts: {
    coreGroup: 'the core group',
    movedTo: ', since requests for {resource} now go to {group}',
  },
});

export const apiReferenceRule: ObjectRule = {
  ...kit.declaration,
  scope: 'object',
  description:
    'Reports references to other APIs inside objects (scale targets, owner references, RBAC rules, APIServices; places listed in kinds.yaml) that stop resolving on the path, with the severity the place records and the replacement.',
  check(object: ManifestObject, ctx: RuleContext): Finding[] {
    const places = placesOf(object, ctx.kb);
    if (places.length === 0) return [];
    const out: Finding[] = [];
    for (const place of places) {
      if (place.unless && valueAt(object.value, toSegments(place.unless)) !== undefined) continue;
      const holders = locate(object.value, place.path).filter((h) => isPlainObject(h.value));
      for (const holder of holders)
        out.push(...checkHolder(object, place, holder.path, holder.value as Record<string, unknown>, ctx, holders));
    }
    return out;
  },
};

function checkHolder(
  object: ManifestObject,
  place: ReferencePlace,
  at: PathSegment[],
  value: Record<string, unknown>,
  ctx: RuleContext,
  siblings: { value: unknown }[],
): Finding[] {
  const id = placeId(place);
  switch (place.resolves) {
    case 'groupKind':
    case 'groupVersionKind': {
      const apiVersion = value[place.apiVersionField];
      const kind = value[place.kindField];
      if (typeof apiVersion !== 'string' || typeof kind !== 'string') return [];
      const text = remember(ctx, ['api-reference', id, apiVersion, kind], () => kindText(place, apiVersion, kind, ctx));
      return text ? [placed(text, object, [...at, place.apiVersionField])] : [];
    }
    case 'groupVersion': {
      const group = value[place.groupField];
      const version = value[place.versionField];
      if (typeof group !== 'string' || typeof version !== 'string') return [];
      const apiVersion = group ? `${group}/${version}` : version;
      const text = remember(ctx, ['api-reference', id, apiVersion], () => groupVersionText(place, apiVersion, ctx));
      return text ? [placed(text, object, [...at, place.versionField])] : [];
    }
    case 'groupResource': {
      const groups = value[place.groupsField];
      const resources = value[place.resourcesField];
      if (!Array.isArray(groups) || !Array.isArray(resources)) return [];
      const named = groups.filter((g): g is string => typeof g === 'string');
      if (named.includes('*')) return [];
      const out: Finding[] = [];
      groups.forEach((group, i) => {
        if (typeof group !== 'string') return;
        for (const written of resources) {
          // "deployments/scale" is the scale subresource of deployments: the resource part decides.
          if (typeof written !== 'string') continue;
          const resource = written.split('/')[0];
          if (resource === '' || resource.includes('*')) continue;
          // RBAC: a rule another rule of the object covers loses nothing (any one rule allows a request).
          if (place.verbsField && coveredElsewhere(place, value, resource, siblings, ctx)) continue;
          const others = named.filter((g) => g !== group).join('\u0000');
          const text = remember(ctx, ['api-reference', id, group, resource, others], () =>
            resourceText(place, group, resource, named, ctx),
          );
          if (text) out.push(placed(text, object, [...at, place.groupsField, i]));
        }
      });
      return out;
    }
  }
}

/**
 * Whether another map of the object grants `resource`, through a group that serves it to the end
 * of the path (or "*"), with every verb `rule` grants (or "*"): then the broken group costs nothing.
 */
function coveredElsewhere(
  place: ResourcePlace,
  rule: Record<string, unknown>,
  resource: string,
  holders: { value: unknown }[],
  ctx: RuleContext,
): boolean {
  const strings = (x: unknown) => (Array.isArray(x) ? x.filter((e): e is string => typeof e === 'string') : null);
  const verbs = strings(rule[place.verbsField!]);
  if (!verbs) return false;
  return holders.some(({ value }) => {
    if (value === rule || !isPlainObject(value)) return false;
    const groups = strings(value[place.groupsField]) ?? [];
    const theirResources = strings(value[place.resourcesField]) ?? [];
    const theirVerbs = strings(value[place.verbsField!]) ?? [];
    return (
      (theirResources.includes(resource) || theirResources.includes('*')) &&
      groups.some((g) => g === '*' || servedThrough(g, resource, ctx)) &&
      (theirVerbs.includes('*') || verbs.every((v) => theirVerbs.includes(v)))
    );
  });
}

/** HPA target / owner reference: the record that stops the reference resolving on the path, worded. */
function kindText(place: KindPlace, apiVersion: string, kind: string, ctx: RuleContext): FindingText | null {
  const group = groupOf(apiVersion);
  const gone = brokenReference(place, apiVersion, kind, ctx);
  if (!gone || gone.removedIn === null) return null;
  const bite = changedIn(gone.removedIn, ctx);
  const effectiveIn = bite.effectiveIn;
  const target = replacementAt(gone, effectiveIn, ctx);
  const v = ctx.kb.formatVersion;
  const fix = target
    ? kit.fix('change', {
        field: `${place.path}.${place.apiVersionField}`,
        target: target.apiVersion,
        kind,
        when: servedWhen(gone, target, ctx),
        afterwards: afterwards(gone, target, ctx),
      })
    : kit.fix('noReplacement', { kind, apiVersion: gone.apiVersion, notes: notes(gone) });
  return kit.text({
    messageId: place.resolves,
    severity: place.severity,
    ...bite,
    fix: fix.trim(),
    replacement: target?.apiVersion ?? null,
    data: {
      kind,
      apiVersion,
      group: group || kit.part('coreGroup', {}),
      removedIn: v(gone.removedIn),
      effect: place.effect,
    },
    change: changeAt(gone, gone.removedIn),
  });
}

/** An RBAC rule's group x resource: worded when no version of the group serves the resource by the end of the path. */
function resourceText(
  place: ResourcePlace,
  group: string,
  resource: string,
  named: string[],
  ctx: RuleContext,
): FindingText | null {
  const gone = brokenGrant(group, resource, named, ctx);
  if (!gone || gone.removedIn === null) return null;
  const v = ctx.kb.formatVersion;
  const bite = changedIn(gone.removedIn, ctx);
  const effectiveIn = bite.effectiveIn;
  const target = replacementAt(gone, effectiveIn, ctx);
  let fix: string;
  if (!target) {
    fix = kit.fix('noGroup', { resource, apiVersion: gone.apiVersion, notes: notes(gone) });
  } else {
    const first = firstServing(recordsOfKind(ctx.kb, target.group, gone.kind));
    const since = first?.introducedIn ?? null;
    const where = first ? kit.fix('firstVersion', { apiVersion: first.apiVersion }) : '';
    const ends = target.removedIn !== null && target.removedIn <= ctx.path.to;
    const when =
      since === null
        ? ''
        : since <= ctx.path.from
          ? kit.fix('groupServedSince', {
              group: target.group,
              resource,
              since: v(since),
              first: where,
              span: ends ? kit.fix('untilRemoved', { removedIn: v(target.removedIn!) }) : kit.fix('throughUpgrade', {}),
            })
          : kit.fix('groupServedFrom', { group: target.group, resource, since: v(since), first: where });
    const lasts = ends
      ? kit.fix('targetRemoved', { target: target.apiVersion, removedIn: v(target.removedIn!), after: notes(target) })
      : '';
    fix =
      gone.removedIn <= ctx.path.from
        ? kit.fix('replaceGroup', { group: target.group, field: place.groupsField, old: group, when, lasts })
        : kit.fix('addGroup', {
            group: target.group,
            field: place.groupsField,
            old: group,
            removedIn: v(gone.removedIn),
            when,
            lasts,
          });
  }
  return kit.text({
    messageId: 'groupResource',
    severity: place.severity,
    ...bite,
    fix: fix.trim(),
    replacement: target?.group ?? null,
    data: {
      resource,
      group: group || kit.part('coreGroup', {}),
      removedIn: v(gone.removedIn),
      effect: place.effect,
      // Only where a group serves the resource instead (PodSecurityPolicy has none).
      movedTo: target ? kit.part('movedTo', { resource, group: target.group }) : '',
    },
    change: changeAt(gone, gone.removedIn),
  });
}

/** An APIService's group/version: worded when every record of it is removed by the end of the path. */
function groupVersionText(place: ReferencePlace, apiVersion: string, ctx: RuleContext): FindingText | null {
  const records = recordsOfApiVersion(ctx.kb, apiVersion);
  const gone = lastServed(records);
  if (!gone || gone.removedIn === null || gone.removedIn > ctx.path.to) return null;
  const v = ctx.kb.formatVersion;
  const bite = changedIn(gone.removedIn, ctx);
  const effectiveIn = bite.effectiveIn;
  const moves = new Map<string, { target: ApiVersion; kinds: string[] }>();
  for (const r of records) {
    const target = replacementAt(r, effectiveIn, ctx);
    if (target) {
      const move = moves.get(target.apiVersion) ?? { target, kinds: [] };
      move.kinds.push(r.kind);
      moves.set(target.apiVersion, move);
    }
  }
  const replacements = [...moves.keys()].sort();
  const served = replacements
    .map((a) => {
      const { target, kinds } = moves.get(a)!;
      const from =
        target.introducedIn !== null && target.introducedIn > ctx.path.from
          ? kit.fix('onlyFrom', { introducedIn: v(target.introducedIn) })
          : '';
      return kit.fix('servedKinds', { apiVersion: a, kinds: kinds.sort().join(', '), from });
    })
    .join(', ');
  const fix = served ? kit.fix('nameServed', { apiVersion, served }) : kit.fix('dropAPIService', { apiVersion });
  return kit.text({
    messageId: 'groupVersion',
    severity: place.severity,
    ...bite,
    fix,
    replacement: replacements.length > 0 ? replacements.join(', ') : null,
    data: { apiVersion, removedIn: v(gone.removedIn), effect: place.effect },
    change: changeAt(gone, gone.removedIn),
  });
}

/** "; it is served since X, ..." or "; ... only from X": whether the user can switch before upgrading. */
function servedWhen(gone: ApiVersion, target: ApiVersion, ctx: RuleContext): string {
  const v = ctx.kb.formatVersion;
  const available = availableFrom(gone, target);
  if (available === null) return '';
  if (available <= ctx.path.from) return kit.fix('servedSince', { available: v(available) });
  if (available === gone.removedIn)
    return kit.fix('servedAtRemoval', { available: v(available), apiVersion: gone.apiVersion });
  if (available > gone.removedIn!)
    return kit.fix('servedAfterGap', { available: v(available), kind: gone.kind, removedIn: v(gone.removedIn!) });
  return kit.fix('servedFrom', { available: v(available), removedIn: v(gone.removedIn!) });
}

/** When the replacement chosen is itself removed by the end of the path: where to go next. */
function afterwards(gone: ApiVersion, target: ApiVersion, ctx: RuleContext): string {
  if (target.removedIn === null || target.removedIn > ctx.path.to) return '';
  const v = ctx.kb.formatVersion;
  const next = survivingReplacement(gone, ctx.path);
  const then =
    next && next !== target && (next.removedIn === null || next.removedIn > ctx.path.to)
      ? kit.fix('thenChange', {
          apiVersion: next.apiVersion,
          servedFrom:
            next.introducedIn !== null ? kit.fix('nextServedFrom', { introducedIn: v(next.introducedIn) }) : '',
        })
      : '';
  return kit.fix('targetRemoved', { target: target.apiVersion, removedIn: v(target.removedIn), after: then });
}

/** Where nothing replaces a record, its own migration notes are the advice (a replacement's field changes are the api-version rule's). */
function notes(gone: ApiVersion): string {
  return gone.migrationNotes ? kit.fix('migrationNotes', { notes: gone.migrationNotes }) : '';
}

const servedAt = (r: ApiVersion, at: VersionKey): boolean =>
  (r.introducedIn === null || r.introducedIn <= at) && (r.removedIn === null || r.removedIn > at);

/**
 * What to name instead of `gone` where the finding bites (`at`): a record of its kind, in its own group or
 * a group of its replacements, served at `at`, preferring one the user can switch to before that release,
 * then one still served at the end of the path, then the replacement chain's own choice, then the one
 * served longest (flowcontrol v1beta1 -> v1beta2 for 1.26, as v1 arrives only in 1.29). Without one served
 * at `at`, the chain's replacement (dated by the fix).
 */
function replacementAt(gone: ApiVersion, at: VersionKey, ctx: RuleContext): ApiVersion | null {
  const lasting = survivingReplacement(gone, ctx.path);
  const chain: ApiVersion[] = [];
  for (let r = gone.replacement; r && !chain.includes(r); r = r.replacement) chain.push(r);
  const groups = new Set([gone.group, ...chain.map((r) => r.group)]);
  const rank = (a: ApiVersion): number[] => [
    a.introducedIn === null || a.introducedIn < at || a.introducedIn <= ctx.path.from ? 0 : 1,
    servedAt(a, ctx.path.to) ? 0 : 1,
    a === lasting ? 0 : chain.includes(a) ? 1 : 2,
    -(a.removedIn ?? Number.MAX_SAFE_INTEGER),
  ];
  const better = (a: ApiVersion, b: ApiVersion): boolean => {
    const [x, y] = [rank(a), rank(b)];
    const i = x.findIndex((n, k) => n !== y[k]);
    return i >= 0 && x[i] < y[i];
  };
  let best: ApiVersion | null = null;
  for (const a of ctx.kb.apiVersions)
    if (a !== gone && a.kind === gone.kind && groups.has(a.group) && servedAt(a, at) && (!best || better(a, best)))
      best = a;
  return best ?? lasting;
}

function firstServing(records: ApiVersion[]): ApiVersion | null {
  const known = records.filter((r) => r.introducedIn !== null);
  return known.length === 0 ? null : known.reduce((a, b) => (b.introducedIn! < a.introducedIn! ? b : a));
}

const placeIds = new WeakMap<ReferencePlace, number>();
let nextPlaceId = 0;
function placeId(place: ReferencePlace): number {
  let id = placeIds.get(place);
  if (id === undefined) placeIds.set(place, (id = nextPlaceId++));
  return id;
}
