// upgradeReport / netkb check: what breaks or changes for a manifest on the way from one release to another.
import {
  Analyzer,
  DEFAULT_LIMITS,
  inputProblem,
  ManifestError,
  noObjectsProblem,
  readManifestInto,
  refuseProblem,
  type Finding,
  type ManifestLimits,
  type SkippedDocument,
} from '../analysis';
import { clientError, ErrorCode } from '../errors';
import type { KnowledgeBase } from '../kb/knowledge-base';
import type { VersionKey } from '../kb/version';
import { analysisKb } from './analysis-kb';
import { requireRange } from './versions';

export interface UpgradeReport {
  from: VersionKey;
  to: VersionKey;
  path: VersionKey[];
  documents: number;
  findings: Finding[];
  summary: { breaking: number; warning: number; info: number };
}

export function upgradeReport(
  kb: KnowledgeBase,
  fromInput: string,
  toInput: string,
  manifest: string,
  limits: Partial<ManifestLimits> = {},
  /** The file the manifest was read from, when there is one (a kustomization is known by its name). */
  fileName?: string,
): UpgradeReport {
  const { from, to, releases: path } = requireRange(kb, fromInput, toInput);
  const all = { ...DEFAULT_LIMITS, ...limits };
  // Each document is analysed as soon as it is read: only findings are kept, not every document's values.
  const analyzer = new Analyzer({ kb: analysisKb(kb), path: { from, to, releases: path } });
  refusingBadManifests(all, () => {
    refuseProblem(inputProblem(manifest, fileName));
    let objects = 0;
    let skipped: SkippedDocument[] = [];
    readManifestInto(manifest, all, {
      document(o, s) {
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
    });
    refuseProblem(noObjectsProblem(objects, skipped));
  });
  const result = analyzer.finish();
  return {
    from,
    to,
    path,
    documents: analyzer.objects,
    ...result,
  };
}

/** Runs `read`, turning a ManifestError into the client error upgradeReport and convertManifest answer with. */
export function refusingBadManifests<T>(limits: ManifestLimits, read: () => T): T {
  try {
    return read();
  } catch (err) {
    if (!(err instanceof ManifestError)) throw err;
    const where = err.line !== undefined ? { line: err.line, column: err.column } : {};
    if (err.code !== 'INVALID_YAML' && err.code !== 'TOO_LARGE' && err.code !== 'TOO_COMPLEX')
      throw clientError(ErrorCode[err.code], `manifest: ${err.message}`, {
        argument: 'manifest',
        ...where,
        ...err.details,
      });
    if (err.code === 'TOO_LARGE')
      throw clientError(ErrorCode.PAYLOAD_TOO_LARGE, `manifest: ${err.message}`, {
        argument: 'manifest',
        limitBytes: limits.maxBytes,
      });
    if (err.code === 'TOO_COMPLEX')
      throw clientError(ErrorCode.MANIFEST_TOO_COMPLEX, `manifest: ${err.message}`, { argument: 'manifest', ...where });
    throw clientError(ErrorCode.BAD_USER_INPUT, `manifest: ${err.message}`, { argument: 'manifest', ...where });
  }
}
