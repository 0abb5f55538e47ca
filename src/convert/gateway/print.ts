// The output manifest: one YAML document per object, in a stable order (Gateways, then each Ingress's
// routes in input order, then the TLSRoutes of passthrough hosts, then BackendTLSPolicies, then ReferenceGrants),
// each under a comment that says where it came from.
import { Document } from 'yaml';
import { GATEWAY_GROUP } from './reference-grant';
import type { BackendRef, GatewayDraft, GatewayBundle, RouteDraft, RuleDraft, TlsRouteDraft } from './types';

export interface PrintedObject {
  comment: string;
  object: Record<string, unknown>;
}

export function printObjects(objects: PrintedObject[]): string {
  return objects
    .map(({ comment, object }) => {
      const doc = new Document(object);
      doc.commentBefore = comment
        .split('\n')
        .map((line) => ` ${line}`)
        .join('\n');
      return doc.toString({ lineWidth: 0 });
    })
    .join('---\n');
}

const metadata = (name: string, namespace: string | null) => ({ name, ...(namespace ? { namespace } : {}) });

export function ingressLabel(ingress: { namespace: string | null; name: string; source: { line: number } }): string {
  return `Ingress ${ingress.namespace ? `${ingress.namespace}/` : ''}${ingress.name} (line ${ingress.source.line})`;
}

export function gatewayObject(g: GatewayDraft, bundle: GatewayBundle): PrintedObject {
  return {
    comment: `From the ingress class ${g.name} of ${g.ingresses.map(ingressLabel).join(', ')}`,
    object: {
      apiVersion: bundle.apiVersion('Gateway'),
      kind: 'Gateway',
      metadata: metadata(g.name, g.namespace),
      spec: {
        gatewayClassName: g.gatewayClassName,
        listeners: g.listeners.map((l) => ({
          name: l.name,
          ...(l.hostname ? { hostname: l.hostname } : {}),
          port: l.port,
          protocol: l.protocol,
          ...(l.protocol === 'HTTPS' ? { tls: { mode: 'Terminate', certificateRefs: l.certificateRefs } } : {}),
          ...(l.protocol === 'TLS' ? { tls: { mode: 'Passthrough' } } : {}),
          ...(l.fromAllNamespaces ? { allowedRoutes: { namespaces: { from: 'All' } } } : {}),
        })),
      },
    },
  };
}

export function routeObject(r: RouteDraft, bundle: GatewayBundle, comment: string): PrintedObject {
  return {
    comment,
    object: {
      apiVersion: bundle.apiVersion(r.kind),
      kind: r.kind,
      metadata: metadata(r.name, r.namespace),
      spec: {
        parentRefs: r.parentRefs.map(parentRefObject),
        ...(r.host ? { hostnames: [r.host] } : {}),
        rules: r.rules.map(ruleObject),
      },
    },
  };
}

/** A route's reference to the Gateway listener it attaches to. */
function parentRefObject(p: RouteDraft['parentRefs'][number]): Record<string, unknown> {
  return {
    group: GATEWAY_GROUP,
    kind: 'Gateway',
    name: p.name,
    ...(p.namespace ? { namespace: p.namespace } : {}),
    sectionName: p.sectionName,
  };
}

export function tlsRouteObject(r: TlsRouteDraft, bundle: GatewayBundle, comment: string): PrintedObject {
  return {
    comment,
    object: {
      apiVersion: bundle.apiVersion('TLSRoute'),
      kind: 'TLSRoute',
      metadata: metadata(r.name, r.namespace),
      spec: {
        parentRefs: r.parentRefs.map(parentRefObject),
        hostnames: [r.host],
        rules: [{ backendRefs: r.backendRefs.map(backendObject) }],
      },
    },
  };
}

function ruleObject(rule: RuleDraft): Record<string, unknown> {
  const method = rule.method
    ? { type: 'Exact', service: rule.method.service, ...(rule.method.method ? { method: rule.method.method } : {}) }
    : null;
  return {
    ...(rule.match || method || rule.headers
      ? {
          matches: [
            {
              ...(rule.match ? { path: { type: rule.match.type, value: rule.match.value } } : {}),
              ...(method ? { method } : {}),
              ...(rule.headers
                ? { headers: rule.headers.map((h) => ({ type: h.type, name: h.name, value: h.value })) }
                : {}),
            },
          ],
        }
      : {}),
    ...(rule.filters.length > 0 ? { filters: rule.filters } : {}),
    ...(rule.backendRefs.length > 0 ? { backendRefs: rule.backendRefs.map(backendObject) } : {}),
    ...(rule.timeouts ? { timeouts: rule.timeouts } : {}),
  };
}

function backendObject(b: BackendRef): Record<string, unknown> {
  return {
    name: b.name,
    ...(b.namespace ? { namespace: b.namespace } : {}),
    port: b.port,
    ...(b.weight !== undefined ? { weight: b.weight } : {}),
  };
}
