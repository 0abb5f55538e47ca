// The manifest check's downloads, written by the same pure formatters as `netkb check --format json|sarif|
// markdown`, from the findings the GraphQL API answered: a download and a CLI run of the same manifest agree.
import { sarifReport, type Finding as AnalysisFinding } from '../../src/analysis';
import { json } from '../../src/cli/formats/json';
import { markdown } from '../../src/cli/formats/markdown';
import { wholeText, type CheckResult } from '../../src/cli/formats/types';
import type { Change } from '../../src/kb/model';
import { nodeRef } from '../../src/kb/node-id';
import { formatVersion, parseVersion } from '../../src/kb/version';
import type { ManifestCheckQuery } from './generated/operations';

/** The report as the dashboard asks for it over GraphQL (the ManifestCheck query, web/src/views/check.ts). */
export type ApiReport = ManifestCheckQuery['upgradeReport'];
export type ApiFinding = ApiReport['findings'][number];

export type ReportFormat = 'json' | 'sarif' | 'markdown';

export const REPORT_FILES: Record<ReportFormat, { extension: string; type: string; label: string }> = {
  json: { extension: 'json', type: 'application/json', label: 'JSON' },
  sarif: { extension: 'sarif', type: 'application/sarif+json', label: 'SARIF' },
  markdown: { extension: 'md', type: 'text/markdown', label: 'Markdown' },
};

function toCheckResult(report: ApiReport, file: string): CheckResult {
  const findings: AnalysisFinding[] = report.findings.map((f) => ({
    ...f,
    effectiveIn: parseVersion(f.effectiveIn),
    since: f.since === null ? null : parseVersion(f.since),
    // The formatters read only these fields of the change and of its subjects (their type and key, for their ids).
    change: f.change
      ? ({
          ...f.change,
          key: nodeRef(f.change.id)?.key,
          version: f.change.version === null ? null : parseVersion(f.change.version),
          subjects: f.change.subjects.map((x) => ({
            typename: x.__typename,
            key: 'id' in x ? nodeRef(x.id)?.key : '',
          })),
        } as unknown as Change)
      : null,
  }));
  return {
    from: report.from,
    to: report.to,
    path: report.path,
    files: [{ file, documents: report.documents, findings, coverage: report.coverage }],
    summary: report.summary,
    failOn: 'BREAKING',
    formatVersion,
  };
}

export function reportFile(report: ApiReport, file: string, format: ReportFormat): string {
  const result = toCheckResult(report, file);
  if (format === 'json') return wholeText(json(result));
  if (format === 'sarif') return sarifReport(result);
  return wholeText(markdown(result));
}
