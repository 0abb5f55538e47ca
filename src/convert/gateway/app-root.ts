// app-root: ingress-nginx answers a request for exactly "/" with a redirect to the application root. nginx.tmpl
// writes it as an `if ($uri = /) { return 302 $scheme://$http_host PATH; }` in the server, not in a location, so
// it answers "/" of the host before any path is matched: for every Ingress of the host, before the location's
// HTTPS redirect, access checks and canary. Where several Ingresses of a host give one, the server's first
// location decides (the longest path: locations are sorted longest first). rootfs/etc/nginx/template/nginx.tmpl
// and internal/ingress/controller/controller.go (getBackendServers), kubernetes/ingress-nginx at controller-v1.15.1.
//
// As a route: a rule matching Exact "/" with a RequestRedirect that replaces the whole path, on the route of the
// Ingress that gives it; an Exact "/" rule of any Ingress of the host answers with the same redirect (Exact is
// matched before every prefix, across the routes of a hostname, so no other rule is needed).
import type { AnnotationUse, IngressSettings } from './annotations/settings';
import { ingressPaths } from './values';
import type { IngressView, Report, RuleDraft } from './types';

/** The app-root that answers "/" of a host, and the Ingress that gives it. */
interface HostAppRoot {
  ingress: IngressView;
  use: AnnotationUse;
  path: string;
  statusCode: number;
}

/** The paths an Ingress's rules give for each host, as ingress-nginx names its locations ("" -> "/"). */
function pathsByHost(ingress: IngressView): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const { host, path } of ingressPaths(ingress)) out.set(host, [...(out.get(host) ?? []), path]);
  return out;
}

/** Location order in ingress-nginx's server: the longer path first, then the greater one. */
const before = (a: string, b: string) => a.length > b.length || (a.length === b.length && a > b);

/**
 * The app-root of each "class\nhost", from the Ingresses that give one. Listed: the app-root of an Ingress another
 * Ingress's overrides on a host, one the controller applies to no path (an Ingress of only a defaultBackend), and a
 * status code the bundle does not accept.
 */
export function appRootByHost(
  mains: readonly [IngressView, IngressSettings][],
  report: Report,
): Map<string, HostAppRoot> {
  const candidates = new Map<string, { root: HostAppRoot; first: string }[]>();
  for (const [ingress, s] of mains) {
    const a = s.appRoot;
    if (!a) continue;
    if (a.codeLost)
      report.unconverted(
        ingress,
        'redirect-code',
        'WARNING',
        a.use.path,
        `The status code of the app-root redirect is not converted as it was: ${a.codeLost}; the redirect answers ${a.statusCode}.`,
      );
    const byHost = pathsByHost(ingress);
    if (byHost.size === 0)
      report.unconverted(
        ingress,
        'annotation-not-converted',
        'WARNING',
        a.use.path,
        `Annotation ${a.use.name} is not converted: ingress-nginx applies it to the paths of the Ingress's rules and this Ingress has none (its defaultBackend alone is served without it), so does the route.`,
      );
    for (const [host, paths] of byHost) {
      const key = `${ingress.className}\n${host}`;
      const first = paths.reduce((x, y) => (before(y, x) ? y : x));
      const root = { ingress, use: a.use, path: a.path, statusCode: a.statusCode };
      candidates.set(key, [...(candidates.get(key) ?? []), { root, first }]);
    }
  }
  const out = new Map<string, HostAppRoot>();
  for (const [key, list] of candidates) {
    const winner = list.reduce((x, y) => (before(y.first, x.first) ? y : x));
    out.set(key, winner.root);
    for (const { root } of list)
      if (root.path !== winner.root.path)
        report.unconverted(
          root.ingress,
          'annotation-not-converted',
          'WARNING',
          root.use.path,
          `Annotation ${root.use.name} is not converted for host ${key.split('\n')[1] || '(every host)'}: ingress-nginx answers "/" of the host with the app-root ${winner.root.path} of Ingress ${label(winner.root.ingress)} instead (its path ${winner.first} comes first in the controller's order of the host's paths, longest first), and so does the route.`,
        );
  }
  return out;
}

const label = (i: IngressView) => `${i.namespace ? `${i.namespace}/` : ''}${i.name} (line ${i.source.line})`;

/**
 * The rules of one Ingress's route for `host` with the host's app-root: an Exact "/" rule answers with its
 * redirect instead of a backend; the Ingress that gives it gets such a rule where it has none.
 */
export function withAppRoot(
  ingress: IngressView,
  host: string,
  rules: RuleDraft[],
  root: HostAppRoot | undefined,
  report: Report,
): RuleDraft[] {
  if (!root) return rules;
  const redirect = (line: number, key: string | null): RuleDraft => ({
    line,
    key,
    path: '/',
    pathType: 'Exact',
    match: { type: 'Exact', value: '/' },
    filters: [
      {
        type: 'RequestRedirect',
        requestRedirect: {
          path: { type: 'ReplaceFullPath', replaceFullPath: root.path },
          statusCode: root.statusCode,
        },
      },
    ],
    backendRefs: [],
    timeouts: null,
  });
  const whose = root.ingress === ingress ? root.use.name : `${root.use.name} of Ingress ${label(root.ingress)}`;
  let exact = false;
  const out = rules.map((r) => {
    if (r.match?.type !== 'Exact' || r.match.value !== '/' || r.headers) return r;
    exact = true;
    report.change(
      ingress,
      r.line,
      `path / (Exact): RequestRedirect ${root.path} (${root.statusCode}, ${whose}) instead of its backend: ingress-nginx answers "/" of the host with the app-root redirect before it matches any path`,
    );
    return redirect(r.line, r.key);
  });
  if (root.ingress === ingress && !exact) {
    out.push(redirect(root.use.line, null));
    report.change(
      ingress,
      root.use.line,
      `${root.use.name}: ${root.path} -> ${host ? `host ${host}` : 'every host'}: a rule matching Exact / with RequestRedirect ReplaceFullPath ${root.path}, ${root.statusCode} (scheme and host kept; ingress-nginx drops the query string, the Gateway implementation decides)`,
    );
  }
  return out;
}
