// Spot checks of the seed against the upstream files it was curated from (../shared/upstream), run by
// `npm run test:upstream` (and by CI), not by `npm test`:
// feature-gate stages against Kubernetes' generated feature list, and API removals against Pluto's list.
// Where the seed deliberately departs from a source, its record's notes must say so.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { loadSeed } from '../../src/seed/load';
import { projectRoot, seedDir } from '../../src/config';

// Where the upstream reference files are: ../shared/upstream beside the project (as CI has them), or
// NETKB_UPSTREAM_DIR. Missing, this suite fails rather than pass without checking anything.
const upstream = process.env.NETKB_UPSTREAM_DIR ?? join(projectRoot(), '..', 'shared', 'upstream');
const bundle = loadSeed(seedDir());
const v = (s: string) => {
  const [a, b] = s.split('.').map(Number);
  return a * 1000 + b;
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
      '%s has the stages the feature list gives, from 1.14 on',
      (name, g) => {
        const row = rows.get(name)!;
        const mismatches: string[] = [];
        STAGES.forEach((stage, i) => {
          const range = row[3 + i];
          if (!range) return;
          const m = /^(\d+\.\d+)(?:–(\d+\.\d+)?)?$/.exec(range);
          if (!m) return;
          const from = Math.max(v(m[1]), 1014);
          const to = m[2] ? v(m[2]) : range.endsWith('–') ? 1036 : v(m[1]);
          for (let r = from; r <= Math.min(to, 1036); r++) {
            const ours = [...g.record.lifecycle].reverse().find((s) => v(s.since) <= r);
            if (ours && ours.stage !== stage) mismatches.push(`${r % 1000}: ${ours.stage} vs ${stage}`);
          }
        });
        const explained = /feature list|feature_list/i.test(g.record.notes ?? '');
        expect(explained ? [] : mismatches).toEqual([]);
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
