// well-known-key: deprecated or removed label, annotation and taint keys replaced by the successor their
// well-known-keys record names, where the analysis finds them (node selectors, affinity, topology keys,
// tolerations, annotations), when the successor is a key of the same type that every release on the path
// already sets.
import { isMap, isScalar, type YAMLMap } from 'yaml';
import { pathText, resourceOf } from '../analysis/engine/findings';
import { keyUsesIn } from '../analysis/engine/rules/well-known-keys';
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
    'Replaces deprecated or removed well-known label, annotation and taint keys with the successor their record names, when every release on the path knows the successor.',
  convert({ object, node }: Target, ctx: ConvertContext): Outcome {
    const out = emptyOutcome();
    const byKey = keysOf(ctx);
    const v = ctx.kb.formatVersion;
    for (const use of keyUsesIn(object, ctx.kb)) {
      const record = byKey.get(use.key);
      if (!record || !use.types.includes(record.type)) continue;
      const bites =
        (record.removedIn !== null && record.removedIn <= ctx.path.to) ||
        (record.deprecatedIn !== null && record.deprecatedIn <= ctx.path.to);
      if (!bites) continue;
      const key = findingKey('well-known-key', use.path);
      const refuse = (reason: string) => out.reasons.push({ key, reason });
      const successor = record.replacement ? byKey.get(record.replacement) : undefined;
      if (!record.replacement) {
        refuse('no successor is recorded for this key');
        continue;
      }
      if (!successor || successor.type !== record.type) {
        refuse(
          `its successor, ${record.replacement}, is not a well-known ${record.type.toLowerCase()} key that can take its place; make the change by hand`,
        );
        continue;
      }
      if (successor.introducedIn !== null && successor.introducedIn > ctx.path.from) {
        refuse(
          `${successor.key} exists only from ${v(successor.introducedIn)}, so releases before it would not match it; convert again with --from ${v(successor.introducedIn)}`,
        );
        continue;
      }
      if (record.type === 'LABEL' && use.place === 'metadata.labels') {
        refuse('a label the object carries may be selected by other objects; rename it together with its selectors');
        continue;
      }
      const changed =
        use.holds === 'mapKeys'
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
            ? `${record.type.toLowerCase()} ${record.key} removed at ${pathText(use.path)}: ${successor.key} is already set there to the same value.`
            : `${record.type.toLowerCase()} ${record.key} -> ${successor.key} at ${pathText(use.path)}.`,
      });
      out.answered.push({ key });
    }
    return out;
  },
};

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
