import type { CheckResult, Formatter } from './types';

export const table: Formatter = (r: CheckResult) => {
  const rows: string[][] = [];
  for (const file of r.files) {
    for (const f of file.findings) {
      const obj = f.resource.kind
        ? `${f.resource.kind}/${f.resource.name ?? '?'}`
        : `document ${f.resource.documentIndex + 1}`;
      rows.push([
        r.formatVersion(f.effectiveIn),
        f.severity,
        `${file.file}:${f.line}`,
        obj,
        f.ruleId,
        f.message + (f.fix ? ` Fix: ${f.fix}` : ''),
      ]);
    }
  }
  const head =
    `netkb check ${r.from} -> ${r.to} (path ${r.path.join(', ')}): ` +
    `${r.summary.breaking} breaking, ${r.summary.warning} warning, ${r.summary.info} info in ${r.files.length} file${r.files.length === 1 ? '' : 's'}`;
  if (rows.length === 0) return `${head}\nNo findings.\n`;
  const titles = ['RELEASE', 'SEVERITY', 'WHERE', 'OBJECT', 'RULE', 'MESSAGE'];
  const widths = titles.slice(0, -1).map((t, i) => Math.max(t.length, ...rows.map((row) => row[i].length)));
  const line = (cells: string[]) => cells.map((c, i) => (i < widths.length ? c.padEnd(widths[i]) : c)).join('  ');
  return [head, '', line(titles), ...rows.map(line), ''].join('\n');
};
