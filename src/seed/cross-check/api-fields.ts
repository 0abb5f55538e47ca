// API fields (and component-config fields) against the field paths of each release.
import type { CheckContext } from './context';
import { fieldFacts } from '../generated-index';
import { parseVersion } from '../../kb/version';

export function checkApiFields(ctx: CheckContext): void {
  const { b, index, report, newest, differ, fill } = ctx;
  // API fields ---------------------------------------------------------------------------------------
  for (const loc of b.apiFields) {
    const r = loc.record;
    const name = `API field ${r.kind} ${r.path}`;
    const f = fieldFacts(index, r.kind, r.path, r.apiVersions ?? null);
    if (f === undefined) {
      report.notCovered.apiFields++;
      continue;
    }
    report.checked.apiFields++;
    if (f === null) {
      differ(
        loc,
        name,
        'path',
        `no ${r.kind}${r.apiVersions ? ` (${r.apiVersions.join(', ')})` : ''} in k8s.io/api has the field ${r.path} in any release read`,
      );
      continue;
    }
    for (const field of ['introducedIn', 'removedIn'] as const) {
      const said = f[field];
      if (said === null) {
        if (field === 'removedIn' && r.removedIn != null)
          differ(
            loc,
            name,
            field,
            `is ${r.removedIn}, but the field is still in the types in ${index.order[index.order.length - 1]}`,
          );
        if (
          field === 'introducedIn' &&
          r.introducedIn != null &&
          parseVersion(r.introducedIn) > parseVersion(f.present[0])
        )
          differ(loc, name, field, `is ${r.introducedIn}, but the types have the field already in ${f.present[0]}`);
        continue;
      }
      if (r[field] == null) {
        // A change on the development branch, after the newest release on record, is not a fact yet.
        if (parseVersion(said) > newest) continue;
        r[field] = said;
        fill(loc, name, field, said);
      } else if (r[field] !== said) differ(loc, name, field, `is ${r[field]}, the types say ${said}`);
    }
    if (f.deprecatedIn !== null && r.deprecatedIn == null)
      differ(
        loc,
        name,
        'deprecatedIn',
        `is not set, but the field's doc comment calls it deprecated from ${f.deprecatedIn}`,
      );
  }
}
