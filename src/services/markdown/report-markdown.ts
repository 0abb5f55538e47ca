// An upgrade report as a chat message: the counts, then the findings of each release, equal findings on
// one line ("80 × Ingress (web-0, web-1, web-2, …): …"), most severe first, each with the part of its fix
// that says what to do and when.
import { SEVERITY_ICON, type Finding, type ResourceRef } from '../../analysis';
import { formatVersion, type VersionKey } from '../../kb/version';
import { fitChatMessage, type ChatSection } from './chat-message';
import { fixGist } from './text';

/** What the message needs of an upgrade report (src/services/upgrade-report.ts). */
export interface ReportForChat {
  from: VersionKey;
  to: VersionKey;
  documents: number;
  findings: Finding[];
  summary: { breaking: number; warning: number; info: number };
}

const SEVERITY_ORDER = { BREAKING: 0, WARNING: 1, INFO: 2 } as const;
/** Object names shown on a grouped line; the count says how many there are. */
const NAMES_SHOWN = 3;
const FIX_MAX = 260;

interface Group {
  findings: Finding[];
  first: number;
}

/**
 * Findings are equal when rule, message, severity, release and replacement are (the message names the API,
 * flag or key); the fix text too, so a group never shows a fix that is wrong for some of its objects.
 */
function groupKey(f: Finding): string {
  return JSON.stringify([f.ruleId, f.messageId, f.message, f.severity, f.effectiveIn, f.replacement, f.fix]);
}

function objectName(r: ResourceRef): string {
  if (!r.name) return `document ${r.documentIndex + 1}`;
  return r.namespace ? `${r.namespace}/${r.name}` : r.name;
}

function objects(fs: Finding[]): string {
  // One object may have several equal findings (two containers with the same flag): named once. By
  // position, not identity: findings from the analysis workers arrive as copies.
  const seen = new Map<string, ResourceRef>();
  for (const f of fs) seen.set(`${f.resource.documentIndex}:${f.resource.line}`, f.resource);
  const resources = [...seen.values()];
  const kinds = new Set(resources.map((r) => r.kind));
  const sameKind = kinds.size === 1 ? resources[0].kind : null;
  const names = resources
    .slice(0, NAMES_SHOWN)
    .map((r) => (sameKind || !r.kind ? objectName(r) : `${r.kind} ${objectName(r)}`));
  const list = `${names.join(', ')}${resources.length > NAMES_SHOWN ? ', …' : ''}`;
  return sameKind ? `${sameKind} (${list})` : `objects (${list})`;
}

function item(g: Group): string {
  const f = g.findings[0];
  const fix = f.fix ? ` _Fix:_ ${fixGist(f.fix, f.replacement, FIX_MAX)}` : '';
  if (g.findings.length === 1) {
    const r = f.resource;
    const obj = r.kind ? `${r.kind}${r.name ? ` ${objectName(r)}` : ''}` : objectName(r);
    return `${SEVERITY_ICON[f.severity]} ${obj}, line ${f.line}: ${f.message}${fix}`;
  }
  return `${SEVERITY_ICON[f.severity]} ${g.findings.length} × ${objects(g.findings)}: ${f.message}${fix}`;
}

/** Each release's groups, most severe first, then in the order the report has them. */
function releaseSections(findings: Finding[]): ChatSection[] {
  const byRelease = new Map<VersionKey, Map<string, Group>>();
  findings.forEach((f, i) => {
    let groups = byRelease.get(f.effectiveIn);
    if (!groups) byRelease.set(f.effectiveIn, (groups = new Map()));
    const key = groupKey(f);
    const g = groups.get(key);
    if (g) g.findings.push(f);
    else groups.set(key, { findings: [f], first: i });
  });
  return [...byRelease.entries()]
    .sort(([a], [b]) => a - b)
    .map(([version, groups]) => {
      const ordered = [...groups.values()].sort(
        (a, b) => SEVERITY_ORDER[a.findings[0].severity] - SEVERITY_ORDER[b.findings[0].severity] || a.first - b.first,
      );
      return {
        title: formatVersion(version),
        noun: `findings in ${formatVersion(version)}`,
        one: `finding in ${formatVersion(version)}`,
        items: ordered.map(item),
        counts: ordered.map((g) => g.findings.length),
      };
    });
}

export function reportChatMessage(r: ReportForChat, maxLength?: number): string {
  const { breaking, warning, info } = r.summary;
  const head = [
    `**netkb: ${formatVersion(r.from)} → ${formatVersion(r.to)}** (${r.documents} object${r.documents === 1 ? '' : 's'}): ` +
      `${breaking} breaking, ${warning} warning${warning === 1 ? '' : 's'}, ${info} info`,
  ];
  return fitChatMessage(
    { head, sections: releaseSections(r.findings), empty: 'Nothing in this manifest breaks or changes on the way. ✅' },
    maxLength,
  );
}
