// upgradeReport / netkb check: what breaks or changes for a manifest on the way from one release to another.
import { countFindings, type FindingCounts } from '../analysis/report/severity';
import type { Coverage } from '../analysis';
import {
  addCoverage,
  Analyzer,
  DEFAULT_LIMITS,
  inputProblem,
  ManifestError,
  mayHaveProblem,
  withoutAlreadyAtFrom,
  noObjectsProblem,
  readManifestInPieces,
  readManifestInto,
  refuseProblem,
  type Finding,
  type GatewayApiRange,
  type ManifestLimits,
  type ManifestObject,
  type SkippedDocument,
  type TextInPieces,
} from '../analysis';
import { badUserInput, clientError, ErrorCode } from '../errors';
import type { KnowledgeBase } from '../kb/knowledge-base';
import type { VersionKey } from '../kb/version';
import { analysisKb } from './analysis-kb';
import { channelOf, findGatewayApiRelease } from './gateway-api';
import { requireRange } from './versions';
import { apiserverRecordReports } from './apiserver-record';

/** The Gateway API bundles to check Gateway API objects against, as the API and the CLI take them. */
export interface GatewayApiRangeInput {
  from: string;
  to: string;
  /** STANDARD when not given. */
  channel?: 'STANDARD' | 'EXPERIMENTAL' | null;
}

export interface UpgradeReport {
  from: VersionKey;
  to: VersionKey;
  path: VersionKey[];
  documents: number;
  findings: Finding[];
  /** `dropped`: the findings already at `from` that newOnly left out (the other counts are of those kept). */
  summary: FindingCounts & { dropped?: number };
  /** The objects read, and those of each apiVersion and kind netkb could not check at all. */
  coverage: Coverage;
  /** The Gateway API range checked, when one was given. */
  gatewayApi: { from: string; to: string; channel: 'standard' | 'experimental' } | null;
}

/**
 * A manifest in a file, read a piece at a time (netkb check): only the document or List item being read is held,
 * not the file. `whole` gives the whole text where it must be read whole (see readManifestInPieces); it may throw.
 */
export interface ManifestFile extends TextInPieces {
  whole(): string;
}

interface UpgradeReportRequest {
  /** The releases, as the user wrote them ("1.15"); refused with a clear error when unknown or reversed. */
  from: string;
  to: string;
  /** Null when only the API server's record is given. */
  manifest: string | ManifestFile | null;
  /** The API server's metrics and audit log (services/apiserver-record.ts), checked beside the manifest. */
  apiserverMetrics?: string | null;
  auditLog?: string | null;
  limits?: Partial<ManifestLimits>;
  /** The file the manifest was read from, when there is one (a kustomization is known by its name). */
  fileName?: string;
  /** Check Gateway API objects against this bundle range too (rule gateway-api). */
  gatewayApi?: GatewayApiRangeInput | null;
  /**
   * The same object for every call over one input given in parts (netkb cluster's list pages): what is said once
   * per input is then said once across them (RuleContext.input).
   */
  input?: object;
}

export function upgradeReport(kb: KnowledgeBase, request: UpgradeReportRequest): UpgradeReport {
  const { apiserverMetrics, auditLog } = request;
  if (typeof apiserverMetrics !== 'string' && typeof auditLog !== 'string') {
    if (request.manifest === null) throw badUserInput('give a manifest, apiserverMetrics or auditLog');
    return manifestReport(kb, { ...request, manifest: request.manifest });
  }
  const { from, to, releases: path } = requireRange(kb, request.from, request.to);
  const maxBytes = { ...DEFAULT_LIMITS, ...request.limits }.maxBytes;
  const parts: UpgradeReport[] = [];
  if (request.manifest !== null && (typeof request.manifest !== 'string' || request.manifest.trim() !== ''))
    parts.push(manifestReport(kb, { ...request, manifest: request.manifest }));
  const inputs = { apiserverMetrics, auditLog };
  for (const [argument, text] of Object.entries(inputs))
    if (typeof text === 'string' && Buffer.byteLength(text, 'utf8') > maxBytes)
      throw clientError(ErrorCode.PAYLOAD_TOO_LARGE, `${argument}: larger than ${maxBytes} bytes`, {
        argument,
        limitBytes: maxBytes,
      });
  const record = apiserverRecordReports(
    kb,
    request,
    {
      ...(typeof apiserverMetrics === 'string'
        ? { metrics: { name: 'apiserverMetrics', text: apiserverMetrics } }
        : {}),
      ...(typeof auditLog === 'string' ? { auditLog: { name: 'auditLog', text: auditLog } } : {}),
    },
    (argument, read) => refusingBadManifests({ ...DEFAULT_LIMITS, maxBytes }, read, argument),
  );
  for (const r of record) if (r.report) parts.push(r.report);
  // Each input's findings are in order; together, by the release where they bite (a stable sort keeps the rest).
  const findings = parts.flatMap((p) => p.findings).sort((a, b) => a.effectiveIn - b.effectiveIn);
  return {
    from,
    to,
    path,
    documents: parts.reduce((n, p) => n + p.documents, 0),
    findings,
    summary: countFindings(findings),
    coverage: addCoverage(parts.map((p) => p.coverage)),
    gatewayApi: parts[0]?.gatewayApi ?? null,
  };
}

function manifestReport(
  kb: KnowledgeBase,
  request: UpgradeReportRequest & { manifest: string | ManifestFile },
): UpgradeReport {
  const { manifest, limits = {}, fileName, gatewayApi: gatewayApiInput } = request;
  const { from, to, releases: path } = requireRange(kb, request.from, request.to);
  const gatewayApi = gatewayApiInput ? requireGatewayApiRange(kb, gatewayApiInput) : null;
  const all = { ...DEFAULT_LIMITS, ...limits };
  // Each document is analysed as soon as it is read: only findings are kept, not every document's values.
  const analyzer = new Analyzer({
    kb: analysisKb(kb),
    path: { from, to, releases: path },
    gatewayApi,
    ...(request.input ? { input: request.input } : {}),
  });
  refusingBadManifests(all, () => {
    let objects = 0;
    let skipped: SkippedDocument[] = [];
    const sink = {
      document(o: ManifestObject[], s: SkippedDocument[]) {
        objects += o.length;
        // Only the first few are needed to say where the documents without apiVersion and kind are.
        if (objects === 0 && skipped.length < 1000) skipped = skipped.concat(s);
        analyzer.document(o, s);
      },
      restart() {
        objects = 0;
        skipped = [];
        analyzer.restart();
      },
    };
    let text = typeof manifest === 'string' ? manifest : null;
    if (typeof manifest !== 'string') {
      // A file is read a piece at a time unless it is one of the few that must be read whole.
      if (readManifestInPieces(manifest, all, sink, (window) => mayHaveProblem(window, fileName)) === null) {
        sink.restart();
        text = manifest.whole();
      }
    }
    if (text !== null) {
      refuseProblem(inputProblem(text, fileName));
      readManifestInto(text, all, sink);
    }
    refuseProblem(noObjectsProblem(objects, skipped));
  });
  const result = analyzer.finish();
  return {
    from,
    to,
    path,
    documents: analyzer.objects,
    ...result,
    gatewayApi: gatewayApi && { from: gatewayApi.from.version, to: gatewayApi.to.version, channel: gatewayApi.channel },
  };
}

/** The report without the findings the cluster has already at `from` (upgradeReport(newOnly: true)), counted. */
export function newFindingsOnly(report: UpgradeReport): UpgradeReport {
  const { findings, dropped } = withoutAlreadyAtFrom(report.findings);
  return { ...report, findings, summary: { ...countFindings(findings), dropped } };
}

/** Both bundles known (an unknown one is refused with the closest tags), `from` not after `to`. */
export function requireGatewayApiRange(kb: KnowledgeBase, input: GatewayApiRangeInput): GatewayApiRange {
  const from = findGatewayApiRelease(kb, input.from, 'gatewayApi.from');
  const to = findGatewayApiRelease(kb, input.to, 'gatewayApi.to');
  if (from.position > to.position)
    throw badUserInput(
      `gatewayApi: from ${from.version} is after to ${to.version}: give the installed bundle as from and the newer one as to.`,
      { argument: 'gatewayApi.from', knownReleases: kb.gatewayApi.releases.map((r) => r.version) },
    );
  return { from, to, channel: channelOf(input.channel) };
}

/**
 * Runs `read`, turning a ManifestError into the client error upgradeReport and convertManifest answer with,
 * naming `argument` (the manifest, or the API server's record).
 */
export function refusingBadManifests<T>(limits: ManifestLimits, read: () => T, argument = 'manifest'): T {
  try {
    return read();
  } catch (err) {
    if (!(err instanceof ManifestError)) throw err;
    const where = err.line !== undefined ? { line: err.line, column: err.column } : {};
    if (err.code !== 'INVALID_YAML' && err.code !== 'TOO_LARGE' && err.code !== 'TOO_COMPLEX')
      throw clientError(ErrorCode[err.code], `${argument}: ${err.message}`, {
        argument,
        ...where,
        ...err.details,
      });
    if (err.code === 'TOO_LARGE')
      throw clientError(ErrorCode.PAYLOAD_TOO_LARGE, `${argument}: ${err.message}`, {
        argument,
        limitBytes: limits.maxBytes,
        ...err.details,
      });
    if (err.code === 'TOO_COMPLEX')
      throw clientError(ErrorCode.MANIFEST_TOO_COMPLEX, `${argument}: ${err.message}`, { argument, ...where });
    throw clientError(ErrorCode.BAD_USER_INPUT, `${argument}: ${err.message}`, { argument, ...where });
  }
}
