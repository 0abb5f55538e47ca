import type { FindingCounts } from '../../analysis/report/severity';
import type { Coverage, Finding, Severity } from '../../analysis';

/**
 * Why a file could not be checked: a code (the API's error codes for manifests, e.g. BAD_USER_INPUT for
 * invalid YAML, TEMPLATE_NOT_RENDERED, NOT_A_MANIFEST; UNREADABLE_FILE when the file cannot be read), a
 * message, and the 1-based line and column where it shows (1, 1 for the file as a whole).
 */
export interface InputError {
  code: string;
  message: string;
  line: number;
  column: number;
}

/**
 * A file a directory walk found and passed over as recognisably no manifest (src/cli/passed-over.ts): the code
 * it was refused with, a message saying what it is and what to check instead, and where that shows.
 */
export interface SkippedFile extends InputError {
  file: string;
}

/** One checked file (or stdin) and its report; `error` when it could not be checked (no findings then). */
export interface FileReport {
  file: string;
  documents: number;
  findings: Finding[];
  /** What the file's report covered; none for a file that could not be checked. */
  coverage?: Coverage | null;
  error?: InputError | null;
}

export interface CheckResult {
  from: string;
  to: string;
  path: string[];
  /** The Gateway API bundles Gateway API objects were checked against (--gateway-api), when given. */
  gatewayApi?: { from: string; to: string; channel: string } | null;
  files: FileReport[];
  /** Files directory walks passed over (not in `files`); they do not change the exit code. */
  skippedFiles?: SkippedFile[];
  /**
   * `errors`: files that could not be checked; `skippedFiles`: files passed over; `dropped`: the findings already
   * at `from` that --new-only left out (the other counts are of the findings kept).
   */
  summary: FindingCounts & { errors?: number; skippedFiles?: number; dropped?: number };
  /** --new-only: the findings the cluster has already at `from` (Finding.alreadyAtFrom) were left out. */
  newOnly?: boolean;
  failOn: Severity | 'none';
  /** --strict: findings that say what could not be checked count as failing too. */
  strict?: boolean;
  formatVersion(v: number): string;
}

/** What the command line knows beyond the report (SARIF uses it; without it, SARIF is the dashboard's download). */
export interface FormatContext {
  /** The working directory the file names are relative to. */
  cwd: string;
  /** The folder SARIF artifact URIs are relative to (%SRCROOT%): --sarif-root, else the working directory. */
  sarifRoot: string;
  /** netkb's version (tool.driver.version). */
  toolVersion: string;
  /** Where docs/ can be read, ending in "/" (NETKB_DOCS_URL): each rule's helpUri is its section of analysis.md. */
  docsUrl: string;
}

/**
 * The report as text: one string, or pieces to be written one after another (the JSON formats, whose text
 * for a large manifest is tens of megabytes: see jsonPieces).
 */
export type Formatter = (result: CheckResult, context?: FormatContext) => string | Iterable<string>;

/** A formatter's output as one string (the dashboard's downloads, tests). */
export function wholeText(output: string | Iterable<string>): string {
  return typeof output === 'string' ? output : [...output].join('');
}

/** The release a finding bites at, with the Gateway API bundle for a Gateway API finding: "1.31 (Gateway API v1.2.0)". */
export function releaseOf(f: Finding, formatVersion: (v: number) => string): string {
  const release = formatVersion(f.effectiveIn);
  return f.gatewayApiRelease ? `${release} (Gateway API ${f.gatewayApiRelease})` : release;
}

export { fails } from '../../analysis/report/severity';
