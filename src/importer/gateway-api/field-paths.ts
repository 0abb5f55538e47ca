// The field paths a manifest can carry under a CRD version's schema: dotted, `[]` for the items of a list,
// `{}` for the values of a map. apiVersion, kind and metadata are left out (every kind has them).
type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

const COMMON = new Set(['apiVersion', 'kind', 'metadata']);

export function fieldPaths(schema: unknown): string[] {
  const out = new Set<string>();
  if (!isObj(schema) || !isObj(schema.properties)) return [];
  for (const [name, child] of Object.entries(schema.properties)) {
    if (COMMON.has(name)) continue;
    out.add(name);
    walk(child, name, out);
  }
  return [...out].sort();
}

/** The paths below `at`, whose schema is `node`. */
function walk(node: unknown, at: string, out: Set<string>): void {
  if (!isObj(node)) return;
  if (isObj(node.properties)) {
    for (const [name, child] of Object.entries(node.properties)) {
      const path = `${at}.${name}`;
      out.add(path);
      walk(child, path, out);
    }
  }
  if (isObj(node.items)) walk(node.items, `${at}[]`, out);
  if (isObj(node.additionalProperties)) walk(node.additionalProperties, `${at}{}`, out);
  for (const key of ['allOf', 'anyOf', 'oneOf'])
    if (Array.isArray(node[key])) for (const branch of node[key] as unknown[]) walk(branch, at, out);
}
