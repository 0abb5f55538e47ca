// Walking the replacements of api-versions records: shared by the api-version and api-reference rules and
// by the converters, so that the analysis and convert agree on where a record leads and from when.
import type { ApiVersion } from '../../kb/model';
import type { VersionKey } from '../../kb/version';

/** Follows replacements until one is still served at `to`, the end of the path (or the last one recorded). */
export function survivingReplacement(record: ApiVersion, path: { to: VersionKey }): ApiVersion | null {
  let r = record.replacement;
  const seen = new Set<string>();
  while (r && r.removedIn !== null && r.removedIn <= path.to && r.replacement && !seen.has(r.key)) {
    seen.add(r.key);
    r = r.replacement;
  }
  return r;
}

/**
 * The first release from which `target` can stand in for `record`: the record's replacementAvailableIn
 * when `target` is its own replacement, else the target's introducedIn (null: unknown).
 */
export function availableFrom(record: ApiVersion, target: ApiVersion): VersionKey | null {
  if (record.replacement?.apiVersion === target.apiVersion && record.replacementAvailableIn !== null)
    return record.replacementAvailableIn;
  return target.introducedIn;
}

/** Deprecated or removed by `to`, the end of the path: the analysis reports it and convert moves it. */
export function bitesBy(record: ApiVersion, to: VersionKey): boolean {
  return (
    (record.removedIn !== null && record.removedIn <= to) || (record.deprecatedIn !== null && record.deprecatedIn <= to)
  );
}
