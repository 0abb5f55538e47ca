// A line diff for the conversion tests: how many lines of `a` are gone and how many of `b` are new, by the
// longest common subsequence of lines (every other line is the same, in the same order).
export function lineDiff(a: string, b: string): { removed: number; added: number } {
  const x = a.split('\n');
  const y = b.split('\n');
  const common = Array.from({ length: x.length + 1 }, () => new Uint32Array(y.length + 1));
  for (let i = x.length - 1; i >= 0; i--)
    for (let j = y.length - 1; j >= 0; j--)
      common[i][j] = x[i] === y[j] ? common[i + 1][j + 1] + 1 : Math.max(common[i + 1][j], common[i][j + 1]);
  return { removed: x.length - common[0][0], added: y.length - common[0][0] };
}
