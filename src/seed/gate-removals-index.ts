// seed/generated/gate-removals.json (written by `netkb import gate-notes`): the feature-gate removals the
// release notes of each release state, one per gate, release and pull request, with the address of each
// release's notes. Typed and read here; generated-gates.ts uses it where the feature files cannot date a removal.
import { z } from 'zod';
import type { SeedProblem } from './bundle';
import { readGeneratedFile } from './generated-file';

export const GATE_REMOVALS_FILE = 'gate-removals.json';
export const GATE_REMOVALS_SOURCE_FILE = 'gate-removals-source.yaml';

const release = z.string().regex(/^\d+\.\d+$/, 'a release such as "1.33"');
const commit = z.string().regex(/^[0-9a-f]{40}$/, 'the full commit read (40 hex digits)');

export const gateRemovalsSourceSchema = z.strictObject({
  repository: z.url(),
  /**
   * For netkb import flag-notes: the area labels of the JSON notes that name one component (a note whose text
   * names no component is attributed by them), and the areas of other tools whose flags a note may be about.
   */
  componentAreas: z.record(z.string().min(1), z.string().min(1)).default({}),
  otherToolAreas: z.array(z.string().min(1)).default([]),
  /**
   * For netkb import flag-notes: the words by which the notes name the values of a component's list flags, and
   * those flags (an admission plugin is a value of kube-apiserver's --enable-admission-plugins and its siblings).
   */
  valueNames: z
    .array(
      z.strictObject({
        nouns: z.array(z.string().regex(/^[a-z][a-z ]*[a-z]$/, 'lower-case words, such as "admission plugin"')).min(1),
        component: z.string().min(1),
        flags: z
          .array(z.string().regex(/^--[a-z0-9][a-z0-9-]*$/, 'a flag such as "--enable-admission-plugins"'))
          .min(1),
      }),
    )
    .default([]),
  /**
   * For netkb import flag-notes: the words by which the notes name the values of a component's configuration-file
   * fields (scheduler plugins, kubeadm's DNS type): nouns written beside a value ("the `X` plugin"), or the values
   * themselves when the notes name them bare ("kube-dns is deprecated"). Read in notes that name the component.
   */
  configValueNames: z
    .array(
      z
        .strictObject({
          component: z.string().min(1),
          nouns: z
            .array(z.string().regex(/^[a-z][a-z ]*[a-z]$/, 'lower-case words, such as "plugin"'))
            .min(1)
            .optional(),
          values: z.array(z.string().min(1)).min(1).optional(),
          /**
           * Pull requests whose notes speak of the component's values without naming the component (the 1.22 note
           * of #101822 folds three scheduler plugins into NodeResourcesFit): read as if they named it.
           */
          notes: z.array(z.number().int().positive()).min(1).optional(),
        })
        .refine((e) => e.nouns || e.values, { message: 'needs nouns, values or both' }),
    )
    .default([]),
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
  const data = readGeneratedFile(
    seedDir,
    GATE_REMOVALS_FILE,
    gateRemovalsFileSchema,
    { noun: 'gate-removals index', verb: 'gate-notes' },
    problems,
  );
  if (!data) return null;
  const rel = `seed/generated/${GATE_REMOVALS_FILE}`;
  const sources = new Map(data.releases.map((x) => [x.release, x.source]));
  const out = new Map<string, NoteRemoval[]>();
  for (const x of data.removals) {
    const source = sources.get(x.release);
    if (!source) {
      problems.push({ file: rel, message: `removals: ${x.gate} ${x.release} names a release the file does not list` });
      continue;
    }
    out.set(x.gate, [...(out.get(x.gate) ?? []), { release: x.release, pr: x.pr, source }]);
  }
  return out;
}
