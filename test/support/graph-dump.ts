// Comparing linked knowledge bases: a dump that numbers each object at its first visit, so equal dumps mean
// equal graphs, shared objects and cycles included (a change's subjects are the records themselves).
export function canonical(value: unknown): string {
  const seen = new Map<object, number>();
  return JSON.stringify(value, function (this: unknown, _key, v: unknown) {
    if (typeof v !== 'object' || v === null) return v;
    const id = seen.get(v);
    if (id !== undefined) return { $ref: id };
    seen.set(v, seen.size);
    return v;
  });
}
