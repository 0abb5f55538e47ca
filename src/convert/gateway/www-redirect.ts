// from-to-www-redirect: ingress-nginx serves a second server for the other form of a host name (www.HOST for
// HOST, HOST for www.HOST) that answers every request with a redirect to the host, keeping the scheme, port, path
// and query (less one trailing slash of the path), with the ConfigMap's http-redirect-code. It makes one per host
// any of whose paths has the annotation on, none where a server of the class already has the other name, and over
// HTTPS it uses the host's certificate only when that certificate names the other host too
// (pkg/util/ingress/ingress.go BuildRedirects, rootfs/etc/nginx/template/nginx.tmpl and
// rootfs/etc/nginx/lua/nginx/ngx_srv_redirect.lua, kubernetes/ingress-nginx at controller-v1.15.1).
//
// As a route: an HTTPRoute for the other name, on listeners of its own, whose one rule redirects to the host.
// netkb cannot read a certificate, so the other name gets an HTTPS listener only where the Ingress's TLS entries
// list it with the host's own secret; otherwise HTTPS for it is listed.
import type { AnnotationUse, IngressSettings } from './annotations/settings';
import { listener } from './gateway';
import { listenerName, objectName, tlsCovers } from './names';
import { recordsOf } from './values';
import type { GatewayDraft, IngressView, ReferenceGrantDraft, Report, RouteDraft } from './types';

export interface WwwRedirects {
  /** "class\nhost" of every host an Ingress of the class routes. */
  served: Set<string>;
  /** "class\nhost" -> the redirect route already made for the host. */
  made: Map<string, string>;
}

/** The route that redirects the other form of `route`'s host name to it, or null where none is made. */
export function wwwRedirectRoute(
  gateway: GatewayDraft,
  route: RouteDraft,
  hostHttps: string | null,
  settings: IngressSettings,
  redirects: WwwRedirects,
  grants: ReferenceGrantDraft[],
  report: Report,
): RouteDraft | null {
  const on = settings.fromToWww;
  if (!on?.on) return null;
  const { ingress, host } = route;
  const at = on.use;
  if (host === '') {
    report.change(
      ingress,
      at.line,
      `${at.name}: rules without host have no www form (ingress-nginx names that redirect server www._, which no host name reaches), nothing to convert`,
    );
    return null;
  }
  if (host.startsWith('*.')) {
    report.unconverted(
      ingress,
      'annotation-not-converted',
      'WARNING',
      at.path,
      `Annotation ${at.name} is not converted for host ${host}: ingress-nginx would name the redirect server www.${host}, which is no host name a listener can take (a wildcard only leads a hostname).`,
    );
    return null;
  }
  const other = host.startsWith('www.') ? host.slice('www.'.length) : `www.${host}`;
  const key = (h: string) => `${ingress.className}\n${h}`;
  const earlier = redirects.made.get(key(host));
  if (earlier) {
    report.change(
      ingress,
      at.line,
      `${at.name}: the redirect from ${other} to ${host} is HTTPRoute ${earlier} already (ingress-nginx makes one per host)`,
    );
    return null;
  }
  if (redirects.served.has(key(other))) {
    report.change(
      ingress,
      at.line,
      `${at.name}: no redirect from ${other} to ${host}: an Ingress of the class serves ${other} itself, and ingress-nginx then makes none`,
    );
    return null;
  }

  const http = listener(gateway, listenerName('http', other), other, 'HTTP', 80);
  const https = httpsListener(gateway, ingress, { host, other, hostHttps, at }, grants, report);
  if (ingress.namespace !== gateway.namespace) for (const l of [http, https]) if (l) l.fromAllNamespaces = true;
  const sections = [http.name, ...(https ? [https.name] : [])];
  const parent = {
    name: gateway.name,
    ...(ingress.namespace !== gateway.namespace && gateway.namespace ? { namespace: gateway.namespace } : {}),
  };
  const name = objectName(route.name, 'www-redirect');
  redirects.made.set(key(host), name);
  report.change(
    ingress,
    at.line,
    `${at.name}: true -> HTTPRoute ${name} for ${other} on listener${sections.length > 1 ? 's' : ''} ${sections.join(', ')}: RequestRedirect to hostname ${host}, ${on.statusCode} (scheme, port, path and query kept, as ingress-nginx keeps them; it also drops one trailing slash of the path, the RequestRedirect keeps it)`,
  );
  if (on.codeLost)
    report.unconverted(
      ingress,
      'redirect-code',
      'WARNING',
      at.path,
      `The redirect from ${other} to ${host} is not converted as it was: ${on.codeLost}; the redirect answers ${on.statusCode}, which clients may follow with a GET where the request was a POST.`,
    );
  return {
    kind: 'HTTPRoute',
    ingress,
    name,
    namespace: ingress.namespace,
    host: other,
    parentRefs: sections.map((sectionName) => ({ ...parent, sectionName })),
    rules: [
      {
        line: at.line,
        key: null,
        path: null,
        pathType: null,
        match: null,
        filters: [{ type: 'RequestRedirect', requestRedirect: { hostname: host, statusCode: on.statusCode } }],
        backendRefs: [],
        timeouts: null,
      },
    ],
  };
}

/**
 * The HTTPS listener of the other host name: with the host's certificate where a TLS entry of the Ingress lists
 * the other name with that same secret; else null, and HTTPS for it is listed.
 */
function httpsListener(
  gateway: GatewayDraft,
  ingress: IngressView,
  { host, other, hostHttps, at }: { host: string; other: string; hostHttps: string | null; at: AnnotationUse },
  grants: ReferenceGrantDraft[],
  report: Report,
) {
  const cert = gateway.listeners.find((l) => l.name === hostHttps)?.certificateRefs[0];
  const ns = ingress.namespace ?? gateway.namespace;
  const listed =
    cert !== undefined &&
    (cert.namespace ?? gateway.namespace) === ns &&
    recordsOf(ingress.spec.tls).some(
      ([entry]) =>
        entry.secretName === cert.name &&
        Array.isArray(entry.hosts) &&
        entry.hosts.some((h: unknown) => typeof h === 'string' && tlsCovers(h, other)),
    );
  if (!cert || !listed) {
    report.unconverted(
      ingress,
      'www-redirect-https',
      'WARNING',
      at.path,
      cert
        ? `HTTPS for ${other} is not converted: ingress-nginx answers it with the redirect under the certificate of ${host} (secret ${cert.name}) only when that certificate names ${other} too, which netkb cannot read, and no TLS entry of the Ingress lists ${other} with that secret. If the certificate names it, add ${other} to the entry's hosts; until then HTTPS requests for ${other} are not answered.`
        : `HTTPS for ${other} is not converted: ${host} has no TLS secret, so ingress-nginx answered HTTPS for ${other} under its default certificate; the Gateway has no HTTPS listener for ${other}.`,
    );
    return null;
  }
  const l = listener(gateway, listenerName('https', other), other, 'HTTPS', 443);
  if (l.certificateRefs.length === 0) {
    l.certificateRefs.push({ ...cert });
    if (cert.namespace && gateway.namespace)
      grants.push({
        namespace: cert.namespace,
        fromKind: 'Gateway',
        fromNamespace: gateway.namespace,
        toKind: 'Secret',
        toName: cert.name,
        because: `Gateway ${gateway.namespace}/${gateway.name} listener ${l.name}`,
        ingress,
      });
  }
  return l;
}
