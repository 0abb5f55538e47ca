// ingressToGateway: Ingresses in, Gateway API objects out. One Gateway per ingress class (named after the
// class, in the namespace of its first namespaced Ingress), one HTTPRoute per Ingress and host (a GRPCRoute where
// the Ingress speaks gRPC to its backends), a route redirecting HTTP to HTTPS where ingress-nginx would, canary
// Ingresses merged into their main route as weighted backends, a BackendTLSPolicy per Service spoken to over TLS,
// ReferenceGrants where a reference crosses namespaces. Annotations go through the
// seed's records (annotations/) of the provider the options name. Pure: text and records in, text and lists out.
import { DEFAULT_LIMITS, type ManifestLimits, type ManifestObject } from '../../analysis';
import { resourceOf } from '../../analysis/engine/findings';
import { bundleGap, gapText } from './bundle-gaps';
import { ruleOutcomes } from './schema-rules';
import { AccessGuards, lostAccess, reportAccess, servesBackends, unprotectedComment } from './access';
import { appRootByHost, withAppRoot } from './app-root';
import { backendTlsObject, backendTlsPolicies } from './backend-tls';
import { fitGrpcRoute, reportRouteKindConflicts, routeKindOf } from './grpcroute';
import { readAnnotations } from './annotations';
import { carryAccess, policyObject, type CarriedAccess } from './policies';
import { carryTraffic, trafficPolicyObject, type CarriedTraffic } from './traffic-policies';
import type { IngressSettings } from './annotations/settings';
import { mergeCanary } from './canary-merge';
import { addListeners, hostListeners, hostsOf, tlsOf } from './gateway';
import { rulesByHost, type HostRegex } from './httproute';
import { httpsRedirectCode, redirectRoute, redirectsToHttps } from './https-redirect';
import { readIngresses } from './ingresses';
import { hostSlug, objectName } from './names';
import { gatewayObject, ingressLabel, printObjects, routeObject, type PrintedObject } from './print';
import { referenceGrants } from './reference-grant';
import { collector } from './report';
import { trailingSlashRedirects, withTrailingSlashRedirects } from './trailing-slash';
import { Passthrough } from './passthrough';
import { ServicePorts } from './service-ports';
import { wwwRedirectRoute, type WwwRedirects } from './www-redirect';
import type {
  GatewayBundle,
  GatewayConversion,
  GatewayConvertOptions,
  GatewayDraft,
  IngressView,
  ReferenceGrantDraft,
  Report,
  RouteDraft,
  RuleDraft,
  UnprotectedRoute,
} from './types';

export interface GatewayConversionResult extends GatewayConversion {
  /** Ingresses read from the manifest. */
  ingresses: number;
  /** The ingress classes they name, in the order they first appear. */
  classes: string[];
}

export function ingressToGateway(
  text: string,
  options: GatewayConvertOptions,
  limits: ManifestLimits = DEFAULT_LIMITS,
): GatewayConversionResult {
  const read = readIngresses(text, options.convert, limits, options.provider.classAnnotation);
  const out = collector(options.effectiveIn, options.bundle.version);
  const { report } = out;
  // Applying the file in order, an Ingress given again by namespace and name replaces the earlier one: only
  // the last of them is converted, and each later one says which it replaces.
  const views = new Map(read.ingresses.map((i) => [i.source, i]));
  const replaced = replacedIngresses([...read.ingresses.map((i) => i.source), ...read.leftAsIs]);
  const kept = ({ resource }: { resource: { documentIndex: number; line: number } }) =>
    ![...replaced.keys()].some((o) => o.documentIndex === resource.documentIndex && o.line === resource.line);
  out.changes.push(...read.changes.filter(kept));
  out.findings.push(...read.unconverted.filter(kept));
  for (const [earlier, later] of replaced)
    report.unconverted(
      views.get(later) ?? viewOf(later),
      'ingress-replaced',
      'WARNING',
      ['metadata', 'name'],
      `Ingress ${earlier.namespace ? `${earlier.namespace}/` : ''}${earlier.name} at line ${earlier.line} is not converted: this later Ingress has the same namespace and name, and applying the file in order replaces that one by this one, so only this one is converted. Rename one of them if both are meant to serve.`,
    );
  const ingresses = read.ingresses.filter((i) => !replaced.has(i.source));
  const records = new Map(options.annotations.map((r) => [r.name, r]));
  const ports = new ServicePorts(read.others, report);
  for (const source of read.leftAsIs.filter((o) => !replaced.has(o))) {
    if (
      read.unconverted.some((f) => f.resource.documentIndex === source.documentIndex && f.resource.line === source.line)
    )
      continue;
    report.unconverted(
      viewOf(source),
      'ingress-version',
      'BREAKING',
      ['apiVersion'],
      `The Ingress is not converted: it could not be brought from ${source.apiVersion} to networking.k8s.io/v1 first; convert it with netkb convert and try again.`,
    );
  }

  // Each Ingress's settings and class; the Gateways, in the order their classes first appear.
  const settings = new Map<IngressView, IngressSettings>();
  const gateways = new Map<string, GatewayDraft>();
  const classless = new Set<IngressView>();
  const classes = [...new Set(ingresses.flatMap((i) => (i.className === null ? [] : [i.className])))];
  for (const ingress of ingresses) {
    if (options.ingressClass !== null && ingress.className !== options.ingressClass) {
      report.change(
        ingress,
        classLineOf(ingress, options.provider),
        `${ingress.className === null ? 'no ingress class' : `ingress class ${ingress.className}`}: left out, only the Ingresses of class ${options.ingressClass} are converted (ingressClass, --ingress-class)`,
      );
      continue;
    }
    const cls = ingress.className ?? options.gatewayClassName;
    if (!cls) {
      report.unconverted(
        ingress,
        'no-ingress-class',
        'BREAKING',
        ['spec', 'ingressClassName'],
        `The Ingress names no ingress class (spec.ingressClassName or the ${options.provider.classAnnotation} annotation), so it has no Gateway: give the GatewayClass (gatewayClassName, or --gateway-class) to convert it.`,
      );
      continue;
    }
    if (!ingress.className) {
      ingress.className = cls;
      classless.add(ingress);
    }
    const s = readAnnotations(ingress, options.provider, records, options.bundle, report, (annotation) =>
      Boolean(options.implementation?.record.capabilities.some((c) => c.annotation === annotation)),
    );
    settings.set(ingress, s);
    // A protocol that follows the client's scheme is said once the routes' listeners are known (backend-tls.ts).
    if (s.backendProtocol && !s.backendProtocol.protocol.clientScheme)
      report.change(ingress, s.backendProtocol.use.line, protocolChange(s));
    const g = gateways.get(cls) ?? {
      name: objectName(cls),
      namespace: null,
      gatewayClassName: options.gatewayClassName ?? cls,
      ingresses: [],
      listeners: [],
    };
    g.namespace ??= ingress.namespace;
    gateways.set(cls, g);
  }

  const redirectCode = httpsRedirectCode(options.provider, options.bundle);
  const grants: ReferenceGrantDraft[] = [];
  const routes: RouteDraft[] = [];
  const routesOf = new Map<IngressView, RouteDraft[]>();
  const canaries = [...settings].filter(([, s]) => s.canary?.on).map(([ingress]) => ingress);
  const mains = [...settings].filter(([, s]) => !s.canary?.on);
  // ingress-nginx keeps one server per host: TLS and regular-expression paths are the host's, whichever
  // Ingress of the class sets them. So every Ingress's listeners come first, then the routes.
  // Passthrough is the host's too: its port 443 becomes a TLS listener, and its TLS entries serve no certificate.
  const passthrough = new Passthrough(mains, report);
  const listenersOf = new Map<IngressView, Map<string, { http: string; https: string | null }>>();
  for (const [ingress] of mains) {
    const passedThrough = (host: string) => passthrough.has(ingress, host);
    const tls = tlsOf(ingress, report, passedThrough);
    passthrough.readTls(ingress, tls, report);
    listenersOf.set(
      ingress,
      addListeners(gateways.get(ingress.className!)!, ingress, tls, grants, report, passedThrough),
    );
  }
  const rulesOf = new Map<IngressView, Map<string, RuleDraft[]>>();
  const hostRegex = regexByHost(mains);
  const regexOf = (ingress: IngressView) => (host: string) => hostRegex.get(`${ingress.className}\n${host}`) ?? null;
  // app-root answers "/" of the whole host, and a www redirect is made only for a name no Ingress of the class serves.
  const appRoots = appRootByHost(mains, report);
  // nginx redirects PATH to PATH/ where the host has a location PATH/ and none PATH, whichever Ingress gives them.
  const slashRedirects = trailingSlashRedirects(
    mains,
    (key) => hostRegex.has(key),
    options.provider,
    options.bundle,
    report,
  );
  const www: WwwRedirects = {
    served: new Set(mains.flatMap(([i]) => hostsOf(i).map((h) => `${i.className}\n${h}`))),
    made: new Map(),
  };
  const defaultCertificateSaid = new Set<string>();
  for (const [ingress, s] of mains) {
    const gateway = gateways.get(ingress.className!)!;
    const classLine = classLineOf(ingress, options.provider);
    report.change(
      ingress,
      classLine,
      `${classless.has(ingress) ? 'no ingress class, gatewayClassName' : 'ingress class'} ${ingress.className} -> Gateway ${gateway.namespace ? `${gateway.namespace}/` : ''}${gateway.name} (gatewayClassName ${gateway.gatewayClassName})`,
    );
    const listeners = listenersOf.get(ingress)!;
    const byHost = rulesByHost(ingress, s, ports, report, regexOf(ingress));
    rulesOf.set(ingress, byHost);
    const made: RouteDraft[] = [];
    for (const [host, hostRules] of byHost) {
      if (hostRules.length === 0) continue;
      const hostKey = `${ingress.className}\n${host}`;
      const rules = withTrailingSlashRedirects(
        ingress,
        withAppRoot(ingress, host, hostRules, appRoots.get(hostKey), report),
        slashRedirects.get(hostKey),
        report,
      );
      const hostLine = ingress.lineOf(host ? ['spec', 'rules', hostIndex(ingress, host), 'host'] : ['spec']);
      const names = hostListeners(gateway, ingress, host, listeners.get(host)!, hostLine, report);
      const passedThrough = passthrough.has(ingress, host);
      if (names.https === null && !passedThrough && !defaultCertificateSaid.has(`${gateway.name}\n${host}`)) {
        defaultCertificateSaid.add(`${gateway.name}\n${host}`);
        report.unconverted(
          ingress,
          'default-certificate',
          'WARNING',
          host ? ['spec', 'rules', hostIndex(ingress, host), 'host'] : ['spec'],
          `HTTPS for ${host || 'every host'} is not converted: ${options.provider.name} serves every host on port 443 too, with its default certificate where no Ingress of the class gives the host a TLS secret; the Gateway has no HTTPS listener for it, so HTTPS requests for it are no longer answered. Add a TLS entry with a secret to serve it over HTTPS.`,
        );
      }
      const hasTls = passedThrough ? passthrough.hasTls(ingress, host, s) : names.https !== null;
      const https = redirectsToHttps(ingress, host, hasTls, s, report);
      const parent = {
        name: gateway.name,
        ...(ingress.namespace !== gateway.namespace && gateway.namespace ? { namespace: gateway.namespace } : {}),
      };
      // A passthrough host's HTTPS is the TLSRoute's: its HTTPRoute is on HTTP only, or only redirects there.
      const sections = https && !passedThrough ? [names.https!] : [names.http, ...(names.https ? [names.https] : [])];
      const route: RouteDraft = {
        kind: routeKindOf(s),
        ingress,
        name: byHost.size === 1 ? objectName(ingress.name) : objectName(ingress.name, hostSlug(host) || 'all-hosts'),
        namespace: ingress.namespace,
        host,
        parentRefs: sections.map((sectionName) => ({ ...parent, sectionName })),
        rules,
      };
      if (passedThrough) passthrough.hostNote(ingress, host, hostLine, https, report);
      if (!(passedThrough && https)) {
        report.change(
          ingress,
          hostLine,
          `${host ? `host ${host}` : 'every host'} -> ${route.kind} ${route.name} on listener${sections.length > 1 ? 's' : ''} ${sections.join(', ')}`,
        );
        made.push(route);
      }
      if (https) made.push(redirectRoute(route, s, names.http, redirectCode, report));
      const alias = wwwRedirectRoute(gateway, route, names.https, s, www, grants, report);
      if (alias) made.push(alias);
    }
    routes.push(...made);
    routesOf.set(ingress, made);
  }
  for (const canary of canaries) {
    const s = settings.get(canary)!;
    const rules = [...rulesByHost(canary, s, ports, out.quiet, regexOf(canary)).values()].flat();
    mergeCanary(canary, s, rules, routes, grants, report);
  }
  const protocolAt = (ingress: IngressView) =>
    settings.get(ingress)?.backendProtocol?.use.path ?? ['metadata', 'annotations'];
  for (const r of routes) fitGrpcRoute(r, protocolAt(r.ingress), options.bundle, report);
  reportRouteKindConflicts(routes, protocolAt, report);
  // The schemes of the requests a route takes: the protocols of the listeners it attaches to.
  const listenerProtocol = new Map(
    [...gateways.values()].flatMap((g) => g.listeners.map((l) => [`${g.name}\n${l.name}`, l.protocol] as const)),
  );
  const schemesOf = (r: RouteDraft) =>
    new Set(r.parentRefs.flatMap((p) => listenerProtocol.get(`${p.name}\n${p.sectionName}`) ?? []));
  const backendTls = backendTlsPolicies(routesOf, settings, schemesOf, report);

  // A route that serves what an access control of its Ingress (or host) protected is marked where it stands.
  const guards = new AccessGuards(settings);
  // The TLSRoutes first: each adds its listener to its Gateway, which only they would use.
  const tlsRoutes = passthrough.routes({ gateways, rules: rulesOf, guards, bundle: options.bundle, report });
  // Each object with the Ingress it came from, held against the bundle before it is written.
  const candidates: { printed: PrintedObject; origin: IngressView }[] = [...gateways.values()]
    .filter((g) => g.listeners.length > 0)
    .map((g) => ({ printed: gatewayObject(g, options.bundle), origin: g.ingresses[0] }));
  // The implementation's policy (options.implementation) carries the access controls it can.
  const target = options.implementation;
  const carried = new Map<IngressView, CarriedAccess>();
  if (target)
    for (const [ingress, s] of mains)
      carried.set(
        ingress,
        carryAccess(ingress, s, (control) => guards.inForceOn(ingress, control), target, report, options.provider.name),
      );
  // And what its traffic policy can carry of the rest.
  const traffic = new Map<IngressView, CarriedTraffic>();
  if (target)
    for (const [ingress, s] of mains) {
      if (s.traffic.length === 0) continue;
      // A policy follows only the routes that send to a backend: for an Ingress whose rules all redirect, none.
      if (!(routesOf.get(ingress) ?? []).some(servesBackends)) {
        for (const t of s.traffic)
          report.change(
            ingress,
            t.use.line,
            `${t.use.name}: ${t.use.value}: no route of the Ingress sends to a backend, nothing to convert`,
          );
        continue;
      }
      traffic.set(ingress, carryTraffic(ingress, s, target, records, report));
    }
  const unprotected: { ingress: IngressView; host: string; route: UnprotectedRoute; printed: PrintedObject }[] = [];
  const policies = new Map<PrintedObject, { printed: PrintedObject; ingress: IngressView }>();
  const trafficPolicies = new Map<PrintedObject, PrintedObject>();
  for (const [ingress, routesMade] of routesOf)
    for (const r of routesMade)
      for (const part of withinRuleLimit(r, report)) {
        const ownPolicy = carried.get(ingress);
        const lost = servesBackends(part)
          ? lostAccess(guards.lostBy(ingress, part.host).filter((g) => !ownPolicy?.controls.has(g.use.access.control)))
          : [];
        const route = {
          kind: part.kind,
          name: part.name,
          namespace: part.namespace,
          ingress: resourceOf(ingress.source),
          lost,
        };
        const comment = `From ${ingressLabel(ingress)}${lost.length > 0 ? `\n${unprotectedComment(route)}` : ''}`;
        const printed = routeObject(part, options.bundle, comment);
        if (lost.length > 0) unprotected.push({ ingress, host: part.host, route, printed });
        candidates.push({ printed, origin: ingress });
        const ownTraffic = traffic.get(ingress);
        if (target && ownTraffic?.policy && servesBackends(part))
          trafficPolicies.set(printed, trafficPolicyObject(part, ownTraffic, target));
        if (target && ownPolicy?.policy && servesBackends(part)) {
          const policy = policyObject(part, ownPolicy, target);
          policies.set(printed, { printed: policy, ingress });
          // A policy's reference to a Service of another namespace needs a grant there, as a route's does.
          for (const service of ownPolicy.services)
            grants.push({
              namespace: service.namespace,
              fromKind: policy.object.kind as 'SecurityPolicy',
              fromGroup: String(policy.object.apiVersion).split('/')[0],
              fromNamespace: part.namespace ?? 'default',
              toKind: 'Service',
              toName: service.name,
              because: `${String(policy.object.kind)} ${part.namespace ? `${part.namespace}/` : ''}${part.name}`,
              ingress,
            });
        }
      }
  candidates.push(...tlsRoutes);
  for (const p of backendTls)
    candidates.push({
      printed: backendTlsObject(
        p,
        options.bundle,
        `From ${ingressLabel(p.ingress)}: TLS to Service ${p.service}, as its backend-protocol asks`,
      ),
      origin: p.ingress,
    });
  candidates.push(...referenceGrants(grants, options.bundle.apiVersion('ReferenceGrant')));
  // The policies are the implementation's, not the bundle's: each follows its route, when the route is written.
  const objects = heldByBundle(candidates, options.bundle, report).flatMap((o) => {
    const policy = policies.get(o);
    const trafficPolicy = trafficPolicies.get(o);
    return [o, ...(policy ? [policy.printed] : []), ...(trafficPolicy ? [trafficPolicy] : [])];
  });
  // A route the bundle could not hold serves nothing, protected or not.
  const writtenRoutes = unprotected.filter((u) => objects.includes(u.printed));
  const writtenPolicies = new Map<IngressView, string[]>();
  for (const { printed, ingress } of policies.values())
    if (objects.includes(printed))
      writtenPolicies.set(ingress, [
        ...(writtenPolicies.get(ingress) ?? []),
        `${String(printed.object.kind)} ${(printed.object.metadata as { name: string }).name}`,
      ]);
  reportAccess(settings, guards, writtenRoutes, report, { carried, policies: writtenPolicies, target });

  out.changes.sort((a, b) => a.resource.documentIndex - b.resource.documentIndex || a.line - b.line);
  out.findings.sort((a, b) => a.resource.documentIndex - b.resource.documentIndex || a.line - b.line);
  return {
    manifest: objects.length > 0 ? printObjects(objects) : '',
    gatewayApi: { version: options.bundle.version, channel: options.bundle.channel },
    changes: out.changes,
    unconverted: out.findings,
    unprotected: writtenRoutes.map((u) => u.route),
    implementation: target ? { id: target.record.id, release: target.release } : null,
    ingresses: read.ingresses.length + read.leftAsIs.length,
    classes,
  };
}

/**
 * The annotation that makes each host's paths regular expressions, by "class\nhost": the first Ingress of the
 * class and host with one (use-regex, or a rewrite-target, which implies it) sets it for every Ingress of the
 * host, as ingress-nginx's path matching page says.
 */
function regexByHost(mains: readonly [IngressView, IngressSettings][]): Map<string, HostRegex> {
  const out = new Map<string, HostRegex>();
  for (const [ingress, s] of mains)
    if (s.regexPaths)
      for (const host of hostsOf(ingress)) {
        const key = `${ingress.className}\n${host}`;
        if (!out.has(key)) out.set(key, { use: s.regexPaths, ingress });
      }
  return out;
}

/**
 * Each Ingress that a later one of the same namespace and name replaces when the file is applied in order,
 * with the one that replaces it. The API group does not matter: extensions and networking.k8s.io serve the
 * same Ingresses.
 */
function replacedIngresses(objects: readonly ManifestObject[]): Map<ManifestObject, ManifestObject> {
  const inOrder = [...objects].sort((a, b) => a.documentIndex - b.documentIndex || a.line - b.line);
  const last = new Map<string, ManifestObject>();
  const replaced = new Map<ManifestObject, ManifestObject>();
  for (const o of inOrder) {
    if (o.name === null) continue;
    const key = `${o.namespace ?? ''}/${o.name}`;
    const before = last.get(key);
    if (before) replaced.set(before, o);
    last.set(key, o);
  }
  return replaced;
}

/** An Ingress that is not read as networking.k8s.io/v1, as findings place it. */
function viewOf(source: ManifestObject): IngressView {
  return {
    source,
    name: source.name ?? 'ingress',
    namespace: source.namespace,
    spec: {},
    annotations: {},
    className: null,
    lineOf: (p) => source.lineOf(p),
  };
}

/**
 * The objects the bundle can hold and its CRDs' CEL rules accept; each other one is listed and left out
 * (not-in-bundle or invalid-for-bundle, BREAKING). A rule that could not be evaluated is listed (WARNING).
 */
function heldByBundle(
  made: readonly { printed: PrintedObject; origin: IngressView }[],
  bundle: GatewayBundle,
  report: Report,
): PrintedObject[] {
  const label = (object: Record<string, unknown>) => {
    const { name, namespace } = object.metadata as { name: string; namespace?: string };
    return `${String(object.kind)} ${namespace ? `${namespace}/` : ''}${name}`;
  };
  const where = `the Gateway API bundle ${bundle.version} (${bundle.channel} channel)`;
  return made
    .filter(({ printed: { object }, origin }) => {
      const gap = bundleGap(object, bundle);
      if (gap) {
        report.unconverted(
          origin,
          'not-in-bundle',
          'BREAKING',
          [],
          `${label(object)} is not written: ${gapText(bundle, gap)}. Convert for that release's bundle or a later one (gatewayApi, --gateway-api) where the cluster supports it.`,
        );
        return false;
      }
      const outcomes = ruleOutcomes(object, bundle.schemaNodes(String(object.kind)));
      for (const o of outcomes.filter((x) => x.kind === 'not-evaluated'))
        report.unconverted(
          origin,
          'rule-not-evaluated',
          'WARNING',
          [],
          `${label(object)}: the rule of ${where} at ${o.path || 'the object'} ("${o.rule.message}") was not evaluated: ${o.detail}. The API server evaluates it when the object is applied (kubectl apply --dry-run=server checks it first).`,
        );
      const broken = outcomes.find((x) => x.kind === 'violated');
      if (!broken) return true;
      report.unconverted(
        origin,
        'invalid-for-bundle',
        'BREAKING',
        [],
        `${label(object)} is not written: ${where} refuses it at ${broken.path || 'the object'}: ${broken.rule.message}${broken.detail ? ` (the rule's evaluation failed: ${broken.detail})` : ''}.`,
      );
      return false;
    })
    .map(({ printed }) => printed);
}

/**
 * An HTTPRoute or GRPCRoute holds at most 16 rules (spec.rules maxItems in every bundle's CRDs): more are split
 * over routes.
 */
const MAX_RULES = 16;

function withinRuleLimit(route: RouteDraft, report: Report): RouteDraft[] {
  if (route.rules.length <= MAX_RULES) return [route];
  const parts: RouteDraft[] = [];
  for (let i = 0; i < route.rules.length; i += MAX_RULES)
    parts.push({
      ...route,
      name: i === 0 ? route.name : objectName(route.name, String(i / MAX_RULES + 1)),
      rules: route.rules.slice(i, i + MAX_RULES),
    });
  report.change(
    route.ingress,
    route.rules[0].line,
    `${route.kind} ${route.name}: ${route.rules.length} rules split over ${parts.map((p) => p.name).join(', ')} (a ${route.kind} holds at most ${MAX_RULES}; requests are matched across routes alike)`,
  );
  return parts;
}

/** What the Ingress's backend protocol makes of its routes, in words. */
function protocolChange(s: IngressSettings): string {
  const { use, protocol } = s.backendProtocol!;
  const head = `${use.name}: ${use.value}`;
  if (protocol.route === 'GRPCRoute' && routeKindOf(s) !== 'GRPCRoute')
    return `${head}: the Ingress answers every request with a redirect, which speaks to no backend, so its routes are HTTPRoutes`;
  const tls = protocol.backendTls ? ', and a BackendTLSPolicy for each Service they send to' : '';
  if (protocol.route === 'GRPCRoute')
    return `${head} -> GRPCRoutes for the Ingress's hosts, its paths as gRPC method matches${tls}`;
  return tls ? `${head} -> HTTPRoutes${tls}` : `${head}: what the controller does without it, and so does the route`;
}

/** The line that names an Ingress's class: spec.ingressClassName, else the provider's class annotation. */
function classLineOf(ingress: IngressView, provider: GatewayConvertOptions['provider']): number {
  return ingress.lineOf(
    ingress.spec.ingressClassName !== undefined
      ? ['spec', 'ingressClassName']
      : ['metadata', 'annotations', provider.classAnnotation],
  );
}

function hostIndex(ingress: IngressView, host: string): number {
  const rules = Array.isArray(ingress.spec.rules) ? ingress.spec.rules : [];
  return rules.findIndex(
    (r: unknown) => typeof r === 'object' && r !== null && (r as { host?: unknown }).host === host,
  );
}
