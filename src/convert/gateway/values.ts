// Reading plain values of an object read from YAML.

export function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** The maps of a list value, with their index in the list; [] when it is not a list. */
export function recordsOf(v: unknown): [Record<string, unknown>, number][] {
  return Array.isArray(v)
    ? v.flatMap((x: unknown, i) => (isRecord(x) ? [[x, i] as [Record<string, unknown>, number]] : []))
    : [];
}
