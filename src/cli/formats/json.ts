import { coverageOfFiles, jsonPieces, type Finding } from '../../analysis';
import type { CheckResult, Formatter } from './types';

function findingJson(f: Finding, v: (k: number) => string) {
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
    change: f.change ? changeJson(f.change, v) : null,
    checked: f.checked,
  };
}

// Thousands of findings name the same few changes: each change's JSON form is made once per formatter.
const changes = new WeakMap<(k: number) => string, WeakMap<NonNullable<Finding['change']>, object>>();
function changeJson(change: NonNullable<Finding['change']>, v: (k: number) => string): object {
  let made = changes.get(v);
  if (!made) changes.set(v, (made = new WeakMap()));
  let json = made.get(change);
  if (!json) {
    json = {
      version: v(change.version),
      kind: change.kind,
      prs: change.prs,
      summary: change.summary,
      sources: change.sources,
    };
    made.set(change, json);
  }
  return json;
}

/** JSON.stringify(report, null, 2) and a newline, in pieces: one finding a piece. */
export const json: Formatter = function* (r: CheckResult) {
  const report = {
    from: r.from,
    to: r.to,
    path: r.path,
    gatewayApi: r.gatewayApi ?? null,
    summary: {
      ...r.summary,
      errors: r.files.filter((f) => f.error).length,
      skippedFiles: (r.skippedFiles ?? []).length,
    },
    coverage: coverageOfFiles(r.files),
    files: r.files.map((f) => ({
      file: f.file,
      documents: f.documents,
      coverage: f.coverage ?? null,
      findings: f.findings.map((x) => findingJson(x, r.formatVersion)),
      error: f.error ?? null,
    })),
    skippedFiles: (r.skippedFiles ?? []).map(({ file, code, message, line, column }) => ({
      file,
      code,
      message,
      line,
      column,
    })),
  };
  // report.files[i].findings[j] is at depth 4.
  yield* jsonPieces(report, 4);
  yield '\n';
};
