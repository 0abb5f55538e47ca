// seed/generated/flag-events.json (written by `netkb import flag-notes`): the flag removals and deprecations the
// release notes of each release state for one component (a note that names exactly one component of
// components.yaml), each with the release, the pull request and the address of that release's notes. The loader
// makes a shallow flag record of every flag no curated record has (generated-flags.ts) and holds the curated
// ones to the same events.
import { z } from 'zod';
import type { SeedProblem } from './bundle';
import { readGeneratedFile } from './generated-file';

export const FLAG_EVENTS_FILE = 'flag-events.json';

const release = z.string().regex(/^\d+\.\d+$/, 'a release such as "1.33"');

const flagEventsFileSchema = z.strictObject({
  generatedBy: z.literal('netkb import flag-notes'),
  releases: z.array(z.strictObject({ release, source: z.url() })),
  events: z.array(
    z.strictObject({
      component: z.string().min(1),
      flag: z.string().regex(/^--[a-z0-9][a-z0-9-]*$/),
      release,
      event: z.enum(['removed', 'deprecated']),
      pr: z.number().int().positive().nullable(),
      /** The flag the same sentence names as its successor ("in favor of --y", "use --y instead"), if any. */
      successor: z
        .string()
        .regex(/^--[a-z0-9][a-z0-9-]*$/)
        .optional(),
    }),
  ),
  /**
   * The values of list flags the notes remove or deprecate, named by the words of the notes source's valueNames
   * ("the `PodSecurityPolicy` admission plugin ... is removed"): one entry per flag that takes the value.
   */
  values: z
    .array(
      z.strictObject({
        component: z.string().min(1),
        flag: z.string().regex(/^--[a-z0-9][a-z0-9-]*$/),
        value: z.string().min(1),
        release,
        event: z.enum(['removed', 'deprecated']),
        pr: z.number().int().positive().nullable(),
      }),
    )
    .default([]),
  /**
   * The notes of one component (attributed as the events are) that name one of its flags and speak of values,
   * defaults or the flag's life: per component, flag, release and pull request. A curated value or default change
   * of a release must be one of these, and its record must cite the pull request.
   */
  valueNotes: z
    .array(
      z.strictObject({
        component: z.string().min(1),
        flag: z.string().regex(/^--[a-z0-9][a-z0-9-]*$/),
        release,
        pr: z.number().int().positive().nullable(),
      }),
    )
    .default([]),
  /**
   * The values of configuration-file fields the notes remove or deprecate (a scheduler plugin, kubeadm's kube-dns),
   * by the words of the notes source's configValueNames: every event stated, per component, value and release.
   * The curated api-field records' values are held to them both ways (generated-config-values.ts).
   */
  configValues: z
    .array(
      z.strictObject({
        component: z.string().min(1),
        value: z.string().min(1),
        release,
        event: z.enum(['removed', 'deprecated']),
        pr: z.number().int().positive().nullable(),
      }),
    )
    .default([]),
});
export type FlagEventsFile = z.infer<typeof flagEventsFileSchema>;
export type FlagEvent = FlagEventsFile['events'][number];
export type FlagValueEvent = FlagEventsFile['values'][number];
export type ConfigValueEvent = FlagEventsFile['configValues'][number];

/** Reads seed/generated/flag-events.json; null when the seed has none. */
export function readFlagEvents(seedDir: string, problems: SeedProblem[]): FlagEventsFile | null {
  return readGeneratedFile(
    seedDir,
    FLAG_EVENTS_FILE,
    flagEventsFileSchema,
    { noun: 'flag-events index', verb: 'flag-notes' },
    problems,
  );
}
