// What changed between two releases as a chat message, ranked by what hurts an upgrade: API versions no
// longer served and the notes that require action first, then gate transitions, then flags, then what is
// only deprecated; each item with its release and an upstream link. API versions of one kind that go in the
// same release for the same replacement share a line (Ingress in extensions/v1beta1 and
// networking.k8s.io/v1beta1). With the dashboard's address, "…and N more" lines open the diff there.
import type { ApiVersion, Change, Flag } from '../../kb/model';
import { formatVersion, type VersionKey } from '../../kb/version';
import type { VersionDiff } from '../diff';
import { fitChatMessage, type ChatSection } from './chat-message';
import { transitionText, transitionWeight } from './gate-state-text';
import { changeLinks, code, link, linkLabel, noteItem, rankSources } from './text';
import { FOCUS_SIG } from '../../kb/focus';

const NOTE_MAX = 180;

function firstLink(sources: string[], kep?: string | null): string {
  const url = rankSources(sources, kep)[0];
  return url ? ` · ${link(linkLabel(url), url)}` : '';
}

/** API versions of one kind that go (or are deprecated) in one release for one replacement. */
interface ApiGroup {
  kind: string;
  at: VersionKey;
  records: ApiVersion[];
}

function groupApis(records: ApiVersion[], at: (a: ApiVersion) => VersionKey | null): ApiGroup[] {
  const groups = new Map<string, ApiGroup>();
  for (const a of records) {
    const key = JSON.stringify([a.kind, at(a), a.replacement?.apiVersion ?? null]);
    const g = groups.get(key);
    if (g) g.records.push(a);
    else groups.set(key, { kind: a.kind, at: at(a) ?? 0, records: [a] });
  }
  return [...groups.values()];
}

/** The release notes of the group's records in its release (the removal or deprecation itself). */
function notesAt(g: ApiGroup): Change[] {
  return g.records.flatMap((a) => a.changes.filter((c) => c.version === g.at));
}

function apiItem(g: ApiGroup, what: string): string {
  const a = g.records[0];
  const instead = a.replacement ? `; use ${code(a.replacement.apiVersion)}` : '';
  const versions = g.records.map((r) => code(r.apiVersion)).join(', ');
  // The pull request of that release's note says most about this event; the record's own sources otherwise.
  const noteLink = notesAt(g)
    .map((c) => changeLinks(c)[0])
    .find((l) => l?.startsWith('[#'));
  return `${formatVersion(g.at)} ${versions} ${g.kind} ${what}${instead}${noteLink ? ` · ${noteLink}` : firstLink(a.sources)}`;
}

/**
 * Removals that hurt most first: versions served by default (an object a cluster may hold stops being
 * accepted), then those whose removal note is SIG Network's, then those whose removal note requires action,
 * then release order.
 */
function byHurt(groups: ApiGroup[]): ApiGroup[] {
  return groups
    .map((g, i) => {
      const notes = notesAt(g);
      return {
        g,
        i,
        served: g.records.some((a) => a.servedByDefault !== false) ? 0 : 1,
        focus: notes.some((c) => c.sigs.includes(FOCUS_SIG)) ? 0 : 1,
        action: notes.some((c) => c.actionRequired) ? 0 : 1,
      };
    })
    .sort((a, b) => a.served - b.served || a.focus - b.focus || a.action - b.action || a.g.at - b.g.at || a.i - b.i)
    .map((x) => x.g);
}

function flagItem(f: Flag, at: VersionKey | null): string {
  const instead =
    f.replacements.length > 0
      ? `; use ${f.replacements.map(code).join(', ')}`
      : f.configField
        ? `; set ${code(f.configField)} in the config file`
        : '';
  return `${formatVersion(at!)} ${f.component} ${code(f.name)}${instead}${firstLink(f.sources)}`;
}

/** Changed defaults and removals first (see transitionWeight), then gates SIG Network owns, then release order. */
function byWeight(ts: VersionDiff['featureGates']): VersionDiff['featureGates'] {
  const focus = (t: VersionDiff['featureGates'][number]) => (t.gate.sigs[0] === FOCUS_SIG ? 0 : 1);
  return ts
    .map((t, i) => ({ t, i, w: transitionWeight(t.before, t.after), f: focus(t) }))
    .sort((a, b) => a.w - b.w || a.f - b.f || a.i - b.i)
    .map((x) => x.t);
}

/** In the order an upgrade meets them (stable within a release). */
function byRelease<T>(xs: T[], at: (x: T) => VersionKey | null): T[] {
  return xs
    .map((x, i) => ({ x, i, v: at(x) ?? 0 }))
    .sort((a, b) => a.v - b.v || a.i - b.i)
    .map((e) => e.x);
}

function plural(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}

/** The dashboard's view of this diff (web/src/url-state.ts: the view and its choices are query parameters of "/"). */
function dashboardDiffUrl(base: string, d: Pick<VersionDiff, 'from' | 'to'>): string {
  const url = new URL(base);
  url.search = new URLSearchParams({ view: 'diff', from: formatVersion(d.from), to: formatVersion(d.to) }).toString();
  return url.href;
}

/** Never silent: what the SIG filter left out, and what it kept for want of an owner. */
function sigFilterLine(f: NonNullable<VersionDiff['sigFilter']>): string {
  const left =
    `SIG ${f.sig}: left out ${f.removedFlagsLeftOut + f.deprecatedFlagsLeftOut} flags and ` +
    `${f.removedApiVersionsLeftOut + f.deprecatedApiVersionsLeftOut} API versions of other SIGs`;
  const unknown = f.keptWithoutOwner.length;
  return unknown > 0 ? `${left}; kept ${unknown} whose owner netkb does not know (not checked)` : left;
}

export function diffMarkdown(d: VersionDiff, maxLength?: number, dashboardUrl?: string | null): string {
  const actionRequired = d.actionRequired.map((r) => r.change);
  const counts = [
    plural(d.featureGates.length, 'gate change'),
    `${plural(d.removedApiVersions.length, 'API version')} removed, ${d.deprecatedApiVersions.length} deprecated`,
    `${plural(d.removedFlags.length, 'flag')} removed, ${d.deprecatedFlags.length} deprecated`,
    `${plural(d.changes.length, 'release note')} (${actionRequired.length} action required)`,
  ];
  const head = [`**netkb: ${formatVersion(d.from)} → ${formatVersion(d.to)}**: ${counts.join('; ')}`];
  if (d.sigFilter) head.push(sigFilterLine(d.sigFilter));
  const removed = byHurt(groupApis(d.removedApiVersions, (a) => a.removedIn));
  const deprecated = byRelease(
    groupApis(d.deprecatedApiVersions, (a) => a.deprecatedIn),
    (g) => g.at,
  );
  const sections: ChatSection[] = [
    {
      title: 'API versions removed',
      noun: 'API versions removed',
      one: 'API version removed',
      items: removed.map((g) => apiItem(g, 'no longer served')),
      counts: removed.map((g) => g.records.length),
    },
    {
      title: 'Action required',
      noun: 'action-required notes',
      one: 'action-required note',
      items: actionRequired.map((c) => noteItem(c, NOTE_MAX, formatVersion)),
    },
    {
      title: 'Feature gates',
      noun: 'gate changes',
      one: 'gate change',
      items: byWeight(d.featureGates).map(
        (t) =>
          `${formatVersion(t.version)} ${code(t.gate.name)}: ${transitionText(t.before, t.after)}${firstLink(t.gate.sources, t.gate.kep)}`,
      ),
    },
    {
      title: 'Flags removed',
      noun: 'flags removed',
      one: 'flag removed',
      items: byRelease(d.removedFlags, (f) => f.removedIn).map((f) => flagItem(f, f.removedIn)),
    },
    {
      title: 'API versions deprecated',
      noun: 'API versions deprecated',
      one: 'API version deprecated',
      items: deprecated.map((g) => apiItem(g, 'deprecated')),
      counts: deprecated.map((g) => g.records.length),
    },
    {
      title: 'Flags deprecated',
      noun: 'flags deprecated',
      one: 'flag deprecated',
      items: byRelease(d.deprecatedFlags, (f) => f.deprecatedIn).map((f) => flagItem(f, f.deprecatedIn)),
    },
  ];
  const empty =
    d.from === d.to ? 'From a release to itself nothing changes.' : 'Nothing in the knowledge base changes on the way.';
  const moreUrl = dashboardUrl ? dashboardDiffUrl(dashboardUrl, d) : null;
  return fitChatMessage({ head, sections, empty, moreUrl }, maxLength);
}
