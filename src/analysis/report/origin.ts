// How the reports name an object read from a cluster: after its kind and name, whether it was checked as last
// applied (the annotation's object), as the API server returned it, or as an object of a Helm release's manifest.
// Every output format uses these words (the dashboard's objectLabel too).
import type { ResourceRef } from '../types';

/**
 * " (last applied, live as apps/v1)", " (live, no last-applied configuration)", " (Helm release shop/web revision 3,
 * chart web-1.2.0, web/templates/deployment.yaml, line 12 of its manifest)", or "" for an object written by hand.
 */
export function originSuffix(r: ResourceRef): string {
  const o = r.origin;
  if (!o) return '';
  if (o.source === 'LAST_APPLIED') return ` (last applied, live as ${o.liveApiVersion})`;
  if (o.source === 'LIVE') return ' (live, no last-applied configuration)';
  const h = o.helmRelease;
  if (!h) return ' (Helm release)';
  const parts = [
    `Helm release ${h.namespace ? `${h.namespace}/` : ''}${h.name}${h.revision === null ? '' : ` revision ${h.revision}`}`,
    ...(h.chart ? [`chart ${h.chart}`] : []),
    ...(h.template ? [h.template] : []),
    `line ${h.manifestLine} of its manifest`,
  ];
  return ` (${parts.join(', ')})`;
}
