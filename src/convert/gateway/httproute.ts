// The rules of one Ingress as HTTPRoute rule drafts, by host: path matches by pathType, backends with
// their port numbers, the defaultBackend as a rule without matches, and what the annotations ask of each
// rule (rewrite, redirect, request headers, timeouts).
import type { PathSegment } from '../../analysis';
import { isRecord, recordsOf } from './values';
import { redirectFilter } from './annotations/redirects';
import { rewriteFor } from './annotations/rewrite-target';
import type { AnnotationUse, IngressSettings } from './annotations/settings';
import { methodMatchOf, routeKindOf } from './grpcroute';
import type { ServicePorts } from './service-ports';
import type { BackendRef, Filter, IngressView, MethodMatch, PathMatch, Report, RuleDraft } from './types';

/** What a regular expression reads specially, but for the dot, which gRPC names use. */
const REGEX_SYNTAX = /[\\^$*+?()[\]{}|]/;

/** The annotation that makes a host's paths regular expressions, and the Ingress that carries it. */
export interface HostRegex {
  use: AnnotationUse;
  ingress: IngressView;
}

/** The rules of an Ingress, by host in the order the Ingress names them ("" for rules without host). */
export function rulesByHost(
  ingress: IngressView,
  ownSettings: IngressSettings,
  ports: ServicePorts,
  report: Report,
  regexOf: (host: string) => HostRegex | null = () => null,
): Map<string, RuleDraft[]> {
  const byHost = new Map<string, RuleDraft[]>();
  for (const [rule, i] of recordsOf(ingress.spec.rules)) {
    const host = typeof rule.host === 'string' ? rule.host : '';
    const drafts = byHost.get(host) ?? [];
    if (!byHost.has(host))
      hostRegexNote(ingress, host, ingress.lineOf(['spec', 'rules', i]), ownSettings, regexOf, report);
    byHost.set(host, drafts);
    // Regular-expression paths are the host's: another Ingress of the host may turn them on for this one.
    const regex = ownSettings.regexPaths ? null : regexOf(host);
    const hostSettings = regex ? { ...ownSettings, regexPaths: regex.use } : ownSettings;
    const http: Record<string, unknown> = isRecord(rule.http) ? rule.http : {};
    for (const [p, j] of recordsOf(http.paths)) {
      const at: PathSegment[] = ['spec', 'rules', i, 'http', 'paths', j];
      const draft = pathRule(ingress, host, p, at, hostSettings, ports, report);
      if (draft) drafts.push(draft);
    }
  }
  const fallback = isRecord(ingress.spec.defaultBackend) ? ingress.spec.defaultBackend : null;
  if (fallback) {
    const at: PathSegment[] = ['spec', 'defaultBackend'];
    const backend = backendRef(ingress, fallback, at, ports, report);
    if (backend) {
      const draft = newRule(ingress.lineOf(at), null, null, null, null, [backend], ownSettings);
      report.change(
        ingress,
        draft.line,
        `defaultBackend ${describe(backend)} -> a rule without matches (every path no other rule matches)`,
      );
      if (byHost.size === 0) byHost.set('', []);
      for (const drafts of byHost.values()) drafts.push({ ...draft, filters: [...draft.filters] });
    }
  }
  return byHost;
}

function pathRule(
  ingress: IngressView,
  host: string,
  p: Record<string, unknown>,
  at: PathSegment[],
  settings: IngressSettings,
  ports: ServicePorts,
  report: Report,
): RuleDraft | null {
  const path = typeof p.path === 'string' && p.path !== '' ? p.path : '/';
  const pathType = typeof p.pathType === 'string' ? p.pathType : 'ImplementationSpecific';
  const line = ingress.lineOf(at);
  const backend = isRecord(p.backend) ? backendRef(ingress, p.backend, [...at, 'backend'], ports, report) : null;
  if (!backend) return null;
  let { match, note } = matchOf(path, pathType, settings);
  let rewrite: Record<string, string> | null = null;
  if (settings.rewriteTarget && !settings.redirect) {
    const target = settings.rewriteTarget.value;
    const r = rewriteFor(path, target);
    if ('reason' in r) {
      report.unconverted(
        ingress,
        'rewrite-not-converted',
        'BREAKING',
        [...at, 'path'],
        `The rewrite of path ${path} (rewrite-target ${target}) is not converted: ${r.reason}; the backend would see the request's path unchanged.`,
      );
    } else {
      if (r.match) {
        match = r.match;
        note = `PathPrefix ${r.match.value}: the prefix the capture groups strip (URLRewrite ReplacePrefixMatch needs a PathPrefix match, which is case-sensitive where ingress-nginx matched ${path} without regard to case)`;
      }
      rewrite = r.rewrite;
      report.change(
        ingress,
        settings.rewriteTarget.line,
        `rewrite-target ${target} on path ${path} -> URLRewrite ${rewrite.type} ${Object.values(rewrite)[1]}`,
      );
    }
  }
  let method: MethodMatch | null | undefined;
  if (routeKindOf(settings) === 'GRPCRoute') {
    // On a regex host every path is a regular expression (matchOf); one that uses their syntax names no method.
    const regex = settings.regexPaths !== null && REGEX_SYNTAX.test(path);
    const m = methodMatchOf(path, pathType, regex);
    if ('reason' in m) {
      report.unconverted(
        ingress,
        'grpc-path-not-converted',
        'BREAKING',
        [...at, 'path'],
        `Path ${path} (${pathType}) is not converted to a GRPCRoute rule: ${m.reason}. gRPC requests it routed to ${describe(backend)} are no longer served.`,
      );
      return null;
    }
    method = m.method;
    note = m.note;
  }
  const draft = newRule(
    line,
    `${host}\n${path}\n${pathType}`,
    path,
    pathType,
    method === undefined ? match : null,
    [backend],
    settings,
  );
  if (method !== undefined) draft.method = method;
  // A copy: a canary merged later weighs the rule's backendRefs, not the Service the path names.
  draft.backend = { ...backend };
  if (rewrite) {
    const hostname = draft.filters.find((f) => f.type === 'URLRewrite');
    if (hostname?.type === 'URLRewrite') hostname.urlRewrite.path = rewrite;
    else draft.filters.unshift({ type: 'URLRewrite', urlRewrite: { path: rewrite } });
  }
  const to = settings.redirect
    ? `RequestRedirect ${settings.redirect.url.href} (${settings.redirect.statusCode}, ${settings.redirect.use.name.split('/').pop()})`
    : `backendRef ${describe(backend)}`;
  report.change(ingress, line, `path ${path} (${pathType}) -> ${note}, ${to}`);
  return draft;
}

/**
 * The match for an Ingress path: Exact and Prefix as Kubernetes defines them, ImplementationSpecific as a
 * prefix of the path, as ingress-nginx reads them; but on a host where use-regex or rewrite-target is set,
 * ingress-nginx writes every path of the host, whatever its pathType, as a case-insensitive regular
 * expression anchored at the start of the URI (template.go buildLocation: ~* "^PATH"), so it is written so.
 */
function matchOf(path: string, pathType: string, settings: IngressSettings): { match: PathMatch; note: string } {
  const value = path.length > 1 ? path.replace(/\/+$/, '') : path;
  if (settings.regexPaths !== null) {
    const regex = startAnchored(path);
    return {
      match: { type: 'RegularExpression', value: regex },
      note: `RegularExpression ${regex} (${pathType} on a host with ${settings.regexPaths.name.split('/').pop()}: ingress-nginx matches every path of the host as a case-insensitive regular expression from the start of the path, which this expression says for an implementation that matches the whole path; nginx takes the first match by descending path length where Gateway implementations order regular expressions their own way, so check paths that overlap)`,
    };
  }
  if (pathType === 'Exact') return { match: { type: 'Exact', value: path }, note: `Exact ${path}` };
  if (pathType === 'Prefix') return { match: { type: 'PathPrefix', value }, note: `PathPrefix ${value}` };
  return {
    match: { type: 'PathPrefix', value },
    note:
      value === '/'
        ? 'PathPrefix / (ImplementationSpecific: ingress-nginx matches it as a prefix of the path)'
        : `PathPrefix ${value} (ImplementationSpecific: ingress-nginx matches it as a prefix of the path; PathPrefix matches whole path segments, so ${value}x no longer matches)`,
  };
}

/**
 * nginx's ~* "^PATH" (a case-insensitive search anchored at the start) as an expression matched against the
 * whole path: (?i)^PATH.* . Where PATH has an alternation, "^" binds to its first branch only, as in nginx,
 * and the other branches may match anywhere: (?i).*(?:^PATH).* keeps that.
 */
function startAnchored(path: string): string {
  if (alternatesAtTop(path)) return `(?i).*(?:^${path}).*`;
  return `(?i)^${path}${/(^|[^\\])\$$/.test(path) ? '' : '.*'}`;
}

/** True when a | of the expression is outside every group and character class (escapes skipped). */
function alternatesAtTop(expression: string): boolean {
  let depth = 0;
  let inClass = false;
  for (let i = 0; i < expression.length; i++) {
    const c = expression[i];
    if (c === '\\') i++;
    else if (inClass) inClass = c !== ']';
    else if (c === '[') inClass = true;
    else if (c === '(') depth++;
    else if (c === ')') depth = Math.max(0, depth - 1);
    else if (c === '|' && depth === 0) return true;
  }
  return false;
}

function newRule(
  line: number,
  key: string | null,
  path: string | null,
  pathType: string | null,
  match: PathMatch | null,
  backendRefs: BackendRef[],
  settings: IngressSettings,
): RuleDraft {
  const filters: Filter[] = [];
  let refs = backendRefs;
  if (settings.hostRewrite && !settings.redirect)
    filters.push({ type: 'URLRewrite', urlRewrite: { hostname: settings.hostRewrite.hostname } });
  if (settings.redirect) {
    filters.push({
      type: 'RequestRedirect',
      requestRedirect: redirectFilter(settings.redirect.url, settings.redirect.statusCode),
    });
    refs = [];
  } else if (settings.headers.length > 0) {
    filters.push({
      type: 'RequestHeaderModifier',
      requestHeaderModifier: { set: settings.headers.map((h) => ({ name: h.name, value: h.value })) },
    });
  }
  if (settings.corsFilter && !settings.redirect) filters.push({ type: 'CORS', cors: settings.corsFilter });
  const seconds = Math.max(0, ...settings.timeouts.map((t) => t.seconds));
  return {
    line,
    key,
    path,
    pathType,
    match,
    filters,
    backendRefs: refs,
    timeouts: seconds > 0 && !settings.redirect ? { backendRequest: `${seconds}s` } : null,
  };
}

/**
 * A Service backend with its port number (a named port's from the Service in the input); a named port the input
 * cannot resolve, or a resource backend, is reported instead.
 */
function backendRef(
  ingress: IngressView,
  backend: Record<string, unknown>,
  at: PathSegment[],
  ports: ServicePorts,
  report: Report,
): BackendRef | null {
  const service = isRecord(backend.service) ? backend.service : null;
  if (!service || typeof service.name !== 'string') {
    report.unconverted(
      ingress,
      'resource-backend',
      'BREAKING',
      [...at, 'resource'],
      'A backend that is not a Service is not converted: an HTTPRoute backendRef to another kind needs a Gateway implementation that supports it; add it by hand.',
    );
    return null;
  }
  const port: Record<string, unknown> = isRecord(service.port) ? service.port : {};
  if (typeof port.number === 'number') return { name: service.name, port: port.number };
  if (typeof port.name === 'string') {
    const number = ports.numberOf(ingress, service.name, port.name, [...at, 'service', 'port', 'name']);
    return number === null ? null : { name: service.name, port: number };
  }
  report.unconverted(
    ingress,
    'named-port',
    'BREAKING',
    [...at, 'service', 'port', 'number'],
    `The backend ${service.name} names no port; an HTTPRoute backendRef needs the port number.`,
  );
  return null;
}

export function describe(b: BackendRef): string {
  return `${b.namespace ? `${b.namespace}/` : ''}${b.name}:${b.port}${b.weight !== undefined ? ` weight ${b.weight}` : ''}`;
}

/** Says where another Ingress of the host makes this one's paths regular expressions. */
function hostRegexNote(
  ingress: IngressView,
  host: string,
  line: number,
  settings: IngressSettings,
  regexOf: (host: string) => HostRegex | null,
  report: Report,
): void {
  const regex = settings.regexPaths ? null : regexOf(host);
  if (!regex || regex.ingress === ingress) return;
  const other = regex.ingress;
  report.change(
    ingress,
    line,
    `${host ? `host ${host}` : 'every host'}: its ImplementationSpecific paths are read as regular expressions here too, as ${regex.use.name} of Ingress ${other.namespace ? `${other.namespace}/` : ''}${other.name} (line ${regex.use.line}) makes them for every Ingress of the host`,
  );
}
