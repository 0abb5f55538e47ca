// HTTP -> HTTPS: ingress-nginx redirects the hosts of an Ingress that have TLS unless ssl-redirect is
// "false", and every host with force-ssl-redirect "true". A redirected host's HTTPRoute attaches to the
// HTTPS listener only, and a second route on its HTTP listener answers with a RequestRedirect to https.
// 301, which every Gateway API bundle accepts (ingress-nginx answers 308).
import type { IngressSettings } from './annotations/settings';
import { objectName } from './names';
import type { IngressView, Report, RouteDraft } from './types';

/** True when requests for `host` on HTTP are redirected to HTTPS. */
export function redirectsToHttps(
  ingress: IngressView,
  host: string,
  hasTls: boolean,
  settings: IngressSettings,
  report: Report,
): boolean {
  const force = settings.forceSslRedirect?.on === true;
  if (!hasTls) {
    if (force)
      report.unconverted(
        ingress,
        'force-ssl-redirect-without-tls',
        'WARNING',
        settings.forceSslRedirect!.use.path,
        `force-ssl-redirect for ${host || 'every host'} is not converted: the host has no TLS entry, so the Gateway has no HTTPS listener for it, and a Gateway cannot tell requests a load balancer forwards after ending TLS from plain HTTP ones; redirect at the load balancer.`,
      );
    return false;
  }
  return force || settings.sslRedirect?.on !== false;
}

export function redirectRoute(
  route: RouteDraft,
  settings: IngressSettings,
  httpListener: string,
  report: Report,
): RouteDraft {
  const why = settings.forceSslRedirect?.on
    ? settings.forceSslRedirect.use
    : settings.sslRedirect?.on
      ? settings.sslRedirect.use
      : null;
  const line = why?.line ?? route.ingress.lineOf(['spec', 'tls']);
  report.change(
    route.ingress,
    line,
    `HTTP requests for ${route.host || 'every host'} -> HTTPRoute ${objectName(route.name, 'https-redirect')} on listener ${httpListener}: RequestRedirect to https, 301 (${why ? why.name.split('/').pop() : 'ingress-nginx redirects hosts with TLS unless ssl-redirect is "false"'}; ingress-nginx answers 308)`,
  );
  return {
    ...route,
    name: objectName(route.name, 'https-redirect'),
    parentRefs: route.parentRefs.map((p) => ({ ...p, sectionName: httpListener })),
    rules: [
      {
        line,
        key: null,
        path: null,
        pathType: null,
        match: null,
        filters: [{ type: 'RequestRedirect', requestRedirect: { scheme: 'https', statusCode: 301 } }],
        backendRefs: [],
        timeouts: null,
      },
    ],
  };
}
