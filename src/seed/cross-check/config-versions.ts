// The file formats of components (KubeProxyConfiguration, KubeletConfiguration, KubeSchedulerConfiguration:
// components.yaml configKinds) against their staging repositories, read at every release tag
// (component-config-fields.json): a version's life is the releases whose types.go declares the kind. A curated
// api-versions record of such a version must agree (its introduction when the first release read lacks it, its
// removal when the newest release read lacks it), and every version the repositories declare needs a record,
// so that a new file format version (a v1alpha2, a v1) is curated before anyone's file uses it.
import type { CheckContext } from './context';
import type { Located } from '../bundle';
import type { ApiVersionRecord } from '../schemas';
import { expand, groupOf } from '../generated-index';
import { parseVersion } from '../../kb/version';

/** Whether a group/version/kind is a component's file format (components.yaml configKinds). */
export function configKindTest(b: CheckContext['b']): (apiVersion: string, kind: string) => boolean {
  const configKinds = new Set(b.components.flatMap((c) => c.record.configKinds ?? []));
  return (apiVersion, kind) => configKinds.has(`${groupOf(apiVersion)}/${kind}`);
}

export function checkConfigVersions(ctx: CheckContext): void {
  const { b, index, report, newest, differ, fill, problems } = ctx;
  const isConfig = configKindTest(b);
  const curated = new Map<string, Located<ApiVersionRecord>>();
  for (const loc of b.apiVersions)
    if (isConfig(loc.record.apiVersion, loc.record.kind))
      curated.set(`${loc.record.apiVersion} ${loc.record.kind}`, loc);

  for (const [kind, versions] of index.fields) {
    for (const [apiVersion, entry] of versions) {
      if (!isConfig(apiVersion, kind)) continue;
      const present = new Set(Object.values(entry.paths).flatMap((p) => expand(p.present, entry.order)));
      const releases = entry.order.filter((r) => present.has(r));
      const loc = curated.get(`${apiVersion} ${kind}`);
      if (releases.length === 0) continue;
      if (!loc) {
        problems.push({
          file: 'seed/generated/component-config-fields.json',
          record: `${apiVersion} ${kind}`,
          message: `the component's repository declares ${kind} in ${apiVersion} (${releases[0]}-${releases[releases.length - 1]}), but no record in seed/api-versions/ has it: curate its life from the release notes`,
        });
        continue;
      }
      report.checked.apiVersions++;
      const r = loc.record;
      const name = `API version ${apiVersion} ${kind}`;
      const first = releases[0];
      const last = releases[releases.length - 1];
      const where = '(seed/generated/component-config-fields.json)';
      if (first !== entry.order[0]) {
        if (r.introducedIn == null) {
          r.introducedIn = first;
          fill(loc, name, 'introducedIn', first);
        } else if (r.introducedIn !== first)
          differ(
            loc,
            name,
            'introducedIn',
            `is ${r.introducedIn}, the repository declares it first in ${first} ${where}`,
          );
      } else if (r.introducedIn != null && parseVersion(r.introducedIn) > parseVersion(first))
        differ(
          loc,
          name,
          'introducedIn',
          `is ${r.introducedIn}, but the repository declares it already in ${first} ${where}`,
        );
      const lastRead = entry.order[entry.order.length - 1];
      if (last !== lastRead) {
        const gone = entry.order[entry.order.indexOf(last) + 1];
        if (parseVersion(gone) <= newest) {
          if (r.removedIn == null) {
            r.removedIn = gone;
            fill(loc, name, 'removedIn', gone);
          } else if (r.removedIn !== gone)
            differ(loc, name, 'removedIn', `is ${r.removedIn}, the repository declares it last in ${last} ${where}`);
        }
      } else if (r.removedIn != null && parseVersion(r.removedIn) <= parseVersion(last))
        differ(loc, name, 'removedIn', `is ${r.removedIn}, but the repository still declares it in ${last} ${where}`);
    }
  }
  for (const [key, loc] of curated) {
    const [apiVersion, kind] = key.split(' ');
    if (index.fields.get(kind)?.has(apiVersion)) continue;
    const read = [...(index.fields.get(kind)?.keys() ?? [])];
    if (read.length > 0)
      differ(
        loc,
        `API version ${key}`,
        'apiVersion',
        `the component's repository declares ${kind} in ${read.join(', ')}, never in ${apiVersion}`,
      );
  }
}
