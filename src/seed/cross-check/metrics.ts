// Metric names against the names the metrics source exports.
import type { CheckContext } from './context';
import { parseVersion } from '../../kb/version';

export function checkMetrics(ctx: CheckContext): void {
  const { b, index, report, newest, differ, fill } = ctx;
  // Metrics ------------------------------------------------------------------------------------------
  // Each metrics file is one stored version: a name it does not declare may be newer or older than the copy.
  // A curated name the copy declares under another exported name (its bare Name, or another prefix) is wrong.
  if (index.metrics) {
    const declared = new Map<string, { name: string; bare: string; deprecatedIn: string | null; source: string }[]>();
    for (const file of index.metrics) {
      if (!declared.has(file.component)) declared.set(file.component, []);
      for (const m of file.metrics) declared.get(file.component)!.push({ ...m, source: file.source });
    }
    for (const loc of b.metrics) {
      const r = loc.record;
      const list = declared.get(r.component) ?? [];
      const name = `metric ${r.component} ${r.name}`;
      const exact = list.find((d) => d.name === r.name);
      if (exact) {
        report.checked.metrics++;
        if (exact.deprecatedIn && r.deprecatedIn == null) {
          if (parseVersion(exact.deprecatedIn) <= newest) {
            r.deprecatedIn = exact.deprecatedIn;
            fill(loc, name, 'deprecatedIn', exact.deprecatedIn);
          }
        } else if (exact.deprecatedIn && r.deprecatedIn !== exact.deprecatedIn)
          differ(
            loc,
            name,
            'deprecatedIn',
            `is ${r.deprecatedIn}, the source declares DeprecatedVersion ${exact.deprecatedIn} (${exact.source})`,
          );
        continue;
      }
      // Another spelling of the same metric: its bare Name, or the bare Name behind a prefix that is the
      // declared prefix (or the component's name) written differently, such as kube_proxy_ for kubeproxy_.
      const squash = (x: string) => x.replace(/[_-]/g, '');
      const other = list.find((d) => {
        if (d.name === d.bare) return false;
        if (d.bare === r.name) return true;
        if (!r.name.endsWith(`_${d.bare}`)) return false;
        const prefix = squash(r.name.slice(0, -(d.bare.length + 1)));
        return prefix === squash(d.name.slice(0, -(d.bare.length + 1))) || prefix === squash(r.component);
      });
      if (other) {
        report.checked.metrics++;
        differ(loc, name, 'name', `the source exports this metric as ${other.name} (${other.source})`);
        continue;
      }
      report.notCovered.metrics++;
    }
  }
}
