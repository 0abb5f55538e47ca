// A gate's components against the KEP it cites (seed/generated/keps.json): a KEP's kep.yaml names, for each
// of its gates, the components that must enable it. A gate record must list every one of them that netkb
// models; it may list more (the code can reach further than the KEP says). A record that lists none is
// filled from the KEP, like any value a record leaves out; one that lists some but not all is refused,
// unless its sourceOverrides names `components` with the source that says the KEP is wrong.
import type { CheckContext } from './context';
import type { Located } from '../bundle';
import type { FeatureGateRecord } from '../schemas';
import { kepUrl, type KepEntry, type KepIndex } from '../kep-index';

export function checkFeatureGateComponents(ctx: CheckContext): void {
  const { b, index, report, problems, differ, fill } = ctx;
  const keps = index.keps;
  if (!keps) return;
  const ours = new Set(b.components.map((c) => c.record.name));
  const mapped = checkedComponentNames(keps, ours, problems);
  for (const loc of b.featureGates) {
    const g = loc.record;
    const name = `feature gate ${g.name}`;
    if (!g.kep) {
      report.notCovered.featureGateComponents++;
      continue;
    }
    const number = Number(g.kep.slice('KEP-'.length));
    const entries = keps.byNumber.get(number) ?? [];
    if (entries.length === 0) {
      report.checked.featureGateComponents++;
      differ(
        loc,
        name,
        'kep',
        `cites ${g.kep}, which ${keps.repository} at ${keps.commit} does not have (${keps.file}): check the number, or regenerate the index with netkb import keps`,
      );
      continue;
    }
    const found = gateOf(entries, g.name);
    if (!found) {
      // The KEP names no such gate (an older KEP without feature-gates, or a gate renamed since): nothing to compare.
      report.notCovered.featureGateComponents++;
      continue;
    }
    report.checked.featureGateComponents++;
    const wanted = componentsOf(found, g, loc, keps, ours, mapped, problems);
    if (wanted === null) continue;
    const missing = wanted.filter((c) => !g.components.includes(c));
    if (missing.length === 0) continue;
    const source = `${g.kep} lists ${wanted.join(', ')} for ${found.gate} (${kepUrl(keps, found.kep)})`;
    const overridden = (g.sourceOverrides ?? []).some((o) => o.field === 'components');
    if (g.components.length === 0 && !overridden) {
      g.components = wanted;
      fill(loc, name, 'components', wanted);
    } else differ(loc, name, 'components', `lacks ${missing.join(', ')}: ${source}`);
  }
}

/** The gate of that name in the KEP's entries; a KEP that writes the name in another case still names it. */
function gateOf(entries: KepEntry[], gate: string): { kep: KepEntry; gate: string; components: string[] } | null {
  for (const exact of [true, false])
    for (const kep of entries)
      for (const fg of kep.featureGates)
        if (exact ? fg.name === gate : fg.name.toLowerCase() === gate.toLowerCase())
          return { kep, gate: fg.name, components: fg.components };
  return null;
}

/**
 * The components.yaml names the KEP's spellings mean, in the KEP's order; null when a spelling is neither a
 * components.yaml name nor mapped in keps-source.yaml (reported: the mapping must decide it).
 */
function componentsOf(
  found: { kep: KepEntry; gate: string; components: string[] },
  g: FeatureGateRecord,
  loc: Located<FeatureGateRecord>,
  keps: KepIndex,
  ours: Set<string>,
  mapped: Map<string, string[]>,
  problems: CheckContext['problems'],
): string[] | null {
  const out: string[] = [];
  const unknown: string[] = [];
  for (const spelling of found.components) {
    const names = ours.has(spelling) ? [spelling] : mapped.get(spelling);
    if (!names) unknown.push(spelling);
    else for (const n of names) if (!out.includes(n)) out.push(n);
  }
  if (unknown.length > 0) {
    problems.push({
      file: loc.file,
      line: loc.line,
      record: `feature gate ${g.name}`,
      field: 'components',
      message:
        `${g.kep} (${kepUrl(keps, found.kep)}) lists ${unknown.map((u) => `"${u}"`).join(', ')} for ${found.gate}, ` +
        `which is no component of seed/components.yaml: say in ${keps.sourceFile} componentNames which components it means ([] when netkb does not model it)`,
    });
    return null;
  }
  return out;
}

/** keps-source.yaml's componentNames, without the entries that name no component (each reported). */
function checkedComponentNames(
  keps: KepIndex,
  ours: Set<string>,
  problems: CheckContext['problems'],
): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const [spelling, names] of keps.componentNames) {
    const field = `componentNames.${spelling}`;
    if (ours.has(spelling)) {
      problems.push({
        file: keps.sourceFile,
        field,
        message: `${spelling} is a component of seed/components.yaml, which the check takes as it is: remove the entry`,
      });
      continue;
    }
    const stray = names.filter((n) => !ours.has(n));
    if (stray.length > 0) {
      problems.push({
        file: keps.sourceFile,
        field,
        message: `no seed/components.yaml record named ${stray.join(', ')}`,
      });
      continue;
    }
    out.set(spelling, names);
  }
  return out;
}
