// The redirect nginx adds to a location whose name ends in "/": a request for that name without its last "/"
// is answered with a redirect to the name (the provider record's trailingSlashRedirectCode, 301 for
// ingress-nginx), unless a location of the server is named exactly as the request. nginx decides it in its
// tree of prefix and exact locations (ngx_http_core_find_static_location), before any regular-expression
// location and before the rewrite and access phases, so a shorter prefix location covering the request ("/",
// which every ingress-nginx server has) does not prevent it, and a host whose locations are all regular
// expressions (use-regex, rewrite-target) never has it. Only a location that proxies is marked for it
// (proxy_pass, grpc_pass, fastcgi_pass: every location ingress-nginx writes for a path).
//
// ingress-nginx's locations for a path (location.go updateServerLocations, template.go buildLocation at
// controller-v1.15.1): Exact PATH -> "= PATH"; Prefix PATH -> "PATH/" (one "/" added where PATH has none) and
// "= PATH"; ImplementationSpecific PATH -> "PATH"; and "/" in every server. So each path ending in "/" (but "/")
// makes a redirect from the path without that "/", unless a path of the host names that location.
//
// As a route: a rule matching Exact SOURCE with a RequestRedirect ReplaceFullPath PATH, on the route of the first
// Ingress of the host (and class) with the path, once per host. Exact is matched before every prefix across the
// routes of a hostname, as nginx answers the redirect before any prefix location.
import { REDIRECT_PATH, REDIRECT_STATUS_CODE, redirectStatus } from './annotations/redirects';
import type { IngressSettings } from './annotations/settings';
import { gapText } from './bundle-gaps';
import { routeKindOf } from './grpcroute';
import { ingressPaths, type IngressPath as PathOfIngress } from './values';
import type { GatewayBundle, IngressView, ProviderRecord, Report, RouteKind, RuleDraft } from './types';

/** An Ingress path as ingress-nginx reads it, with its Ingress and the kind of the Ingress's routes. */
interface IngressPath extends Omit<PathOfIngress, 'entry'> {
  ingress: IngressView;
  kind: RouteKind;
}

/** A redirect of `source` to `path`, the path of an Ingress whose location nginx redirects to. */
interface TrailingSlashRedirect extends Omit<IngressPath, 'host'> {
  source: string;
  statusCode: number;
  /** The controller's name, e.g. ingress-nginx. */
  by: string;
}

function pathsOf(ingress: IngressView, kind: RouteKind): IngressPath[] {
  return ingressPaths(ingress).map(({ entry: _entry, ...p }) => ({ ingress, kind, ...p }));
}

/** The names of the locations ingress-nginx writes for a path of a host whose paths are not regular expressions. */
function locationNames({ path, pathType }: IngressPath): string[] {
  if (pathType !== 'Prefix' || path === '/') return [path];
  return [path.endsWith('/') ? path : `${path}/`, path];
}

/**
 * The redirects nginx answers, by "class\nhost"; none for a host with regular-expression paths (`regexHost`).
 * Listed: a redirect the bundle cannot write (no RequestRedirect path), and one whose status code the bundle
 * lacks (written with the closest). Nothing when the provider record gives no status code: netkb does not know
 * that the controller answers so.
 */
export function trailingSlashRedirects(
  mains: readonly [IngressView, IngressSettings][],
  regexHost: (key: string) => boolean,
  provider: ProviderRecord,
  bundle: GatewayBundle,
  report: Report,
): Map<string, TrailingSlashRedirect[]> {
  const out = new Map<string, TrailingSlashRedirect[]>();
  const own = provider.trailingSlashRedirectCode;
  if (own === null) return out;
  const byHost = new Map<string, IngressPath[]>();
  for (const [ingress, settings] of mains)
    for (const p of pathsOf(ingress, routeKindOf(settings))) {
      const key = `${ingress.className}\n${p.host}`;
      if (!regexHost(key)) byHost.set(key, [...(byHost.get(key) ?? []), p]);
    }
  const status = redirectStatus(own, bundle);
  const gap = REDIRECT_PATH.find((path) => !bundle.hasField('HTTPRoute', path));
  for (const [key, paths] of byHost) {
    const names = new Set(['/', ...paths.flatMap(locationNames)]);
    const sources = new Set<string>();
    const redirects: TrailingSlashRedirect[] = [];
    for (const { host: _host, ...p } of paths) {
      const source = p.path.slice(0, -1);
      if (!p.path.endsWith('/') || p.path === '/' || names.has(source) || sources.has(source)) continue;
      sources.add(source);
      // A GRPCRoute gets none (withTrailingSlashRedirects says why): what the bundle lacks does not matter to it.
      if (p.kind !== 'HTTPRoute') {
        redirects.push({ ...p, source, statusCode: own, by: provider.name });
        continue;
      }
      if (gap || !status) {
        const lacks = gap
          ? gapText(bundle, { kind: 'HTTPRoute', path: gap })
          : gapText(bundle, { kind: 'HTTPRoute', path: REDIRECT_STATUS_CODE, value: own });
        report.unconverted(
          p.ingress,
          'trailing-slash-redirect',
          'WARNING',
          [...p.at, 'path'],
          `The redirect of ${source} to ${p.path} is not converted: ${provider.name} answers ${source} with a ${own} redirect to its location ${p.path} (path ${p.path}, ${p.pathType}), as no location of the host is named ${source}, but ${lacks}; the route serves ${source} as its other rules match it.`,
        );
        continue;
      }
      if (status.lost)
        report.unconverted(
          p.ingress,
          'redirect-code',
          'WARNING',
          [...p.at, 'path'],
          `The status code of the redirect of ${source} to ${p.path} is not converted as it was: ${provider.name} answers ${own}, but ${status.lost}; the redirect answers ${status.code}.`,
        );
      redirects.push({ ...p, source, statusCode: status.code, by: provider.name });
    }
    if (redirects.length > 0) out.set(key, redirects);
  }
  return out;
}

/**
 * The rules of one Ingress's route for a host with the host's trailing-slash redirects that are this Ingress's,
 * each after the rule of its path. A GRPCRoute gets none: it matches gRPC methods, and no gRPC call is sent to
 * a path without its method.
 */
export function withTrailingSlashRedirects(
  ingress: IngressView,
  rules: RuleDraft[],
  redirects: readonly TrailingSlashRedirect[] | undefined,
  report: Report,
): RuleDraft[] {
  const own = (redirects ?? []).filter((r) => r.ingress === ingress);
  if (own.length === 0) return rules;
  const out = [...rules];
  for (const r of own) {
    const line = ingress.lineOf(r.at);
    const head = `path ${r.path} (${r.pathType}): ${r.by} answers ${r.source} with a ${r.statusCode} redirect to ${r.path} (nginx redirects a request for a location's name without its last "/" when no location has that name)`;
    if (r.kind !== 'HTTPRoute') {
      report.change(
        ingress,
        line,
        `${head}; nothing to convert in a ${r.kind}, which matches gRPC methods, and no gRPC call is sent to ${r.source}`,
      );
      continue;
    }
    const rule: RuleDraft = {
      line,
      key: null,
      path: r.source,
      pathType: 'Exact',
      match: { type: 'Exact', value: r.source },
      filters: [
        {
          type: 'RequestRedirect',
          requestRedirect: { path: { type: 'ReplaceFullPath', replaceFullPath: r.path }, statusCode: r.statusCode },
        },
      ],
      backendRefs: [],
      timeouts: null,
    };
    const after = out.findIndex((x) => x.line === line && x.path === r.path);
    out.splice(after < 0 ? out.length : after + 1, 0, rule);
    report.change(
      ingress,
      line,
      `${head} -> a rule matching Exact ${r.source} with RequestRedirect ReplaceFullPath ${r.path}, ${r.statusCode} (scheme and host kept; nginx keeps the query string, the Gateway implementation decides)`,
    );
  }
  return out;
}
