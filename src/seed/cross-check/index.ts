// The curated seed against the generated index (seed/generated/): every curated API version, field, gate
// stage, metric and flag must agree with what Kubernetes' source says, and every gate's components with its
// KEP, or carry a `sourceOverrides` entry naming the source that overrides it; migration notes must fit the
// differences of their version's types. Facts the curated record leaves out are filled from the index, and
// group/version/kinds the seed lacks become records generated from it. One file per kind of record.
import type { Located, SeedBundle, SeedProblem } from '../bundle';
import type { GeneratedIndex } from '../generated-index';
import { checkContext, type CrossCheckReport, type WithOverrides } from './context';
import { checkApiVersions } from './api-versions';
import { checkConfigVersions } from './config-versions';
import { checkServedByDefault } from './served-by-default';
import { checkApiFields } from './api-fields';
import { checkFlags } from './flags';
import { checkConfigValues } from './config-values';
import { checkFeatureGates } from './feature-gates';
import { checkFeatureGateComponents } from './feature-gate-components';
import { checkMetrics } from './metrics';
import { factProvenance } from './provenance';
import { checkMigrationNotes } from './migration-notes';

export type { CrossCheckReport } from './context';

export function crossCheck(b: SeedBundle, index: GeneratedIndex, problems: SeedProblem[]): CrossCheckReport {
  const ctx = checkContext(b, index, problems);
  checkApiVersions(ctx);
  checkConfigVersions(ctx);
  checkServedByDefault(ctx);
  // After the API versions: it compares each record with the replacement they filled in.
  checkMigrationNotes(ctx);
  checkApiFields(ctx);
  checkFlags(ctx);
  checkConfigValues(ctx);
  checkFeatureGates(ctx);
  checkFeatureGateComponents(ctx);
  checkMetrics(ctx);
  ctx.report.facts = factProvenance(ctx);
  const { used } = ctx;
  // An override that explains nothing is stale: the source and the record agree again.
  const lists: [string, Located<WithOverrides & Record<string, unknown>>[], (r: Record<string, unknown>) => string][] =
    [
      ['API version', b.apiVersions as never, (r) => `${r.apiVersion} ${r.kind}`],
      ['API field', b.apiFields as never, (r) => `${r.kind} ${r.path}`],
      ['feature gate', b.featureGates as never, (r) => `${r.name}`],
      ['metric', b.metrics as never, (r) => `${r.component} ${r.name}`],
      ['flag', b.flags as never, (r) => `${r.component} ${r.name}`],
    ];
  for (const [what, list, key] of lists) {
    for (const loc of list) {
      (loc.record.sourceOverrides ?? []).forEach((o, i) => {
        if (!used.has(o))
          problems.push({
            file: loc.file,
            line: loc.line,
            record: `${what} ${key(loc.record)}`,
            field: `sourceOverrides[${i}]`,
            message: `overrides ${o.field}, but the generated index agrees with the record (or says nothing of it): remove the override`,
          });
      });
    }
  }
  return ctx.report;
}
