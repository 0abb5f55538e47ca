// Walking objects by the dot paths the knowledge base uses ("spec.ports[].appProtocol"), and finding
// the Pod specs an object carries (itself, or the Pod template of a workload, per kinds.yaml).
import { isPlainObject, type ManifestObject, type PathSegment } from '../reader/manifest';
import type { AnalysisKb } from '../types';

interface Step {
  key: string;
  isList: boolean;
}
const compiled = new Map<string, Step[]>();
function stepsOf(dotPath: string): Step[] {
  let steps = compiled.get(dotPath);
  if (!steps) {
    steps = dotPath
      .split('.')
      .map((s) => (s.endsWith('[]') ? { key: s.slice(0, -2), isList: true } : { key: s, isList: false }));
    compiled.set(dotPath, steps);
  }
  return steps;
}

/** Every concrete location of a dot path in a value: "a[].b" yields ["a", 0, "b"], ["a", 1, "b"] where present. */
export function locate(
  value: unknown,
  dotPath: string,
  prefix: PathSegment[] = [],
): { path: PathSegment[]; value: unknown }[] {
  const steps = stepsOf(dotPath);
  // Most paths are absent from most objects: follow the steps before the first list without allocating.
  let probe: unknown = value;
  for (const { key, isList } of steps) {
    if (!isPlainObject(probe) || probe[key] === undefined || probe[key] === null) return [];
    if (isList) break;
    probe = probe[key];
  }
  let current: { path: PathSegment[]; value: unknown }[] = [{ path: prefix, value }];
  for (const { key, isList } of steps) {
    const next: { path: PathSegment[]; value: unknown }[] = [];
    for (const c of current) {
      if (!isPlainObject(c.value) || !(key in c.value)) continue;
      const v = c.value[key];
      if (isList) {
        if (Array.isArray(v)) v.forEach((item, i) => next.push({ path: [...c.path, key, i], value: item }));
      } else {
        next.push({ path: [...c.path, key], value: v });
      }
    }
    if (next.length === 0) return [];
    current = next;
  }
  return current.filter((c) => c.value !== undefined && c.value !== null);
}

export function valueAt(value: unknown, path: PathSegment[]): unknown {
  let v: unknown = value;
  for (const p of path) {
    if (typeof p === 'number') v = Array.isArray(v) ? v[p] : undefined;
    else v = isPlainObject(v) ? v[p] : undefined;
    if (v === undefined) return undefined;
  }
  return v;
}

const segments = new Map<string, PathSegment[]>();
/** "spec.template" -> ["spec", "template"] (list markers dropped); the same array each time: do not change it. */
export function toSegments(dotPath: string): PathSegment[] {
  let out = segments.get(dotPath);
  if (!out) segments.set(dotPath, (out = stepsOf(dotPath).map((s) => s.key)));
  return out;
}

/** A Pod as it appears in an object: the Pod itself, or a workload's template (metadata + spec). */
interface PodLocation {
  /** Path of the Pod-shaped value: [] for a Pod, ["spec", "template"] for a Deployment. */
  at: PathSegment[];
  pod: Record<string, unknown>;
}

const templates = new WeakMap<AnalysisKb, Map<string, string | null>>();

/** The dot path of the Pod template in objects of `kind` (kinds.yaml), or null. */
export function podTemplateOf(kind: string, kb: AnalysisKb): string | null {
  let byKind = templates.get(kb);
  if (!byKind) templates.set(kb, (byKind = new Map(kb.kinds.map((k) => [k.kind, k.podTemplate]))));
  return byKind.get(kind) ?? null;
}

export function podsIn(object: ManifestObject, kb: AnalysisKb): PodLocation[] {
  if (object.kind === 'Pod') return [{ at: [], pod: object.value }];
  const template = podTemplateOf(object.kind, kb);
  if (!template) return [];
  const at = toSegments(template);
  const pod = valueAt(object.value, at);
  return isPlainObject(pod) ? [{ at, pod }] : [];
}

/**
 * Many dot paths merged into one tree, so one walk of a value finds every path it holds. A step `*` stands for any
 * key of a map (profiles[].plugins.*.enabled[].name: every extension point).
 */
export interface PathTrie<T> {
  children: Map<string, TrieEdge<T>[]>;
  /** The children's keys in the order they were added (for walking a few of them by name); never `*`. */
  keys: string[];
  /** The edges of a `*` step, walked for every key of a map; empty when no path has one here. */
  anyKey: TrieEdge<T>[];
  items: T[];
}
interface TrieEdge<T> {
  list: boolean;
  node: PathTrie<T>;
}

const emptyNode = <T>(): PathTrie<T> => ({ children: new Map(), keys: [], anyKey: [], items: [] });

export function pathTrie<T>(entries: { path: string; item: T }[]): PathTrie<T> {
  const root = emptyNode<T>();
  for (const { path, item } of entries) {
    let node = root;
    for (const { key, isList } of stepsOf(path)) {
      let edges = key === '*' ? node.anyKey : node.children.get(key);
      if (!edges) {
        node.children.set(key, (edges = []));
        node.keys.push(key);
      }
      let edge = edges.find((e) => e.list === isList);
      if (!edge) edges.push((edge = { list: isList, node: emptyNode<T>() }));
      node = edge.node;
    }
    node.items.push(item);
  }
  return root;
}

/**
 * Calls `visit` for every item whose path is present (not null) in `value`, with its concrete path (the
 * walker's own stack: a visitor that keeps the path copies it; the walk changes it afterwards). A
 * node with a few children looks them up by name; one with many follows the value's keys instead (an
 * object holds a few of the many fields the knowledge base knows for its kind). The order of the visits
 * is not part of the contract: analyze() orders the findings.
 */
export function walkTrie<T>(
  trie: PathTrie<T>,
  value: unknown,
  prefix: PathSegment[],
  visit: (item: T, path: PathSegment[], value: unknown) => void,
): void {
  walkNode(trie, value, [...prefix], visit);
}

const FEW_CHILDREN = 4;

function walkNode<T>(
  node: PathTrie<T>,
  v: unknown,
  stack: PathSegment[],
  visit: (item: T, path: PathSegment[], value: unknown) => void,
): void {
  if (v === undefined || v === null) return;
  for (let i = 0; i < node.items.length; i++) visit(node.items[i], stack, v);
  const keys = node.keys;
  if ((keys.length === 0 && node.anyKey.length === 0) || typeof v !== 'object' || Array.isArray(v)) return;
  const map = v as Record<string, unknown>;
  if (node.anyKey.length > 0)
    for (const key in map) {
      const child = map[key];
      if (child !== undefined && child !== null && Object.hasOwn(map, key))
        walkEdges(node.anyKey, key, child, stack, visit);
    }
  if (keys.length <= FEW_CHILDREN) {
    for (let k = 0; k < keys.length; k++) {
      const key = keys[k];
      const child = map[key];
      if (child !== undefined && child !== null && Object.hasOwn(map, key))
        walkEdges(node.children.get(key)!, key, child, stack, visit);
    }
    return;
  }
  for (const key in map) {
    const edges = node.children.get(key);
    if (edges === undefined || !Object.hasOwn(map, key)) continue;
    const child = map[key];
    if (child !== undefined && child !== null) walkEdges(edges, key, child, stack, visit);
  }
}

function walkEdges<T>(
  edges: TrieEdge<T>[],
  key: string,
  child: unknown,
  stack: PathSegment[],
  visit: (item: T, path: PathSegment[], value: unknown) => void,
): void {
  stack.push(key);
  for (let e = 0; e < edges.length; e++) {
    const { list, node: next } = edges[e];
    if (!list) walkNode(next, child, stack, visit);
    else if (Array.isArray(child)) {
      for (let i = 0; i < child.length; i++) {
        stack.push(i);
        walkNode(next, child[i], stack, visit);
        stack.pop();
      }
    }
  }
  stack.pop();
}
