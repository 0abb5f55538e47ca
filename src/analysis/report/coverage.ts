// What a report covered, in one place for every output format: the coverage of several files added up, and the
// sentence the table, markdown and chat heads, JUnit and SARIF carry ("7 of 9 objects checked; not covered: ...").
import type { Coverage } from '../engine/analyze';

/** The coverage of several reports as one (files that could not be read have none and add nothing). */
export function addCoverage(parts: readonly (Coverage | null | undefined)[]): Coverage {
  const byKind = new Map<string, Coverage['notCovered'][number]>();
  let objects = 0;
  let checked = 0;
  for (const c of parts) {
    if (!c) continue;
    objects += c.objects;
    checked += c.checked;
    for (const k of c.notCovered) {
      const key = `${k.apiVersion} ${k.kind}`;
      const seen = byKind.get(key);
      if (seen) seen.objects += k.objects;
      else byKind.set(key, { ...k });
    }
  }
  const notCovered = [...byKind.values()].sort(
    (a, b) => b.objects - a.objects || a.apiVersion.localeCompare(b.apiVersion) || a.kind.localeCompare(b.kind),
  );
  return { objects, checked, notCovered };
}

/** The files' coverage added up; null when none of them has one (none was read, or the caller did not give it). */
export function coverageOfFiles(files: readonly { coverage?: Coverage | null }[]): Coverage | null {
  return files.some((f) => f.coverage) ? addCoverage(files.map((f) => f.coverage)) : null;
}

/** How many kinds the sentence names before it says "and N more". */
const NAMED = 5;

/** "9 objects checked", or "7 of 9 objects checked; not covered: cert-manager.io/v1 Certificate (2)". */
export function coverageText(c: Coverage): string {
  const plural = c.objects === 1 ? '' : 's';
  if (c.notCovered.length === 0) return `${c.objects} object${plural} checked`;
  const named = c.notCovered.slice(0, NAMED).map((k) => `${k.apiVersion} ${k.kind} (${k.objects})`);
  const more = c.notCovered.length - named.length;
  return (
    `${c.checked} of ${c.objects} object${plural} checked; not covered: ${named.join(', ')}` +
    (more > 0 ? ` and ${more} more kind${more === 1 ? '' : 's'}` : '')
  );
}
