// An upgrade report as markdown: the one renderer of reports for the chat answers of the API, `netkb check
// --format markdown` and the dashboard's markdown download. The counts, the inputs that could not be checked,
// then the findings of each release, equal findings on one line ("80 × Ingress (web-0, web-1, web-2, …): …"),
// most severe first, each with its fix: in a chat message the part that says what to do and when, in a file
// the whole of it.
import type { FindingCounts } from '../../analysis/report/severity';
import { alreadyCounts, alreadyText } from '../../analysis/report/already';
import {
  coverageText,
  originSuffix,
  SEVERITY_TERMS,
  type Coverage,
  type Finding,
  type ResourceRef,
} from '../../analysis';
import { findingGroupKey } from '../../analysis/report/grouping';
import { formatVersion, type VersionKey } from '../../kb/version';
import { CHAT_MESSAGE_MAX_LENGTH, fitChatMessage, type ChatSection } from './chat-message';
import { fixGist } from './text';

/** What the message needs of an upgrade report (src/services/upgrade-report.ts). */
export interface ReportForChat {
  from: VersionKey;
  to: VersionKey;
  documents: number;
  findings: Finding[];
  /** `dropped`: the findings already at `from` left out (netkb check --new-only). */
  summary: FindingCounts & { dropped?: number };
  /** What the report covered; without it the head gives the number of objects only. */
  coverage?: Coverage;
  /** Where a finding is, e.g. "deploy/proxy.yaml:12" (netkb check over files); default "line 12". */
  where?(f: Finding): string;
  /** Inputs that could not be checked: listed after the headline, never cut. */
  errors?: { file: string; code: string; message: string; line: number; column: number }[];
  /** Files a directory walk passed over as no manifest (netkb check): listed after the errors, never cut. */
  skippedFiles?: { file: string; code: string; message: string }[];
}

interface Fitting {
  /** The longest message (default: what a chat message holds); the rest is counted on "…and N more" lines. */
  maxLength?: number;
  /** Each fix in full instead of its gist (a report written to a file, where length does not matter). */
  wholeFixes?: boolean;
}

const SEVERITY_ORDER = { BREAKING: 0, WARNING: 1, INFO: 2 } as const;
/** Object names shown on a grouped line; the count says how many there are. */
const NAMES_SHOWN = 3;
/** A fix's gist takes at most this many characters, and at most FIX_SHARE of the message. */
const FIX_MAX = 400;
const FIX_SHARE = 0.4;

interface Group {
  findings: Finding[];
  first: number;
}

function objectName(r: ResourceRef): string {
  // Requests the API server recorded have no object name: what they are is said by their origin.
  if (!r.name) return r.origin ? originSuffix(r).trim() : `document ${r.documentIndex + 1}`;
  return (r.namespace ? `${r.namespace}/${r.name}` : r.name) + originSuffix(r);
}

function objects(fs: Finding[], where: ((f: Finding) => string) | undefined): string {
  // One object may have several equal findings (two containers with the same flag): named once. By
  // position, not identity: findings from the analysis workers arrive as copies.
  const seen = new Map<string, Finding>();
  for (const f of fs) {
    const key = `${where ? where(f) : ''}:${f.resource.documentIndex}:${f.resource.line}`;
    if (!seen.has(key)) seen.set(key, f);
  }
  const found = [...seen.values()];
  const kinds = new Set(found.map((f) => f.resource.kind));
  const sameKind = kinds.size === 1 ? found[0].resource.kind : null;
  const names = found.slice(0, NAMES_SHOWN).map((f) => {
    const r = f.resource;
    const name = sameKind || !r.kind ? objectName(r) : `${r.kind} ${objectName(r)}`;
    return where ? `${name} at ${where(f)}` : name;
  });
  const list = `${names.join(', ')}${found.length > NAMES_SHOWN ? ', …' : ''}`;
  return sameKind ? `${sameKind} (${list})` : `objects (${list})`;
}

function item(g: Group, r: ReportForChat, fitting: Fitting): string {
  const f = g.findings[0];
  const budget = Math.min(FIX_MAX, Math.floor((fitting.maxLength ?? CHAT_MESSAGE_MAX_LENGTH) * FIX_SHARE));
  const fixText = fitting.wholeFixes ? f.fix : f.fix && fixGist(f.fix, f.replacement, budget);
  const fix = fixText ? ` _Fix:_ ${fixText}` : '';
  const icon = SEVERITY_TERMS[f.severity].icon;
  // Equal findings (grouping.ts) are all already at `from`, or none.
  const already = f.alreadyAtFrom ? ` _(${alreadyText(f, formatVersion)})_` : '';
  if (g.findings.length === 1) {
    const res = f.resource;
    const obj = res.kind ? `${res.kind}${res.name || res.origin ? ` ${objectName(res)}` : ''}` : objectName(res);
    return `${icon} ${obj}, ${r.where ? r.where(f) : `line ${f.line}`}${already}: ${f.message}${fix}`;
  }
  return `${icon} ${g.findings.length} × ${objects(g.findings, r.where)}${already}: ${f.message}${fix}`;
}

/** Each release's groups, most severe first, then in the order the report has them. */
function releaseSections(r: ReportForChat, fitting: Fitting): ChatSection[] {
  const findings = r.findings;
  const byRelease = new Map<VersionKey, Map<string, Group>>();
  findings.forEach((f, i) => {
    let groups = byRelease.get(f.effectiveIn);
    if (!groups) byRelease.set(f.effectiveIn, (groups = new Map()));
    const key = findingGroupKey(f);
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
        items: ordered.map((g) => item(g, r, fitting)),
        counts: ordered.map((g) => g.findings.length),
      };
    });
}

export function reportChatMessage(r: ReportForChat, fitting: Fitting = {}): string {
  const { breaking, warning, info, notChecked } = r.summary;
  const errors = r.errors ?? [];
  const head = [
    `**netkb: ${formatVersion(r.from)} → ${formatVersion(r.to)}** (${r.coverage ? coverageText(r.coverage) : `${r.documents} object${r.documents === 1 ? '' : 's'}`}): ` +
      `${breaking} breaking, ${warning} warning${warning === 1 ? '' : 's'}, ${info} info` +
      (notChecked > 0 ? ` (${notChecked} not checked)` : '') +
      alreadyCounts(r.summary, formatVersion(r.from)),
  ];
  if (errors.length > 0)
    head.push(
      '',
      `**Not checked** (${errors.length} file${errors.length === 1 ? '' : 's'}):`,
      ...errors.map((e) => `- ❌ ${e.file}:${e.line}:${e.column}: \`${e.code}\` ${e.message}`),
    );
  const skipped = r.skippedFiles ?? [];
  if (skipped.length > 0)
    head.push(
      '',
      `**Passed over, not manifests** (${skipped.length} file${skipped.length === 1 ? '' : 's'}):`,
      ...skipped.map((s) => `- ⏭️ ${s.file}: \`${s.code}\` ${s.message}`),
    );
  return fitChatMessage(
    {
      head,
      sections: releaseSections(r, fitting),
      empty:
        errors.length === 0
          ? 'Nothing in this manifest breaks or changes on the way. ✅'
          : 'Nothing breaks or changes on the way in the files that were checked.',
    },
    fitting.maxLength,
  );
}
