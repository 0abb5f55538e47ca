// What a Gateway API field accepts, release by release, read from the structural schemas of the generated
// index (the CRDs' openAPIV3Schema): the values of its enum and the pattern its strings must match. Paths are
// written as the index writes field paths (a.b[].c, a list of scalars as the list's own path), so a field record
// and what it accepts meet on the same key. Both change between releases (a redirect's statusCode took 301 and
// 302 before it took 303, 307 and 308; a CORS origin's pattern was loosened to let "*" in): hence per release.
import type { GatewayApiIndex } from '../seed/gateway-api-index';
import type { GatewayApiAllowedValues } from './model';

type Scalar = string | number | boolean;
/** What one field accepts in one release: its enum (null: any value) and its pattern (null: any string). */
type Accepts = Pick<GatewayApiAllowedValues, 'values' | 'pattern'>;

/** "group kind version channel path" -> release -> what the field accepts, for every field with an enum or pattern. */
export function acceptedValues(
  index: Pick<GatewayApiIndex, 'schemas' | 'schemaIndex'>,
): Map<string, Map<string, Accepts>> {
  const bySchema = new Map<string, Map<string, Accepts>>();
  const out = new Map<string, Map<string, Accepts>>();
  for (const ref of index.schemaIndex) {
    let fields = bySchema.get(ref.schema);
    if (!fields) bySchema.set(ref.schema, (fields = walk(index.schemas[ref.schema], '', new Map())));
    for (const [path, accepts] of fields) {
      const key = `${ref.group} ${ref.kind} ${ref.version} ${ref.channel} ${path}`;
      const byRelease = out.get(key) ?? new Map<string, Accepts>();
      byRelease.set(ref.release, accepts);
      out.set(key, byRelease);
    }
  }
  return out;
}

function walk(node: unknown, path: string, into: Map<string, Accepts>): Map<string, Accepts> {
  if (node === null || typeof node !== 'object') return into;
  const n = node as { enum?: unknown[]; pattern?: unknown; properties?: Record<string, unknown>; items?: unknown };
  const values = Array.isArray(n.enum)
    ? n.enum.filter((v): v is Scalar => ['string', 'number', 'boolean'].includes(typeof v))
    : null;
  const pattern = typeof n.pattern === 'string' ? n.pattern : null;
  if (path && (values || pattern)) into.set(path, { values, pattern });
  for (const [key, child] of Object.entries(n.properties ?? {})) walk(child, path ? `${path}.${key}` : key, into);
  // A list of scalars is one field in the index's notation (spec.hostnames), a list of objects a level ([]).
  if (n.items) walk(n.items, isObjectSchema(n.items) ? `${path}[]` : path, into);
  return into;
}

function isObjectSchema(node: unknown): boolean {
  return node !== null && typeof node === 'object' && 'properties' in node;
}

/** What the field accepts in the releases it has, releases accepting alike grouped, in release order. */
export function allowedValuesOf(
  byRelease: Map<string, Accepts> | undefined,
  releases: string[],
): GatewayApiAllowedValues[] {
  if (!byRelease) return [];
  const groups = new Map<string, GatewayApiAllowedValues>();
  for (const release of releases) {
    const accepts = byRelease.get(release);
    if (!accepts) continue;
    const id = JSON.stringify(accepts);
    const group = groups.get(id) ?? { releases: [], ...accepts };
    group.releases.push(release);
    groups.set(id, group);
  }
  return [...groups.values()];
}

/**
 * Whether a value is one the field accepts. A CRD's pattern is an ECMA-262 regular expression (the OpenAPI
 * pattern keyword); one JavaScript cannot compile is not held against the value.
 */
export function accepts(a: Pick<GatewayApiAllowedValues, 'values' | 'pattern'>, value: Scalar): boolean {
  if (a.values && !a.values.includes(value)) return false;
  if (a.pattern !== null && typeof value === 'string') {
    const re = compiled(a.pattern);
    if (re && !re.test(value)) return false;
  }
  return true;
}

const patterns = new Map<string, RegExp | null>();
function compiled(pattern: string): RegExp | null {
  if (!patterns.has(pattern)) {
    let re: RegExp | null = null;
    try {
      re = new RegExp(pattern, 'u');
    } catch {
      try {
        re = new RegExp(pattern);
      } catch {
        re = null;
      }
    }
    patterns.set(pattern, re);
  }
  return patterns.get(pattern)!;
}
