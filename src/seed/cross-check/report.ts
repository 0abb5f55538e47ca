// What the check against the generated index reports (netkb stats and npm run seed:check print it).
import type { FactsByRelease } from './facts';

/** What is counted: the record types, and the gates' components checked against their KEPs. */
export type CheckedKind = 'apiVersions' | 'apiFields' | 'featureGates' | 'featureGateComponents' | 'metrics' | 'flags';

export interface CrossCheckReport {
  /** Curated records that agree with the index or explain every difference. */
  checked: Record<CheckedKind, number>;
  /** Curated records the index has nothing to say about (another repository's group, a gate removed before the list). */
  notCovered: Record<CheckedKind, number>;
  /** api-versions records generated from the index. */
  generated: number;
  /** Values filled in from the index where the curated record left them out. */
  filled: number;
  /** What was filled, one line each: file:line record field = value. */
  filledValues: string[];
  /** Disagreements explained by a sourceOverrides entry. */
  overridden: number;
  /** Per release, the dated facts generated from the source, curated and confirmed by it, or curated alone. */
  facts: FactsByRelease;
  /**
   * api-versions migrationNotes against the differences of the types (migration-notes.ts): notes checked, notes
   * of a version the field index lacks, and one line per field a replacement drops that nothing names.
   */
  migrationNotes: { checked: number; notCovered: number; gaps: string[] };
  /**
   * The flags' value and default changes (values' deprecations and removals, acceptsOnly, later defaults) held to
   * the release notes that speak of the flag (flag-events.json), and those dated before the first notes read.
   */
  flagValueChanges: { checked: number; notCovered: number };
  /**
   * The configuration-file field values' deprecations and removals (api-field `values`) held to the release notes
   * (flag-events.json configValues), and those dated outside the notes read.
   */
  configValueChanges: { checked: number; notCovered: number };
}
