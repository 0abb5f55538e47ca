// The api-reference rule over every reference place of kinds.yaml and every api-versions record it can name,
// on the real seeded knowledge base: for paths that start 1, 2 and 5 releases before the record's removal and
// end at it, three releases later and at the newest release, a minimal object holding the reference goes
// through upgradeReport, and
// - it is reported exactly when the records say the reference stops resolving by the end of the path, the
//   way the place resolves it (by group and kind, by that version, by group and resource, by group/version);
// - at the release where no record of it is served any more, clamped to the path, with the place's severity;
// - naming as `replacement` only what is served when the finding bites, dated ("only from") when it arrives
//   after the start of the path;
// - linking only a release note about the referenced record.
import type { ApiVersion, KindInfo, ReferencePlace } from '../../src/kb/model';
import { type KnowledgeBase } from '../../src/kb/knowledge-base';
import { resourceOfKind } from '../../src/kb/resource-names';
import { formatVersion as v, type VersionKey } from '../../src/kb/version';
import { upgradeReport } from '../../src/services/upgrade-report';
import { RULES, type Finding } from '../../src/analysis';
import { testKnowledgeBase } from '../support/knowledge-base';

let kb: KnowledgeBase;
let releases: VersionKey[];
beforeAll(async () => {
  kb = await testKnowledgeBase();
  releases = kb.releases.map((r) => r.version).sort((a, b) => a - b);
});

function pathsAround(event: VersionKey): [VersionKey, VersionKey][] {
  const i = releases.indexOf(event);
  if (i < 0) return [];
  const at = (n: number) => releases[Math.max(0, Math.min(releases.length - 1, n))];
  const out = new Map<string, [VersionKey, VersionKey]>();
  // Paths from before the event, and from the event itself or after it (what is already broken at `from`).
  for (const back of [1, 2, 5, 0, -1])
    for (const ahead of [0, 3, releases.length]) {
      const from = at(i - back);
      const to = at(i + ahead);
      if (from < to) out.set(`${from}-${to}`, [from, to]);
    }
  return [...out.values()];
}

const served = (r: ApiVersion, at: VersionKey | null) =>
  at === null || ((r.introducedIn === null || r.introducedIn <= at) && (r.removedIn === null || r.removedIn > at));

/** When the set stops being served: the last removal, or null while one of them is never removed. */
function lastRemoval(records: ApiVersion[]): VersionKey | null {
  if (records.length === 0 || records.some((r) => r.removedIn === null)) return null;
  return Math.max(...records.map((r) => r.removedIn!));
}

/** A holder object of the place's kind, in an apiVersion served on the whole path, with `value` at the place. */
function holder(
  info: KindInfo,
  place: ReferencePlace,
  value: Record<string, unknown>,
  from: VersionKey,
  to: VersionKey,
) {
  let apiVersion = 'v1';
  let kind = 'ConfigMap';
  if (info.kind !== '*') {
    const own = kb.apiVersions.find(
      (a) =>
        a.kind === info.kind &&
        (place.objectGroups.length === 0 || place.objectGroups.includes(a.group)) &&
        served(a, from) &&
        served(a, to),
    );
    if (!own) return null;
    apiVersion = own.apiVersion;
    kind = own.kind;
  }
  const root: Record<string, unknown> = { apiVersion, kind, metadata: { name: 'ref', namespace: 'default' } };
  let at: Record<string, unknown> = root;
  const parts = place.path.split('.');
  parts.forEach((part, i) => {
    const list = part.endsWith('[]');
    const key = list ? part.slice(0, -2) : part;
    const last = i === parts.length - 1;
    const next = last ? value : ((at[key] as Record<string, unknown>) ?? {});
    at[key] = list ? [next] : next;
    at = next;
  });
  return JSON.stringify(root);
}

/** The rule's messages the cases produced: the last test asks that each was produced and checked. */
const seen = new Set<string>();

function check(
  manifest: string,
  from: VersionKey,
  to: VersionKey,
  gone: VersionKey | null,
  place: ReferencePlace,
  referenced: ApiVersion[],
  /** The records that serve what `replacement` names at `at` (null: at any release). */
  servesInstead: (replacement: string, at: VersionKey | null) => ApiVersion[],
): void {
  const findings: Finding[] = upgradeReport(kb, { from: v(from), to: v(to), manifest }).findings.filter(
    (f) => f.ruleId === 'api-reference',
  );
  const label = `${manifest} ${v(from)}->${v(to)}`;
  if (gone === null || gone > to) {
    expect(`${label}: ${findings.length}`).toBe(`${label}: 0`);
    return;
  }
  expect(`${label}: ${findings.length}`).toBe(`${label}: 1`);
  const [f] = findings;
  seen.add(f.messageId);
  expect(f.severity).toBe(place.severity);
  expect(f.effectiveIn).toBe(Math.max(gone, from));
  if (f.change) expect(referenced.some((r) => f.change!.subjects.includes(r))).toBe(true);
  // A message says where requests go instead only where a group serves the resource instead.
  if (f.messageId === 'groupResource')
    expect(`${label}: says where requests go: ${/ now go to /.test(f.message)}`).toBe(
      `${label}: says where requests go: ${f.replacement !== null}`,
    );
  // Keeping the old group next to the new one is advice only while a release of the path still serves the
  // resource through it.
  if (f.messageId === 'groupResource' && f.replacement !== null)
    expect(`${label}: keeps the old group: ${/\(keep "/.test(f.fix ?? '')}`).toBe(
      `${label}: keeps the old group: ${gone > from}`,
    );
  if (f.replacement === null) return;
  for (const name of f.replacement.split(', ')) {
    const instead = servesInstead(name, f.effectiveIn);
    expect(`${label}: ${name} served at ${v(f.effectiveIn)}: ${instead.length > 0}`).toBe(
      `${label}: ${name} served at ${v(f.effectiveIn)}: true`,
    );
    const since = Math.min(...servesInstead(name, null).map((r) => r.introducedIn ?? 0));
    if (since > from) expect(f.fix).toMatch(new RegExp(`only from ${v(since).replace('.', '\\.')}`));
  }
}

const places = () => kb.kinds.flatMap((info) => info.references.map((place) => ({ info, place })));

describe('api-reference advice over every place and record', () => {
  it('has reference places for every way of resolving', () => {
    expect(new Set(places().map((p) => p.place.resolves))).toEqual(
      new Set(['groupKind', 'groupVersionKind', 'groupResource', 'groupVersion']),
    );
  });

  it('apiVersion + kind references', () => {
    let checked = 0;
    for (const { info, place } of places()) {
      if (place.resolves !== 'groupKind' && place.resolves !== 'groupVersionKind') continue;
      for (const r of kb.apiVersions.filter((a) => a.removedIn !== null)) {
        const same =
          place.resolves === 'groupKind' ? kb.apiVersions.filter((a) => a.group === r.group && a.kind === r.kind) : [r];
        for (const [from, to] of pathsAround(r.removedIn!)) {
          const manifest = holder(
            info,
            place,
            { [place.apiVersionField]: r.apiVersion, [place.kindField]: r.kind },
            from,
            to,
          );
          if (!manifest) continue;
          check(manifest, from, to, lastRemoval(same), place, same, (name, at) =>
            kb.apiVersions.filter((a) => a.apiVersion === name && a.kind === r.kind && served(a, at)),
          );
          checked++;
        }
      }
    }
    expect(checked).toBeGreaterThan(100);
  });

  it('RBAC group x resource references', () => {
    let checked = 0;
    for (const { info, place } of places()) {
      if (place.resolves !== 'groupResource') continue;
      for (const r of kb.apiVersions.filter((a) => a.removedIn !== null && a.group !== '')) {
        const resource = resourceOfKind(r.kind);
        const same = kb.apiVersions.filter((a) => a.group === r.group && resourceOfKind(a.kind) === resource);
        for (const [from, to] of pathsAround(r.removedIn!)) {
          const manifest = holder(
            info,
            place,
            { [place.groupsField]: [r.group], [place.resourcesField]: [resource] },
            from,
            to,
          );
          if (!manifest) continue;
          check(manifest, from, to, lastRemoval(same), place, same, (group, at) =>
            kb.apiVersions.filter((a) => a.group === group && resourceOfKind(a.kind) === resource && served(a, at)),
          );
          checked++;
        }
      }
    }
    expect(checked).toBeGreaterThan(100);
  });

  it('group/version references', () => {
    let checked = 0;
    for (const { info, place } of places()) {
      if (place.resolves !== 'groupVersion') continue;
      for (const apiVersion of new Set(kb.apiVersions.filter((a) => a.removedIn !== null).map((a) => a.apiVersion))) {
        const same = kb.apiVersions.filter((a) => a.apiVersion === apiVersion);
        const { group, version } = same[0];
        for (const removal of new Set(same.map((a) => a.removedIn!).filter((x) => x !== null)))
          for (const [from, to] of pathsAround(removal)) {
            const manifest = holder(
              info,
              place,
              { [place.groupField]: group, [place.versionField]: version },
              from,
              to,
            );
            if (!manifest) continue;
            check(manifest, from, to, lastRemoval(same), place, same, (name, at) =>
              kb.apiVersions.filter((a) => a.apiVersion === name && served(a, at)),
            );
            checked++;
          }
      }
    }
    expect(checked).toBeGreaterThan(20);
  });

  it('produced and checked every message of the rule', () => {
    const rule = RULES.find((r) => r.id === 'api-reference')!;
    expect(Object.keys(rule.messages).filter((m) => !seen.has(m))).toEqual([]);
  });
});
