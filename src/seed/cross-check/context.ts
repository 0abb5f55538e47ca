// What every part of the check against the generated index shares: the report, the release bound, and how
// a difference is reported (a problem, unless the record's sourceOverrides names the field) or a gap filled.
import type { Located, SeedBundle, SeedProblem } from '../bundle';
import type { SourceOverrideRecord } from '../schemas';
import type { GeneratedIndex } from '../generated-index';
import { parseVersion } from '../../kb/version';
import type { CrossCheckReport } from './report';

export type { CheckedKind, CrossCheckReport } from './report';

export type WithOverrides = { sourceOverrides?: SourceOverrideRecord[] | null };

export interface CheckContext {
  b: SeedBundle;
  index: GeneratedIndex;
  report: CrossCheckReport;
  /** The newest release on record (a version key): nothing later is stated as a fact. */
  newest: number;
  /** The overrides that explained a difference. */
  used: Set<SourceOverrideRecord>;
  problems: SeedProblem[];
  /** A disagreement: a problem unless the record's sourceOverrides names this field; true when reported. */
  differ(loc: Located<WithOverrides>, name: string, field: string, message: string): boolean;
  /** A value the record left out, filled from the index. */
  fill(loc: Located<unknown>, record: string, field: string, value: unknown): void;
  /** What was filled, as `record|field`. */
  filledKeys: Set<string>;
}

export function checkContext(b: SeedBundle, index: GeneratedIndex, problems: SeedProblem[]): CheckContext {
  const report: CrossCheckReport = {
    checked: { apiVersions: 0, apiFields: 0, featureGates: 0, featureGateComponents: 0, metrics: 0, flags: 0 },
    notCovered: { apiVersions: 0, apiFields: 0, featureGates: 0, featureGateComponents: 0, metrics: 0, flags: 0 },
    generated: 0,
    filled: 0,
    filledValues: [],
    overridden: 0,
    facts: {},
    migrationNotes: { checked: 0, notCovered: 0, gaps: [] },
    flagValueChanges: { checked: 0, notCovered: 0 },
    configValueChanges: { checked: 0, notCovered: 0 },
  };
  const filledKeys = new Set<string>();
  const used = new Set<SourceOverrideRecord>();
  return {
    b,
    index,
    report,
    newest: Math.max(...b.releases.map((r) => parseVersion(r.record.version))),
    used,
    problems,
    differ(loc, name, field, message) {
      const override = (loc.record.sourceOverrides ?? []).find((o) => o.field === field);
      if (override) {
        used.add(override);
        report.overridden++;
        return false;
      }
      problems.push({
        file: loc.file,
        record: name,
        field,
        line: loc.line,
        message: `${message} (or add sourceOverrides: [{ field: ${field}, source, why }] naming the source that overrides it)`,
      });
      return true;
    },
    filledKeys,
    fill(loc, record, field, value) {
      filledKeys.add(`${record}|${field}`);
      report.filled++;
      report.filledValues.push(`${loc.file}:${loc.line}: ${record} ${field} = ${JSON.stringify(value)}`);
    },
  };
}
