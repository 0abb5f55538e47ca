// seed/generated/feature-gates-history.json (written by `netkb import gate-history`): each gate's stage,
// default and lock at every release whose pre-versioned kube_features.go was read, with the copy read for
// each release. Typed, read and checked for damage here; the check against the curated gates is
// cross-check/feature-gate-history.ts.
import { z } from 'zod';
import { formatVersion, parseVersion } from '../kb/version';

const release = z.string().regex(/^\d+\.\d+$/);
const state = {
  stage: z.enum(['ALPHA', 'BETA', 'GA', 'DEPRECATED']),
  defaultEnabled: z.boolean(),
  lockedToDefault: z.boolean(),
};
export const gateHistoryFile = z.object({
  releases: z
    .array(
      z.object({
        release,
        files: z.array(z.object({ module: z.string(), version: z.string(), source: z.url() })).min(1),
      }),
    )
    .min(1),
  featureGates: z.array(
    z.object({ name: z.string(), specs: z.array(z.object({ from: release, to: release, ...state })).min(1) }),
  ),
});
type GateHistoryData = z.infer<typeof gateHistoryFile>;
export type HistoryState = Omit<GateHistoryData['featureGates'][number]['specs'][number], 'from' | 'to'>;

export interface GateHistoryEntry {
  name: string;
  /** Release -> the gate's spec in that release's files; a release read without the gate is absent. */
  states: Map<string, HistoryState>;
  line: number;
}
export interface GateHistory {
  /** The index file, relative to the project root. */
  file: string;
  /** The releases read, in order (a release without a checkable copy is missing: nothing is known of it). */
  releases: string[];
  /** Release -> the URLs of the copies read for it. */
  sources: Map<string, string[]>;
  gates: Map<string, GateHistoryEntry>;
}

/**
 * The history from its parsed file, or the reasons it is damaged (releases out of order, a spec over a
 * release not read or overlapping another, a gate listed twice): a damaged history must not be checked against.
 */
export function toGateHistory(data: GateHistoryData, file: string, text: string): GateHistory | string[] {
  const releases = data.releases.map((r) => r.release);
  const damage: string[] = [];
  releases.forEach((r, i) => {
    if (i > 0 && parseVersion(r) <= parseVersion(releases[i - 1]))
      damage.push(`releases: ${r} follows ${releases[i - 1]}`);
  });
  const lineOf = new Map<string, number>();
  text.split('\n').forEach((l, i) => {
    const m = /^\s*\{"name":"([^"]+)"/.exec(l);
    if (m) lineOf.set(m[1], i + 1);
  });
  const read = new Set(releases);
  const gates = new Map<string, GateHistoryEntry>();
  for (const g of data.featureGates) {
    if (gates.has(g.name)) damage.push(`featureGates: ${g.name} is listed twice`);
    const states = new Map<string, HistoryState>();
    for (const { from, to, ...s } of g.specs) {
      const range: string[] = [];
      for (let r = parseVersion(from); r <= parseVersion(to); r++) range.push(formatVersion(r));
      if (range.length === 0 || range.some((r) => !read.has(r))) {
        damage.push(`featureGates: ${g.name}: ${from}-${to} is not a run of releases read`);
        continue;
      }
      for (let r = parseVersion(from); r <= parseVersion(to); r++) {
        if (states.has(formatVersion(r))) damage.push(`featureGates: ${g.name}: two specs for ${formatVersion(r)}`);
        states.set(formatVersion(r), s);
      }
    }
    gates.set(g.name, { name: g.name, states, line: lineOf.get(g.name) ?? 1 });
  }
  if (damage.length > 0) return damage;
  return {
    file,
    releases,
    sources: new Map(data.releases.map((r) => [r.release, r.files.map((f) => f.source)])),
    gates,
  };
}
