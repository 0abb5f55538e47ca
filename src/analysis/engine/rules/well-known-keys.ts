// well-known-key: label, annotation and taint keys where Kubernetes reads them, against the
// well-known-keys records. Where the keys are (and what a key there does once nobody sets it) is data:
// the keyPlaces of kinds.yaml; which keys are deprecated or removed, and when their replacement starts
// being set, is the well-known-keys records.
import type { KeyPlace, WellKnownKey } from '../../../kb/model';
import { changeAt, changedIn, onPath, pathText, placed, placeOf, type FindingText } from '../findings';
import { keyInRole, keyRecordFor, keysOf, keyUsesIn, replacementFrom } from '../key-uses';
import { inReservedDomain, reservedDomainOf } from '../../../kb/key-domains';
import { remember, rememberPerInput } from '../memo';
import { isPlainObject, type ManifestObject, type PathSegment } from '../../reader/manifest';
import { valueAt } from '../object-paths';
import { ruleKit } from '../rule-kit';
import type { Finding, ObjectRule, RuleContext } from '../../types';

/** Roles in which a key picks nodes (or tolerates their taints): a replacement set next to the key matters there. */
const PICKS: KeyPlace['role'][] = ['selects', 'prefers', 'tolerates'];

const kit = ruleKit('well-known-key', {
  messages: {
    removed: '{type} {key} is no longer set or read from {removedIn}.',
    deprecated: '{type} {key} is deprecated since {deprecatedIn}.',
    replacementSet: 'From {replacementIn} nodes are {marked} {replacement} as well; this {use} names only {key}.',
    notKnown: '{type} {key} is not known to netkb: not checked.',
    controllerKey:
      '{type} {key} is read by {controller}, whose own releases decide what it does: not checked against Kubernetes releases.',
    roleNotKnown: '{type} {key} is known to netkb as a {recordType} only: as a {type} it is not checked.',
  },
  fixes: {
    removeOld: 'Remove the entry at {at} once no node carries {key}: the one for {replacement} next to it takes over.',
    addToleration:
      'Add a toleration for {replacement} next to this one (at {at}){taintedFrom}. Keep this one while nodes may still carry {key}{until}.',
    taintedFrom: '; nodes are tainted with it from {from}',
    untilRemoved: ' (Kubernetes stops setting it in {removedIn})',
    useFrom: 'Use {replacement} instead (at {at}) from {from}, the first release that has it; until then keep {key}.',
    use: 'Use {replacement} instead (at {at}).',
    fieldSet: 'Remove {key} (at {at}): {replacement} is set on this object already and takes its place.',
    saidOnceLive: 'Said once, on the first object read from the cluster that carries it.',
    checkRole:
      'Check in the well-known keys reference and the notes of the releases on the path whether Kubernetes (or the installer that builds the cluster) still sets or reads {key} as a {type}.',
    checkController:
      'Check {key} in the release notes of {controller} for the controller versions the cluster runs and upgrades to.',
    checkByHand:
      "Kubernetes reserves {domain} for its own keys, but neither its well-known keys page nor kubernetes/api names this one, and no record of netkb does: find out which project sets or reads it and check that project's notes for the releases on the path.",
  },
  parts: {
    labelled: 'labelled',
    annotated: 'annotated',
    tainted: 'tainted',
    object: 'object',
    selector: 'selector',
    preference: 'preference',
    toleration: 'toleration',
    topologyKey: 'topology key',
  },
});

export const wellKnownKeyRule: ObjectRule = {
  ...kit.declaration,
  scope: 'object',
  description:
    'Reports deprecated (WARNING) or removed well-known label, annotation and taint keys wherever kinds.yaml says Kubernetes reads them (labels, annotations, node selectors, node affinity, topology keys, StorageClass and PersistentVolume topology, taints and tolerations, ...), with the severity of the place (a required selector BREAKING, a preference or toleration WARNING), places that name only the old key once the replacement is set as well (WARNING), keys whose replacement field the object already sets (INFO), and keys of the domains Kubernetes reserves that no record names (INFO, not checked; one under the annotation prefix of an Ingress controller netkb knows, such as ingress-nginx, is said to belong to that controller). A key in a role its record lists among its other roles (node-role.kubernetes.io/master as a label) is checked with the dates of that role; in a role the record does not list, it is said as not checked (INFO).',
  check(object: ManifestObject, ctx: RuleContext): Finding[] {
    const domains = ctx.kb.reservedKeyDomains;
    if (keysOf(ctx.kb).size === 0 && domains.length === 0) return [];
    const uses = keyUsesIn(
      object,
      ctx.kb,
      (key) => keyRecordFor(key, ctx.kb) !== undefined || inReservedDomain(key, domains),
    );
    const findings: Finding[] = [];
    const unknown = new Set<string>();
    for (const use of uses) {
      const record = keyRecordFor(use.key, ctx.kb);
      const at = pathText(use.path);
      if (!record) {
        // Once per key and object: the first place names it, the others would say the same.
        if (unknown.has(use.key)) continue;
        unknown.add(use.key);
        // Objects read from a cluster carry the keys its controllers set, on every object alike: once per input.
        const live = object.origin !== undefined;
        if (live && rememberPerInput(ctx, ['well-known-key-live', use.key], () => placeOf(object)) !== placeOf(object))
          continue;
        findings.push(placed(notKnownText(use.key, use.place.type, domains, live, ctx), object, use.path, at));
        continue;
      }
      // The key in another role than the record's: that role's own life, if the record lists it (a record
      // whose type no source gives says the key is known, and nothing more).
      if (record.type === null) continue;
      const role = keyInRole(record, use.place.type);
      if (!role) {
        if (unknown.has(use.key)) continue;
        unknown.add(use.key);
        const text = remember(ctx, ['well-known-key-role', use.key, use.place.type], () =>
          roleNotKnownText(record, use.key, use.place.type, ctx),
        );
        findings.push(placed(text, object, use.path, at));
        continue;
      }
      const covered = role.replacement !== null && siblingHolds(object, use.path, role.replacement);
      const fieldSet = !covered && replacementFieldSet(object, use.path, role, ctx);
      const texts = remember(
        ctx,
        ['well-known-key', use.key, use.place.type, object.kind, at, covered, fieldSet],
        () =>
          fieldSet
            ? fieldSetTexts(role, use.key, at, ctx)
            : keyTexts(role, use.key, use.place, at, object.kind, covered, ctx),
      );
      for (const text of texts) findings.push(placed(text, object, use.path, at));
    }
    return findings;
  },
};

/** A key used in a role its record neither has nor lists among its other roles: not checked there. */
function roleNotKnownText(record: WellKnownKey, key: string, type: KeyPlace['type'], ctx: RuleContext): FindingText {
  const data = { type: type.toLowerCase(), key, recordType: record.type!.toLowerCase() };
  return kit.text({
    messageId: 'roleNotKnown',
    severity: 'INFO',
    checked: false,
    effectiveIn: ctx.path.from,
    data,
    fix: kit.fix('checkRole', data),
  });
}

/** A key of the reserved domains that no record names (nor a prefix record covers): not checked. */
function notKnownText(
  key: string,
  type: KeyPlace['type'],
  domains: readonly string[],
  live: boolean,
  ctx: RuleContext,
): FindingText {
  // A key of an Ingress controller whose annotations netkb knows (ingress-nginx's, for netkb gateway): its own.
  const controller = ctx.kb.gatewayApi.providers.find((p) => key.startsWith(p.annotationPrefix));
  if (controller) {
    const data = { type: type.toLowerCase(), key, controller: controller.name };
    const fix = kit.fix('checkController', data);
    return kit.text({
      messageId: 'controllerKey',
      severity: 'INFO',
      checked: false,
      effectiveIn: ctx.path.from,
      data,
      fix: live ? `${fix} ${kit.fix('saidOnceLive', {})}` : fix,
    });
  }
  const fix = kit.fix('checkByHand', { domain: reservedDomainOf(key, domains)! });
  return kit.text({
    messageId: 'notKnown',
    severity: 'INFO',
    checked: false,
    effectiveIn: ctx.path.from,
    data: { type: type.toLowerCase(), key },
    fix: live ? `${fix} ${kit.fix('saidOnceLive', {})}` : fix,
  });
}

/**
 * Whether the record's replacement is a field (spec.priorityClassName, not a key) that the object already
 * sets where the key's metadata belongs: the Pod itself, or the Pod template whose metadata holds the key.
 * Fields under a list (spec.containers[]...) are not looked at: each item would have to be matched.
 */
function replacementFieldSet(
  object: ManifestObject,
  path: PathSegment[],
  record: WellKnownKey,
  ctx: RuleContext,
): boolean {
  const field = record.replacement;
  if (!field || !/^[a-z][A-Za-z]*(\.[A-Za-z]+)+$/.test(field) || keyRecordFor(field, ctx.kb)) return false;
  const meta = path.lastIndexOf('metadata');
  if (meta < 0) return false;
  const value = valueAt(object.value, [...path.slice(0, meta), ...field.split('.')]);
  return value !== undefined && value !== null && value !== '';
}

/** A key whose replacement field the object sets already: leaving the key does no harm (INFO), it can go. */
function fieldSetTexts(record: WellKnownKey, key: string, at: string, ctx: RuleContext): FindingText[] {
  const v = ctx.kb.formatVersion;
  const data = { type: record.type!.toLowerCase(), key };
  const fix = kit.fix('fieldSet', { key, at, replacement: record.replacement! });
  if (onPath(record.removedIn, ctx))
    return [
      kit.text({
        messageId: 'removed',
        severity: 'INFO',
        ...changedIn(record.removedIn, ctx),
        data: { ...data, removedIn: v(record.removedIn) },
        fix,
        replacement: record.replacement,
        change: changeAt(record, record.removedIn),
      }),
    ];
  if (onPath(record.deprecatedIn, ctx))
    return [
      kit.text({
        messageId: 'deprecated',
        severity: 'INFO',
        ...changedIn(record.deprecatedIn, ctx),
        data: { ...data, deprecatedIn: v(record.deprecatedIn) },
        fix,
        replacement: record.replacement,
        change: changeAt(record, record.deprecatedIn),
      }),
    ];
  return [];
}

/**
 * Whether the list item holding the key at `path` ([..., list, i, field]) has a sibling item with `key` in
 * the same field (a toleration for the replacement next to the old one).
 */
function siblingHolds(object: ManifestObject, path: PathSegment[], key: string): boolean {
  const field = path[path.length - 1];
  if (typeof field !== 'string' || typeof path[path.length - 2] !== 'number') return false;
  const list = valueAt(object.value, path.slice(0, -2));
  return Array.isArray(list) && list.some((item) => isPlainObject(item) && item[field] === key);
}

// The words of a key's type and a place's role in the messages (parts of the kit, filled once).
const MARKED: Record<KeyPlace['type'], string> = {
  LABEL: kit.part('labelled', {}),
  ANNOTATION: kit.part('annotated', {}),
  TAINT: kit.part('tainted', {}),
};
const USE: Record<KeyPlace['role'], string> = {
  carries: kit.part('object', {}),
  selects: kit.part('selector', {}),
  prefers: kit.part('preference', {}),
  tolerates: kit.part('toleration', {}),
  spreads: kit.part('topologyKey', {}),
};

/** What using `record` at `at`, a place of `place`'s role in an object of `kind`, meets on the path. */
function keyTexts(
  record: WellKnownKey,
  key: string,
  place: KeyPlace,
  at: string,
  kind: string,
  covered: boolean,
  ctx: RuleContext,
): FindingText[] {
  const v = ctx.kb.formatVersion;
  const data = { type: place.type.toLowerCase(), key };
  const fix = covered
    ? kit.fix('removeOld', { at, key, replacement: record.replacement! })
    : replacementFix(record, key, place, at, kind, ctx);
  const out: FindingText[] = [];
  // The replacement is set next to the key from replacementIn: a place that picks nodes by the old key
  // alone misses the nodes that only carry the new one (the old toleration itself still works).
  const alsoSet =
    !covered && record.replacementIn !== null && record.replacement !== null && PICKS.includes(place.role);
  if (alsoSet && onPath(record.replacementIn, ctx)) {
    out.push(
      kit.text({
        messageId: 'replacementSet',
        severity: 'WARNING',
        ...changedIn(record.replacementIn!, ctx),
        data: {
          ...data,
          replacementIn: v(record.replacementIn!),
          marked: MARKED[place.type],
          replacement: record.replacement!,
          use: USE[place.role],
        },
        fix,
        replacement: record.replacement,
        change: changeAt(record, record.replacementIn!),
      }),
    );
    // Where a key nobody sets does nothing (a toleration, a preference), its removal says no more than this.
    if (place.whenRemoved === 'WARNING') return out;
  }
  if (onPath(record.removedIn, ctx)) {
    out.push(
      kit.text({
        messageId: 'removed',
        severity: place.whenRemoved,
        ...changedIn(record.removedIn, ctx),
        data: { ...data, removedIn: v(record.removedIn) },
        fix,
        replacement: record.replacement,
        change: changeAt(record, record.removedIn),
      }),
    );
  } else if (onPath(record.deprecatedIn, ctx)) {
    out.push(
      kit.text({
        messageId: 'deprecated',
        severity: 'WARNING',
        ...changedIn(record.deprecatedIn, ctx),
        data: { ...data, deprecatedIn: v(record.deprecatedIn) },
        fix,
        replacement: record.replacement,
        change: changeAt(record, record.deprecatedIn),
      }),
    );
  }
  return out;
}

/**
 * The fix names the replacement with the release it works from, when that is after the start of the path;
 * a toleration gets a second toleration next to it rather than a rename (both taints may be on nodes).
 */
function replacementFix(
  record: WellKnownKey,
  key: string,
  place: KeyPlace,
  at: string,
  kind: string,
  ctx: RuleContext,
): string | null {
  if (!record.replacement) return null;
  const v = ctx.kb.formatVersion;
  const from = replacementFrom(record, ctx.kb, kind);
  const late = from !== null && from > ctx.path.from ? v(from) : null;
  if (place.role === 'tolerates') {
    return kit.fix('addToleration', {
      replacement: record.replacement,
      at,
      taintedFrom: late ? kit.fix('taintedFrom', { from: late }) : '',
      key,
      until: record.removedIn !== null ? kit.fix('untilRemoved', { removedIn: v(record.removedIn) }) : '',
    });
  }
  return late
    ? kit.fix('useFrom', { replacement: record.replacement, at, from: late, key })
    : kit.fix('use', { replacement: record.replacement, at });
}
