// well-known-key: label, annotation and taint keys where Kubernetes reads them, against the
// well-known-keys records. Where the keys are (and what a key there does once nobody sets it) is data:
// the keyPlaces of kinds.yaml; which keys are deprecated or removed, and when their replacement starts
// being set, is the well-known-keys records.
import type { KeyPlace, WellKnownKey } from '../../../kb/model';
import { changeAt, clampToPath, findingText, onPath, pathText, placed, type FindingText } from '../findings';
import { keysOf, keyUsesIn, replacementFrom } from '../key-uses';
import { remember } from '../memo';
import { isPlainObject, type ManifestObject, type PathSegment } from '../../reader/manifest';
import { valueAt } from '../object-paths';
import type { Finding, ObjectRule, RuleContext } from '../../types';

/** Roles in which a key picks nodes (or tolerates their taints): a replacement set next to the key matters there. */
const PICKS: KeyPlace['role'][] = ['selects', 'prefers', 'tolerates'];

export const wellKnownKeyRule: ObjectRule = {
  id: 'well-known-key',
  scope: 'object',
  description:
    'Reports deprecated (WARNING) or removed well-known label, annotation and taint keys wherever kinds.yaml says Kubernetes reads them (labels, annotations, node selectors, node affinity, topology keys, StorageClass and PersistentVolume topology, taints and tolerations, ...), with the severity of the place (a required selector BREAKING, a preference or toleration WARNING), and places that name only the old key once the replacement is set as well (WARNING).',
  fixes: {},
  messages: {
    removed: '{type} {key} is no longer set or read from {removedIn}.',
    deprecated: '{type} {key} is deprecated since {deprecatedIn}.',
    replacementSet: 'From {replacementIn} nodes are {marked} {replacement} as well; this {use} names only {key}.',
  },
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
        keyTexts(this, record, use.place, at, object.kind, covered, ctx),
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

const MARKED: Record<WellKnownKey['type'], string> = { LABEL: 'labelled', ANNOTATION: 'annotated', TAINT: 'tainted' };
const USE: Record<KeyPlace['role'], string> = {
  carries: 'object',
  selects: 'selector',
  prefers: 'preference',
  tolerates: 'toleration',
  spreads: 'topology key',
};

/** What using `record` at `at`, a place of `place`'s role in an object of `kind`, meets on the path. */
function keyTexts(
  rule: ObjectRule,
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
    ? `Remove the entry at ${at} once no node carries ${record.key}: the one for ${record.replacement} next to it takes over.`
    : replacementFix(record, place, at, kind, ctx);
  const out: FindingText[] = [];
  // The replacement is set next to the key from replacementIn: a place that picks nodes by the old key
  // alone misses the nodes that only carry the new one (the old toleration itself still works).
  const alsoSet =
    !covered && record.replacementIn !== null && record.replacement !== null && PICKS.includes(place.role);
  if (alsoSet && onPath(record.replacementIn, ctx)) {
    out.push(
      findingText(rule, {
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
      findingText(rule, {
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
      findingText(rule, {
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
    const until = record.removedIn !== null ? ` (Kubernetes stops setting it in ${v(record.removedIn)})` : '';
    return `Add a toleration for ${record.replacement} next to this one (at ${at})${late ? `; nodes are tainted with it from ${late}` : ''}. Keep this one while nodes may still carry ${record.key}${until}.`;
  }
  return late
    ? `Use ${record.replacement} instead (at ${at}) from ${late}, the first release that has it; until then keep ${record.key}.`
    : `Use ${record.replacement} instead (at ${at}).`;
}
