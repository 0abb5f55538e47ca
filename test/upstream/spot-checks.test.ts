// Spot checks of the seed against the upstream files it was curated from (../shared/upstream), run by
// `npm run test:upstream` (and by CI), not by `npm test`:
// feature-gate stages, defaults and locks against Kubernetes' generated feature list, the per-gate website
// pages and what the release notes of 1.30 on say of gates; API removals against Pluto's list.
// Where the seed deliberately departs from a source, its record's notes must say so.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { loadSeed } from '../../src/seed/load';
import { projectRoot, seedDir } from '../../src/config';
import { gateClaims } from './gate-claims';

// Where the upstream reference files are: ../shared/upstream beside the project (as CI has them), or
// NETKB_UPSTREAM_DIR. Missing, this suite fails rather than pass without checking anything.
const upstream = process.env.NETKB_UPSTREAM_DIR ?? join(projectRoot(), '..', 'shared', 'upstream');
const bundle = loadSeed(seedDir());
const v = (s: string) => {
  const [a, b] = s.split('.').map(Number);
  return a * 1000 + b;
};
const next = (s: string) => `1.${(v(s) % 1000) + 1}`;
type GateRecord = (typeof bundle.featureGates)[number]['record'];
/** The record's stage in a release (a version key); null before its first stage, after its last or once removed. */
const stageIn = (g: GateRecord, r: number) => {
  if (g.removedIn && v(g.removedIn) <= r) return null;
  return g.lifecycle.find((s) => v(s.since) <= r && (s.until == null || r <= v(s.until))) ?? null;
};

if (!existsSync(upstream)) {
  test('the upstream reference data is present beside the project', () => {
    expect(
      `${upstream} is missing: put the upstream reference files beside the project (../shared/upstream) or set NETKB_UPSTREAM_DIR`,
    ).toBe('present');
  });
} else {
  describe('feature gates against the 1.36 feature list', () => {
    const text = readFileSync(join(upstream, 'kubernetes-feature-gates', 'k8s-feature_list-v1.36dev.md'), 'utf8');
    const rows = new Map<string, string[]>();
    for (const line of text.split('\n')) {
      const cells = line.split('|').map((c) => c.trim());
      if (cells.length > 8 && /^[A-Z]/.test(cells[1]) && cells[1] !== 'Feature') rows.set(cells[1], cells.slice(1));
    }
    const STAGES = ['ALPHA', 'BETA', 'GA', 'DEPRECATED'] as const;
    const gates = bundle.featureGates.filter((g) => rows.has(g.record.name));

    it('reads the feature list and covers a good number of gates', () => {
      expect(rows.size).toBeGreaterThan(100);
      expect(gates.length).toBeGreaterThanOrEqual(12);
    });

    it.each(gates.map((g) => [g.record.name, g] as const))(
      '%s has the stages, defaults and locks the feature list gives, from 1.14 on',
      (name, g) => {
        const row = rows.get(name)!;
        const mismatches: string[] = [];
        // "1.16+" in Enabled / Locked: on (locked) from that release; empty: never.
        const from = (cell: string) => (/^\d+\.\d+\+$/.test(cell) ? v(cell.slice(0, -1)) : Infinity);
        const enabledFrom = from(row[1]);
        const lockedFrom = from(row[2]);
        STAGES.forEach((stage, i) => {
          const range = row[3 + i];
          if (!range) return;
          const m = /^(\d+\.\d+)(?:–(\d+\.\d+)?)?$/.exec(range);
          if (!m) return;
          const first = Math.max(v(m[1]), 1014);
          const to = m[2] ? v(m[2]) : range.endsWith('–') ? 1036 : v(m[1]);
          for (let r = first; r <= Math.min(to, 1036); r++) {
            const ours = stageIn(g.record, r);
            if (!ours) {
              mismatches.push(`${r % 1000}: no stage vs ${stage}`);
              continue;
            }
            if (ours.stage !== stage) mismatches.push(`${r % 1000}: ${ours.stage} vs ${stage}`);
            if (ours.defaultEnabled !== r >= enabledFrom)
              mismatches.push(
                `${r % 1000}: ${ours.defaultEnabled ? 'on' : 'off'} vs ${r >= enabledFrom ? 'on' : 'off'}`,
              );
            if (ours.lockedToDefault != null && ours.lockedToDefault !== r >= lockedFrom)
              mismatches.push(
                `${r % 1000}: ${ours.lockedToDefault ? 'locked' : 'not locked'} vs ${r >= lockedFrom ? 'locked' : 'not locked'}`,
              );
          }
        });
        const explained = /feature list|feature_list/i.test(g.record.notes ?? '');
        expect(explained ? [] : mismatches).toEqual([]);
      },
    );
  });

  describe('feature gates against their per-gate website pages', () => {
    const dir = join(upstream, 'kubernetes-website', 'feature-gates');
    const STAGE: Record<string, string> = { alpha: 'ALPHA', beta: 'BETA', stable: 'GA', deprecated: 'DEPRECATED' };
    type PageStage = {
      stage: string;
      defaultValue: boolean;
      fromVersion: string;
      toVersion?: string;
      locked?: boolean;
    };
    const pages = readdirSync(dir)
      .filter((f) => f.endsWith('.md'))
      .map((f) => {
        const front = parse(readFileSync(join(dir, f), 'utf8').split(/^---$/m)[1]) as {
          title: string;
          stages: PageStage[];
          removed?: boolean;
        };
        return { file: f, ...front };
      });
    const byName = new Map(bundle.featureGates.map((g) => [g.record.name, g.record]));

    it('reads every stored page, each of a gate the seed has', () => {
      expect(pages.length).toBeGreaterThanOrEqual(16);
      expect(pages.filter((p) => !byName.has(p.title)).map((p) => p.title)).toEqual([]);
    });

    it.each(pages.map((p) => [p.title, p] as const))(
      '%s: each release the page covers has its stage, default and lock; a removed page, our removedIn',
      (name, page) => {
        const g = byName.get(name)!;
        const mismatches: string[] = [];
        const last = page.stages[page.stages.length - 1];
        const end = last.toVersion ? v(last.toVersion) : 1036;
        for (let r = v(page.stages[0].fromVersion); r <= end; r++) {
          // Some pages let two stages share a release (one's toVersion is the next one's fromVersion): either will do.
          const claimed = page.stages.filter((s) => v(s.fromVersion) <= r && r <= (s.toVersion ? v(s.toVersion) : end));
          const ours = stageIn(g, r);
          if (claimed.length === 0) continue;
          if (!ours) {
            if (last.toVersion || !g.removedIn || r < v(g.removedIn)) mismatches.push(`${r % 1000}: no stage here`);
            continue;
          }
          const fits = claimed.some(
            (s) =>
              STAGE[s.stage] === ours.stage &&
              s.defaultValue === ours.defaultEnabled &&
              (!s.locked || ours.lockedToDefault === true),
          );
          if (!fits)
            mismatches.push(
              `${r % 1000}: ${ours.stage} ${ours.defaultEnabled ? 'on' : 'off'} vs ${claimed.map((s) => `${STAGE[s.stage]} ${s.defaultValue ? 'on' : 'off'}${s.locked ? ' locked' : ''}`).join(' or ')}`,
            );
        }
        // The page's toVersion is the last release with the gate.
        if (page.removed && g.removedIn !== (last.toVersion ? next(last.toVersion) : undefined))
          mismatches.push(`removedIn ${g.removedIn} vs the page's last release ${last.toVersion}`);
        expect(mismatches).toEqual([]);
      },
    );
  });

  describe('feature gates against what the release notes say of them (1.30 on)', () => {
    const releases = ['1.30', '1.31', '1.32', '1.33', '1.34', '1.35', '1.36', '1.37'];
    const names = new Set(bundle.featureGates.map((g) => g.record.name));
    const claims = releases.flatMap((release) => {
      const notes = JSON.parse(
        readFileSync(join(upstream, 'sig-release-notes', `release-notes-draft-${release}.json`), 'utf8'),
      ) as Record<string, { text: string; pr_number: number }>;
      return Object.values(notes).flatMap((n) =>
        gateClaims(n.text)
          .filter((c) => names.has(c.gate))
          .map((c) => ({ ...c, release, pr: n.pr_number })),
      );
    });

    it("finds claims about many of the seed's gates", () => {
      expect(new Set(claims.map((c) => c.gate)).size).toBeGreaterThanOrEqual(30);
      expect(new Set(claims.map((c) => c.release))).toEqual(new Set(releases));
    });

    it.each(claims.map((c) => [`${c.release} #${c.pr} ${c.gate} ${c.claim}`, c] as const))(
      "%s: the seed agrees, or the gate's notes cite the PR",
      (_title, c) => {
        const g = bundle.featureGates.find((x) => x.record.name === c.gate)!.record;
        const r = v(c.release);
        const removed = g.removedIn != null && v(g.removedIn) <= r;
        const ours = removed ? null : stageIn(g, r);
        const agrees =
          c.claim === 'REMOVED'
            ? removed
            : c.claim === 'LOCKED'
              ? removed || ours?.lockedToDefault === true
              : c.claim === 'ON' || c.claim === 'OFF'
                ? ours?.defaultEnabled === (c.claim === 'ON')
                : ours?.stage === c.claim;
        const explained = new RegExp(`#${c.pr}\\b`).test(g.notes ?? '');
        expect({
          gate: c.gate,
          in: c.release,
          seed: removed ? 'removed' : ours ? `${ours.stage} ${ours.defaultEnabled ? 'on' : 'off'}` : 'none',
          agrees: agrees || explained,
        }).toMatchObject({ agrees: true });
      },
    );
  });

  describe('API removals against Pluto', () => {
    const pluto = parse(readFileSync(join(upstream, 'pluto', 'versions.yaml'), 'utf8'))[
      'deprecated-versions'
    ] as Record<string, string>[];
    const ours = new Map(bundle.apiVersions.map((a) => [`${a.record.apiVersion} ${a.record.kind}`, a.record]));
    const entries = pluto.filter((p) => p.component === 'k8s' && p['removed-in'] && ours.has(`${p.version} ${p.kind}`));

    it("covers most of Pluto's Kubernetes entries", () => {
      expect(entries.length).toBeGreaterThanOrEqual(70);
    });

    it.each(entries.map((p) => [`${p.version} ${p.kind}`, p] as const))(
      '%s: same removal release, or a note explains why not',
      (key, p) => {
        const record = ours.get(key)!;
        const theirs = p['removed-in'].replace(/^v(\d+\.\d+).*$/, '$1');
        const explained = /Pluto/i.test(record.notes ?? '');
        expect(explained ? theirs : record.removedIn).toBe(theirs);
      },
    );

    it('has flowcontrol v1beta1 removed in 1.26, not 1.29 as Pluto says', () => {
      expect(ours.get('flowcontrol.apiserver.k8s.io/v1beta1 FlowSchema')?.removedIn).toBe('1.26');
    });
  });

  describe('facts the product must get right', () => {
    const gate = (name: string) => bundle.featureGates.find((g) => g.record.name === name)?.record;
    const api = (key: string) =>
      bundle.apiVersions.find((a) => `${a.record.apiVersion} ${a.record.kind}` === key)?.record;

    it.each([
      ['extensions/v1beta1 Ingress', '1.22'],
      ['networking.k8s.io/v1beta1 Ingress', '1.22'],
      ['extensions/v1beta1 NetworkPolicy', '1.16'],
      ['discovery.k8s.io/v1beta1 EndpointSlice', '1.25'],
      ['apps/v1beta2 Deployment', '1.16'],
      ['batch/v1beta1 CronJob', '1.25'],
      ['policy/v1beta1 PodSecurityPolicy', '1.25'],
    ])('%s stops being served in %s', (key, removedIn) => {
      expect(api(key)?.removedIn).toBe(removedIn);
    });

    it('IPv6DualStack: alpha off from 1.16, beta on from 1.21, GA locked from 1.23, gone in 1.25', () => {
      expect(gate('IPv6DualStack')).toMatchObject({
        removedIn: '1.25',
        lifecycle: [
          { stage: 'ALPHA', defaultEnabled: false, since: '1.16' },
          { stage: 'BETA', defaultEnabled: true, since: '1.21' },
          { stage: 'GA', defaultEnabled: true, lockedToDefault: true, since: '1.23' },
        ],
      });
    });
  });
}
