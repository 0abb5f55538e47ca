// Every entry of Pluto's and kube-no-trouble's lists (../shared/upstream/pluto, ../shared/upstream/kube-no-trouble)
// against netkb: an object of that apiVersion and kind, on a path through the release the peer says it is
// removed in, is never passed over in silence. netkb reports the removal (or deprecation) from its records, or
// says it could not check the object. The add-on APIs (cert-manager, Istio, the CSI snapshot CRDs) are dated from
// the add-ons' own CRDs in their releases, and must agree with the release the peer gives, or the disagreement is
// listed here with the source that decides. Run by `npm run test:upstream`.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { projectRoot, seedDir } from '../../src/config';
import { loadSeed } from '../../src/seed/load';
import { compileKnowledgeBase } from '../../src/kb/compile';
import { KnowledgeBase } from '../../src/kb/knowledge-base';
import { upgradeReport } from '../../src/services/upgrade-report';
import { formatVersion, parseVersion } from '../../src/kb/version';

const upstream = process.env.NETKB_UPSTREAM_DIR ?? join(projectRoot(), '..', 'shared', 'upstream');

/**
 * Entries of the peers' lists about add-on APIs where netkb's sources (the add-on's own CRDs at each release tag,
 * seed/generated/add-on-apis.json) say something else, each with which source decides and why.
 */
const ADD_ON_DISAGREEMENTS: Record<string, string> = {
  'Pluto rbac.istio.io AuthorizationPolicies':
    "Pluto's entry names no version and a kind rbac.istio.io never had (its CRDs are ClusterRbacConfig, RbacConfig, ServiceRole and ServiceRoleBinding); istio/api's CRD file serves rbac.istio.io/v1alpha1 through 1.6.0, so netkb dates the removal 1.7.0 for those kinds, and an object written as Pluto's entry is not checked.",
};

interface Entry {
  peer: string;
  apiVersion: string;
  kind: string;
  removedIn: string | null;
  /** Pluto's add-on entries: the add-on and its release tag the peer gives for the removal. */
  component?: string;
  addOnRemovedIn?: string | null;
}

function entries(): Entry[] {
  const out: Entry[] = [];
  const pluto = parse(readFileSync(join(upstream, 'pluto', 'versions.yaml'), 'utf8'))['deprecated-versions'] as Record<
    string,
    string
  >[];
  for (const p of pluto)
    out.push({
      peer: 'Pluto',
      apiVersion: p.version,
      kind: p.kind,
      removedIn: p['removed-in'] ? p['removed-in'].replace(/^v(\d+\.\d+).*$/, '$1') : null,
      component: p.component,
      addOnRemovedIn: p['removed-in'] ?? null,
    });
  const kubent = parse(readFileSync(join(upstream, 'kube-no-trouble', 'deprecated-apis.yaml'), 'utf8')).rulesets as {
    removedIn: string;
    apis: Record<string, { old: string[] }>;
  }[];
  for (const set of kubent)
    for (const [kind, api] of Object.entries(set.apis))
      for (const apiVersion of api.old)
        out.push({
          peer: 'kube-no-trouble',
          apiVersion,
          kind,
          removedIn: /^\d+\.\d+$/.test(set.removedIn) ? set.removedIn : null,
        });
  return out;
}

if (!existsSync(upstream)) {
  test('the upstream reference data is present beside the project', () => {
    expect(`${upstream} is missing`).toBe('present');
  });
} else {
  const kb = new KnowledgeBase(compileKnowledgeBase(loadSeed(seedDir()), { seededAt: '2026-01-01T00:00:00.000Z' }));
  const releases = kb.releases.map((r) => r.version).sort((a, b) => a - b);
  const first = releases[0];
  const last = releases[releases.length - 1];
  const all = entries();
  const group = (apiVersion: string) => (apiVersion.includes('/') ? apiVersion.split('/')[0] : '');

  it('reads both lists whole', () => {
    expect(all.filter((e) => e.peer === 'Pluto').length).toBeGreaterThanOrEqual(100);
    expect(all.filter((e) => e.peer === 'kube-no-trouble').length).toBeGreaterThanOrEqual(45);
  });

  it("says something of every entry: what changes from its records or the add-ons' CRDs, or that it could not check it", () => {
    const silent: string[] = [];
    const disagreements: string[] = [];
    const explained = new Set<string>();
    const addOnGroups = new Set(kb.addOns.apis.map((a) => group(a.apiVersion)));
    let addOnEntries = 0;
    for (const e of all) {
      // A path from the oldest release netkb knows through the removal the peer gives (or the newest release).
      const removed = e.removedIn && parseVersion(e.removedIn) <= last ? parseVersion(e.removedIn) : last;
      const to = Math.max(removed, first);
      // An entry for every kind of a version (Pluto writes kind ""): each kind the add-on's CRDs have.
      const kinds = e.kind
        ? [e.kind]
        : [...new Set(kb.addOns.apis.filter((a) => a.apiVersion === e.apiVersion).map((a) => a.kind))];
      for (const kind of kinds.length > 0 ? kinds : ['']) {
        const r = upgradeReport(kb, {
          from: formatVersion(first),
          to: formatVersion(to),
          manifest: JSON.stringify({ apiVersion: e.apiVersion, kind, metadata: { name: 'x' } }),
        });
        const said = r.findings.filter((f) => f.ruleId === 'api-version' || f.ruleId === 'gateway-api');
        const name = `${e.peer} ${e.apiVersion} ${e.kind}`;
        if (said.length === 0) {
          silent.push(`${name} (removed in ${e.removedIn ?? '-'})`);
          continue;
        }
        if (!addOnGroups.has(group(e.apiVersion)) && (e.component ?? 'k8s') === 'k8s') continue;
        addOnEntries++;
        // An add-on's API: its removal in the add-on's releases, as its CRDs give it, agrees with the peer's.
        const api = kb.addOns.apis.find((a) => a.apiVersion === e.apiVersion && a.kind === kind);
        const ours = api?.removedIn ?? null;
        const theirs = e.addOnRemovedIn ?? null;
        const same = (a: string | null, b: string | null) =>
          (a ?? '').replace(/^v/, '') === (b ?? '').replace(/^v/, '');
        const agrees =
          said.some((f) => f.messageId === 'addOnRemoved' || f.messageId === 'addOnDeprecated') &&
          (e.component === undefined || e.component === 'k8s' || same(ours, theirs));
        if (!agrees && ADD_ON_DISAGREEMENTS[name]) explained.add(name);
        else if (!agrees)
          disagreements.push(
            `${name} ${kind}: netkb ${said.map((f) => f.messageId).join(', ')} (removed in ${ours ?? '-'}), the peer ${theirs ?? '-'}`,
          );
      }
    }
    expect(silent).toEqual([]);
    expect(disagreements).toEqual([]);
    // cert-manager, Istio and the CSI snapshot CRDs are all read from their own sources.
    expect(addOnEntries).toBeGreaterThan(25);
    // Every explained disagreement is still one.
    expect([...explained].sort()).toEqual(Object.keys(ADD_ON_DISAGREEMENTS).sort());
  });
}
