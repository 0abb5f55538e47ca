// One Gateway per ingress class: an HTTP listener per host of its Ingresses, and an HTTPS listener per host
// a TLS entry covers, with the entry's Secret as certificateRef (from the Ingress's namespace, which a
// ReferenceGrant opens when the Gateway lives elsewhere).
import type { PathSegment } from '../../analysis';
import { recordsOf } from './values';
import { listenerName, tlsCovers } from './names';
import type { GatewayDraft, IngressView, ListenerDraft, ReferenceGrantDraft, Report } from './types';

/** The hosts an Ingress routes, in its order ("" for rules without host, or an Ingress of only a defaultBackend). */
export function hostsOf(ingress: IngressView): string[] {
  const hosts = recordsOf(ingress.spec.rules).map(([r]) => (typeof r.host === 'string' ? r.host : ''));
  if (hosts.length === 0) hosts.push('');
  return [...new Set(hosts)];
}

export interface TlsOfHost {
  /** null only for a passthrough host, which needs none. */
  secret: string | null;
  line: number;
  path: PathSegment[];
}

/**
 * For each host of an Ingress, the TLS entry that covers it (the first). Hosts without Secret are reported, but
 * for a passthrough host (`passthrough`), whose TLS the backend ends: it is kept with secret null.
 */
export function tlsOf(
  ingress: IngressView,
  report: Report,
  passthrough: (host: string) => boolean = () => false,
): Map<string, TlsOfHost> {
  const out = new Map<string, TlsOfHost>();
  for (const [entry, i] of recordsOf(ingress.spec.tls)) {
    const tlsHosts = Array.isArray(entry.hosts) ? entry.hosts.filter((h): h is string => typeof h === 'string') : [''];
    const covered = hostsOf(ingress).filter((h) => !out.has(h) && tlsHosts.some((t) => tlsCovers(t, h)));
    if (covered.length === 0) continue;
    const path: PathSegment[] = ['spec', 'tls', i];
    const line = ingress.lineOf(path);
    if (typeof entry.secretName !== 'string' || entry.secretName === '') {
      const ended = covered.filter((h) => !passthrough(h));
      if (ended.length > 0)
        report.unconverted(
          ingress,
          'tls-without-secret',
          'BREAKING',
          path,
          `The TLS entry for ${ended.join(', ') || 'every host'} names no secretName (ingress-nginx serves its default certificate); an HTTPS listener needs a certificateRef: add it by hand.`,
        );
      for (const h of covered.filter(passthrough)) out.set(h, { secret: null, line, path });
      continue;
    }
    for (const h of covered) out.set(h, { secret: entry.secretName, line, path });
  }
  return out;
}

/**
 * Adds an Ingress's listeners to its class's Gateway; returns the listener names of each host. A passthrough
 * host gets no HTTPS listener: its port 443 is a TLS listener of mode Passthrough (../passthrough.ts), and an
 * HTTPS listener of the same port and hostname would not be distinct from it.
 */
export function addListeners(
  gateway: GatewayDraft,
  ingress: IngressView,
  tls: Map<string, TlsOfHost>,
  grants: ReferenceGrantDraft[],
  report: Report,
  passthrough: (host: string) => boolean = () => false,
): Map<string, { http: string; https: string | null }> {
  const names = new Map<string, { http: string; https: string | null }>();
  const ns = ingress.namespace ?? gateway.namespace;
  for (const host of hostsOf(ingress)) {
    const http = listener(gateway, listenerName('http', host), host, 'HTTP', 80);
    let https: string | null = null;
    const t = passthrough(host) ? undefined : tls.get(host);
    if (t && t.secret !== null) {
      const l = listener(gateway, listenerName('https', host), host, 'HTTPS', 443);
      const ref = { name: t.secret, ...(ns !== gateway.namespace && ns ? { namespace: ns } : {}) };
      const first = l.certificateRefs[0];
      if (!first) {
        l.certificateRefs.push(ref);
        report.change(
          ingress,
          t.line,
          `tls secret ${t.secret} -> Gateway ${gateway.name} listener ${l.name} (HTTPS 443${host ? `, ${host}` : ''}) certificateRef`,
        );
        if (ref.namespace && gateway.namespace)
          grants.push({
            namespace: ref.namespace,
            fromKind: 'Gateway',
            fromNamespace: gateway.namespace,
            toKind: 'Secret',
            toName: t.secret,
            because: `Gateway ${gateway.namespace}/${gateway.name} listener ${l.name}`,
            ingress,
          });
      } else if (first.name !== ref.name || first.namespace !== ref.namespace) {
        report.unconverted(
          ingress,
          'tls-conflict',
          'WARNING',
          ['spec', 'tls'],
          `The TLS secret ${t.secret} for ${host || 'every host'} is not converted: listener ${l.name} of Gateway ${gateway.name} already serves the secret ${first.namespace ? `${first.namespace}/` : ''}${first.name} of another Ingress for that host.`,
        );
      }
      https = l.name;
    }
    names.set(host, { http: http.name, https });
    if (ingress.namespace !== gateway.namespace)
      for (const l of gateway.listeners) if (l.name === http.name || l.name === https) l.fromAllNamespaces = true;
  }
  if (!gateway.ingresses.includes(ingress)) gateway.ingresses.push(ingress);
  return names;
}

/**
 * The listeners a host of an Ingress is served on: its own, and the HTTPS listener another Ingress of the class
 * gave the host. ingress-nginx keeps the first TLS certificate of a host for the host's one server, and
 * redirects and serves over HTTPS every Ingress's paths of that host (internal/ingress/controller/controller.go,
 * createServers; rootfs/etc/nginx/lua/lua_ingress.lua, redirect_to_https, at controller-v1.15.1).
 */
export function hostListeners(
  gateway: GatewayDraft,
  ingress: IngressView,
  host: string,
  own: { http: string; https: string | null },
  line: number,
  report: Report,
): { http: string; https: string | null } {
  if (own.https) return own;
  const shared = gateway.listeners.find((l) => l.name === listenerName('https', host) && l.protocol === 'HTTPS');
  if (!shared) return own;
  if (ingress.namespace !== gateway.namespace) shared.fromAllNamespaces = true;
  const secret = shared.certificateRefs[0];
  report.change(
    ingress,
    line,
    `${host ? `host ${host}` : 'every host'} has TLS from another Ingress of the class (listener ${shared.name}${secret ? `, secret ${secret.namespace ? `${secret.namespace}/` : ''}${secret.name}` : ''}): its paths here are served over HTTPS too, as the controller serves every path of a host with the host's certificate`,
  );
  return { http: own.http, https: shared.name };
}

/** The Gateway's listener of that name, added where it has none yet. */
export function listener(
  gateway: GatewayDraft,
  name: string,
  host: string,
  protocol: ListenerDraft['protocol'],
  port: number,
): ListenerDraft {
  let l = gateway.listeners.find((x) => x.name === name);
  if (!l) {
    l = { name, hostname: host === '' ? null : host, protocol, port, certificateRefs: [], fromAllNamespaces: false };
    gateway.listeners.push(l);
  }
  return l;
}

/**
 * The TLS listener of mode Passthrough for a host on port 443, placed after the host's other listeners; routes
 * of other namespaces attach when `fromAllNamespaces`.
 */
export function addPassthroughListener(gateway: GatewayDraft, host: string, fromAllNamespaces: boolean): ListenerDraft {
  const name = listenerName('tls', host);
  const found = gateway.listeners.find((x) => x.name === name);
  if (found) return found;
  const l: ListenerDraft = {
    name,
    hostname: host,
    protocol: 'TLS',
    port: 443,
    certificateRefs: [],
    fromAllNamespaces,
  };
  const last = gateway.listeners.map((x) => x.hostname).lastIndexOf(host);
  gateway.listeners.splice(last < 0 ? gateway.listeners.length : last + 1, 0, l);
  return l;
}
