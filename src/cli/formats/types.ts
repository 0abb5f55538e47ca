import type { Finding, Severity } from '../../analysis';

/** One checked file (or stdin) and its report. */
export interface FileReport {
  file: string;
  documents: number;
  findings: Finding[];
}

export interface CheckResult {
  from: string;
  to: string;
  path: string[];
  files: FileReport[];
  summary: { breaking: number; warning: number; info: number };
  failOn: Severity | 'none';
  formatVersion(v: number): string;
}

export type Formatter = (result: CheckResult) => string;

const RANK: Record<Severity, number> = { BREAKING: 3, WARNING: 2, INFO: 1 };

/** Whether a finding counts as a failure for --fail-on. */
export function fails(f: Finding, failOn: Severity | 'none'): boolean {
  return failOn !== 'none' && RANK[f.severity] >= RANK[failOn];
}
