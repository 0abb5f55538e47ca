import { reportMarkdown, type Finding } from '../../analysis';
import type { CheckResult, Formatter } from './types';

export const markdown: Formatter = (r: CheckResult) => {
  const fileOf = new Map<Finding, string>();
  const all: Finding[] = [];
  for (const f of r.files)
    for (const x of f.findings) {
      fileOf.set(x, f.file);
      all.push(x);
    }
  all.sort((a, b) => a.effectiveIn - b.effectiveIn);
  return reportMarkdown({
    from: r.from,
    to: r.to,
    documents: r.files.reduce((n, f) => n + f.documents, 0),
    findings: all,
    summary: r.summary,
    formatVersion: r.formatVersion,
    maxLength: Number.MAX_SAFE_INTEGER,
    where: (f) => `${fileOf.get(f)}:${f.line}`,
    errors: r.files.flatMap((f) => (f.error ? [{ file: f.file, ...f.error }] : [])),
  });
};
