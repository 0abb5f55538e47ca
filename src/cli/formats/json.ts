// netkb check --format json (and the dashboard's JSON download): each finding has the fields of the API's Finding,
// named and nested as a query asking for all of them gets them (test/http/finding-shape.test.ts keeps it so).
import { coverageOfFiles, jsonPieces, type Finding } from '../../analysis';
import { nodeId } from '../../kb/node-id';
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
    since: f.since === null ? null : v(f.since),
    alreadyAtFrom: f.alreadyAtFrom,
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
    // The API's Change; a subject as a query asking `subjects { __typename ... on Node { id } }` gets it.
    json = {
      id: nodeId('Change', change.key),
      version: v(change.version),
      // A finding's change is a Kubernetes release note, never a Gateway API CHANGELOG entry.
      gatewayApiRelease: null,
      kind: change.kind,
      summary: change.summary,
      actionRequired: change.actionRequired,
      sigs: change.sigs,
      components: change.components,
      prs: change.prs,
      authors: change.authors,
      subjects: change.subjects.map((s) => ({ __typename: s.typename, id: nodeId(s.typename, s.key) })),
      sources: change.sources,
      imported: change.imported,
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
    newOnly: r.newOnly ?? false,
    summary: {
      ...r.summary,
      dropped: r.summary.dropped ?? 0,
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
