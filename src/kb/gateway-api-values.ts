// The values a Gateway API field's enum allows, release by release, read from the structural schemas of the
// generated index (the CRDs' openAPIV3Schema). Paths are written as the index writes field paths (a.b[].c),
// so a field record and its allowed values meet on the same key. An enum can grow between releases (a
// redirect's statusCode took 301 and 302 before it took 303, 307 and 308): that is why values are per release.
import type { GatewayApiIndex } from '../seed/gateway-api-index';
import type { GatewayApiAllowedValues } from './model';

type Scalar = string | number | boolean;

/** "group kind version channel path" -> release -> the enum's values, for every field with an enum. */
export function enumValues(
  index: Pick<GatewayApiIndex, 'schemas' | 'schemaIndex'>,
): Map<string, Map<string, Scalar[]>> {
  const bySchema = new Map<string, Map<string, Scalar[]>>();
  const out = new Map<string, Map<string, Scalar[]>>();
  for (const ref of index.schemaIndex) {
    let enums = bySchema.get(ref.schema);
    if (!enums) bySchema.set(ref.schema, (enums = walk(index.schemas[ref.schema], '', new Map())));
    for (const [path, values] of enums) {
      const key = `${ref.group} ${ref.kind} ${ref.version} ${ref.channel} ${path}`;
      const byRelease = out.get(key) ?? new Map<string, Scalar[]>();
      byRelease.set(ref.release, values);
      out.set(key, byRelease);
    }
  }
  return out;
}

function walk(node: unknown, path: string, into: Map<string, Scalar[]>): Map<string, Scalar[]> {
  if (node === null || typeof node !== 'object') return into;
  const n = node as { enum?: unknown[]; properties?: Record<string, unknown>; items?: unknown };
  if (path && Array.isArray(n.enum))
    into.set(
      path,
      n.enum.filter((v): v is Scalar => ['string', 'number', 'boolean'].includes(typeof v)),
    );
  for (const [key, child] of Object.entries(n.properties ?? {})) walk(child, path ? `${path}.${key}` : key, into);
  if (n.items) walk(n.items, `${path}[]`, into);
  return into;
}

/** The field's allowed values for the releases it has, releases with the same list grouped, in release order. */
export function allowedValuesOf(
  byRelease: Map<string, Scalar[]> | undefined,
  releases: string[],
): GatewayApiAllowedValues[] {
  if (!byRelease) return [];
  const groups = new Map<string, GatewayApiAllowedValues>();
  for (const release of releases) {
    const values = byRelease.get(release);
    if (!values) continue;
    const id = JSON.stringify(values);
    const group = groups.get(id) ?? { releases: [], values };
    group.releases.push(release);
    groups.set(id, group);
  }
  return [...groups.values()];
}
