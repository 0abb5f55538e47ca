// well-known-key: label, annotation and taint keys where Kubernetes reads them, against the
// well-known-keys records. The places below are where the API puts label keys and topology keys; which
// keys are deprecated or removed is data.
import type { WellKnownKey } from '../../../kb/model';
import { changeAt, clampToPath, findingText, onPath, pathText, placed, type FindingText } from '../findings';
import { remember } from '../memo';
import { isPlainObject, type ManifestObject, type PathSegment } from '../../reader/manifest';
import { pathTrie, podTemplateOf, walkTrie, type PathTrie } from '../object-paths';
import type { AnalysisKb, Finding, ObjectRule, RuleContext } from '../../types';

type KeyPlace = { path: string; holds: 'mapKeys' | 'value'; types: WellKnownKey['type'][] };

/** Relative to an object (or to a Pod template's root). */
const OBJECT_PLACES: KeyPlace[] = [
  { path: 'metadata.labels', holds: 'mapKeys', types: ['LABEL'] },
  { path: 'metadata.annotations', holds: 'mapKeys', types: ['ANNOTATION'] },
  { path: 'spec.taints[].key', holds: 'value', types: ['TAINT'] },
];

/** Relative to a Pod spec. */
const POD_SPEC_PLACES: KeyPlace[] = [
  { path: 'nodeSelector', holds: 'mapKeys', types: ['LABEL'] },
  {
    path: 'affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution.nodeSelectorTerms[].matchExpressions[].key',
    holds: 'value',
    types: ['LABEL'],
  },
  {
    path: 'affinity.nodeAffinity.preferredDuringSchedulingIgnoredDuringExecution[].preference.matchExpressions[].key',
    holds: 'value',
    types: ['LABEL'],
  },
  {
    path: 'affinity.podAffinity.requiredDuringSchedulingIgnoredDuringExecution[].topologyKey',
    holds: 'value',
    types: ['LABEL'],
  },
  {
    path: 'affinity.podAffinity.preferredDuringSchedulingIgnoredDuringExecution[].podAffinityTerm.topologyKey',
    holds: 'value',
    types: ['LABEL'],
  },
  {
    path: 'affinity.podAntiAffinity.requiredDuringSchedulingIgnoredDuringExecution[].topologyKey',
    holds: 'value',
    types: ['LABEL'],
  },
  {
    path: 'affinity.podAntiAffinity.preferredDuringSchedulingIgnoredDuringExecution[].podAffinityTerm.topologyKey',
    holds: 'value',
    types: ['LABEL'],
  },
  { path: 'topologySpreadConstraints[].topologyKey', holds: 'value', types: ['LABEL'] },
  { path: 'tolerations[].key', holds: 'value', types: ['TAINT'] },
];

// One trie per object kind, built once per knowledge base: the object's own places and, for a Pod, its
// spec's; for a workload, its Pod template's metadata and spec places under the template (kinds.yaml).
const placeTries = new WeakMap<AnalysisKb, Map<string, PathTrie<KeyPlace>>>();
function placesOf(kind: string, kb: AnalysisKb): PathTrie<KeyPlace> {
  let byKind = placeTries.get(kb);
  if (!byKind) placeTries.set(kb, (byKind = new Map()));
  let trie = byKind.get(kind);
  if (!trie) {
    const entries = OBJECT_PLACES.map((p) => ({ path: p.path, item: p }));
    const template = kind === 'Pod' ? null : podTemplateOf(kind, kb);
    if (kind === 'Pod') for (const p of POD_SPEC_PLACES) entries.push({ path: `spec.${p.path}`, item: p });
    if (template) {
      for (const p of OBJECT_PLACES)
        if (p.path.startsWith('metadata.')) entries.push({ path: `${template}.${p.path}`, item: p });
      for (const p of POD_SPEC_PLACES) entries.push({ path: `${template}.spec.${p.path}`, item: p });
    }
    byKind.set(kind, (trie = pathTrie(entries)));
  }
  return trie;
}

const keyIndex = new WeakMap<object, Map<string, WellKnownKey>>();
function keysOf(ctx: RuleContext): Map<string, WellKnownKey> {
  let index = keyIndex.get(ctx.kb);
  if (!index) keyIndex.set(ctx.kb, (index = new Map(ctx.kb.wellKnownKeys.map((k) => [k.key, k]))));
  return index;
}

/** A key as the object uses it: as a map key (labels, nodeSelector) or as a value (topologyKey). */
export interface KeyUse {
  key: string;
  path: PathSegment[];
  types: WellKnownKey['type'][];
  holds: KeyPlace['holds'];
  place: string;
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
        if (Object.hasOwn(at, key) && (!wanted || wanted(key)))
          uses.push({ key, path: [...path, key], types: place.types, holds: place.holds, place: place.path });
    }
    if (place.holds === 'value' && typeof at === 'string' && (!wanted || wanted(at)))
      uses.push({ key: at, path: path.slice(), types: place.types, holds: place.holds, place: place.path });
  });
  return uses;
}

export const wellKnownKeyRule: ObjectRule = {
  id: 'well-known-key',
  scope: 'object',
  description:
    'Reports deprecated (WARNING) or removed (BREAKING) well-known label, annotation and taint keys used in labels, annotations, node selectors, node affinity, pod (anti-)affinity and topology spread topology keys, taints and tolerations.',
  messages: {
    removed: '{type} {key} is no longer set or read from {removedIn}.',
    deprecated: '{type} {key} is deprecated since {deprecatedIn}.',
  },
  check(object: ManifestObject, ctx: RuleContext): Finding[] {
    const byKey = keysOf(ctx);
    if (byKey.size === 0) return [];
    const uses = keyUsesIn(object, ctx.kb, (key) => byKey.has(key));
    const findings: Finding[] = [];
    for (const use of uses) {
      const record = byKey.get(use.key);
      if (!record || !use.types.includes(record.type)) continue;
      const at = pathText(use.path);
      const text = remember(ctx, ['well-known-key', record.key, at], () => keyText(this, record, at, ctx));
      if (text) findings.push(placed(text, object, use.path, at));
    }
    return findings;
  },
};

/** What using `record` at `at` meets on the path, if anything (the fix names the place). */
function keyText(rule: ObjectRule, record: WellKnownKey, at: string, ctx: RuleContext): FindingText | null {
  const v = ctx.kb.formatVersion;
  const data = { type: record.type.toLowerCase(), key: record.key };
  const fix = record.replacement ? `Use ${record.replacement} instead (at ${at}).` : null;
  if (onPath(record.removedIn, ctx)) {
    return findingText(rule, {
      messageId: 'removed',
      severity: 'BREAKING',
      effectiveIn: clampToPath(record.removedIn, ctx),
      data: { ...data, removedIn: v(record.removedIn) },
      fix,
      replacement: record.replacement,
      change: changeAt(record.changes, record.removedIn),
    });
  }
  if (onPath(record.deprecatedIn, ctx)) {
    return findingText(rule, {
      messageId: 'deprecated',
      severity: 'WARNING',
      effectiveIn: clampToPath(record.deprecatedIn, ctx),
      data: { ...data, deprecatedIn: v(record.deprecatedIn) },
      fix,
      replacement: record.replacement,
      change: changeAt(record.changes, Math.max(record.deprecatedIn, ctx.path.to)),
    });
  }
  return null;
}
