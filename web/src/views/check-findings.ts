// The manifest check's findings, readable when a manifest has many objects: equal findings (findingGroupKey, the
// rule every report groups by) become one entry listing the objects and lines it is about, and a severity
// filter hides what the reader does not want to see now.
import { alreadyText } from '../../../src/analysis/report/already';
import { findingGroupKey } from '../../../src/analysis/report/grouping';
import { formatVersion, parseVersion } from '../../../src/kb/version';
import { externalLink, h, prLink } from '../dom';
import { GATEWAY_API_REPOSITORY } from '../gateway-bundle';
import type { Severity } from '../generated/operations';
import type { ApiFinding } from '../report-files';
import { clip, objectLabel, severityTag, SEVERITY } from './common';

/** Findings equal but for the object and line they point at, in the order of their first finding. */
interface FindingGroup {
  key: string;
  /** The first finding of the group: rule, message, severity, release, fix and note are the group's. */
  finding: ApiFinding;
  /** Every finding of the group, in report order (each with its object and line). */
  members: ApiFinding[];
}

export function groupFindings(findings: ApiFinding[]): FindingGroup[] {
  const groups = new Map<string, FindingGroup>();
  for (const f of findings) {
    const key = findingGroupKey(f);
    const group = groups.get(key);
    if (group) group.members.push(f);
    else groups.set(key, { key, finding: f, members: [f] });
  }
  return [...groups.values()];
}

export const SEVERITIES: Severity[] = ['BREAKING', 'WARNING', 'INFO'];

/** The severities a URL value names ("BREAKING,WARNING", any case); every severity when it names none. */
export function parseSeverities(value: string | undefined): Set<Severity> {
  const named = (value ?? '')
    .split(',')
    .map((s) => s.trim().toUpperCase())
    .filter((s): s is Severity => (SEVERITIES as string[]).includes(s));
  return new Set(named.length ? named : SEVERITIES);
}

/** Checkboxes, one per severity with its count; onChange gets the severities left checked. */
export function severityFilter(
  counts: Record<Severity, number>,
  shown: Set<Severity>,
  onChange: (shown: Set<Severity>) => void,
): HTMLElement {
  const boxes = SEVERITIES.map((sev) => {
    const box = h('input', {
      type: 'checkbox',
      id: `show-${sev.toLowerCase()}`,
      name: 'severity',
      value: sev,
      checked: shown.has(sev),
      disabled: counts[sev] === 0,
    });
    box.addEventListener('change', () => {
      onChange(new Set(boxes.filter((b) => b.checked).map((b) => b.value as Severity)));
    });
    return box;
  });
  return h(
    'fieldset',
    { className: 'severity-filter' },
    h('legend', {}, 'Show'),
    SEVERITIES.map((sev, i) =>
      h(
        'label',
        { for: `show-${sev.toLowerCase()}`, className: `sev sev-${sev.toLowerCase()}` },
        boxes[i],
        ` ${SEVERITY[sev].icon} ${SEVERITY[sev].text} (${counts[sev]})`,
      ),
    ),
  );
}

/** One entry: the finding's severity, message, fix and release note, and the object(s) and line(s) it is about. */
export function findingGroupItem(group: FindingGroup, showLine: (line: number) => void): HTMLElement {
  const f = group.finding;
  const request = f.resource.origin?.apiRequest;
  const lineButton = (line: number) =>
    request
      ? h(
          'span',
          { className: 'line-ref' },
          `${request.recordedIn === 'METRICS' ? 'metrics' : 'audit log'} line ${line}`,
        )
      : h('button', { type: 'button', className: 'line-link', onclick: () => showLine(line) }, `line ${line}`);
  const many = group.members.length > 1;
  return h(
    'li',
    {
      className: `finding finding-${f.severity.toLowerCase()}${many ? ' finding-group' : ''}`,
      'data-line': f.line,
      'data-rule': `${f.ruleId}/${f.messageId}`,
      'data-severity': f.severity,
      'data-count': group.members.length,
    },
    severityTag(f.severity),
    ' ',
    many
      ? h('span', { className: 'object-count' }, `${group.members.length} objects`)
      : [lineButton(f.line), ' ', h('span', { className: 'object' }, objectLabel(f.resource))],
    h(
      'p',
      { className: 'message' },
      f.alreadyAtFrom ? [h('span', { className: 'already' }, `[${already(f)}] `), f.message] : f.message,
    ),
    f.fix ? h('p', { className: 'fix' }, h('strong', {}, 'Fix: '), f.fix) : null,
    f.change ? releaseNote(f.change) : null,
    many ? objectList(group.members, lineButton) : null,
  );
}

/** The mark of a finding the cluster has already at `from`, as every report writes it (alreadyText). */
function already(f: ApiFinding): string {
  return alreadyText(
    { effectiveIn: parseVersion(f.effectiveIn), since: f.since === null ? null : parseVersion(f.since) },
    formatVersion,
  );
}

/** The objects of a group, folded: the summary names the first few, opening it lists all with their lines. */
function objectList(members: ApiFinding[], lineButton: (line: number) => HTMLElement): HTMLElement {
  const names = members.map((m) => objectLabel(m.resource));
  const first = names.slice(0, 3).join(', ');
  return h(
    'details',
    { className: 'objects' },
    h('summary', {}, `${first}${names.length > 3 ? `, and ${names.length - 3} more` : ''}`),
    h(
      'ul',
      { className: 'object-list' },
      members.map((m, i) => h('li', {}, lineButton(m.line), ' ', h('span', { className: 'object' }, names[i]))),
    ),
  );
}

/**
 * The release note behind a finding: its release, what it says and where it comes from. A note with no pull
 * request (many removals are announced in the changelog and the deprecation guide, not by one PR) links its
 * sources instead, so the line is never an empty label.
 */
function releaseNote(change: NonNullable<ApiFinding['change']>): HTMLElement {
  // A Gateway API CHANGELOG entry has no Kubernetes release; its PRs are Gateway API's.
  const gateway = change.gatewayApiRelease;
  const links = change.prs.length
    ? change.prs.map((pr) => (gateway ? prLink(pr, GATEWAY_API_REPOSITORY) : prLink(pr)))
    : change.sources.map((url) => externalLink(url, sourceLabel(url)));
  return h(
    'p',
    { className: 'note' },
    h('strong', {}, gateway ? `Gateway API ${gateway} CHANGELOG: ` : `Release note (${change.version}): `),
    h('span', { className: 'note-summary', title: change.summary }, clip(change.summary, 240)),
    links.length ? ' ' : null,
    links.flatMap((link, i) => (i === 0 ? [link] : [' ', link])),
  );
}

/** A short name for a source URL: its last path segment and anchor ("CHANGELOG-1.22.md", "deprecation-guide#v1-22"). */
function sourceLabel(url: string): string {
  try {
    const parsed = new URL(url);
    const segment = parsed.pathname.split('/').filter(Boolean).pop();
    return segment ? `${segment}${parsed.hash}` : parsed.hostname;
  } catch {
    return url;
  }
}
