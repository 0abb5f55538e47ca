// The analysis of manifests, pure (no database, GraphQL or file system), in three roles:
// - reader/: YAML or JSON text to objects that keep their lines (the fast reader and the exact one);
// - engine/: the rules (one file per knowledge-base record type) run over those objects into findings;
// - report/: findings as Markdown or SARIF, shared by the CLI, the API and the dashboard.
// Shared types are in types.ts. Code elsewhere imports from here; the convert module also reuses a few
// of the engine's object helpers (engine/findings.ts, engine/object-paths.ts, engine/components.ts).
export {
  DEFAULT_LIMITS,
  ManifestError,
  NotInPieces,
  readManifest,
  readManifestExact,
  readManifestInPieces,
  readManifestInto,
  type Manifest,
  type ManifestErrorCode,
  type ManifestLimits,
  type ManifestObject,
  type ObjectOrigin,
  type ManifestSink,
  type PathSegment,
  type SkippedDocument,
  type TextInPieces,
} from './reader/manifest';
export {
  bytesProblem,
  inputProblem,
  mayHaveProblem,
  noObjectsProblem,
  refuseProblem,
  type InputProblem,
  type InputProblemCode,
} from './reader/input-kind';
export { analyze, Analyzer, type Analysis, type Coverage } from './engine/analyze';
export { RULES } from './engine/rules';
export { SEVERITY_TERMS } from './report/severity';
export { alreadyCounts, alreadyText, withoutAlreadyAtFrom } from './report/already';
export { addCoverage, coverageOfFiles, coverageText } from './report/coverage';
export { originSuffix } from './report/origin';
export { sarifDocument, sarifReport, type SarifInput } from './report/sarif';
export { jsonPieces, writeInBatches } from './report/json-pieces';
export type {
  AnalysisKb,
  DocumentRule,
  Finding,
  GatewayApiRange,
  ObjectRule,
  ResourceRef,
  Rule,
  RuleContext,
  Severity,
  UpgradePath,
} from './types';
