// Rule fixtures: test/fixtures/rules/<rule-id>/*.yaml. Each file says in its leading comments the range
// to check and every finding of that rule it must produce, or "nothing":
//   # from: 1.15
//   # to: 1.20
//   # expect: <rule-id> <messageId> <SEVERITY> <effectiveIn> line=<n> [replacement=<text>]
// and, to check Gateway API objects against a bundle range (rule gateway-api), optionally:
//   # gateway-api: v1.1.0:v1.2.0 standard
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { projectRoot } from '../../src/config';

export interface Expectation {
  ruleId: string;
  messageId: string;
  severity: string;
  effectiveIn: string;
  line: number;
  replacement: string | null;
}
export interface Fixture {
  ruleDir: string;
  file: string;
  name: string;
  text: string;
  from: string;
  to: string;
  /** The "# gateway-api:" range, as upgradeReport takes it. */
  gatewayApi: { from: string; to: string; channel: 'STANDARD' | 'EXPERIMENTAL' } | null;
  expect: Expectation[];
}

export const FIXTURE_ROOT = join(projectRoot(), 'test', 'fixtures', 'rules');

export function loadFixtures(): Fixture[] {
  const out: Fixture[] = [];
  for (const ruleDir of readdirSync(FIXTURE_ROOT).sort()) {
    for (const name of readdirSync(join(FIXTURE_ROOT, ruleDir))
      .filter((f) => f.endsWith('.yaml'))
      .sort()) {
      const file = join(FIXTURE_ROOT, ruleDir, name);
      const text = readFileSync(file, 'utf8');
      const header = (key: string) => [...text.matchAll(new RegExp(`^# ${key}: (.+)$`, 'gm'))].map((m) => m[1].trim());
      const [from] = header('from');
      const [to] = header('to');
      if (!from || !to) throw new Error(`${file}: needs "# from:" and "# to:" lines`);
      const [range] = header('gateway-api');
      const gw = range === undefined ? null : /^(\S+):(\S+) (standard|experimental)$/.exec(range);
      if (range !== undefined && !gw) throw new Error(`${file}: cannot read "# gateway-api: ${range}"`);
      const gatewayApi = gw
        ? {
            from: gw[1],
            to: gw[2],
            channel: gw[3] === 'experimental' ? ('EXPERIMENTAL' as const) : ('STANDARD' as const),
          }
        : null;
      const expect = header('expect')
        .filter((e) => e !== 'nothing')
        .map((e) => {
          const m = /^(\S+) (\S+) (BREAKING|WARNING|INFO) (\S+) line=(\d+)(?: replacement=(.+))?$/.exec(e);
          if (!m) throw new Error(`${file}: cannot read "# expect: ${e}"`);
          return {
            ruleId: m[1],
            messageId: m[2],
            severity: m[3],
            effectiveIn: m[4],
            line: Number(m[5]),
            replacement: m[6] ?? null,
          };
        });
      if (expect.length === 0 && !header('expect').includes('nothing'))
        throw new Error(`${file}: say "# expect: nothing" or list expectations`);
      out.push({ ruleDir, file, name, text, from, to, gatewayApi, expect });
    }
  }
  return out;
}
