// What the structural schemas of the generated index (the CRDs' openAPIV3Schema) check beyond field names and
// values: the CEL rules of their x-kubernetes-validations and the defaults the API server fills in before it
// evaluates them (a backendRef's kind Service, an HTTPRoute rule's matches), per release, channel, kind and
// schema node. A node's path is written a.b[].c, with [] for the items of any list (of scalars too: a rule on
// spec.hostnames sees the list, one on spec.hostnames[] each hostname) and {} for the values of a map (kept
// for every map, with or without checks, so that a map is told from an object). Nodes
// under status are left out: the API server ignores what a create carries there (the status subresource).
import type { GatewayApiIndex } from '../seed/gateway-api-index';
import type { GatewayApiCelRule, GatewayApiSchemaNode } from './model';

/** What one node checks in one release. */
interface NodeChecks {
  rules: GatewayApiCelRule[];
  defaultJson: string | null;
}

/**
 * Every schema node with a rule or a default, for groups of its releases that check alike, in the order of
 * group, kind, version, channel, path and the oldest release of the group. A rule's object is shared by every
 * node and release that has the same rule and message: the snapshot holds each once.
 */
export function schemaNodes(
  index: Pick<GatewayApiIndex, 'schemas' | 'schemaIndex'>,
  releases: readonly string[],
): GatewayApiSchemaNode[] {
  const shared = new Map<string, GatewayApiCelRule>();
  const ruleOf = (rule: string, message: string): GatewayApiCelRule => {
    const id = JSON.stringify([rule, message]);
    let found = shared.get(id);
    if (!found) shared.set(id, (found = { rule, message }));
    return found;
  };
  const bySchema = new Map<string, Map<string, NodeChecks>>();
  // "group kind version channel path" -> release -> checks
  const byNode = new Map<string, Map<string, NodeChecks>>();
  const wanted = new Set(releases);
  for (const ref of index.schemaIndex) {
    if (!wanted.has(ref.release)) continue;
    let nodes = bySchema.get(ref.schema);
    if (!nodes) bySchema.set(ref.schema, (nodes = walk(index.schemas[ref.schema], '', new Map(), ruleOf)));
    for (const [path, checks] of nodes) {
      const key = [ref.group, ref.kind, ref.version, ref.channel, path].join(' ');
      const byRelease = byNode.get(key) ?? new Map<string, NodeChecks>();
      byRelease.set(ref.release, checks);
      byNode.set(key, byRelease);
    }
  }
  const out: GatewayApiSchemaNode[] = [];
  for (const key of [...byNode.keys()].sort()) {
    const [group, kind, version, channel, path = ''] = key.split(' ');
    const groups = new Map<string, GatewayApiSchemaNode>();
    for (const release of releases) {
      const checks = byNode.get(key)!.get(release);
      if (!checks) continue;
      const id = JSON.stringify(checks);
      const node = groups.get(id) ?? {
        group,
        kind,
        version,
        channel: channel as GatewayApiSchemaNode['channel'],
        path,
        releases: [],
        rules: [...checks.rules],
        defaultJson: checks.defaultJson,
      };
      node.releases.push(release);
      groups.set(id, node);
    }
    out.push(...groups.values());
  }
  return out;
}

function walk(
  node: unknown,
  path: string,
  into: Map<string, NodeChecks>,
  ruleOf: (rule: string, message: string) => GatewayApiCelRule,
): Map<string, NodeChecks> {
  if (node === null || typeof node !== 'object') return into;
  const n = node as {
    'x-kubernetes-validations'?: { rule?: unknown; message?: unknown }[];
    default?: unknown;
    properties?: Record<string, unknown>;
    items?: unknown;
    additionalProperties?: unknown;
  };
  const rules = (n['x-kubernetes-validations'] ?? [])
    .filter((v) => typeof v.rule === 'string')
    .map((v) => ruleOf(String(v.rule), typeof v.message === 'string' ? v.message : ''));
  const defaultJson = 'default' in n && path !== '' ? JSON.stringify(n.default) : null;
  if (rules.length > 0 || defaultJson !== null) into.set(path, { rules, defaultJson });
  for (const [key, child] of Object.entries(n.properties ?? {}))
    if (!(path === '' && key === 'status')) walk(child, path ? `${path}.${key}` : key, into, ruleOf);
  if (n.items) walk(n.items, `${path}[]`, into, ruleOf);
  if (n.additionalProperties && typeof n.additionalProperties === 'object') {
    walk(n.additionalProperties, `${path}{}`, into, ruleOf);
    // Kept without checks too: it tells a map (whose keys a rule sees as they are) from an object.
    if (!into.has(`${path}{}`)) into.set(`${path}{}`, { rules: [], defaultJson: null });
  }
  return into;
}
