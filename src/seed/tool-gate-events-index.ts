// seed/generated/tool-gate-events.json (written by `netkb import tool-gate-notes`): the own feature gates of the
// tools whose configuration files netkb reads (kubeadm's ClusterConfiguration featureGates), as the release notes
// of each release add, deprecate, graduate to GA and remove them, with the pull request. The loader makes each
// gate's life from them; the analysis checks a tool's own gate against it (feature-gate ownRemoved, ownNotYetKnown,
// deprecated, graduates) and says a gate no note names is not checked.
import { z } from 'zod';
import type { SeedProblem } from './bundle';
import type { ToolGate } from '../kb/model';
import { readGeneratedFile } from './generated-file';

export const TOOL_GATE_EVENTS_FILE = 'tool-gate-events.json';

const release = z.string().regex(/^\d+\.\d+$/, 'a release such as "1.33"');

const toolGateEventsSchema = z.strictObject({
  generatedBy: z.literal('netkb import tool-gate-notes'),
  releases: z.array(z.strictObject({ release, source: z.url() })),
  events: z.array(
    z.strictObject({
      tool: z.string().min(1),
      gate: z.string().regex(/^[A-Z][A-Za-z0-9]*$/),
      release,
      /** ga: the note graduates the gate to GA (`locked`: and says it is locked to enabled). */
      event: z.enum(['added', 'removed', 'deprecated', 'ga']),
      locked: z.literal(true).optional(),
      pr: z.number().int().positive().nullable(),
    }),
  ),
});
export type ToolGateEventsFile = z.infer<typeof toolGateEventsSchema>;
export type ToolGateEvent = ToolGateEventsFile['events'][number];

/** Reads the events into each tool gate's life; [] when the seed has no such file. */
export function readToolGates(seedDir: string, problems: SeedProblem[]): ToolGate[] {
  const index = readGeneratedFile(
    seedDir,
    TOOL_GATE_EVENTS_FILE,
    toolGateEventsSchema,
    { noun: 'tool gate events index', verb: 'tool-gate-notes' },
    problems,
  );
  if (!index) return [];
  const notesAt = new Map(index.releases.map((r) => [r.release, r.source]));
  const byGate = new Map<string, ToolGate>();
  for (const e of index.events) {
    const key = `${e.tool} ${e.gate}`;
    let gate = byGate.get(key);
    if (!gate)
      byGate.set(
        key,
        (gate = {
          tool: e.tool,
          gate: e.gate,
          introducedIn: null,
          deprecatedIn: null,
          gaIn: null,
          lockedFrom: null,
          removedIn: null,
          sources: [],
        }),
      );
    if (e.event === 'added' && gate.introducedIn === null) gate.introducedIn = e.release;
    if (e.event === 'removed' && gate.removedIn === null) gate.removedIn = e.release;
    if (e.event === 'deprecated' && gate.deprecatedIn === null) gate.deprecatedIn = e.release;
    if (e.event === 'ga' && gate.gaIn === null) gate.gaIn = e.release;
    if (e.event === 'ga' && e.locked && gate.lockedFrom === null) gate.lockedFrom = e.release;
    for (const s of [e.pr ? `https://github.com/kubernetes/kubernetes/pull/${e.pr}` : null, notesAt.get(e.release)])
      if (s && !gate.sources.includes(s)) gate.sources.push(s);
  }
  return [...byGate.values()].sort((a, b) => a.tool.localeCompare(b.tool) || a.gate.localeCompare(b.gate));
}
