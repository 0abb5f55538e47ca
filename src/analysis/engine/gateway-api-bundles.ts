// What each Gateway API bundle installs, looked up fast: the kinds of a release and channel, the release
// that first serves a version, and the fields of a group/kind/version/channel at a release as a tree an
// object is walked along. Built once per knowledge base (the GatewayApiKnowledge object is the key).
import type {
  GatewayApiChannel,
  GatewayApiField,
  GatewayApiKind,
  GatewayApiKnowledge,
  GatewayApiRelease,
} from '../../kb/model';
import { isPlainObject, type PathSegment } from '../reader/manifest';

/** A field and what it may hold: named fields, `[]` for the items of a list, `{}` for the values of a map. */
interface FieldNode {
  children: Map<string, FieldNode>;
}

interface BundleIndex {
  groups: Set<string>;
  /** release|channel|group|kind */
  kinds: Map<string, GatewayApiKind>;
  /** group|kind -> the releases (in order) that have the kind in any channel */
  kindReleases: Map<string, GatewayApiRelease[]>;
  /** group|kind|version|channel */
  fields: Map<string, GatewayApiField[]>;
  /** group|kind|version|channel|release, built on first use; null: the index has no field of it there */
  trees: Map<string, FieldNode | null>;
}

const indexes = new WeakMap<GatewayApiKnowledge, BundleIndex>();

function indexOf(gw: GatewayApiKnowledge): BundleIndex {
  let index = indexes.get(gw);
  if (index) return index;
  index = { groups: new Set(), kinds: new Map(), kindReleases: new Map(), fields: new Map(), trees: new Map() };
  for (const release of gw.releases) {
    for (const k of release.kinds) {
      index.groups.add(k.group);
      index.kinds.set(`${release.version}|${k.channel}|${k.group}|${k.kind}`, k);
      const key = `${k.group}|${k.kind}`;
      const list = index.kindReleases.get(key) ?? [];
      if (list[list.length - 1] !== release) list.push(release);
      index.kindReleases.set(key, list);
    }
  }
  for (const f of gw.fields) {
    const key = `${f.group}|${f.kind}|${f.version}|${f.channel}`;
    const list = index.fields.get(key);
    if (list) list.push(f);
    else index.fields.set(key, [f]);
  }
  indexes.set(gw, index);
  return index;
}

/** Whether `group` is one of the API groups some Gateway API release installs. */
export function isGatewayApiGroup(gw: GatewayApiKnowledge, group: string): boolean {
  return indexOf(gw).groups.has(group);
}

export function kindIn(
  gw: GatewayApiKnowledge,
  release: GatewayApiRelease,
  channel: GatewayApiChannel,
  group: string,
  kind: string,
): GatewayApiKind | undefined {
  return indexOf(gw).kinds.get(`${release.version}|${channel}|${group}|${kind}`);
}

/** The releases that install the kind in some channel, oldest first. */
export function releasesWithKind(gw: GatewayApiKnowledge, group: string, kind: string): GatewayApiRelease[] {
  return indexOf(gw).kindReleases.get(`${group}|${kind}`) ?? [];
}

/**
 * The first release from which the channel serves the version without a break up to `upTo`: the bundle a
 * user can move to that version on. Undefined when `upTo` itself does not serve it.
 */
export function servedSince(
  gw: GatewayApiKnowledge,
  channel: GatewayApiChannel,
  group: string,
  kind: string,
  version: string,
  upTo: GatewayApiRelease,
): GatewayApiRelease | undefined {
  let since: GatewayApiRelease | undefined;
  for (const release of gw.releases.slice(0, upTo.position + 1)) {
    const k = kindIn(gw, release, channel, group, kind);
    if (k?.servedVersions.includes(version)) since ??= release;
    else since = undefined;
  }
  return since;
}

/** The fields objects of this group/kind/version may carry in the channel of `release`; null when none are indexed. */
export function fieldTree(
  gw: GatewayApiKnowledge,
  group: string,
  kind: string,
  version: string,
  channel: GatewayApiChannel,
  release: GatewayApiRelease,
): FieldNode | null {
  const index = indexOf(gw);
  const key = `${group}|${kind}|${version}|${channel}|${release.version}`;
  let tree = index.trees.get(key);
  if (tree !== undefined) return tree;
  const fields = (index.fields.get(`${group}|${kind}|${version}|${channel}`) ?? []).filter((f) =>
    f.releases.includes(release.version),
  );
  tree = fields.length === 0 ? null : buildTree(fields.map((f) => f.path));
  index.trees.set(key, tree);
  return tree;
}

/** "spec.rules[].timeouts.request" and "spec.labels.{}" (or "spec.labels{}") as steps: spec, rules, [], timeouts, request. */
function pathSteps(path: string): string[] {
  return path.match(/\[\]|\{\}|[^.[\]{}]+/g) ?? [];
}

function buildTree(paths: string[]): FieldNode {
  const root: FieldNode = { children: new Map() };
  for (const path of paths) {
    let node = root;
    for (const step of pathSteps(path)) {
      let child = node.children.get(step);
      if (!child) node.children.set(step, (child = { children: new Map() }));
      node = child;
    }
  }
  return root;
}

/** The node of a concrete object path (["spec", "rules", 0, "timeouts"]) in a tree, if the tree has it. */
export function nodeAt(tree: FieldNode, path: readonly PathSegment[]): FieldNode | undefined {
  let node: FieldNode | undefined = tree;
  for (const p of path) {
    node = typeof p === 'number' ? node.children.get('[]') : (node.children.get(p) ?? node.children.get('{}'));
    if (!node) return undefined;
  }
  return node;
}

/** The field path of the index for a concrete object path: ["spec", "rules", 0, "timeouts"] -> "spec.rules[].timeouts". */
export function schemaPath(tree: FieldNode, path: readonly PathSegment[]): string {
  let out = '';
  let node: FieldNode | undefined = tree;
  for (const p of path) {
    if (typeof p === 'number') {
      out += '[]';
      node = node?.children.get('[]');
    } else if (node && !node.children.has(p) && node.children.has('{}')) {
      out += '.{}';
      node = node.children.get('{}');
    } else {
      out += out ? `.${p}` : p;
      node = node?.children.get(p);
    }
  }
  return out;
}

/**
 * Every path of `value` the tree does not have, outermost only (what lies below a missing field is not
 * listed again). A node without children holds anything (a value of free form, or a field the index does
 * not go into). `apiVersion`, `kind` and `metadata` are every object's and not in the index.
 */
export function missingFields(value: Record<string, unknown>, tree: FieldNode): PathSegment[][] {
  const out: PathSegment[][] = [];
  const walk = (v: unknown, node: FieldNode, path: PathSegment[]): void => {
    if (node.children.size === 0) return;
    if (Array.isArray(v)) {
      const items = node.children.get('[]');
      if (items) v.forEach((item, i) => walk(item, items, [...path, i]));
      return;
    }
    if (!isPlainObject(v)) return;
    const values = node.children.get('{}');
    for (const key of Object.keys(v)) {
      if (path.length === 0 && (key === 'apiVersion' || key === 'kind' || key === 'metadata')) continue;
      // A null value sets nothing: the API server drops it whatever the schema says.
      if (v[key] === null) continue;
      const child = node.children.get(key) ?? values;
      if (child) walk(v[key], child, [...path, key]);
      else out.push([...path, key]);
    }
  };
  walk(value, tree, []);
  return out;
}
