// How the reports name an object read from a cluster: after its kind and name, whether it was checked as last
// applied (the annotation's object), as the API server returned it, or as an object of a Helm release's manifest.
// Every output format uses these words (the dashboard's objectLabel too).
import type { ResourceRef } from '../types';

/**
 * " (last applied, live as apps/v1)", " (live, no last-applied configuration)", " (Helm release shop/web revision 3,
 * chart web-1.2.0, web/templates/deployment.yaml, line 12 of its manifest)", " (requested of the API server: ingresses,
 * by ...)", or "" for an object written by hand.
 */
export function originSuffix(r: Pick<ResourceRef, 'origin'>): string {
  const o = r.origin;
  if (!o) return '';
  if (o.source === 'LAST_APPLIED') return ` (last applied, live as ${o.liveApiVersion})`;
  if (o.source === 'LIVE') return ' (live, no last-applied configuration)';
  if (o.source === 'APISERVER_REQUEST')
    return o.apiRequest ? requestText(o.apiRequest) : ' (requested of the API server)';
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

/** Callers named in a finding; the others are counted. */
const CALLERS_NAMED = 5;

/**
 * " (requested of the API server: ingresses, by system:serviceaccount:web:app (app/v1.0) list, watch ×12 and 2 other
 * callers)", or "..., callers not known (no audit log)".
 */
function requestText(r: NonNullable<ResourceRef['origin']>['apiRequest'] & object): string {
  const what = `requested of the API server: ${r.resource}${r.subresource ? `/${r.subresource}` : ''}`;
  if (r.callers.length === 0) return ` (${what}, callers not known: no audit log names them)`;
  const named = r.callers
    .slice(0, CALLERS_NAMED)
    .map((c) => `${c.user}${c.userAgent ? ` (${c.userAgent})` : ''} ${c.verbs.join(', ')} ×${c.requests}`);
  const more = r.callers.length - named.length;
  return ` (${what}, by ${named.join('; ')}${more > 0 ? ` and ${more} other caller${more === 1 ? '' : 's'}` : ''})`;
}
