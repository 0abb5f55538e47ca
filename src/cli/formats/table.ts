import { alreadyCounts, alreadyText, coverageOfFiles, coverageText, originSuffix } from '../../analysis';
import { releaseOf, type CheckResult, type Formatter } from './types';

export const table: Formatter = (r: CheckResult) => {
  const rows: string[][] = [];
  for (const file of r.files) {
    for (const f of file.findings) {
      const obj = f.resource.kind
        ? `${f.resource.kind}/${f.resource.name ?? '?'}${originSuffix(f.resource)}`
        : `document ${f.resource.documentIndex + 1}`;
      rows.push([
        releaseOf(f, r.formatVersion),
        f.severity,
        `${file.file}:${f.line}`,
        obj,
        f.ruleId,
        (f.alreadyAtFrom ? `[${alreadyText(f, r.formatVersion)}] ` : '') + f.message + (f.fix ? ` Fix: ${f.fix}` : ''),
      ]);
    }
  }
  const errors = r.files.flatMap((f) =>
    f.error ? [[`${f.file}:${f.error.line}:${f.error.column}`, f.error.code, f.error.message]] : [],
  );
  const skipped = (r.skippedFiles ?? []).map((s) => [`${s.file}:${s.line}:${s.column}`, s.code, s.message]);
  const head =
    `netkb check ${r.from} -> ${r.to} (path ${r.path.join(', ')}` +
    (r.gatewayApi ? `; Gateway API ${r.gatewayApi.from} -> ${r.gatewayApi.to}, ${r.gatewayApi.channel} channel` : '') +
    '): ' +
    `${r.summary.breaking} breaking, ${r.summary.warning} warning, ${r.summary.info} info` +
    (r.summary.notChecked > 0 ? ` (${r.summary.notChecked} not checked)` : '') +
    alreadyCounts(r.summary, r.from) +
    ` in ${r.files.length} file${r.files.length === 1 ? '' : 's'}` +
    (errors.length > 0 ? `; ${errors.length} file${errors.length === 1 ? '' : 's'} could not be checked` : '') +
    (skipped.length > 0
      ? `; ${skipped.length} file${skipped.length === 1 ? '' : 's'} passed over (not manifests)`
      : '');
  const coverage = coverageOfFiles(r.files);
  const out = coverage ? [head, `Coverage: ${coverageText(coverage)}.`, ''] : [head, ''];
  if (rows.length === 0) out.splice(out.length - 1, 1, 'No findings.');
  else out.push(...tabulate(['RELEASE', 'SEVERITY', 'WHERE', 'OBJECT', 'RULE', 'MESSAGE'], rows));
  if (errors.length > 0) out.push('', 'NOT CHECKED', ...tabulate(['WHERE', 'ERROR', 'MESSAGE'], errors));
  if (skipped.length > 0) out.push('', 'PASSED OVER (not manifests)', ...tabulate(['WHERE', 'CODE', 'WHY'], skipped));
  return [...out, ''].join('\n');
};

/** Columns padded to their widest cell; the last one is left as it is. */
function tabulate(titles: string[], rows: string[][]): string[] {
  const widths = titles.slice(0, -1).map((t, i) => Math.max(t.length, ...rows.map((row) => row[i].length)));
  const line = (cells: string[]) => cells.map((c, i) => (i < widths.length ? c.padEnd(widths[i]) : c)).join('  ');
  return [line(titles), ...rows.map(line)];
}
