// GRPCRoute: where an Ingress's backends speak gRPC (its backend-protocol record says which values), its
// paths become GRPCRoute rules. A GRPCRoute matches gRPC services and methods, not paths: every gRPC request's
// path is /<service>/<method>, so a path of "/" serves every method, "/<service>" (or "/<service>/") every method
// of one service, "/<service>/<method>" one method; any other path cannot be written as a method match and is
// listed. What a GRPCRoute rule cannot carry (a filter type or field its CRD lacks in the chosen bundle) is taken
// off the rule and listed. And Gateway API accepts only one of an HTTPRoute and a GRPCRoute that share a listener
// and a hostname (GRPCRoute spec.hostnames, apis/v1/grpcroute_types.go at v1.6.1), where ingress-nginx served
// both: listed.
import type { PathSegment } from '../../analysis';
import type { IngressSettings } from './annotations/settings';
import type { GatewayBundle, IngressView, MethodMatch, Report, RouteDraft, RouteKind } from './types';

/**
 * The route kind of an Ingress's rules: the one its backend protocol's record names, except for an Ingress that
 * redirects, which answers before it speaks to any backend (nginx.tmpl's return comes before grpc_pass).
 */
export function routeKindOf(settings: IngressSettings): RouteKind {
  return settings.redirect ? 'HTTPRoute' : (settings.backendProtocol?.protocol.route ?? 'HTTPRoute');
}

/** The characters the CRD's CEL rules allow in an Exact method match (GRPCMethodMatch, v1.6.1). */
const SERVICE = /^\.?[A-Za-z_][A-Za-z_0-9]*(\.[A-Za-z_][A-Za-z_0-9]*)*$/;
const METHOD = /^[A-Za-z_][A-Za-z_0-9]*$/;

/**
 * The method match of an Ingress path (null: every method), with words on it for the change; or why none
 * can say what the path matched.
 */
export function methodMatchOf(
  path: string,
  pathType: string,
  regex: boolean,
): { method: MethodMatch | null; note: string } | { reason: string } {
  if (regex)
    return {
      reason:
        'it is a regular expression, and a GRPCRoute matches gRPC services and methods by name (its RegularExpression method match is implementation-specific)',
    };
  const none = {
    reason: `an ${pathType} path ${path} matches no gRPC request (each is sent to /<service>/<method>)`,
  };
  if (path === '/') return pathType === 'Exact' ? none : { method: null, note: 'every gRPC service and method' };
  const parts = path.slice(1).split('/');
  if (pathType !== 'Exact' && parts.length > 1 && parts[parts.length - 1] === '') parts.pop();
  const [service, method] = parts;
  if (parts.length > 2 || !SERVICE.test(service) || (method !== undefined && !METHOD.test(method)))
    return {
      reason:
        'a GRPCRoute matches a gRPC service and method, and the path is not /<service>, /<service>/ or /<service>/<method> with the names gRPC allows',
    };
  if (method === undefined && pathType === 'Exact') return none;
  // ingress-nginx matches an ImplementationSpecific path as a string prefix: /pkg.Svc also matches /pkg.SvcX/...
  const narrower =
    pathType === 'ImplementationSpecific' && !path.endsWith('/')
      ? ` (ImplementationSpecific: ingress-nginx matches it as a prefix of the path, so ${path}x matched too; the method match names it exactly)`
      : '';
  return method === undefined
    ? { method: { service, method: null }, note: `method match service ${service}, every method${narrower}` }
    : { method: { service, method }, note: `method match service ${service}, method ${method}${narrower}` };
}

const FILTER_TYPE = 'spec.rules[].filters[].type';
const TIMEOUTS = 'spec.rules[].timeouts';

/**
 * Takes off a GRPCRoute's rules what the bundle's GRPCRoute cannot hold, listing each once per Ingress: a URL
 * rewrite is BREAKING (the backend is sent another path than the Ingress sent it), others WARNING.
 */
export function fitGrpcRoute(route: RouteDraft, at: PathSegment[], bundle: GatewayBundle, report: Report): void {
  if (route.kind !== 'GRPCRoute' || !bundle.apiVersion('GRPCRoute')) return;
  const dropped = new Set<string>();
  for (const rule of route.rules) {
    rule.filters = rule.filters.filter((f) => {
      if (bundle.hasField('GRPCRoute', FILTER_TYPE, f.type)) return true;
      dropped.add(f.type);
      return false;
    });
    if (rule.timeouts && !bundle.hasField('GRPCRoute', `${TIMEOUTS}.backendRequest`)) {
      rule.timeouts = null;
      dropped.add('timeouts');
    }
  }
  for (const what of dropped)
    report.unconverted(
      route.ingress,
      'grpc-rule-not-converted',
      what === 'URLRewrite' ? 'BREAKING' : 'WARNING',
      at,
      `The ${what === 'timeouts' ? 'proxy timeouts' : `${what} filter`} of GRPCRoute ${route.name} ${what === 'timeouts' ? 'are' : 'is'} not converted: the Gateway API bundle ${bundle.version} (${bundle.channel} channel) has no ${what === 'timeouts' ? `GRPCRoute ${TIMEOUTS}` : `${what} filter on a GRPCRoute rule`}; the route is written without ${what === 'timeouts' ? 'them' : 'it'}${what === 'URLRewrite' ? ', so the backend sees the request path unchanged' : ''}.`,
    );
}

/**
 * Each GRPCRoute that shares a listener with an HTTPRoute of the same Gateway: Gateway API accepts only one of
 * the two (the older, then the first by namespace/name), ingress-nginx served both. Listed BREAKING at the
 * GRPCRoute's Ingress.
 */
export function reportRouteKindConflicts(
  routes: readonly RouteDraft[],
  at: (ingress: IngressView) => PathSegment[],
  report: Report,
): void {
  const listenerKey = (r: RouteDraft, section: string) =>
    `${r.parentRefs[0]?.namespace ?? r.namespace ?? ''}/${r.parentRefs[0]?.name ?? ''}\n${section}`;
  const http = new Map<string, RouteDraft>();
  for (const r of routes)
    if (r.kind === 'HTTPRoute') for (const p of r.parentRefs) http.set(listenerKey(r, p.sectionName), r);
  for (const r of routes) {
    if (r.kind !== 'GRPCRoute') continue;
    const clash = r.parentRefs
      .map((p) => ({ listener: p.sectionName, other: http.get(listenerKey(r, p.sectionName)) }))
      .find((x) => x.other !== undefined);
    if (!clash) continue;
    const other = clash.other!;
    report.unconverted(
      r.ingress,
      'grpc-http-conflict',
      'BREAKING',
      at(r.ingress),
      `GRPCRoute ${r.name} is not converted as ingress-nginx served it: it and HTTPRoute ${other.namespace ? `${other.namespace}/` : ''}${other.name} (from Ingress ${other.ingress.name}) both serve ${r.host || 'every host'} on listener ${clash.listener}: Gateway API accepts only one of an HTTPRoute and a GRPCRoute there (the older, then the first by namespace/name) and rejects the other, where ingress-nginx served both. Serve the gRPC backend on a host of its own, or route it with the HTTPRoute (the Service port's appProtocol kubernetes.io/h2c) by hand.`,
    );
  }
}
