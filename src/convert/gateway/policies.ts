// The implementation's own policies (--implementation, `implementation`): what Gateway API cannot express
// of an Ingress's access controls goes into a policy object of the chosen implementation, per HTTPRoute. The
// seed's capability records (implementations.yaml) say which annotation goes into which field from which
// release; each names a strategy below, which reads the annotation's value. A control is carried only when
// every annotation that turns it on is: otherwise the route stays UNPROTECTED (access.ts) and the reason why
// the policy could not carry it is given. A policy never widens access: a value the strategy cannot read
// exactly leaves the control uncarried.
import { ACCESS_CONTROLS, type AccessControl } from '../../kb/access-controls';
import type { ImplementationCapability } from '../../kb/model';
import type { AccessUse, AnnotationUse, IngressSettings } from './annotations/settings';
import type { PrintedObject } from './print';
import { GATEWAY_GROUP } from './reference-grant';
import type { ImplementationTarget, IngressView, Report, RouteDraft } from './types';

type Obj = Record<string, unknown>;

/** What one strategy made of an annotation: the fragment of the policy's spec it wrote, or why it could not. */
type Outcome = { write: (spec: Obj) => void; service?: { namespace: string; name: string } } | { refuse: string };

interface PolicyStrategy {
  read(use: AccessUse, capability: ImplementationCapability, ingress: IngressView): Outcome;
  /** Why the control's fragment cannot protect yet (a part another annotation must give); null when it can. */
  incomplete?(spec: Obj): string | null;
}

/** The access controls of one Ingress the implementation's policy carries, and how. */
export interface CarriedAccess {
  /** The policy kind and its spec, without targetRefs; null when no control is carried. */
  policy: { kind: string; apiVersion: string; spec: Obj } | null;
  controls: Set<AccessControl>;
  /** The annotations written, with the field each went into. */
  written: Map<AccessUse, ImplementationCapability>;
  /** Why each control in force is not carried. */
  refused: Map<AccessControl, string>;
  /** Services of other namespaces the policy refers to (each needs a ReferenceGrant there). */
  services: { namespace: string; name: string }[];
}

/**
 * Carries the access controls in force on an Ingress's own paths (scope ingress) into one policy spec, as the
 * implementation's capabilities allow in the chosen release. Caveats of the capabilities used, and what the
 * user must still do for a carried control, are reported here (once per Ingress).
 */
export function carryAccess(
  ingress: IngressView,
  settings: IngressSettings,
  inForce: (control: AccessControl) => boolean,
  target: ImplementationTarget,
  report: Report,
  provider: string,
): CarriedAccess {
  const out: CarriedAccess = {
    policy: null,
    controls: new Set(),
    written: new Map(),
    refused: new Map(),
    services: [],
  };
  const byControl = new Map<AccessControl, AccessUse[]>();
  for (const a of settings.access)
    if (a.access.scope === 'ingress' && inForce(a.access.control))
      byControl.set(a.access.control, [...(byControl.get(a.access.control) ?? []), a]);
  const specs = new Map<
    AccessControl,
    {
      kind: string;
      spec: Obj;
      written: Map<AccessUse, ImplementationCapability>;
      services: { namespace: string; name: string }[];
    }
  >();
  for (const [control, uses] of byControl) {
    const spec: Obj = {};
    const written = new Map<AccessUse, ImplementationCapability>();
    let kind: string | null = null;
    let refusal: string | null = null;
    const strategiesUsed = new Set<string>();
    const services: { namespace: string; name: string }[] = [];
    for (const use of uses) {
      const { capability, why } = capabilityFor(use.use, target);
      if (!capability) {
        // A setting without capability adjusts a control the policy may still carry (access.ts lists it).
        if (use.access.part === 'guard') refusal ??= why;
        continue;
      }
      if (kind !== null && kind !== capability.policy) {
        refusal ??= `its annotations go into two policy kinds (${kind}, ${capability.policy})`;
        continue;
      }
      const outcome = STRATEGIES[capability.strategy]?.read(use, capability, ingress) ?? {
        refuse: `netkb has no strategy ${capability.strategy}`,
      };
      if ('refuse' in outcome) {
        refusal ??= `${use.use.name}: ${outcome.refuse}`;
        continue;
      }
      kind = capability.policy;
      outcome.write(spec);
      if (outcome.service) services.push(outcome.service);
      written.set(use, capability);
      strategiesUsed.add(capability.strategy);
    }
    if (refusal === null) for (const id of strategiesUsed) refusal ??= STRATEGIES[id]?.incomplete?.(spec) ?? null;
    if (refusal !== null || kind === null) {
      out.refused.set(control, refusal ?? `${target.record.name} has no field for it`);
      continue;
    }
    specs.set(control, { kind, spec, written, services });
  }
  // One policy per route: every carried control must go into the same kind.
  const kinds = [...new Set([...specs.values()].map((s) => s.kind))];
  for (const [control, s] of specs) {
    if (s.kind !== kinds[0]) {
      out.refused.set(control, `it would need a second policy kind (${s.kind}) beside ${kinds[0]}`);
      continue;
    }
    out.controls.add(control);
    out.services.push(...s.services);
    for (const [use, capability] of s.written) out.written.set(use, capability);
  }
  if (out.controls.size === 0) return out;
  const spec: Obj = {};
  for (const control of out.controls) Object.assign(spec, specs.get(control)!.spec);
  const apiVersion = target.record.policies.find((p) => p.kind === kinds[0])?.apiVersion;
  if (!apiVersion) {
    for (const control of out.controls) out.refused.set(control, `${target.record.name} has no ${kinds[0]}`);
    out.controls.clear();
    out.written.clear();
    return out;
  }
  out.policy = { kind: kinds[0], apiVersion, spec };
  for (const [use, capability] of out.written) {
    reportCaveat(ingress, use.use, capability, report);
    if (capability.secretKey)
      report.unconverted(
        ingress,
        'policy-secret-key',
        'BREAKING',
        use.use.path,
        `Annotation ${use.use.name}: the Secret's content is not converted. The ${capability.policy} refers to Secret ${secretLabel(use.use.value, ingress)} and ${target.record.name} reads key ${capability.secretKey} of it${capability.sourceKey ? `, where ${provider} read key ${capability.sourceKey}` : ''}. netkb never reads Secrets: add key ${capability.secretKey} to that Secret with the same content${capability.sourceKey ? ` as key ${capability.sourceKey}` : ''} before you apply the policy. Until then ${target.record.name} refuses the policy and answers 500 on the route: it stays closed, but serves nothing.`,
      );
  }
  return out;
}

/** What the user must still know of a capability used (its caveat), as a WARNING at the annotation. */
export function reportCaveat(
  ingress: IngressView,
  use: { name: string; path: AnnotationUse['path'] },
  capability: ImplementationCapability,
  report: Report,
): void {
  if (capability.caveat)
    report.unconverted(
      ingress,
      'implementation-caveat',
      'WARNING',
      use.path,
      `Annotation ${use.name} is not converted exactly: the ${capability.policy} carries it (${capability.field}). ${capability.caveat.replace(/\.+$/, '')}.`,
    );
}

/** The newest capability of the annotation that the chosen release has for its value, or why there is none. */
export function capabilityFor(
  use: { name: string; value: string },
  target: ImplementationTarget,
): { capability: ImplementationCapability | null; why: string } {
  const all = target.record.capabilities.filter((c) => c.annotation === use.name);
  if (all.length === 0) return { capability: null, why: `${target.record.name} has no counterpart of ${use.name}` };
  const position = (v: string) => target.record.releases.indexOf(v);
  const usable = all
    .filter((c) => position(c.since) >= 0 && position(c.since) <= position(target.release))
    .sort((a, b) => position(b.since) - position(a.since));
  if (usable.length === 0) {
    const first = all.map((c) => c.since).sort((a, b) => position(a) - position(b))[0];
    return {
      capability: null,
      why: `${target.record.name} carries ${use.name} from ${first} on, not in ${target.release} (implementationVersion, --implementation-version)`,
    };
  }
  const accepted = usable.find((c) => c.values.length === 0 || c.values.includes(use.value.trim()));
  if (!accepted)
    return {
      capability: null,
      why: `${target.record.name} has no counterpart of ${use.name}: ${JSON.stringify(use.value)} (it carries ${usable.flatMap((c) => c.values).join(', ')})`,
    };
  return { capability: accepted, why: '' };
}

/** The object of a route's policy: the carried spec, applied to the route by targetRefs. */
export function policyObject(route: RouteDraft, carried: CarriedAccess, target: ImplementationTarget): PrintedObject {
  return routePolicyObject(
    route,
    carried.policy!,
    target,
    `the ${[...carried.controls].map((c) => ACCESS_CONTROLS[c]).join(' and ')} of Ingress ${route.ingress.namespace ? `${route.ingress.namespace}/` : ''}${route.ingress.name} for ${route.kind} ${route.name}`,
  );
}

/** An implementation's policy object for one route: named after it, in its namespace, applied by targetRefs. */
export function routePolicyObject(
  route: RouteDraft,
  policy: { kind: string; apiVersion: string; spec: Obj },
  target: ImplementationTarget,
  what: string,
): PrintedObject {
  const spec: Obj = {};
  setPath(spec, target.record.targetRefs, [{ group: GATEWAY_GROUP, kind: route.kind, name: route.name }]);
  Object.assign(spec, structuredClone(policy.spec));
  return {
    comment: `${target.record.name} ${target.release}: ${what}`,
    object: {
      apiVersion: policy.apiVersion,
      kind: policy.kind,
      metadata: { name: route.name, ...(route.namespace ? { namespace: route.namespace } : {}) },
      spec,
    },
  };
}

// --- strategies -------------------------------------------------------------------------------------------

/** Sets a dotted path below spec (no lists), making the objects on the way. */
export function setPath(obj: Obj, path: string, value: unknown): void {
  const parts = path.replace(/^spec\./, '').split('.');
  let at = obj;
  for (const p of parts.slice(0, -1)) at = (at[p] ??= {}) as Obj;
  at[parts[parts.length - 1]] = value;
}

const IPV4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;

/** An address or CIDR of ingress-nginx's list as a CIDR (a lone address is one host); null when it is neither. */
function cidrOf(entry: string): string | null {
  const [address, bits, ...rest] = entry.split('/');
  if (rest.length > 0) return null;
  const v4 = IPV4.test(address);
  const v6 = !v4 && isIpv6(address);
  if (!v4 && !v6) return null;
  const max = v4 ? 32 : 128;
  if (bits === undefined) return `${address}/${max}`;
  if (!/^\d{1,3}$/.test(bits) || Number(bits) > max) return null;
  return `${address}/${Number(bits)}`;
}

function isIpv6(address: string): boolean {
  if (!address.includes(':') || !/^[0-9a-fA-F:.]+$/.test(address)) return false;
  try {
    return new URL(`http://[${address}]/`).hostname.length > 2;
  } catch {
    return false;
  }
}

function cidrRule(action: 'Allow' | 'Deny'): PolicyStrategy {
  return {
    read(use) {
      const entries = use.use.value
        .split(',')
        .map((s) => s.trim())
        .filter((s) => s !== '');
      const cidrs = entries.map(cidrOf);
      const bad = entries.filter((_, i) => cidrs[i] === null);
      // ingress-nginx refuses the whole list (and denies the location) when an entry is not an address.
      if (entries.length === 0 || bad.length > 0)
        return {
          refuse: `${bad.map((b) => JSON.stringify(b)).join(', ') || 'an empty list'} is not an address or CIDR`,
        };
      return {
        write(spec) {
          const authorization = (spec.authorization ??= {}) as Obj;
          const rules = (authorization.rules ??= []) as Obj[];
          const same = rules.find((r) => r.action === action);
          if (same) {
            const prior = (same.principal as { clientCIDRs: string[] }).clientCIDRs;
            // Two allow lists are not merged: ingress-nginx reads one of them, and their union would widen access.
            if (action === 'Allow' && prior.join(',') !== cidrs.join(',')) same.conflict = true;
            if (action === 'Deny') prior.push(...(cidrs as string[]).filter((c) => !prior.includes(c)));
          } else {
            const rule = {
              name: action === 'Allow' ? 'allow-source-range' : 'deny-source-range',
              action,
              principal: { clientCIDRs: cidrs as string[] },
            };
            // ingress-nginx writes the deny list before the allow list: first match wins in both.
            if (action === 'Deny') rules.unshift(rule);
            else rules.push(rule);
          }
          // Without an allow list, what the deny list does not name passes; with one, nothing else does.
          authorization.defaultAction = rules.some((r) => r.action === 'Allow') ? 'Deny' : 'Allow';
        },
      };
    },
    incomplete(spec) {
      const rules = ((spec.authorization as Obj | undefined)?.rules ?? []) as Obj[];
      return rules.some((r) => r.conflict)
        ? 'two allow lists with different addresses: ingress-nginx reads only one of them; keep that one'
        : null;
    },
  };
}

/** name.namespace.svc[.cluster domain]: a Service of the cluster, which a backendRef can name. */
const SERVICE_HOST = /^([a-z0-9]([-a-z0-9]*[a-z0-9])?)\.([a-z0-9]([-a-z0-9]*[a-z0-9])?)\.svc(\.[a-z0-9.-]+)?$/;

const STRATEGIES: Record<string, PolicyStrategy> = {
  'client-cidrs-allow': cidrRule('Allow'),
  'client-cidrs-deny': cidrRule('Deny'),
  'ext-auth-url': {
    read(use, capability, ingress) {
      let url: URL;
      try {
        url = new URL(use.use.value.trim());
      } catch {
        return { refuse: 'not a URL' };
      }
      if (url.protocol !== 'http:')
        return {
          refuse: `the converter writes only a plain-HTTP service (${url.protocol.replace(':', '')} is not carried)`,
        };
      const host = SERVICE_HOST.exec(url.hostname);
      if (!host)
        return {
          refuse: `${url.hostname} is not a Service of the cluster (name.namespace.svc...), and the policy's external authentication needs a Service reference`,
        };
      if (url.search || url.hash || /[$]/.test(use.use.value))
        return {
          refuse:
            'the URL has a query, a fragment or an nginx variable, which the policy cannot send: the service could answer differently',
        };
      const [, name, , namespace] = host;
      const port = url.port ? Number(url.port) : 80;
      return {
        ...(namespace !== ingress.namespace ? { service: { namespace, name } } : {}),
        write(spec) {
          setPath(spec, capability.also.find((f) => f.endsWith('.backendRefs')) ?? 'spec.extAuth.http.backendRefs', [
            { name, ...(namespace !== ingress.namespace ? { namespace } : {}), port },
          ]);
          setPath(spec, capability.field, url.pathname || '/');
        },
      };
    },
  },
  'ext-auth-response-headers': {
    read(use, capability) {
      const headers = use.use.value
        .split(',')
        .map((h) => h.trim())
        .filter((h) => h !== '');
      if (headers.length === 0 || headers.some((h) => !/^[A-Za-z0-9!#$%&'*+.^_`|~-]+$/.test(h)))
        return { refuse: 'not a list of header names' };
      return { write: (spec) => setPath(spec, capability.field, headers) };
    },
  },
  'basic-auth-type': {
    // The value was checked against the capability's values; the users come from auth-secret.
    read: () => ({ write: () => undefined }),
    incomplete: (spec) =>
      (spec.basicAuth as Obj | undefined)?.users ? null : 'no auth-secret names the Secret of the users',
  },
  'basic-auth-secret': {
    read(use, capability, ingress) {
      const value = use.use.value.trim();
      const [namespace, name] = value.includes('/') ? value.split('/', 2) : [ingress.namespace, value];
      if (!name || !/^[a-z0-9]([-a-z0-9.]*[a-z0-9])?$/.test(name)) return { refuse: 'not a Secret name' };
      if (namespace !== ingress.namespace)
        return {
          refuse: `Secret ${value} is in another namespace than the policy, which reads Secrets of its own namespace`,
        };
      return { write: (spec) => setPath(spec, capability.field, { name }) };
    },
  },
};

function secretLabel(value: string, ingress: IngressView): string {
  const v = value.trim();
  return v.includes('/') ? v : `${ingress.namespace ? `${ingress.namespace}/` : ''}${v}`;
}

/** The strategy ids this module implements (the seed's IMPLEMENTATION_STRATEGIES must all be here). */
export const POLICY_STRATEGY_IDS = Object.keys(STRATEGIES);
