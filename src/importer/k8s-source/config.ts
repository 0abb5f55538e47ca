// seed/generated/k8s-source.yaml: what the importer reads and which generated facts become records.
import { readFileSync } from 'node:fs';
import { load } from 'js-yaml';
import { z } from 'zod';

const release = z.string().regex(/^\d+\.\d+$/);
const importConfigSchema = z.object({
  api: z.object({
    repository: z.url(),
    fromRelease: release,
    develBranch: z.string().nullable(),
    recordsFrom: release,
    alphaGroups: z.array(z.string()),
    skipKinds: z.array(z.string()).default([]),
    fieldKinds: z.array(z.object({ group: z.string(), kind: z.string() })),
    betaOffByDefaultFrom: release,
    betaOffByDefaultSource: z.url(),
  }),
  componentConfigs: z
    .array(
      z.object({
        component: z.string(),
        repository: z.url(),
        apiVersion: z.string(),
        kind: z.string(),
        dir: z.string(),
      }),
    )
    .default([]),
  /**
   * Go packages other than a kind's own whose struct types the configuration types use (inlined, or as a field's
   * type), by import path: the repository (a --config-repo NAME) and the file to read at the same release tag.
   */
  configPackages: z
    .record(z.string(), z.object({ repo: z.string(), repository: z.url(), file: z.string() }))
    .default({}),
  kubernetes: z.object({
    repository: z.url(),
    featureGates: z.array(z.string()).min(1),
    featureGateConstants: z.array(z.string()).default([]),
    metrics: z.array(z.object({ component: z.string(), file: z.string() })),
  }),
});
export type ImportConfig = z.infer<typeof importConfigSchema>;

export function readImportConfig(file: string): ImportConfig {
  const parsed = importConfigSchema.safeParse(load(readFileSync(file, 'utf8')));
  if (!parsed.success)
    throw new Error(`${file}: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
  return parsed.data;
}
