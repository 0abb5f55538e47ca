// The one vocabulary of severities: how each is named and marked wherever a finding is shown. The markdown
// every report renderer writes (the CLI's, the API's chat answers) marks it with a coloured icon; the dashboard,
// where colour already tells them apart, with a symbol that does not need colour, and its word.
import type { Finding, Severity } from '../types';

export const SEVERITY_TERMS: Readonly<Record<Severity, { icon: string; symbol: string; word: string }>> = {
  BREAKING: { icon: '🔴', symbol: '✖', word: 'breaking' },
  WARNING: { icon: '🟠', symbol: '▲', word: 'warning' },
  INFO: { icon: '🔵', symbol: 'ℹ', word: 'info' },
};

/**
 * How many findings of each severity, how many say what could not be checked (a part of info), and how many the
 * cluster has already at `from` (Finding.alreadyAtFrom, counted in their severities too).
 */
export interface FindingCounts {
  breaking: number;
  warning: number;
  info: number;
  notChecked: number;
  alreadyAtFrom: number;
}

export function countFindings(
  findings: readonly Pick<Finding, 'severity' | 'checked' | 'alreadyAtFrom'>[],
): FindingCounts {
  const counts: FindingCounts = { breaking: 0, warning: 0, info: 0, notChecked: 0, alreadyAtFrom: 0 };
  for (let i = 0; i < findings.length; i++) {
    const f = findings[i];
    if (f.severity === 'BREAKING') counts.breaking++;
    else if (f.severity === 'WARNING') counts.warning++;
    else counts.info++;
    if (!f.checked) counts.notChecked++;
    if (f.alreadyAtFrom) counts.alreadyAtFrom++;
  }
  return counts;
}

const RANK: Record<Severity, number> = { BREAKING: 3, WARNING: 2, INFO: 1 };

/**
 * Whether a finding counts against a run: at or above `failOn` (`netkb check --fail-on`, the API's
 * UpgradeReport.passes), or, with `strict`, one that says what netkb could not check.
 */
export function fails(f: Pick<Finding, 'severity' | 'checked'>, failOn: Severity | 'none', strict = false): boolean {
  return (failOn !== 'none' && RANK[f.severity] >= RANK[failOn]) || (strict && !f.checked);
}
