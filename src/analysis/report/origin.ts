// How the reports name an object read from a cluster: after its kind and name, whether it was checked as last
// applied (the annotation's object) or as the API server returned it. Every output format uses these words.
import type { ResourceRef } from '../types';

/** " (last applied, live as apps/v1)", " (live, no last-applied configuration)", or "" for an object written by hand. */
export function originSuffix(r: ResourceRef): string {
  if (!r.origin) return '';
  return r.origin.source === 'LAST_APPLIED'
    ? ` (last applied, live as ${r.origin.liveApiVersion})`
    : ' (live, no last-applied configuration)';
}
