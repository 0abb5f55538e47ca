// netkb diff FROM TO: what changes between two releases (the `diff` query), on the embedded database.
import type { GateState } from '../kb/gate-state';
import { formatOptionalVersion, formatVersion } from '../kb/version';
import { diffReleases, type SigFilterReport, type VersionDiff } from '../services/diff';
import { publicUrl } from '../config';
import { requireChatLength, versionDiffMarkdown } from '../services/markdown';
import { transitionText } from '../services/markdown/gate-state-text';
import { intOption, lookupVerb } from './lookup-verb';
import { notePreliminary } from './preliminary';
import { textTable } from './text-table';
import { changeJson, notesTable } from './views';

const DIFF_HELP = `Usage: netkb diff FROM TO [--sig SIG] [--format table|json|markdown] [--max-length N]

What changes on the way from release FROM to release TO (releases after FROM up to and including TO):
feature-gate transitions, API versions and flags removed or deprecated, and the release notes, those that
require action first, ranked (removals of what is gone on the way first, tests and tooling last; see
docs/api.md, "Ranking"). Works on the embedded database; no server needed.

Arguments:
  FROM, TO          releases such as 1.29 and 1.31 (also v1.29, 1.29.4); FROM not after TO (a note on
                    stderr when the knowledge base marks TO preliminary)

Options:
  --sig SIG         only the gate transitions, release notes, flags and API versions of this SIG, e.g.
                    Network (a flag is its component's SIG's, or its library's for shared flags such as
                    klog's; an API version its group's: seed/sig-owners.yaml); the answer counts what was
                    left out and names what was kept for want of an owner; an unknown SIG is refused with
                    the closest names
  --format F        table (default), json (every list in full, including all release notes) or markdown
                    (the chat message of the API's VersionDiff.markdown; with NETKB_PUBLIC_URL set, its
                    "…and N more" lines link to the dashboard's view of the diff, as the server's do)
  --max-length N    longest markdown message, 500 to 3000 (default 3000)
  -h, --help        this text

Exit codes: 0 answered, 2 bad input (unknown release, FROM after TO, unknown format, missing argument).

Examples:
  netkb diff 1.29 1.31 --format markdown
  netkb diff 1.21 1.25 --sig Network
`;

interface DiffAnswer {
  diff: VersionDiff;
  maxLength?: number;
  dashboardUrl: string | null;
}

const stateJson = (s: GateState) => ({
  exists: s.exists,
  stage: s.stage,
  defaultEnabled: s.defaultEnabled,
  lockedToDefault: s.lockedToDefault,
});

function diffJson(d: VersionDiff) {
  const v = formatOptionalVersion;
  return {
    from: formatVersion(d.from),
    to: formatVersion(d.to),
    featureGates: d.featureGates.map((t) => ({
      gate: t.gate.name,
      version: formatVersion(t.version),
      before: stateJson(t.before),
      after: stateJson(t.after),
    })),
    removedApiVersions: d.removedApiVersions.map((a) => ({
      apiVersion: a.apiVersion,
      kind: a.kind,
      deprecatedIn: v(a.deprecatedIn),
      removedIn: v(a.removedIn),
      replacement: a.replacement?.apiVersion ?? null,
    })),
    deprecatedApiVersions: d.deprecatedApiVersions.map((a) => ({
      apiVersion: a.apiVersion,
      kind: a.kind,
      deprecatedIn: v(a.deprecatedIn),
      removedIn: v(a.removedIn),
      replacement: a.replacement?.apiVersion ?? null,
    })),
    removedFlags: d.removedFlags.map((f) => ({
      component: f.component,
      name: f.name,
      deprecatedIn: v(f.deprecatedIn),
      removedIn: v(f.removedIn),
      replacements: f.replacements,
    })),
    deprecatedFlags: d.deprecatedFlags.map((f) => ({
      component: f.component,
      name: f.name,
      deprecatedIn: v(f.deprecatedIn),
      removedIn: v(f.removedIn),
      replacements: f.replacements,
    })),
    actionRequired: d.actionRequired.map((r) => ({ rank: r.rank, removes: r.removes, ...changeJson(r.change) })),
    changes: d.changes.map(changeJson),
    sigFilter: d.sigFilter,
  };
}

function diffTable({ diff: d }: DiffAnswer): string {
  const v = (x: number | null) => formatOptionalVersion(x) ?? '-';
  const actionRequired = d.actionRequired.map((r) => r.change);
  const blocks = [
    `netkb diff ${formatVersion(d.from)} -> ${formatVersion(d.to)}: ${d.featureGates.length} gate changes, ` +
      `${d.removedApiVersions.length} API versions removed, ${d.deprecatedApiVersions.length} deprecated, ` +
      `${d.removedFlags.length} flags removed, ${d.deprecatedFlags.length} deprecated, ${d.changes.length} release notes (${actionRequired.length} action required)`,
  ];
  const section = (title: string, titles: string[], rows: string[][]) => {
    if (rows.length > 0) blocks.push(`${title}\n${textTable(titles, rows)}`);
  };
  if (d.sigFilter) blocks.push(sigFilterText(d.sigFilter));
  if (actionRequired.length > 0) blocks.push(`Action required (ranked)\n${notesTable(actionRequired)}`);
  section(
    'Feature gates',
    ['RELEASE', 'GATE', 'CHANGE'],
    d.featureGates.map((t) => [v(t.version), t.gate.name, transitionText(t.before, t.after)]),
  );
  section(
    'API versions removed',
    ['RELEASE', 'API VERSION', 'KIND', 'REPLACEMENT'],
    d.removedApiVersions.map((a) => [v(a.removedIn), a.apiVersion, a.kind, a.replacement?.apiVersion ?? '-']),
  );
  section(
    'API versions deprecated',
    ['RELEASE', 'API VERSION', 'KIND', 'REMOVED IN', 'REPLACEMENT'],
    d.deprecatedApiVersions.map((a) => [
      v(a.deprecatedIn),
      a.apiVersion,
      a.kind,
      v(a.removedIn),
      a.replacement?.apiVersion ?? '-',
    ]),
  );
  section(
    'Flags removed',
    ['RELEASE', 'COMPONENT', 'FLAG', 'REPLACEMENTS'],
    d.removedFlags.map((f) => [v(f.removedIn), f.component, f.name, f.replacements.join(' ') || '-']),
  );
  section(
    'Flags deprecated',
    ['RELEASE', 'COMPONENT', 'FLAG', 'REMOVED IN', 'REPLACEMENTS'],
    d.deprecatedFlags.map((f) => [
      v(f.deprecatedIn),
      f.component,
      f.name,
      v(f.removedIn),
      f.replacements.join(' ') || '-',
    ]),
  );
  if (d.changes.length > actionRequired.length)
    blocks.push(`${d.changes.length - actionRequired.length} further release notes: --format json lists them all.`);
  return blocks.join('\n\n') + '\n';
}

function sigFilterText(f: SigFilterReport): string {
  const lines = [
    `SIG ${f.sig}: left out ${f.removedFlagsLeftOut} removed and ${f.deprecatedFlagsLeftOut} deprecated flags, ` +
      `${f.removedApiVersionsLeftOut} removed and ${f.deprecatedApiVersionsLeftOut} deprecated API versions, ` +
      `${f.featureGatesLeftOut} gate changes and ${f.changesLeftOut} release notes of other SIGs.`,
  ];
  if (f.keptWithoutOwner.length > 0)
    lines.push(`Kept, no owner known (not checked): ${f.keptWithoutOwner.join(', ')}.`);
  return lines.join('\n');
}

export const runDiff = lookupVerb<DiffAnswer>({
  name: 'diff',
  help: DIFF_HELP,
  positionals: ['FROM', 'TO'],
  options: { 'max-length': { type: 'string' }, sig: { type: 'string' } },
  answer: (kb, [from, to], options, io) => {
    const maxLength = requireChatLength(intOption(options, 'max-length'));
    const diff = diffReleases(kb, from, to, options.sig as string | undefined);
    notePreliminary('diff', kb, diff.to, io);
    return { diff, maxLength, dashboardUrl: options.format === 'markdown' ? publicUrl() : null };
  },
  table: diffTable,
  json: (a) => diffJson(a.diff),
  markdown: (a) => versionDiffMarkdown(a.diff, a.maxLength, a.dashboardUrl),
});
