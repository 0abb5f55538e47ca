// The gateway-api rule over every pair of consecutive Gateway API releases (and each release to the newest),
// both channels, on the real seeded knowledge base: one object of every group/kind/version any release
// serves, and one object per field path some channel has that another lacks, go through upgradeReport, and
// - a kind or version is reported exactly when the `to` bundle's channel does not install or serve it;
// - each fix names only what is true of the data: the version to write is served by `to` in the channel, the
//   release it is "served since" serves it (and "before installing" only when `from` does), the last or first
//   release named for a kind has it, the bundle named for an old Kubernetes supports it;
// - a field is reported as experimental only when `to`'s experimental CRD has it and its standard one does
//   not, as removed only when `from` has it and `to` does not, and the standard release named has it.
// kubernetes-support-unknown has no real case (every release has a sourced minKubernetes): see
// test/support/synthetic-kb.ts.
import { type KnowledgeBase } from '../../src/kb/knowledge-base';
import type { GatewayApiChannel, GatewayApiRelease } from '../../src/kb/model';
import { formatVersion } from '../../src/kb/version';
import { upgradeReport } from '../../src/services/upgrade-report';
import { testKnowledgeBase } from '../support/knowledge-base';

let kb: KnowledgeBase;
beforeAll(async () => {
  kb = await testKnowledgeBase();
});

const CHANNELS: GatewayApiChannel[] = ['standard', 'experimental'];
const newestKubernetes = () => kb.releases[kb.releases.length - 1].version;
const kindOf = (r: GatewayApiRelease, channel: GatewayApiChannel, group: string, kind: string) =>
  r.kinds.find((k) => k.channel === channel && k.group === group && k.kind === kind);
const hasField = (r: GatewayApiRelease, channel: GatewayApiChannel, gkv: string, path: string) =>
  kb.gatewayApi.fields.some(
    (f) =>
      `${f.group}/${f.version} ${f.kind}` === gkv &&
      f.channel === channel &&
      f.path === path &&
      f.releases.includes(r.version),
  );

function pairs(): [GatewayApiRelease, GatewayApiRelease][] {
  const rs = kb.gatewayApi.releases;
  const last = rs[rs.length - 1];
  const out: [GatewayApiRelease, GatewayApiRelease][] = [];
  for (let i = 0; i + 1 < rs.length; i++) {
    out.push([rs[i], rs[i + 1]]);
    if (i + 1 < rs.length - 1) out.push([rs[i], last]);
  }
  return out;
}

/** An object carrying `path` ("spec.rules[].timeouts.request"): lists of one item, a string at the end. */
function objectWith(apiVersion: string, kind: string, name: string, path: string | null): string {
  const value: Record<string, unknown> = {};
  if (path) {
    let at: Record<string, unknown> = value;
    const steps = path.split('.');
    steps.forEach((step, i) => {
      const list = step.endsWith('[]');
      const key = list ? step.slice(0, -2) : step;
      if (i === steps.length - 1) {
        at[key] = list ? ['x'] : 'x';
        return;
      }
      const next: Record<string, unknown> = {};
      at[key] = list ? [next] : next;
      at = next;
    });
  }
  return JSON.stringify({ apiVersion, kind, metadata: { name }, ...value });
}

const seen = new Set<string>();
const fixOf = (f: { fix: string | null }) => f.fix ?? '';

describe('gateway-api advice on every bundle pair', () => {
  it('kinds and versions: reported exactly when the to bundle lacks them, with true advice', () => {
    const all = new Map<string, { group: string; kind: string; version: string }>();
    for (const r of kb.gatewayApi.releases)
      for (const k of r.kinds)
        for (const version of k.servedVersions)
          all.set(`${k.group}/${version} ${k.kind}`, { group: k.group, kind: k.kind, version });
    const objects = [...all.values()];
    const manifest = objects
      .map((o, i) => objectWith(`${o.group}/${o.version}`, o.kind, `o${i}`, null))
      .join('\n---\n');
    let checked = 0;
    for (const [from, to] of pairs())
      for (const channel of CHANNELS) {
        const kube = formatVersion(Math.max(to.minKubernetes ?? 0, newestKubernetes() - 1));
        const report = upgradeReport(kb, {
          from: kube,
          to: formatVersion(newestKubernetes()),
          manifest,
          gatewayApi: {
            from: from.version,
            to: to.version,
            channel: channel === 'experimental' ? 'EXPERIMENTAL' : 'STANDARD',
          },
        });
        const findings = report.findings.filter((f) => f.ruleId === 'gateway-api');
        objects.forEach((o, i) => {
          const mine = findings.filter((f) => f.resource.name === `o${i}` && f.messageId !== 'kubernetes-too-old');
          const inChannel = kindOf(to, channel, o.group, o.kind);
          const anywhere = inChannel ?? kindOf(to, 'experimental', o.group, o.kind);
          const label = `${o.group}/${o.version} ${o.kind} ${from.version}->${to.version} ${channel}`;
          const expected = !anywhere
            ? kindOf(from, channel, o.group, o.kind) || kindOf(from, 'experimental', o.group, o.kind)
              ? 'kind-removed'
              : 'kind-unknown'
            : !inChannel
              ? 'kind-experimental'
              : !inChannel.servedVersions.includes(o.version)
                ? kindOf(from, channel, o.group, o.kind)?.servedVersions.includes(o.version) &&
                  !kindOf(to, 'experimental', o.group, o.kind)?.servedVersions.includes(o.version)
                  ? 'version-removed'
                  : 'version-not-served'
                : inChannel.deprecatedVersions.includes(o.version)
                  ? 'version-deprecated'
                  : null;
          expect([label, mine.map((f) => f.messageId)]).toEqual([label, expected ? [expected] : []]);
          for (const f of mine) {
            checked++;
            seen.add(f.messageId);
            expect(f.gatewayApiRelease).toBe(to.version);
            expect(f.effectiveIn).toBe(newestKubernetes());
            if (f.replacement) {
              // The version to write is served by `to` in the channel, and the "since" release serves it.
              const v = f.replacement.slice(o.group.length + 1);
              expect([label, inChannel?.servedVersions.includes(v)]).toEqual([label, true]);
              const since = /serves it (?:since|only from) (v\d+\.\d+\.\d+)/.exec(fixOf(f));
              if (since) {
                const r = kb.gatewayApiRelease(since[1])!;
                expect([label, kindOf(r, channel, o.group, o.kind)?.servedVersions.includes(v)]).toEqual([label, true]);
                expect([label, fixOf(f).includes('before installing')]).toEqual([
                  label,
                  kindOf(from, channel, o.group, o.kind)?.servedVersions.includes(v) ?? false,
                ]);
              }
            }
            const first = /Gateway API (v\d+\.\d+\.\d+) is the (first|last) release/.exec(fixOf(f));
            if (first) {
              const r = kb.gatewayApiRelease(first[1])!;
              expect([
                label,
                Boolean(kindOf(r, 'standard', o.group, o.kind) ?? kindOf(r, 'experimental', o.group, o.kind)),
              ]).toEqual([label, true]);
              expect([label, first[2] === 'first' ? r.position > to.position : r.position < to.position]).toEqual([
                label,
                true,
              ]);
            }
          }
        });
      }
    expect(checked).toBeGreaterThan(100);
  });

  it('fields: experimental only where the standard CRD lacks them, removed only where from has them', () => {
    let checked = 0;
    for (const [from, to] of pairs())
      for (const channel of CHANNELS) {
        // The outermost paths `to`'s channel lacks while its experimental channel or `from` has them.
        const candidates = kb.gatewayApi.fields.filter(
          (f) =>
            (f.releases.includes(to.version) && channel === 'standard' && f.channel === 'experimental') ||
            (f.releases.includes(from.version) && f.channel === channel),
        );
        const objects = new Map<string, { gkv: string; path: string }>();
        for (const f of candidates) {
          const gkv = `${f.group}/${f.version} ${f.kind}`;
          if (!kindOf(to, channel, f.group, f.kind)?.servedVersions.includes(f.version)) continue;
          if (hasField(to, channel, gkv, f.path) || f.path.startsWith('status')) continue;
          const parent = f.path.replace(/(\[\])?\.[^.]+$|\[\]$/, '');
          if (parent !== f.path && parent.includes('.') && !hasField(to, channel, gkv, parent)) continue;
          objects.set(`${gkv} ${f.path}`, { gkv, path: f.path });
        }
        if (objects.size === 0) continue;
        const list = [...objects.values()];
        const manifest = list
          .map((o, i) => {
            const [apiVersion, kind] = o.gkv.split(' ');
            return objectWith(apiVersion, kind, `f${i}`, o.path);
          })
          .join('\n---\n');
        const report = upgradeReport(kb, {
          from: formatVersion(newestKubernetes() - 1),
          to: formatVersion(newestKubernetes()),
          manifest,
          gatewayApi: {
            from: from.version,
            to: to.version,
            channel: channel === 'experimental' ? 'EXPERIMENTAL' : 'STANDARD',
          },
        });
        list.forEach((o, i) => {
          const label = `${o.gkv} ${o.path} ${from.version}->${to.version} ${channel}`;
          const mine = report.findings.filter((f) => f.resource.name === `f${i}` && f.messageId.startsWith('field-'));
          const experimental = channel === 'standard' && hasField(to, 'experimental', o.gkv, o.path);
          const expected = experimental
            ? 'field-experimental'
            : hasField(from, channel, o.gkv, o.path)
              ? 'field-removed'
              : null;
          expect([label, mine.map((f) => f.messageId)]).toEqual([label, expected ? [expected] : []]);
          for (const f of mine) {
            checked++;
            seen.add(f.messageId);
            expect([label, f.message]).toEqual([label, expect.stringContaining(o.path)]);
            const later = /standard channel has it from (v\d+\.\d+\.\d+)/.exec(fixOf(f));
            if (later)
              expect([label, hasField(kb.gatewayApiRelease(later[1])!, 'standard', o.gkv, o.path)]).toEqual([
                label,
                true,
              ]);
          }
        });
      }
    expect(checked).toBeGreaterThan(20);
  });

  it('a bundle that needs a newer Kubernetes names one that fits', () => {
    const manifest = objectWith('gateway.networking.k8s.io/v1', 'HTTPRoute', 'web', null);
    for (const to of kb.gatewayApi.releases) {
      if (to.minKubernetes === null || to.minKubernetes - 1 < kb.releases[0].version) continue;
      const kube = to.minKubernetes - 1;
      const [f] = upgradeReport(kb, {
        from: formatVersion(kube - 1 >= kb.releases[0].version ? kube - 1 : kube),
        to: formatVersion(kube),
        manifest,
        gatewayApi: {
          from: kb.gatewayApi.releases[0].version,
          to: to.version,
        },
      }).findings.filter((x) => x.messageId === 'kubernetes-too-old');
      expect([to.version, f?.severity]).toEqual([to.version, 'BREAKING']);
      seen.add(f.messageId);
      if (f.replacement) {
        const fits = kb.gatewayApiRelease(f.replacement)!;
        expect([
          to.version,
          fits.minKubernetes !== null && fits.minKubernetes <= kube && fits.position <= to.position,
        ]).toEqual([to.version, true]);
      }
    }
  });

  it('every message of the rule but kubernetes-support-unknown was produced and checked above', () => {
    expect([...seen].sort()).toEqual(
      [
        'field-experimental',
        'field-removed',
        'kind-experimental',
        'kind-removed',
        'kind-unknown',
        'kubernetes-too-old',
        'version-deprecated',
        'version-not-served',
        'version-removed',
      ].sort(),
    );
  });
});
