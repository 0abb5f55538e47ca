// The one mark of a finding the cluster has already at `from` (Finding.alreadyAtFrom), in every report format:
// planned hop by hop, 1.24 -> 1.25 -> ... -> 1.30, each hop says again what an earlier hop found; the mark tells
// those apart from what the hop itself brings, and `netkb check --new-only` leaves them out (docs/analysis.md).
import type { Finding } from '../types';

/** "already at 1.22 (since 1.16)": the release the cluster runs has it, and the change's release when one dates it. */
export function alreadyText(f: Pick<Finding, 'effectiveIn' | 'since'>, formatVersion: (v: number) => string): string {
  // A finding the cluster has already bites at `from`: its effectiveIn is `from`.
  const since = f.since !== null && f.since < f.effectiveIn ? ` (since ${formatVersion(f.since)})` : '';
  return `already at ${formatVersion(f.effectiveIn)}${since}`;
}

/**
 * The headline's words for the marked findings, after the counts by severity: " (3 already at 1.22)", and for those
 * `netkb check --new-only` or upgradeReport(newOnly: true) left out ", 3 already at 1.22 left out".
 */
export function alreadyCounts(counts: { alreadyAtFrom: number; dropped?: number }, from: string): string {
  const kept = counts.alreadyAtFrom > 0 ? ` (${counts.alreadyAtFrom} already at ${from})` : '';
  const dropped = counts.dropped ? `, ${counts.dropped} already at ${from} left out` : '';
  return kept + dropped;
}

/** `findings` without those the cluster has already at `from`, and how many those were (summary.dropped). */
export function withoutAlreadyAtFrom<F extends Pick<Finding, 'alreadyAtFrom'>>(
  findings: F[],
): { findings: F[]; dropped: number } {
  const kept = findings.filter((f) => !f.alreadyAtFrom);
  return { findings: kept, dropped: findings.length - kept.length };
}
