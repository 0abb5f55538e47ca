// The dated facts netkb stats counts per release, by where they come from (provenance.ts counts them).
export const FACT_KINDS = ['apiVersions', 'apiFields', 'gateStages', 'flags', 'metrics'] as const;
export type FactKind = (typeof FACT_KINDS)[number];
export interface FactOrigins {
  generated: number;
  agreeing: number;
  curated: number;
}
/** release -> kind of fact -> how many came from where. */
export type FactsByRelease = Record<string, Record<FactKind, FactOrigins>>;
