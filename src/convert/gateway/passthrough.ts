// ssl-passthrough as ingress-nginx does it (internal/ingress/controller/controller.go createServers and
// getConfiguration, pkg/tcpproxy/tcp.go, at controller-v1.15.1), written as a TLS listener of mode Passthrough
// on port 443 and a TLSRoute per host:
// - passthrough belongs to the host: any non-canary Ingress of the class with a rule for the host turns it on;
// - the controller's TLS proxy compares the client's SNI name with each passthrough host exactly, so a wildcard
//   host or a rule without host never passes through: such hosts are converted as if it were off;
// - a connection goes, unopened, to the Service of the host's location "/" (the first path "/" of type Prefix or
//   ImplementationSpecific an Ingress of the host gives); no other path is reached over TLS, no TLS secret of the
//   host is ever presented, and nothing nginx does to HTTP requests (authentication, address lists, headers)
//   touches those connections;
// - port 80 stays nginx's: every path of every Ingress of the host, redirected to https where a TLS entry covers
//   the host (the controller still configures a certificate for it, which is what its redirect looks at).
// The listener is written only with its TLSRoute: for a bundle without TLSRoute neither is, and both are listed.
import type { IngressSettings, AnnotationUse } from './annotations/settings';
import type { AccessGuards } from './access';
import { bundleGap, gapText } from './bundle-gaps';
import { addPassthroughListener, hostsOf, type TlsOfHost } from './gateway';
import { describe } from './httproute';
import { hostSlug, listenerName, objectName } from './names';
import { ingressLabel, tlsRouteObject, type PrintedObject } from './print';
import { ingressPaths, isRecord } from './values';
import type { GatewayBundle, GatewayDraft, IngressView, Report, RuleDraft, TlsRouteDraft } from './types';
import { ACCESS_CONTROLS } from '../../kb/access-controls';

interface PassthroughHost {
  className: string;
  host: string;
  /** The first Ingress of the host whose annotation turns passthrough on, and that annotation. */
  ingress: IngressView;
  use: AnnotationUse;
  controllerFlag: string | null;
  /** The Ingress and the line of the path "/" whose backend receives the connections; null when none has one. */
  root: { ingress: IngressView; line: number } | null;
}

const key = (ingress: IngressView, host: string) => `${ingress.className ?? ''}\n${host}`;

export class Passthrough {
  private readonly hosts = new Map<string, PassthroughHost>();
  /** The passthrough hosts a TLS entry covers ("class\nhost"): HTTP requests for them are redirected to https. */
  private readonly certified = new Set<string>();

  constructor(
    private readonly mains: readonly [IngressView, IngressSettings][],
    report: Report,
  ) {
    for (const [ingress, s] of mains) {
      const p = s.sslPassthrough;
      if (!p) continue;
      if (!p.on) {
        report.change(ingress, p.use.line, `${p.use.name}: ${p.use.value}: what the controller does without it`);
        continue;
      }
      const never = hostsOf(ingress).filter((h) => h === '' || h.startsWith('*'));
      if (never.length > 0)
        report.unconverted(
          ingress,
          'passthrough-never-matches',
          'WARNING',
          p.use.path,
          `Annotation ${p.use.name} is not converted for ${never.map((h) => h || 'the rules without host').join(', ')}: ingress-nginx's TLS proxy hands on only connections whose SNI name equals a passthrough host, which ${never.length === 1 ? 'this one' : 'these'} never ${never.length === 1 ? 'equals' : 'equal'}, so the controller ends TLS for ${never.length === 1 ? 'it' : 'them'} as for any host; so does the Gateway.`,
        );
      for (const host of hostsOf(ingress).filter((h) => !never.includes(h))) {
        const before = this.hosts.get(key(ingress, host));
        if (before) {
          report.change(
            ingress,
            p.use.line,
            `${p.use.name}: ${p.use.value}: host ${host} is passed through already, by ${ingressLabel(before.ingress)}`,
          );
          continue;
        }
        this.hosts.set(key(ingress, host), {
          className: ingress.className ?? '',
          host,
          ingress,
          use: p.use,
          controllerFlag: p.controllerFlag,
          root: rootOf(mains, ingress, host),
        });
      }
    }
  }

  /** True when ingress-nginx hands the TLS connections of this Ingress's host on unopened. */
  has(ingress: IngressView, host: string): boolean {
    return this.hosts.has(key(ingress, host));
  }

  /**
   * The TLS entries of an Ingress that cover a passthrough host: their certificate is never presented (said; an
   * Ingress of the host that did not ask for passthrough itself is listed), but they still turn on the redirect.
   */
  readTls(ingress: IngressView, tls: ReadonlyMap<string, TlsOfHost>, report: Report): void {
    for (const [host, t] of tls) {
      const p = this.hosts.get(key(ingress, host));
      if (!p) continue;
      this.certified.add(key(ingress, host));
      const by = p.ingress === ingress ? p.use.name : `${p.use.name} of ${ingressLabel(p.ingress)}`;
      if (t.secret === null) {
        report.change(
          ingress,
          t.line,
          `TLS entry for ${host} without secretName: nothing to convert, the backend ends TLS (${by}); it still has HTTP requests redirected to https`,
        );
      } else if (p.ingress === ingress) {
        report.change(
          ingress,
          t.line,
          `tls secret ${t.secret} for ${host}: on no listener, as ${by} has the backend end TLS and ingress-nginx never presents it; the entry still has HTTP requests redirected to https`,
        );
      } else {
        report.unconverted(
          ingress,
          'tls-passthrough',
          'WARNING',
          t.path,
          `The TLS secret ${t.secret} for ${host} is not converted: ${by} has ingress-nginx hand every TLS connection for the host to the backend of its path / unopened, so this certificate was never presented and this Ingress's paths were never served over HTTPS; the Gateway's port 443 for ${host} is a TLS Passthrough listener. The entry still has HTTP requests redirected to https.`,
        );
      }
    }
  }

  /**
   * Whether HTTP requests for a passthrough host are redirected to https: where a TLS entry covers it (ingress-nginx
   * configures a certificate for the host either way), or force-ssl-redirect asks for it.
   */
  hasTls(ingress: IngressView, host: string, settings: IngressSettings): boolean {
    return this.certified.has(key(ingress, host)) || settings.forceSslRedirect?.on === true;
  }

  /** Says what becomes of an Ingress's paths of a passthrough host. */
  hostNote(ingress: IngressView, host: string, line: number, redirected: boolean, report: Report): void {
    const p = this.hosts.get(key(ingress, host))!;
    const by = p.ingress === ingress ? p.use.name : `${p.use.name} of ${ingressLabel(p.ingress)}`;
    const to = !p.root
      ? 'fail, as no Ingress gives the host a path /'
      : p.root.ingress === ingress
        ? `go unopened to the backend of path / here (line ${p.root.line}), never to the other paths`
        : `go unopened to the backend of path / of ${ingressLabel(p.root.ingress)}, never to the paths here`;
    const http = redirected
      ? 'HTTP requests for it are redirected to https'
      : 'the paths here are served on HTTP (port 80) only';
    report.change(
      ingress,
      line,
      `host ${host} is passed through (${by}): its TLS connections on port 443 ${to}; ${http}, as ingress-nginx serves them`,
    );
  }

  /**
   * The TLSRoutes, each with the listener it attaches to added to its Gateway, from the rule drafts of the Ingresses
   * (before canaries are merged: the TLS proxy sends to the Service alone). A host without backend, or a route the
   * bundle cannot hold, is listed and gets neither.
   */
  routes(options: {
    gateways: ReadonlyMap<string, GatewayDraft>;
    rules: ReadonlyMap<IngressView, ReadonlyMap<string, RuleDraft[]>>;
    guards: AccessGuards;
    bundle: GatewayBundle;
    report: Report;
  }): { printed: PrintedObject; origin: IngressView }[] {
    const { gateways, rules, guards, bundle, report } = options;
    const out: { printed: PrintedObject; origin: IngressView }[] = [];
    for (const p of this.hosts.values()) {
      const draft =
        p.root &&
        rules
          .get(p.root.ingress)
          ?.get(p.host)
          ?.find((r) => r.line === p.root!.line);
      if (!p.root || !draft?.backend) {
        report.unconverted(
          p.ingress,
          'passthrough-without-backend',
          'BREAKING',
          p.use.path,
          `Annotation ${p.use.name} is not converted for ${p.host}: ingress-nginx hands the host's TLS connections to the Service of its path / (pathType Prefix or ImplementationSpecific), and ${p.root ? `the backend of that path (${ingressLabel(p.root.ingress)}, line ${p.root.line}) is not converted` : 'no Ingress of the class gives the host one, so the controller has no Service to send them to and they fail'}; the Gateway gets no listener on port 443 for ${p.host}. Give the host a path / with a Service backend to pass its TLS connections through.`,
        );
        continue;
      }
      const gateway = gateways.get(p.className)!;
      const root = p.root.ingress;
      const listener = listenerName('tls', p.host);
      const route: TlsRouteDraft = {
        ingress: root,
        name: objectName(root.name, hostsOf(root).length > 1 ? hostSlug(p.host) : '', 'tls-passthrough'),
        namespace: root.namespace,
        host: p.host,
        parentRefs: [
          {
            name: gateway.name,
            ...(root.namespace !== gateway.namespace && gateway.namespace ? { namespace: gateway.namespace } : {}),
            sectionName: listener,
          },
        ],
        backendRefs: [
          {
            name: draft.backend.name,
            ...(draft.backend.namespace ? { namespace: draft.backend.namespace } : {}),
            port: draft.backend.port,
          },
        ],
      };
      const printed = tlsRouteObject(
        route,
        bundle,
        `From ${ingressLabel(root)}: host ${p.host} passed through by ${p.ingress === root ? 'its' : `${ingressLabel(p.ingress)}'s`} ${p.use.name}`,
      );
      const ref = `${route.namespace ? `${route.namespace}/` : ''}${route.name}`;
      const gap = bundleGap(printed.object, bundle);
      if (gap) {
        report.unconverted(
          p.ingress,
          'not-in-bundle',
          'BREAKING',
          p.use.path,
          `TLSRoute ${ref} is not written: ${gapText(bundle, gap)}; nor is the listener ${listener} of Gateway ${gateway.name} it would attach to, so HTTPS for ${p.host} is no longer answered. Convert for that release's bundle or a later one (gatewayApi, --gateway-api) where the cluster supports it.`,
        );
        continue;
      }
      addPassthroughListener(gateway, p.host, root.namespace !== gateway.namespace);
      const flag = p.controllerFlag
        ? `, assuming the controller runs with ${p.controllerFlag}: without that flag ingress-nginx ignores the annotation and ends TLS for ${p.host} itself, and the Ingress must be converted without it`
        : '';
      report.change(
        p.ingress,
        p.use.line,
        `${p.use.name}: ${p.use.value} -> Gateway ${gateway.name} listener ${listener} (TLS 443, ${p.host}, tls.mode Passthrough) and TLSRoute ${ref} to ${describe(draft.backend)}, the backend of path / of ${ingressLabel(root)}${flag}`,
      );
      const lost = this.mains
        .filter(([i]) => key(i, p.host) === key(p.ingress, p.host) && hostsOf(i).includes(p.host))
        .flatMap(([i]) => guards.lostBy(i, p.host).map((g) => ACCESS_CONTROLS[g.use.access.control]));
      if (lost.length > 0)
        report.change(
          p.ingress,
          p.use.line,
          `TLSRoute ${ref} is not marked UNPROTECTED: ${[...new Set(lost)].join(' and ')} never applied to TLS connections for ${p.host} in ingress-nginx either, as its TLS proxy hands them on before nginx reads a request; the HTTP routes of the host keep the control's finding`,
        );
      out.push({ printed, origin: root });
    }
    return out;
  }
}

/**
 * The first path "/" (Prefix or ImplementationSpecific, which ingress-nginx reads as Prefix) with a Service
 * backend that an Ingress of the class gives the host: the controller's location "/" for the host.
 */
function rootOf(
  mains: readonly [IngressView, IngressSettings][],
  of: IngressView,
  host: string,
): { ingress: IngressView; line: number } | null {
  for (const [ingress] of mains) {
    if (ingress.className !== of.className) continue;
    for (const p of ingressPaths(ingress)) {
      const service = isRecord(p.entry.backend) && isRecord(p.entry.backend.service);
      if (p.host === host && p.path === '/' && p.pathType !== 'Exact' && service)
        return { ingress, line: ingress.lineOf(p.at) };
    }
  }
  return null;
}
