// netkb check --format markdown: the report as the API's chat answers write it (one renderer,
// src/services/markdown/report-markdown.ts), each finding placed at its file and line, every fix in full and
// nothing left out.
import { coverageOfFiles, type Finding } from '../../analysis';
import { parseVersion } from '../../kb/version';
import { reportChatMessage } from '../../services/markdown/report-markdown';
import type { CheckResult, Formatter } from './types';

export const markdown: Formatter = (r: CheckResult) => {
  const fileOf = new Map<Finding, string>();
  const all: Finding[] = [];
  for (const f of r.files)
    for (const x of f.findings) {
      fileOf.set(x, f.file);
      all.push(x);
    }
  return reportChatMessage(
    {
      from: parseVersion(r.from),
      to: parseVersion(r.to),
      documents: r.files.reduce((n, f) => n + f.documents, 0),
      findings: all,
      summary: r.summary,
      coverage: coverageOfFiles(r.files) ?? undefined,
      where: (f) => `${fileOf.get(f)}:${f.line}`,
      errors: r.files.flatMap((f) => (f.error ? [{ file: f.file, ...f.error }] : [])),
      skippedFiles: r.skippedFiles,
    },
    { maxLength: Number.MAX_SAFE_INTEGER, wholeFixes: true },
  );
};
