// api-reference: rewrites the references to other APIs that the api-reference rule finds (kinds.yaml
// `references`), from the same records. An apiVersion + kind reference (an HPA's scale target, an owner
// reference) moves with the object it names: to the version the api-version converter moves that kind to.
// An RBAC rule gets the group that serves the resource now added next to the old one, which stays so the
// rule keeps working on releases before the removal. A group/version pair (an APIService) is left as it is.
import { isScalar, isSeq, Scalar } from 'yaml';
import { pathText, resourceOf } from '../../analysis/engine/findings';
import { availableFrom, bitesBy, survivingReplacement } from '../../analysis/engine/api-version-chain';
import {
  brokenGrant,
  brokenReference,
  placesOf,
  type KindPlace,
  type ResourcePlace,
} from '../../analysis/engine/reference-places';
import type { ApiVersion } from '../../kb/model';
import { getEntry, holdersOf, nodeAt } from '../nodes';
import { emptyOutcome, findingKey, type ConvertContext, type Converter, type Outcome, type Target } from '../types';

const RULE = 'api-reference';

export const apiReferenceConverter: Converter = {
  id: RULE,
  description:
    'Moves apiVersion + kind references (scale targets, owner references) to the version their kind is converted to, and adds the group that now serves a resource to RBAC rules that name only the old one.',
  convert(target: Target, ctx: ConvertContext): Outcome {
    const out = emptyOutcome();
    const { object, node } = target;
    for (const place of placesOf(object, ctx.kb)) {
      if (place.unless && nodeAt(node, place.unless.split('.')) !== undefined) continue;
      switch (place.resolves) {
        case 'groupKind':
        case 'groupVersionKind':
          moveReferences(target, place, ctx, out);
          break;
        case 'groupResource':
          addGroups(target, place, ctx, out);
          break;
        case 'groupVersion':
          for (const { map, path } of holdersOf(node, `${place.path}.${place.versionField}`))
            if (getEntry(map, place.versionField))
              out.reasons.push({
                key: findingKey(RULE, [...path, place.versionField]),
                reason: 'which group/version an APIService should name instead is a choice to make by hand',
              });
      }
    }
    return out;
  },
};

/** apiVersion + kind references: to the version their kind's own conversion reaches on the path. */
function moveReferences(target: Target, place: KindPlace, ctx: ConvertContext, out: Outcome): void {
  const { object, node, lineOfNode } = target;
  const v = ctx.kb.formatVersion;
  for (const { map, path } of holdersOf(node, `${place.path}.${place.apiVersionField}`)) {
    const versionPair = getEntry(map, place.apiVersionField);
    const apiVersion = scalarText(versionPair?.value);
    const kind = scalarText(getEntry(map, place.kindField)?.value);
    if (!versionPair || apiVersion === null || kind === null) continue;
    const gone = brokenReference(place, apiVersion, kind, ctx);
    if (!gone) continue;
    const at = [...path, place.apiVersionField];
    const key = findingKey(RULE, at);
    const record = ctx.kb.apiVersion(apiVersion, kind);
    const moved = record ? convertedTo(record, ctx) : null;
    if (!moved || moved === record) {
      const replacement = survivingReplacement(gone, ctx.path);
      out.reasons.push({
        key,
        reason: `no automatic conversion of ${kind} ${apiVersion} is served from ${v(ctx.path.from)} on${replacement ? `; change it to ${replacement.apiVersion} together with the ${kind} itself` : ''}`,
      });
      continue;
    }
    if (isScalar(versionPair.value)) versionPair.value.value = moved.apiVersion;
    else versionPair.value = new Scalar(moved.apiVersion);
    out.changes.push({
      ruleId: RULE,
      resource: resourceOf(object),
      line: lineOfNode(versionPair.value) ?? object.lineOf(at),
      description: `${pathText(at)} ${apiVersion} -> ${moved.apiVersion}, the version ${kind} objects are converted to.`,
    });
    if (brokenReference(place, moved.apiVersion, kind, ctx))
      out.reasons.push({
        key,
        reason: `moved as far as ${moved.apiVersion}, which is not served at ${v(ctx.path.to)} either; convert again once the cluster serves its replacement`,
      });
    else out.answered.push({ key });
  }
}

/**
 * The version the api-version converter moves objects of record's kind to: along the recorded conversions,
 * while the version reached is deprecated or removed on the path and the next one is served by default
 * from the start of the path.
 */
function convertedTo(record: ApiVersion, ctx: ConvertContext): ApiVersion {
  let current = record;
  const seen = new Set<string>();
  while (bitesBy(current, ctx.path.to) && current.conversion && !seen.has(current.key)) {
    seen.add(current.key);
    const next = ctx.kb.apiVersion(current.conversion.to, current.kind);
    if (!next || next.servedByDefault === false) break;
    const available = availableFrom(current, next);
    if (available !== null && available > ctx.path.from) break;
    current = next;
  }
  return current;
}

/** RBAC rules: the group that serves a resource now, added after the group that no longer does. */
function addGroups(target: Target, place: ResourcePlace, ctx: ConvertContext, out: Outcome): void {
  const { object, node, lineOfNode } = target;
  for (const { map, path } of holdersOf(node, `${place.path}.${place.groupsField}`)) {
    const groups = getEntry(map, place.groupsField)?.value;
    const resources = getEntry(map, place.resourcesField)?.value;
    if (!isSeq(groups) || !isSeq(resources)) continue;
    const named = groups.items.map(scalarText).filter((g): g is string => g !== null);
    if (named.includes('*')) continue;
    const written = resources.items
      .map(scalarText)
      .filter((r): r is string => r !== null)
      .map((r) => r.split('/')[0])
      .filter((r) => r !== '' && !r.includes('*'));
    // Decided on the rule as written, so every finding of it is answered or explained the same way.
    const additions: { after: number; group: string }[] = [];
    named.forEach((group, i) => {
      const at = [...path, place.groupsField, i];
      const key = findingKey(RULE, at);
      for (const resource of new Set(written)) {
        const gone = brokenGrant(group, resource, named, ctx);
        if (!gone) continue;
        const replacement = survivingReplacement(gone, ctx.path);
        if (!replacement) {
          out.reasons.push({
            key,
            subject: resource,
            reason: `no group is recorded to serve ${resource} after ${gone.apiVersion}`,
          });
          continue;
        }
        if (!named.includes(replacement.group) && !additions.some((a) => a.group === replacement.group))
          additions.push({ after: i, group: replacement.group });
        out.answered.push({ key, subject: resource });
      }
    });
    // Inserted from the end, so the earlier positions stay valid; each next to the group it stands in for.
    const oldItems = [...groups.items];
    for (const { after, group } of [...additions].reverse()) {
      const added = new Scalar(group);
      const old = oldItems[after];
      if (isScalar(old) && old.type) added.type = old.type;
      groups.items.splice(after + 1, 0, added);
    }
    for (const { after, group } of additions) {
      const at = [...path, place.groupsField, after];
      out.changes.push({
        ruleId: RULE,
        resource: resourceOf(object),
        line: lineOfNode(oldItems[after]) ?? object.lineOf(at),
        description: `${pathText([...path, place.groupsField])}: "${group}" added next to "${named[after]}", which no longer serves the rule's resources on the path; "${named[after]}" stays for the releases before.`,
      });
    }
  }
}

function scalarText(node: unknown): string | null {
  return isScalar(node) && typeof node.value === 'string' ? node.value : null;
}
