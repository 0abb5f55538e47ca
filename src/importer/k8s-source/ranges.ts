// Release lists written as ranges ("1.14-1.21"), in the order of the releases read.

export function toRanges(releases: string[], order: string[]): string[] {
  const idx = [...new Set(releases)]
    .map((r) => order.indexOf(r))
    .filter((i) => i >= 0)
    .sort((a, b) => a - b);
  const out: string[] = [];
  let start = -1,
    prev = -1;
  for (const i of idx) {
    if (start < 0) {
      start = prev = i;
      continue;
    }
    if (i === prev + 1) {
      prev = i;
      continue;
    }
    out.push(start === prev ? order[start] : `${order[start]}-${order[prev]}`);
    start = prev = i;
  }
  if (start >= 0) out.push(start === prev ? order[start] : `${order[start]}-${order[prev]}`);
  return out;
}
