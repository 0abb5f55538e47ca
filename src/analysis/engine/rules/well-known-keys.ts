// well-known-key: label, annotation and taint keys where Kubernetes reads them, against the
// well-known-keys records. Where the keys are (and what a key there does once nobody sets it) is data:
// the keyPlaces of kinds.yaml; which keys are deprecated or removed, and when their replacement starts
// being set, is the well-known-keys records.
import type { KeyPlace, WellKnownKey } from '../../../kb/model';
import { changeAt, clampToPath, onPath, pathText, placed, type FindingText } from '../findings';
import { keysOf, keyUsesIn, replacementFrom } from '../key-uses';
import { remember } from '../memo';
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
  },
  fixes: {
    removeOld: 'Remove the entry at {at} once no node carries {key}: the one for {replacement} next to it takes over.',
    addToleration:
      'Add a toleration for {replacement} next to this one (at {at}){taintedFrom}. Keep this one while nodes may still carry {key}{until}.',
    taintedFrom: '; nodes are tainted with it from {from}',
    untilRemoved: ' (Kubernetes stops setting it in {removedIn})',
    useFrom: 'Use {replacement} instead (at {at}) from {from}, the first release that has it; until then keep {key}.',
    use: 'Use {replacement} instead (at {at}).',
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
    'Reports deprecated (WARNING) or removed well-known label, annotation and taint keys wherever kinds.yaml says Kubernetes reads them (labels, annotations, node selectors, node affinity, topology keys, StorageClass and PersistentVolume topology, taints and tolerations, ...), with the severity of the place (a required selector BREAKING, a preference or toleration WARNING), and places that name only the old key once the replacement is set as well (WARNING).',
  check(object: ManifestObject, ctx: RuleContext): Finding[] {
    const byKey = keysOf(ctx.kb);
    if (byKey.size === 0) return [];
    const uses = keyUsesIn(object, ctx.kb, (key) => byKey.has(key));
    const findings: Finding[] = [];
    for (const use of uses) {
      const record = byKey.get(use.key);
      if (!record || use.place.type !== record.type) continue;
      const at = pathText(use.path);
      const covered = record.replacement !== null && siblingHolds(object, use.path, record.replacement);
      const texts = remember(ctx, ['well-known-key', record.key, object.kind, at, covered], () =>
        keyTexts(record, use.place, at, object.kind, covered, ctx),
      );
      for (const text of texts) findings.push(placed(text, object, use.path, at));
    }
    return findings;
  },
};

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
const MARKED: Record<WellKnownKey['type'], string> = {
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
  place: KeyPlace,
  at: string,
  kind: string,
  covered: boolean,
  ctx: RuleContext,
): FindingText[] {
  const v = ctx.kb.formatVersion;
  const data = { type: record.type.toLowerCase(), key: record.key };
  const fix = covered
    ? kit.fix('removeOld', { at, key: record.key, replacement: record.replacement! })
    : replacementFix(record, place, at, kind, ctx);
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
        effectiveIn: clampToPath(record.replacementIn!, ctx),
        data: {
          ...data,
          replacementIn: v(record.replacementIn!),
          marked: MARKED[record.type],
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
        effectiveIn: clampToPath(record.removedIn, ctx),
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
        effectiveIn: clampToPath(record.deprecatedIn, ctx),
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
      key: record.key,
      until: record.removedIn !== null ? kit.fix('untilRemoved', { removedIn: v(record.removedIn) }) : '',
    });
  }
  return late
    ? kit.fix('useFrom', { replacement: record.replacement, at, from: late, key: record.key })
    : kit.fix('use', { replacement: record.replacement, at });
}
