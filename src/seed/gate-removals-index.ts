// seed/generated/gate-removals.json (written by `netkb import gate-notes`): the feature-gate removals the
// release notes of each release state, one per gate, release and pull request, with the address of each
// release's notes. Typed and read here; generated-gates.ts uses it where the feature files cannot date a removal.
import { existsSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { z } from 'zod';
import type { SeedProblem } from './bundle';

export const GATE_REMOVALS_FILE = 'gate-removals.json';
export const GATE_REMOVALS_SOURCE_FILE = 'gate-removals-source.yaml';

const release = z.string().regex(/^\d+\.\d+$/, 'a release such as "1.33"');
const commit = z.string().regex(/^[0-9a-f]{40}$/, 'the full commit read (40 hex digits)');

export const gateRemovalsSourceSchema = z.strictObject({
  repository: z.url(),
  releases: z.record(release, z.strictObject({ file: z.string().min(1), path: z.string().min(1), commit })),
});
export type GateRemovalsSource = z.infer<typeof gateRemovalsSourceSchema>;

const gateRemovalsFileSchema = z.strictObject({
  generatedBy: z.literal('netkb import gate-notes'),
  releases: z.array(z.strictObject({ release, source: z.url() })),
  removals: z.array(z.strictObject({ gate: z.string().min(1), release, pr: z.number().int().positive().nullable() })),
});
export type GateRemovalsFile = z.infer<typeof gateRemovalsFileSchema>;

export interface NoteRemoval {
  release: string;
  /** The pull request the note cites, or null. */
  pr: number | null;
  /** The address of that release's notes at the commit read. */
  source: string;
}

/** Reads seed/generated/gate-removals.json; null when the seed has none (generated gates then use the files alone). */
export function readGateRemovals(seedDir: string, problems: SeedProblem[]): Map<string, NoteRemoval[]> | null {
  const path = join(seedDir, 'generated', GATE_REMOVALS_FILE);
  if (!existsSync(path)) return null;
  const rel = relative(join(seedDir, '..'), path);
  let data: unknown;
  try {
    data = JSON.parse(readFileSync(path, 'utf8'));
  } catch (err) {
    problems.push({
      file: rel,
      message: `cannot be read: ${(err as Error).message.split('\n')[0]}; regenerate it with netkb import gate-notes`,
    });
    return null;
  }
  const r = gateRemovalsFileSchema.safeParse(data);
  if (!r.success) {
    problems.push({
      file: rel,
      message: `not a gate-removals index: ${r.error.issues
        .slice(0, 3)
        .map((i) => `${i.path.join('.')}: ${i.message}`)
        .join('; ')}; regenerate it with netkb import gate-notes`,
    });
    return null;
  }
  const sources = new Map(r.data.releases.map((x) => [x.release, x.source]));
  const out = new Map<string, NoteRemoval[]>();
  for (const x of r.data.removals) {
    const source = sources.get(x.release);
    if (!source) {
      problems.push({ file: rel, message: `removals: ${x.gate} ${x.release} names a release the file does not list` });
      continue;
    }
    out.set(x.gate, [...(out.get(x.gate) ?? []), { release: x.release, pr: x.pr, source }]);
  }
  return out;
}
