// A flag's component-config field must exist while the flag does, and its removal and deprecation are those the
// release notes state (flag-events.json).
import type { CheckContext } from './context';
import { fieldPresentIn } from '../generated-index';
import { parseVersion } from '../../kb/version';
import { checkFlagsAgainstEvents, checkFlagValuesAgainstNotes, fillFlagValuesFromEvents } from '../generated-flags';

export function checkFlags(ctx: CheckContext): void {
  const { b, index, report, differ, fill, problems } = ctx;
  // The removals and deprecations the release notes state (flag-events.json) are the curated records' too, and
  // so are the values of list flags they remove or deprecate (filled in where the record leaves them out).
  if (index.flagEvents) {
    checkFlagsAgainstEvents(
      index.flagEvents,
      b.flags,
      b.releases.map((r) => r.record),
      differ,
    );
    fillFlagValuesFromEvents(
      index.flagEvents,
      b.flags,
      b.releases.map((r) => r.record),
      {
        differ,
        fill,
        missing: (message) => problems.push({ file: 'seed/generated/flag-events.json', message }),
      },
    );
    // The other value and default changes the records date are held to the notes that speak of the flag then.
    report.flagValueChanges = checkFlagValuesAgainstNotes(
      index.flagEvents,
      b.flags,
      b.releases.map((r) => r.record),
      differ,
    );
  }
  // Flags: the component-config field a flag names must exist while the flag does -------------------
  const configKind = new Map(
    b.components.map((c) => [c.record.name, c.record.configKinds.map((k) => k.split('/')[1])]),
  );
  for (const loc of b.flags) {
    const r = loc.record;
    if (!r.configField) {
      report.notCovered.flags++;
      continue;
    }
    const kind = (configKind.get(r.component) ?? []).find((k) => index.fields.has(k));
    const present = kind ? fieldPresentIn(index, kind, r.configField) : undefined;
    const order = kind ? [...index.fields.get(kind)!.values()][0].order : [];
    const life = order.filter(
      (rel) =>
        (r.introducedIn == null || parseVersion(rel) >= parseVersion(r.introducedIn)) &&
        (r.removedIn == null || parseVersion(rel) < parseVersion(r.removedIn)),
    );
    if (present === undefined || life.length === 0) {
      report.notCovered.flags++;
      continue;
    }
    report.checked.flags++;
    if (!present.some((rel) => life.includes(rel))) {
      differ(
        loc,
        `flag ${r.component} ${r.name}`,
        'configField',
        present.length === 0
          ? `${kind} has no field ${r.configField} in any release read (${order[0]}-${order[order.length - 1]})`
          : `${kind} has ${r.configField} only in ${present[0]}-${present[present.length - 1]}, not while the flag exists`,
      );
    }
  }
}
