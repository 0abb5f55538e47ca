// What the chosen Gateway API bundle cannot hold. Every object of the output is held against the bundle's
// kinds and field paths (generated from its CRDs) before it is written: an object of a kind the channel lacks,
// or carrying a field it lacks, would be refused by the API server or have the field dropped and then behave
// otherwise, so it is never written. The finding names the first release that has what was missing, so the
// user can choose that bundle. Strategies that can do without a construct (a timeout) ask the bundle first;
// this check is the one place that holds for every construct, also those added later.
import type { GatewayBundle, Scalar } from './types';

/** What an object needs that the bundle lacks: its kind (path null), the first such field, or a field's value. */
interface BundleGap {
  kind: string;
  path: string | null;
  /** A value of the field the field's enum does not allow in this bundle. */
  value?: Scalar;
}

/** Every field path of the object below apiVersion, kind and metadata, in the index's notation (a.b[].c), with its scalar values. */
function fieldPaths(value: unknown, prefix: string, into: Map<string, Scalar[]>): Map<string, Scalar[]> {
  if (Array.isArray(value)) {
    for (const item of value) fieldPaths(item, `${prefix}[]`, into);
    return into;
  }
  if (value === null || value === undefined) return into;
  if (typeof value !== 'object') {
    // A scalar in a list (hostnames) is the list's value; its path is the list's.
    const path = prefix.endsWith('[]') ? prefix.slice(0, -2) : prefix;
    into.set(path, [...(into.get(path) ?? []), value as Scalar]);
    return into;
  }
  for (const [key, child] of Object.entries(value as Record<string, unknown>)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (!into.has(path)) into.set(path, []);
    fieldPaths(child, path, into);
  }
  return into;
}

export function bundleGap(object: Record<string, unknown>, bundle: GatewayBundle): BundleGap | null {
  const kind = String(object.kind);
  if (!bundle.apiVersion(kind)) return { kind, path: null };
  const { apiVersion: _a, kind: _k, metadata: _m, ...body } = object;
  for (const [path, values] of fieldPaths(body, '', new Map())) {
    if (!bundle.hasField(kind, path)) return { kind, path };
    const refused = values.find((value) => !bundle.hasField(kind, path, value));
    if (refused !== undefined) return { kind, path, value: refused };
  }
  return null;
}

/** The gap in words: what the bundle lacks and the first release that has it. */
export function gapText(bundle: GatewayBundle, gap: BundleGap): string {
  const first = gap.path ? bundle.firstWith(gap.kind, gap.path, gap.value) : bundle.firstWith(gap.kind);
  const what =
    gap.value !== undefined
      ? `value ${JSON.stringify(gap.value)} for ${gap.kind} ${gap.path}`
      : gap.path
        ? `${gap.kind} ${gap.path}`
        : `kind ${gap.kind}`;
  const where = first
    ? `; the first release that ${gap.value !== undefined ? 'accepts' : 'has'} it is ${first.version} (${first.channel} channel)`
    : '; no Gateway API release netkb knows has it';
  return `the Gateway API bundle ${bundle.version} (${bundle.channel} channel) ${gap.value !== undefined ? 'accepts' : 'has'} no ${what}${where}`;
}
