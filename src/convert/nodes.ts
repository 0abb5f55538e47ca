// Editing one object's YAML nodes by the dot paths the knowledge base uses ("spec.rules[].http.paths[]"),
// so that what is not edited keeps its comments, quoting and key order. Pure: nodes in, nodes changed.
// These are the writer's edit operations: set a scalar (setScalarAt), rename a key (renameKey), delete a
// key (removeKey), insert a key/value (putAt). print.ts turns whatever they did into edits of the
// source text that touch only the changed lines (minimal-edits.ts).
import { isMap, isScalar, isSeq, Pair, Scalar, YAMLMap, type Node as YamlNode } from 'yaml';
import type { PathSegment } from '../analysis';

/** A map entry found by a path: the map holding it, its key, its value node and its concrete path. */
interface Entry {
  parent: YAMLMap;
  key: string;
  node: unknown;
  path: PathSegment[];
}

export function keyOf(pair: Pair): string | null {
  const k = pair.key;
  if (isScalar(k)) return typeof k.value === 'string' ? k.value : String(k.value);
  return typeof k === 'string' ? k : null;
}

export function pairIndex(map: YAMLMap, key: string): number {
  return map.items.findIndex((p) => keyOf(p as Pair) === key);
}

export function getEntry(map: YAMLMap, key: string): Pair | undefined {
  const i = pairIndex(map, key);
  return i < 0 ? undefined : (map.items[i] as Pair);
}

/** The maps reached by the steps of a dot path, without its last key; [] visits every item of a list. */
function parentsOf(
  root: YAMLMap,
  steps: string[],
  prefix: PathSegment[] = [],
): { map: YAMLMap; path: PathSegment[] }[] {
  let current: { node: unknown; path: PathSegment[] }[] = [{ node: root, path: prefix }];
  for (const step of steps) {
    const isList = step.endsWith('[]');
    const key = isList ? step.slice(0, -2) : step;
    const next: { node: unknown; path: PathSegment[] }[] = [];
    for (const c of current) {
      if (!isMap(c.node)) continue;
      const pair = getEntry(c.node, key);
      if (!pair) continue;
      if (isList) {
        if (isSeq(pair.value))
          pair.value.items.forEach((item, i) => next.push({ node: item, path: [...c.path, key, i] }));
      } else {
        next.push({ node: pair.value, path: [...c.path, key] });
      }
    }
    current = next;
  }
  return current.filter((c) => isMap(c.node)).map((c) => ({ map: c.node as YAMLMap, path: c.path }));
}

/** Every existing entry at a dot path ("spec.rules[].http.paths[].backend.serviceName"). */
export function entriesAt(root: YAMLMap, dotPath: string): Entry[] {
  const steps = dotPath.split('.');
  const last = steps.pop()!;
  const out: Entry[] = [];
  for (const { map, path } of parentsOf(root, steps)) {
    const pair = getEntry(map, last);
    if (pair) out.push({ parent: map, key: last, node: pair.value, path: [...path, last] });
  }
  return out;
}

/** The maps that would hold the last key of a dot path: every existing parent ("spec.rules[].http.paths[]" items for ".pathType"). */
export function holdersOf(root: YAMLMap, dotPath: string): { map: YAMLMap; path: PathSegment[]; key: string }[] {
  const steps = dotPath.split('.');
  const last = steps.pop()!;
  return parentsOf(root, steps).map((p) => ({ ...p, key: last }));
}

/** The concrete path of `dotPath` using the list indices of `like` in order ("a[].b" + ["a", 3, "c"] -> ["a", 3, "b"]). */
export function concretePath(dotPath: string, like: PathSegment[]): PathSegment[] {
  const indices = like.filter((p): p is number => typeof p === 'number');
  const out: PathSegment[] = [];
  for (const step of dotPath.split('.')) {
    if (step.endsWith('[]')) out.push(step.slice(0, -2), indices.shift() ?? 0);
    else out.push(step);
  }
  return out;
}

export function nodeAt(root: YAMLMap, path: PathSegment[]): unknown {
  let node: unknown = root;
  for (const p of path) {
    if (typeof p === 'number') node = isSeq(node) ? node.items[p] : undefined;
    else node = isMap(node) ? getEntry(node, p)?.value : undefined;
    if (node === undefined) return undefined;
  }
  return node;
}

/**
 * Puts `value` at `path`, creating the maps on the way. A key created in a map that `near` (the concrete
 * path of an existing entry) passes through is inserted before near's entry there, so a rewritten field
 * keeps its place and a derived one sits beside its source; elsewhere it is appended. Returns false when the path crosses a list that does not exist or the key is taken.
 */
export function putAt(root: YAMLMap, path: PathSegment[], value: unknown, near: PathSegment[] | null): boolean {
  let node: unknown = root;
  for (let i = 0; i < path.length; i++) {
    const p = path[i];
    const last = i === path.length - 1;
    if (typeof p === 'number') {
      if (!isSeq(node) || node.items[p] === undefined) return false;
      node = node.items[p];
      continue;
    }
    if (!isMap(node)) return false;
    const existing = getEntry(node, p);
    if (existing && last) return false;
    if (existing) {
      node = existing.value;
      continue;
    }
    const child = last ? value : new YAMLMap();
    insertPair(node, new Pair(new Scalar(p), child), path.slice(0, i), near);
    node = child;
  }
  return true;
}

function insertPair(map: YAMLMap, pair: Pair, mapPath: PathSegment[], near: PathSegment[] | null): void {
  if (near && near.length > mapPath.length && mapPath.every((p, i) => p === near[i])) {
    const at = pairIndex(map, String(near[mapPath.length]));
    if (at >= 0) {
      map.items.splice(at, 0, pair);
      return;
    }
  }
  map.items.push(pair);
}

export function removeKey(map: YAMLMap, key: string): void {
  const i = pairIndex(map, key);
  if (i >= 0) map.items.splice(i, 1);
}

/** Renames a map key in place: position, comments and the value node stay. */
export function renameKey(map: YAMLMap, from: string, to: string): void {
  const pair = getEntry(map, from);
  if (!pair) return;
  if (isScalar(pair.key)) pair.key.value = to;
  else pair.key = new Scalar(to);
}

/** Sets the scalar at `path` in place: its quoting, comments and position stay. False when none is there. */
export function setScalarAt(root: YAMLMap, path: PathSegment[], value: unknown): boolean {
  const node = nodeAt(root, path);
  if (!isScalar(node)) return false;
  node.value = value;
  return true;
}

export function scalarValue(node: unknown): unknown {
  return isScalar(node) ? node.value : node;
}

export function isEmptyCollection(node: unknown): boolean {
  if (node === null || node === undefined) return true;
  if (isScalar(node)) return node.value === null;
  return (isMap(node) || isSeq(node)) && node.items.length === 0;
}

export function plainScalar(value: unknown): YamlNode {
  return new Scalar(value);
}
