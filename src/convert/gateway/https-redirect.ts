// HTTP -> HTTPS: ingress-nginx redirects the hosts of an Ingress that have TLS unless ssl-redirect is
// "false", and every host with force-ssl-redirect "true". A redirected host's HTTPRoute attaches to the
// HTTPS listener only, and a second route on its HTTP listener answers with a RequestRedirect to https, with
// the controller's own status code (ingress-nginx: 308, the provider record's httpsRedirectCode) where the
// bundle's RequestRedirect accepts it, else 301 and a warning: 308 keeps a POST a POST, 301 lets clients
// repeat it as a GET.
import { REDIRECT_STATUS_CODE, redirectStatus } from './annotations/redirects';
import type { IngressSettings } from './annotations/settings';
import { gapText } from './bundle-gaps';
import { objectName } from './names';
import type { GatewayBundle, IngressView, ProviderRecord, Report, RouteDraft } from './types';

/** Moved Permanently: the permanent redirect every bundle's RequestRedirect accepts. */
const FALLBACK = 301;

/** The status code the HTTP -> HTTPS routes answer with, and why it is not the controller's own (null when it is). */
interface HttpsRedirectCode {
  code: number;
  lost: string | null;
}

export function httpsRedirectCode(provider: ProviderRecord, bundle: GatewayBundle): HttpsRedirectCode {
  const own = provider.httpsRedirectCode;
  const status = own === null ? null : redirectStatus(own, bundle);
  if (status && status.lost === null) return status;
  const why =
    own === null
      ? `netkb's record of ${provider.name} gives no status code for its redirect to HTTPS`
      : `${provider.name} answers ${own}, but ${gapText(bundle, { kind: 'HTTPRoute', path: REDIRECT_STATUS_CODE, value: own })}`;
  return {
    code: FALLBACK,
    lost: `${why}; the redirect answers ${FALLBACK}, which clients may follow with a GET where the request was a POST`,
  };
}

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
  code: HttpsRedirectCode,
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
    `HTTP requests for ${route.host || 'every host'} -> HTTPRoute ${objectName(route.name, 'https-redirect')} on listener ${httpListener}: RequestRedirect to https, ${code.code} (${why ? why.name.split('/').pop() : 'ingress-nginx redirects hosts with TLS unless ssl-redirect is "false"'})`,
  );
  if (code.lost)
    report.unconverted(
      route.ingress,
      'redirect-code',
      'WARNING',
      why?.path ?? ['spec', 'tls'],
      `The redirect of ${route.host || 'every host'} to HTTPS is not converted as it was: ${code.lost}.`,
    );
  return {
    ...route,
    kind: 'HTTPRoute',
    name: objectName(route.name, 'https-redirect'),
    parentRefs: route.parentRefs.map((p) => ({ ...p, sectionName: httpListener })),
    rules: [
      {
        line,
        key: null,
        path: null,
        pathType: null,
        match: null,
        filters: [{ type: 'RequestRedirect', requestRedirect: { scheme: 'https', statusCode: code.code } }],
        backendRefs: [],
        timeouts: null,
      },
    ],
  };
}
