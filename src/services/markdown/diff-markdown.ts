// What changed between two releases as a chat message: gate transitions, API versions and flags removed
// or deprecated, and the notes that require action, each with the release and an upstream link.
import type { ApiVersion, Flag } from '../../kb/model';
import { formatVersion, type VersionKey } from '../../kb/version';
import type { VersionDiff } from '../diff';
import { fitChatMessage, type ChatSection } from './chat-message';
import { transitionText, transitionWeight } from './gate-state-text';
import { code, link, linkLabel, noteItem, rankSources } from './text';

const NOTE_MAX = 180;

function firstLink(sources: string[], kep?: string | null): string {
  const url = rankSources(sources, kep)[0];
  return url ? ` · ${link(linkLabel(url), url)}` : '';
}

function apiItem(a: ApiVersion, at: VersionKey | null, what: string): string {
  const instead = a.replacement ? `; use ${code(a.replacement.apiVersion)}` : '';
  return `${formatVersion(at!)} ${code(a.apiVersion)} ${a.kind} ${what}${instead}${firstLink(a.sources)}`;
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

/** The SIG this knowledge base is about: within a weight, the gates it owns come first. */
export const FOCUS_SIG = 'Network';

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

export function diffMarkdown(d: VersionDiff, maxLength?: number): string {
  const actionRequired = d.changes.filter((c) => c.actionRequired);
  const counts = [
    plural(d.featureGates.length, 'gate change'),
    `${plural(d.removedApiVersions.length, 'API version')} removed, ${d.deprecatedApiVersions.length} deprecated`,
    `${plural(d.removedFlags.length, 'flag')} removed, ${d.deprecatedFlags.length} deprecated`,
    `${plural(d.changes.length, 'release note')} (${actionRequired.length} action required)`,
  ];
  const head = [`**netkb: ${formatVersion(d.from)} → ${formatVersion(d.to)}**: ${counts.join('; ')}`];
  const sections: ChatSection[] = [
    {
      title: 'Action required',
      noun: 'action-required notes',
      items: actionRequired.map((c) => noteItem(c, NOTE_MAX, formatVersion)),
    },
    {
      title: 'Feature gates',
      noun: 'gate changes',
      items: byWeight(d.featureGates).map(
        (t) =>
          `${formatVersion(t.version)} ${code(t.gate.name)}: ${transitionText(t.before, t.after)}${firstLink(t.gate.sources, t.gate.kep)}`,
      ),
    },
    {
      title: 'API versions removed',
      noun: 'API versions removed',
      items: byRelease(d.removedApiVersions, (a) => a.removedIn).map((a) =>
        apiItem(a, a.removedIn, 'no longer served'),
      ),
    },
    {
      title: 'API versions deprecated',
      noun: 'API versions deprecated',
      items: byRelease(d.deprecatedApiVersions, (a) => a.deprecatedIn).map((a) =>
        apiItem(a, a.deprecatedIn, 'deprecated'),
      ),
    },
    {
      title: 'Flags removed',
      noun: 'flags removed',
      items: byRelease(d.removedFlags, (f) => f.removedIn).map((f) => flagItem(f, f.removedIn)),
    },
    {
      title: 'Flags deprecated',
      noun: 'flags deprecated',
      items: byRelease(d.deprecatedFlags, (f) => f.deprecatedIn).map((f) => flagItem(f, f.deprecatedIn)),
    },
  ];
  const empty =
    d.from === d.to ? 'From a release to itself nothing changes.' : 'Nothing in the knowledge base changes on the way.';
  return fitChatMessage({ head, sections, empty }, maxLength);
}
