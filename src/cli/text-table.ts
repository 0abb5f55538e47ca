// Plain-text columns for the terminal: every column padded to its widest cell except the last.

export function textTable(titles: string[], rows: string[][]): string {
  const widths = titles.slice(0, -1).map((t, i) => Math.max(t.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => (i < widths.length ? (c ?? '').padEnd(widths[i]) : c))
      .join('  ')
      .trimEnd();
  return [line(titles), ...rows.map(line)].join('\n');
}

export function orDash(v: string | number | null | undefined): string {
  return v === null || v === undefined || v === '' ? '-' : String(v);
}
