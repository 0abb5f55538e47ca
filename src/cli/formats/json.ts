import { jsonPieces, type Finding } from '../../analysis';
import type { CheckResult, Formatter } from './types';

export function findingJson(f: Finding, v: (k: number) => string) {
  return {
    ruleId: f.ruleId,
    messageId: f.messageId,
    severity: f.severity,
    resource: f.resource,
    path: f.path,
    line: f.line,
    message: f.message,
    effectiveIn: v(f.effectiveIn),
    gatewayApiRelease: f.gatewayApiRelease,
    fix: f.fix,
    replacement: f.replacement,
    change: f.change
      ? {
          version: v(f.change.version),
          kind: f.change.kind,
          prs: f.change.prs,
          summary: f.change.summary,
          sources: f.change.sources,
        }
      : null,
  };
}

/** JSON.stringify(report, null, 2) and a newline, in pieces: one finding a piece. */
export const json: Formatter = function* (r: CheckResult) {
  const report = {
    from: r.from,
    to: r.to,
    path: r.path,
    gatewayApi: r.gatewayApi ?? null,
    summary: { ...r.summary, errors: r.files.filter((f) => f.error).length },
    files: r.files.map((f) => ({
      file: f.file,
      documents: f.documents,
      findings: f.findings.map((x) => findingJson(x, r.formatVersion)),
      error: f.error ?? null,
    })),
  };
  // report.files[i].findings[j] is at depth 4.
  yield* jsonPieces(report, 4);
  yield '\n';
};
