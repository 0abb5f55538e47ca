// well-known-key: deprecated or removed label, annotation and taint keys replaced by the successor their
// well-known-keys record names, where the analysis finds them (kinds.yaml keyPlaces: node selectors,
// affinity, topology keys, tolerations, annotations, ...), when the successor works at every release on the
// path. A toleration whose record says the successor is set next to the old key (replacementIn) gets a
// second toleration for the successor instead: nodes may carry either taint while both are in use.
import { isMap, isScalar, isSeq, Scalar, type YAMLMap } from 'yaml';
import { pathText, resourceOf } from '../analysis/engine/findings';
import { keyInRole, keyUsesIn, replacementFrom, type KeyUse } from '../analysis/engine/key-uses';
import type { WellKnownKey } from '../kb/model';
import { getEntry, nodeAt, removeKey, renameKey } from './nodes';
import { emptyOutcome, findingKey, type ConvertContext, type Converter, type Outcome, type Target } from './types';

const index = new WeakMap<object, Map<string, WellKnownKey>>();
function keysOf(ctx: ConvertContext): Map<string, WellKnownKey> {
  let byKey = index.get(ctx.kb);
  if (!byKey) index.set(ctx.kb, (byKey = new Map(ctx.kb.wellKnownKeys.map((k) => [k.key, k]))));
  return byKey;
}

export const wellKnownKeyConverter: Converter = {
  id: 'well-known-key',
  description:
    'Replaces deprecated or removed well-known label, annotation and taint keys with the successor their record names, when every release on the path knows the successor; adds a toleration for the successor next to a toleration of a taint whose successor is set alongside it.',
  convert({ object, node }: Target, ctx: ConvertContext): Outcome {
    const out = emptyOutcome();
    const byKey = keysOf(ctx);
    const v = ctx.kb.formatVersion;
    for (const use of keyUsesIn(object, ctx.kb)) {
      const own = byKey.get(use.key);
      const record = own && keyInRole(own, use.place.type);
      if (!record) continue;
      const alongside =
        use.place.role === 'tolerates' && record.replacementIn !== null && record.replacementIn <= ctx.path.to;
      const bites =
        alongside ||
        (record.removedIn !== null && record.removedIn <= ctx.path.to) ||
        (record.deprecatedIn !== null && record.deprecatedIn <= ctx.path.to);
      if (!bites) continue;
      const key = findingKey('well-known-key', use.path);
      const refuse = (reason: string) => out.reasons.push({ key, reason });
      if (!record.replacement) {
        refuse('no successor is recorded for this key');
        continue;
      }
      if (use.place.role === 'tolerates' && record.replacementIn !== null) {
        const added = addToleration(node, use, record.replacement);
        if (added !== true) {
          refuse(added);
          continue;
        }
        out.changes.push({
          ruleId: 'well-known-key',
          resource: resourceOf(object),
          line: object.lineOf(use.path),
          description: `toleration for ${record.replacement} added next to the one for ${record.key} at ${pathText(use.path.slice(0, -1))}: nodes are tainted with it from ${v(record.replacementIn)}; the old toleration stays for nodes that still carry ${record.key}.`,
        });
        out.answered.push({ key });
        continue;
      }
      const next = byKey.get(record.replacement);
      const successor = next && keyInRole(next, use.place.type);
      if (!successor) {
        refuse(successorElsewhere(record, use, object, ctx));
        continue;
      }
      const from = replacementFrom(record, ctx.kb, object.kind);
      if (from !== null && from > ctx.path.from) {
        refuse(
          `${successor.key} exists only from ${v(from)}, so releases before it would not match it; convert again with --from ${v(from)}`,
        );
        continue;
      }
      if (record.type === 'LABEL' && use.place.role === 'carries') {
        refuse('a label the object carries may be selected by other objects; rename it together with its selectors');
        continue;
      }
      const changed =
        use.place.holds === 'mapKeys'
          ? renameMapKey(node, use.path, successor.key)
          : replaceValue(node, use.path, successor.key);
      if (changed !== true && changed !== 'dropped') {
        refuse(changed);
        continue;
      }
      out.changes.push({
        ruleId: 'well-known-key',
        resource: resourceOf(object),
        line: object.lineOf(use.path),
        description:
          changed === 'dropped'
            ? `${use.place.type.toLowerCase()} ${record.key} removed at ${pathText(use.path)}: ${successor.key} is already set there to the same value.`
            : `${use.place.type.toLowerCase()} ${record.key} -> ${successor.key} at ${pathText(use.path)}.`,
      });
      out.answered.push({ key });
    }
    return out;
  },
};

/**
 * Inserts a copy of the toleration holding `use` right after it, with the key `to`; true, or why not. A
 * list that already tolerates `to` is left alone.
 */
function addToleration(object: YAMLMap, use: KeyUse, to: string): true | string {
  const field = use.path[use.path.length - 1];
  const at = use.path[use.path.length - 2];
  const list = nodeAt(object, use.path.slice(0, -2));
  if (typeof field !== 'string' || typeof at !== 'number' || !isSeq(list))
    return 'the toleration is not an item of a list';
  const item = list.items[at];
  if (!isMap(item)) return 'the toleration is no longer where the analysis found it';
  const already = list.items.some((t) => {
    const value = isMap(t) ? getEntry(t, field)?.value : undefined;
    return isScalar(value) && String(value.value) === to;
  });
  if (already) return `a toleration for ${to} is already there; remove this one once no node carries the old taint`;
  const copy = item.clone() as YAMLMap;
  const pair = getEntry(copy, field);
  if (!pair || !isScalar(pair.value)) return 'the toleration key is not a plain value';
  const old = pair.value;
  const value = new Scalar(to);
  value.type = old.type;
  pair.value = value;
  copy.commentBefore = undefined;
  copy.comment = undefined;
  list.items.splice(at + 1, 0, copy);
  return true;
}

/** true: renamed; 'dropped': the successor was already there with the same value, so the old key went. Else why not. */
function renameMapKey(object: YAMLMap, path: (string | number)[], to: string): true | 'dropped' | string {
  const holder = nodeAt(object, path.slice(0, -1));
  const from = String(path[path.length - 1]);
  if (!isMap(holder) || !getEntry(holder, from)) return 'the key is no longer where the analysis found it';
  const existing = getEntry(holder, to);
  if (existing) {
    const old = getEntry(holder, from)!.value;
    const same = isScalar(old) && isScalar(existing.value) && old.value === existing.value.value;
    if (!same) return `${to} is already set here with another value`;
    removeKey(holder as YAMLMap, from);
    return 'dropped';
  }
  renameKey(holder as YAMLMap, from, to);
  return true;
}

function replaceValue(object: YAMLMap, path: (string | number)[], to: string): true | string {
  const target = nodeAt(object, path);
  if (!isScalar(target)) return 'the key is no longer where the analysis found it';
  target.value = to;
  return true;
}

/**
 * Why a key whose successor is not a key of the same kind is left for the user, and what to do: a field of the
 * object (its api-fields record says from when it is served and what it holds), or another key.
 */
function successorElsewhere(record: WellKnownKey, use: KeyUse, object: Target['object'], ctx: ConvertContext): string {
  const v = ctx.kb.formatVersion;
  const what = (record.type ?? 'KEY').toLowerCase();
  const field = ctx.kb.apiFields.find((f) => f.kind === object.kind && f.path === record.replacement);
  if (!field)
    return `its successor, ${record.replacement}, is not a ${what} key convert can write in its place; make the change by hand`;
  const value = valueAt(object.value, use.path);
  const served = field.introducedIn !== null ? `, served from ${v(field.introducedIn)}` : '';
  const later =
    field.introducedIn !== null && field.introducedIn > ctx.path.from
      ? ` once the cluster runs ${v(field.introducedIn)}`
      : '';
  const article = /^[aeiou]/.test(what) ? 'an' : 'a';
  return `its successor is a field, not ${article} ${what}: ${field.path}${served} (${field.summary.replace(/\.$/, '')}). convert writes keys, not fields, whose values may take another form: set ${field.path}${value !== null ? ` from the ${what}'s value (${value})` : ''} and remove the ${what} by hand${later}`;
}

/** The scalar at `path` of a plain value, as text, or null. */
function valueAt(value: unknown, path: readonly (string | number)[]): string | null {
  let at: unknown = value;
  for (const seg of path) {
    if (typeof at !== 'object' || at === null) return null;
    at = (at as Record<string | number, unknown>)[seg];
  }
  return typeof at === 'string' || typeof at === 'number' || typeof at === 'boolean' ? String(at) : null;
}
