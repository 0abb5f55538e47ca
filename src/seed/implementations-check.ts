// The check of gateway-api/implementations.yaml against the implementation's generated index: every policy
// kind a capability writes is in every release of the index, every field it names (and the targetRefs field)
// is in every release from the capability's `since` on, and the annotation is one the seed knows, of an access
// control for an access strategy, without any conversion for a traffic one.
import { problemAt } from './across-records';
import type { GatewayApiSeed, SeedProblem } from './bundle';
import { compareGatewayApiVersions } from './gateway-api-index';
import { ACCESS_IMPLEMENTATION_STRATEGIES } from './gateway-api-schemas';

const ACCESS = new Set<string>(ACCESS_IMPLEMENTATION_STRATEGIES);

export function checkImplementations(g: GatewayApiSeed, problems: SeedProblem[]): void {
  const problem = problemAt(problems);
  const annotations = new Map(g.annotations.map((a) => [a.record.name, a.record]));
  for (const { located, index } of g.implementations) {
    const r = located.record;
    const what = `implementation ${r.id}`;
    if (!index) continue;
    const releases = index.releases.map((x) => x.version);
    const has = new Map<string, Set<string>>();
    for (const f of index.fields) {
      const key = `${f.kind} ${f.path}`;
      has.set(key, new Set([...(has.get(key) ?? []), ...f.releases]));
    }
    const missingIn = (kind: string, path: string, from: string) =>
      releases.filter((v) => compareGatewayApiVersions(v, from) >= 0 && !has.get(`${kind} ${path}`)?.has(v));
    const kinds = new Set(index.kinds.map((k) => k.kind));
    r.capabilities.forEach((c, i) => {
      const at = `capabilities.${i}`;
      const annotation = annotations.get(c.annotation);
      if (!annotation)
        problem(located, what, `${at}.annotation`, `${c.annotation} has no record in gateway-api/*-annotations.yaml`);
      // The converter hands an annotation to an access strategy through its access control, to a traffic one
      // only when nothing else converts it.
      else if (ACCESS.has(c.strategy) && !annotation.access)
        problem(
          located,
          what,
          `${at}.strategy`,
          `${c.strategy} carries an access control, and ${c.annotation} has none`,
        );
      else if (!ACCESS.has(c.strategy) && (annotation.access || annotation.conversion))
        problem(
          located,
          what,
          `${at}.strategy`,
          `${c.strategy} carries what nothing else converts, and ${c.annotation} has ${annotation.access ? 'an access control' : `the conversion ${annotation.conversion}`}`,
        );
      if (!kinds.has(c.policy)) {
        problem(located, what, `${at}.policy`, `${c.policy} is not a kind of seed/generated/${r.index}`);
        return;
      }
      if (!releases.includes(c.since))
        problem(located, what, `${at}.since`, `${c.since} is not a release of seed/generated/${r.index}`);
      for (const path of [r.targetRefs, c.field, ...c.also]) {
        const missing = missingIn(c.policy, path, c.since);
        if (missing.length > 0)
          problem(
            located,
            what,
            `${at}.since`,
            `${c.policy} has no ${path} in ${missing.join(', ')} (seed/generated/${r.index}): since is too early`,
          );
      }
    });
  }
}
