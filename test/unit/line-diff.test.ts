// The dashboard's line diff (web/src/line-diff.ts): a shortest edit script whose two sides give back the
// inputs line for line, line numbers on each side, line ends ignored, and folding of long unchanged runs.
import fc from 'fast-check';
import { foldUnchanged, lineDiff, splitLines, type DiffLine } from '../../web/src/line-diff';

const sides = (diff: DiffLine[]) => ({
  before: diff.filter((l) => l.op !== 'add').map((l) => l.text),
  after: diff.filter((l) => l.op !== 'del').map((l) => l.text),
});
const ops = (diff: DiffLine[]) => diff.map((l) => `${l.op === 'same' ? ' ' : l.op === 'del' ? '-' : '+'}${l.text}`);

describe('lineDiff', () => {
  it('marks every line of identical inputs as unchanged, numbered on both sides', () => {
    const text = 'apiVersion: v1\nkind: Service\nmetadata:\n  name: web\n';
    const diff = lineDiff(text, text);
    expect(diff.map((l) => l.op)).toEqual(['same', 'same', 'same', 'same']);
    expect(diff.map((l) => [l.oldLine, l.newLine])).toEqual([
      [1, 1],
      [2, 2],
      [3, 3],
      [4, 4],
    ]);
    expect(lineDiff('', '')).toEqual([]);
  });

  it('shows inserted lines as added, with their new line numbers only', () => {
    const diff = lineDiff('a\nb\nc\n', 'a\nb\nx\ny\nc\n');
    expect(ops(diff)).toEqual([' a', ' b', '+x', '+y', ' c']);
    expect(diff.filter((l) => l.op === 'add').map((l) => [l.oldLine, l.newLine])).toEqual([
      [null, 3],
      [null, 4],
    ]);
    expect(diff[4]).toEqual({ op: 'same', text: 'c', oldLine: 3, newLine: 5 });
    expect(ops(lineDiff('', 'a\nb'))).toEqual(['+a', '+b']);
  });

  it('shows deleted lines as removed, with their old line numbers only', () => {
    const diff = lineDiff('a\nb\nc\nd\n', 'a\nd\n');
    expect(ops(diff)).toEqual([' a', '-b', '-c', ' d']);
    expect(diff.filter((l) => l.op === 'del').map((l) => [l.oldLine, l.newLine])).toEqual([
      [2, null],
      [3, null],
    ]);
    expect(ops(lineDiff('a\nb\n', ''))).toEqual(['-a', '-b']);
  });

  it('shows a changed line as removed then added, and keeps the lines around it', () => {
    const before = 'apiVersion: networking.k8s.io/v1beta1\nkind: Ingress\nspec:\n  backend:\n    serviceName: web\n';
    const after =
      'apiVersion: networking.k8s.io/v1\nkind: Ingress\nspec:\n  defaultBackend:\n    service:\n      name: web\n';
    expect(ops(lineDiff(before, after))).toEqual([
      '-apiVersion: networking.k8s.io/v1beta1',
      '+apiVersion: networking.k8s.io/v1',
      ' kind: Ingress',
      ' spec:',
      '-  backend:',
      '-    serviceName: web',
      '+  defaultBackend:',
      '+    service:',
      '+      name: web',
    ]);
  });

  it('ignores line ends: CRLF, CR and LF lines with the same text are equal, so is a missing final newline', () => {
    expect(lineDiff('a\r\nb\r\nc\r\n', 'a\nb\nc').every((l) => l.op === 'same')).toBe(true);
    expect(lineDiff('a\rb\n', 'a\r\nb').map((l) => l.op)).toEqual(['same', 'same']);
    expect(ops(lineDiff('a\r\nb\r\nc\r\n', 'a\nB\nc\n'))).toEqual([' a', '-b', '+B', ' c']);
    expect(splitLines('a\r\n\r\nb')).toEqual(['a', '', 'b']);
  });

  it('gives back both inputs and makes no more edits than needed (checked against an LCS table)', () => {
    const lcs = (a: string[], b: string[]) => {
      const t = Array.from({ length: a.length + 1 }, () => Array<number>(b.length + 1).fill(0));
      for (let i = a.length - 1; i >= 0; i--)
        for (let j = b.length - 1; j >= 0; j--)
          t[i][j] = a[i] === b[j] ? t[i + 1][j + 1] + 1 : Math.max(t[i + 1][j], t[i][j + 1]);
      return t[0][0];
    };
    const lines = fc.array(fc.constantFrom('a', 'b', 'c', 'd', ''), { maxLength: 25 });
    fc.assert(
      fc.property(lines, lines, (a, b) => {
        const diff = lineDiff(a.map((l) => `${l}\n`).join(''), b.map((l) => `${l}\n`).join(''));
        expect(sides(diff)).toEqual({ before: a, after: b });
        expect(diff.filter((l) => l.op === 'same').length).toBe(lcs(a, b));
        expect(diff.filter((l) => l.op !== 'add').map((l) => l.oldLine)).toEqual(a.map((_, i) => i + 1));
        expect(diff.filter((l) => l.op !== 'del').map((l) => l.newLine)).toEqual(b.map((_, i) => i + 1));
      }),
      { seed: 8, numRuns: 500 },
    );
  });

  it('past the edit limit shows the middle as removed then added, still giving back both inputs', () => {
    const diff = lineDiff('head\na\nb\nc\ntail\n', 'head\nx\ny\nz\ntail\n', 2);
    expect(ops(diff)).toEqual([' head', '-a', '-b', '-c', '+x', '+y', '+z', ' tail']);
  });
});

describe('foldUnchanged', () => {
  const numbered = (n: number) => Array.from({ length: n }, (_, i) => `line ${i + 1}`);

  it('folds unchanged runs further than the context from a change, and keeps short runs', () => {
    const before = numbered(20).join('\n');
    const after = numbered(20)
      .map((l, i) => (i === 9 ? 'changed' : l))
      .join('\n');
    const hunks = foldUnchanged(lineDiff(before, after), 3);
    expect(hunks.map((h) => [h.folded, h.lines.length])).toEqual([
      [true, 6],
      [false, 3 + 2 + 3],
      [true, 7],
    ]);
    expect(hunks.flatMap((h) => h.lines)).toEqual(lineDiff(before, after));
    // A run of 3 unchanged lines between two changes is not worth folding.
    const short = foldUnchanged(lineDiff('a\n1\n2\n3\n4\n5\n6\n7\n8\n9\nb\n', 'A\n1\n2\n3\n4\n5\n6\n7\n8\n9\nB\n'), 3);
    expect(short.map((h) => h.folded)).toEqual([false]);
    expect(
      foldUnchanged(lineDiff('a\n1\n2\n3\n4\n5\n6\n7\n8\n9\n10\nb\n', 'A\n1\n2\n3\n4\n5\n6\n7\n8\n9\n10\nB\n'), 3).map(
        (h) => h.folded,
      ),
    ).toEqual([false, true, false]);
  });

  it('folds an unchanged text of 4 lines or more as one run, and leaves a shorter one shown', () => {
    expect(foldUnchanged(lineDiff('a\nb\nc\nd\n', 'a\nb\nc\nd\n'))).toEqual([
      { folded: true, lines: lineDiff('a\nb\nc\nd\n', 'a\nb\nc\nd\n') },
    ]);
    expect(foldUnchanged(lineDiff('a\nb\n', 'a\nb\n'))).toEqual([
      { folded: false, lines: lineDiff('a\nb\n', 'a\nb\n') },
    ]);
  });
});
