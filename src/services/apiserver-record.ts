// netkb check --apiserver-metrics FILE --audit-log FILE: the deprecated API versions clients still request, as the
// API server records them, checked on the path like an object of that version. The metric says what is requested;
// the audit log says who requests it. Each requested group/version/resource becomes an object of the kind the
// knowledge base knows for that resource, so the api-version rule dates its removal and names the replacement.
import { Analyzer, type Analysis } from '../analysis';
import {
  keyOf,
  readDeprecatedApiCalls,
  readRequestedApiMetrics,
  requestObjects,
  type RequestedApi,
} from '../analysis/reader/apiserver-record';
import type { KnowledgeBase } from '../kb/knowledge-base';
import { analysisKb } from './analysis-kb';
import type { VersionKey } from '../kb/version';
import { requireRange } from './versions';

/** An upgrade report (services/upgrade-report.ts) of requests: no Gateway API range. */
type RecordReport = Analysis & {
  from: VersionKey;
  to: VersionKey;
  path: VersionKey[];
  documents: number;
  gatewayApi: null;
};

interface ApiserverRecordFiles {
  /** `kubectl get --raw /metrics`, as read from a file. */
  metrics?: { name: string; text: string };
  /** The API server's audit log (JSON lines). */
  auditLog?: { name: string; text: string };
}

/**
 * One report per file given: the requests the metrics name (with the audit log's callers where it names the same
 * API) in the metrics file's, the APIs only the audit log names in the audit log's. A file that is not what it
 * should be throws the reader's ManifestError (NOT_A_MANIFEST, with its line), to be reported against that file.
 */
export function apiserverRecordReports(
  kb: KnowledgeBase,
  range: { from: string; to: string },
  files: ApiserverRecordFiles,
  read: <T>(file: string, f: () => T) => T | null,
): { file: string; report: RecordReport | null }[] {
  const { from, to, releases: path } = requireRange(kb, range.from, range.to);
  const metrics = files.metrics ? read(files.metrics.name, () => readRequestedApiMetrics(files.metrics!.text)) : null;
  const calls = files.auditLog ? read(files.auditLog.name, () => readDeprecatedApiCalls(files.auditLog!.text)) : null;
  const callsByKey = new Map((calls ?? []).map((c) => [keyOf(c), c]));
  const inMetrics = new Set((metrics ?? []).map(keyOf));
  const out: { file: string; report: RecordReport | null }[] = [];
  const kbView = analysisKb(kb);
  const report = (apis: RequestedApi[]): RecordReport => {
    const analyzer = new Analyzer({ kb: kbView, path: { from, to, releases: path }, gatewayApi: null });
    analyzer.document(requestObjects(apis, kbView.apiVersions), []);
    return { from, to, path, documents: analyzer.objects, ...analyzer.finish(), gatewayApi: null };
  };
  if (files.metrics)
    out.push({
      file: files.metrics.name,
      report: metrics && report(metrics.map((m) => ({ ...m, callers: callsByKey.get(keyOf(m))?.callers ?? [] }))),
    });
  if (files.auditLog)
    out.push({ file: files.auditLog.name, report: calls && report(calls.filter((c) => !inMetrics.has(keyOf(c)))) });
  return out;
}
