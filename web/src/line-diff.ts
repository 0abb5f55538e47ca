// A line diff for the dashboard (pure, no DOM): Myers' O((N+M)·D) shortest edit script over the lines
// left after the common head and tail are cut off. Line ends do not count: CRLF, CR and LF lines are
// equal when their text is, and a missing final newline is no difference.

type DiffOp = 'same' | 'del' | 'add';

/** One line of the diff; oldLine and newLine are 1-based, null on the side the line is not in. */
export interface DiffLine {
  op: DiffOp;
  text: string;
  oldLine: number | null;
  newLine: number | null;
}

/** Past this many inserted plus deleted lines the rest of the middle is shown as removed, then added. */
const MAX_EDITS = 2000;

export function splitLines(text: string): string[] {
  if (text === '') return [];
  const lines = text.split(/\r\n|\r|\n/);
  if (lines[lines.length - 1] === '') lines.pop();
  return lines;
}

export function lineDiff(before: string, after: string, maxEdits = MAX_EDITS): DiffLine[] {
  const a = splitLines(before);
  const b = splitLines(after);
  let head = 0;
  while (head < a.length && head < b.length && a[head] === b[head]) head++;
  let endA = a.length;
  let endB = b.length;
  while (endA > head && endB > head && a[endA - 1] === b[endB - 1]) {
    endA--;
    endB--;
  }

  const out: DiffLine[] = [];
  for (let i = 0; i < head; i++) out.push({ op: 'same', text: a[i], oldLine: i + 1, newLine: i + 1 });
  const script = editScript(a.slice(head, endA), b.slice(head, endB), maxEdits);
  let x = head;
  let y = head;
  for (const op of script) {
    if (op === 'same') {
      out.push({ op, text: a[x], oldLine: x + 1, newLine: y + 1 });
      x++;
      y++;
    } else if (op === 'del') {
      out.push({ op, text: a[x], oldLine: x + 1, newLine: null });
      x++;
    } else {
      out.push({ op, text: b[y], oldLine: null, newLine: y + 1 });
      y++;
    }
  }
  for (; x < a.length; x++, y++) out.push({ op: 'same', text: a[x], oldLine: x + 1, newLine: y + 1 });
  return out;
}

/** The operations turning a into b, fewest insertions and deletions first (Myers 1986, with backtracking). */
function editScript(a: string[], b: string[], maxEdits: number): DiffOp[] {
  const n = a.length;
  const m = b.length;
  if (n === 0) return Array<DiffOp>(m).fill('add');
  if (m === 0) return Array<DiffOp>(n).fill('del');
  const max = Math.min(n + m, maxEdits);
  const off = max + 1;
  const v = new Int32Array(2 * max + 3);
  // trace[d] holds v[-d..d] after step d: what the backtracking needs.
  const trace: Int32Array[] = [];
  for (let d = 0; d <= max; d++) {
    for (let k = -d; k <= d; k += 2) {
      let x = k === -d || (k !== d && v[off + k - 1] < v[off + k + 1]) ? v[off + k + 1] : v[off + k - 1] + 1;
      let y = x - k;
      while (x < n && y < m && a[x] === b[y]) {
        x++;
        y++;
      }
      v[off + k] = x;
      if (x >= n && y >= m) {
        trace.push(v.slice(off - d, off + d + 1));
        return backtrack(trace, n, m);
      }
    }
    trace.push(v.slice(off - d, off + d + 1));
  }
  // Too different for a readable diff: everything between the common head and tail goes out, then in.
  return [...Array<DiffOp>(n).fill('del'), ...Array<DiffOp>(m).fill('add')];
}

function backtrack(trace: Int32Array[], n: number, m: number): DiffOp[] {
  const ops: DiffOp[] = [];
  let x = n;
  let y = m;
  for (let d = trace.length - 1; d > 0; d--) {
    const prev = trace[d - 1];
    const at = (k: number) => prev[k + d - 1];
    const k = x - y;
    const down = k === -d || (k !== d && at(k - 1) < at(k + 1));
    const prevK = down ? k + 1 : k - 1;
    const prevX = at(prevK);
    const prevY = prevX - prevK;
    while (x > prevX && y > prevY) {
      ops.push('same');
      x--;
      y--;
    }
    ops.push(down ? 'add' : 'del');
    x = prevX;
    y = prevY;
  }
  while (x > 0 && y > 0) {
    ops.push('same');
    x--;
    y--;
  }
  return ops.reverse();
}

/** A stretch of the diff: shown lines, or unchanged lines folded away (more than `context` from any change). */
interface Hunk {
  folded: boolean;
  lines: DiffLine[];
}

/** Folds unchanged runs that lie further than `context` lines from a change (runs shorter than 4 lines stay). */
export function foldUnchanged(lines: DiffLine[], context = 3): Hunk[] {
  const hunks: Hunk[] = [];
  const push = (folded: boolean, part: DiffLine[]) => {
    if (part.length === 0) return;
    const last = hunks[hunks.length - 1];
    if (last && last.folded === folded) last.lines.push(...part);
    else hunks.push({ folded, lines: [...part] });
  };
  let i = 0;
  while (i < lines.length) {
    if (lines[i].op !== 'same') {
      push(false, [lines[i]]);
      i++;
      continue;
    }
    let j = i;
    while (j < lines.length && lines[j].op === 'same') j++;
    const run = lines.slice(i, j);
    const keepBefore = i === 0 ? 0 : context;
    const keepAfter = j === lines.length ? 0 : context;
    if (run.length - keepBefore - keepAfter >= 4) {
      push(false, run.slice(0, keepBefore));
      push(true, run.slice(keepBefore, run.length - keepAfter));
      push(false, run.slice(run.length - keepAfter));
    } else push(false, run);
    i = j;
  }
  return hunks;
}
