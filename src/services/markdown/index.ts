// Chat-ready markdown for the VersionDiff, FeatureGate, Flag and UpgradeReport types: the limit is checked
// here, the formatting is pure (gate-markdown.ts, diff-markdown.ts, flag-markdown.ts, report-markdown.ts).
import { badUserInput } from '../../errors';
import type { FeatureGate, Flag } from '../../kb/model';
import type { VersionDiff } from '../diff';
import { CHAT_MESSAGE_MAX_LENGTH, CHAT_MESSAGE_MIN_LENGTH } from './chat-message';
import { diffMarkdown } from './diff-markdown';
import { flagMarkdown } from './flag-markdown';
import { gateMarkdown } from './gate-markdown';
import { reportChatMessage, type ReportForChat } from './report-markdown';

export { CHAT_MESSAGE_MAX_LENGTH, CHAT_MESSAGE_MIN_LENGTH } from './chat-message';

export function requireChatLength(maxLength?: number | null): number {
  if (maxLength === null || maxLength === undefined) return CHAT_MESSAGE_MAX_LENGTH;
  if (!Number.isInteger(maxLength) || maxLength < CHAT_MESSAGE_MIN_LENGTH || maxLength > CHAT_MESSAGE_MAX_LENGTH) {
    throw badUserInput(
      `maxLength must be from ${CHAT_MESSAGE_MIN_LENGTH} to ${CHAT_MESSAGE_MAX_LENGTH}, got ${maxLength}`,
      { argument: 'maxLength' },
    );
  }
  return maxLength;
}

/** dashboardUrl: the dashboard's public address (NETKB_PUBLIC_URL); "…and N more" lines link to the diff there. */
export function versionDiffMarkdown(d: VersionDiff, maxLength?: number | null, dashboardUrl?: string | null): string {
  return diffMarkdown(d, requireChatLength(maxLength), dashboardUrl);
}

export function featureGateMarkdown(g: FeatureGate, maxLength?: number | null): string {
  return gateMarkdown(g, requireChatLength(maxLength));
}

/** notes: at most that many release notes, the newest (checked by the caller: flagChanges). */
export function flagMarkdownMessage(f: Flag, maxLength?: number | null, notes?: number): string {
  return flagMarkdown(f, requireChatLength(maxLength), notes);
}

export function upgradeReportMarkdown(r: ReportForChat, maxLength?: number | null): string {
  return reportChatMessage(r, { maxLength: requireChatLength(maxLength) });
}
