// The values of configuration-file fields (api-field `values`: a scheduler plugin, kubeadm's kube-dns) against the
// release notes (flag-events.json `configValues`), both ways: every removal and deprecation the notes state for a
// component's values is dated the same on a record of one of its configuration kinds, and every date a record
// gives a value within the releases read is one the notes state, with the note's pull request among the record's
// sources. A difference is a problem unless the record's sourceOverrides names `values`.
import type { CheckContext } from './context';
import type { ApiFieldRecord } from '../schemas';
import type { Located } from '../bundle';
import { parseVersion } from '../../kb/version';
import { prUrl } from '../rebuild/context';

const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

export function checkConfigValues(ctx: CheckContext): void {
  const { b, index, report, differ, problems } = ctx;
  const notes = index.flagEvents;
  if (!notes) return;
  // The component whose files each kind is: components.yaml configKinds ("group/Kind"), kinds.yaml configFileOf.
  const componentOf = new Map<string, string>();
  for (const c of b.components) for (const k of c.record.configKinds) componentOf.set(k.split('/')[1], c.record.name);
  for (const k of b.kinds) if (k.record.configFileOf) componentOf.set(k.record.kind, k.record.configFileOf);
  const withValues = b.apiFields.filter((l) => (l.record.values ?? []).length > 0);
  const read = notes.releases.map((r) => parseVersion(r.release));
  const first = Math.min(...read);
  const last = Math.max(...read);
  const name = (r: ApiFieldRecord) => `API field ${r.kind} ${r.path}`;
  const fieldOf = (event: 'removed' | 'deprecated') => (event === 'removed' ? 'removedIn' : 'deprecatedIn');

  // The notes' events, each dated on a record of the component.
  for (const e of notes.configValues) {
    const records = withValues.filter((l) => componentOf.get(l.record.kind) === e.component);
    const entries = records.flatMap((l) =>
      (l.record.values ?? []).filter((x) => same(x.value, e.value)).map((x) => ({ l, x })),
    );
    const said = `the ${e.release} release notes${e.pr ? ` (#${e.pr})` : ''} say ${e.component}'s ${e.value} is ${e.event} then (seed/generated/flag-events.json configValues)`;
    if (entries.some(({ x }) => x[fieldOf(e.event)] === e.release)) continue;
    if (entries.length === 0) {
      problems.push({
        file: 'seed/generated/flag-events.json',
        message: `configValues: ${said}, but no api-field record of a ${e.component} file lists the value: add it to the field that takes it`,
      });
      continue;
    }
    differ(
      entries[0].l,
      name(entries[0].l.record),
      'values',
      `gives ${e.value} no ${fieldOf(e.event)} ${e.release}, but ${said}`,
    );
  }

  // The records' dates, each one the notes state and cite.
  let checked = 0;
  let notCovered = 0;
  for (const loc of withValues) {
    const r = loc.record;
    const component = componentOf.get(r.kind);
    for (const x of r.values ?? [])
      for (const event of ['removed', 'deprecated'] as const) {
        const release = x[fieldOf(event)];
        if (!release) continue;
        const at = parseVersion(release);
        if (at < first || at > last || !component) {
          notCovered++;
          continue;
        }
        checked++;
        const stated = notes.configValues.filter(
          (e) => e.component === component && same(e.value, x.value) && e.event === event && e.release === release,
        );
        if (stated.length === 0)
          differ(
            loc as Located<ApiFieldRecord>,
            name(r),
            'values',
            `dates ${x.value} ${event} in ${release}, but no ${release} release note about ${component} says so (seed/generated/flag-events.json configValues)`,
          );
        else if (!stated.some((e) => e.pr !== null && r.sources.includes(prUrl(e.pr))))
          differ(
            loc as Located<ApiFieldRecord>,
            name(r),
            'values',
            `dates ${x.value} ${event} in ${release}: cite the note that says so (${stated.map((e) => (e.pr ? `#${e.pr}` : 'a note without a pull request')).join(', ')}) in sources`,
          );
      }
  }
  report.configValueChanges = { checked, notCovered };
}
