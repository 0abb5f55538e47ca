// The implementation's traffic policy (--implementation, `implementation`): what of an Ingress is neither an
// access control (policies.ts) nor expressible in Gateway API, but a field of the implementation's own policy
// carries (the request body limit, cookie affinity, request rates), goes into one policy object per route that
// sends to a backend. The seed's capability records (implementations.yaml) say which annotation goes into which
// field from which release, in the order they are read; each names a strategy below, which reads the
// annotation's value as the Ingress controller reads it. A value the controller ignores or refuses is not
// carried, and said.
import type { ImplementationCapability } from '../../kb/model';
import type { IngressSettings, TrafficUse } from './annotations/settings';
import { capabilityFor, reportCaveat, routePolicyObject, setPath } from './policies';
import type { PrintedObject } from './print';
import type { AnnotationRecord, ImplementationTarget, IngressView, Report, RouteDraft } from './types';

type Obj = Record<string, unknown>;

/** What a strategy makes of one annotation: a fragment of the policy's spec, nothing to write, or a refusal. */
type Outcome =
  { write: (spec: Obj) => void; says: string } | { nothing: string } | { refuse: string; breaks?: boolean };

interface TrafficStrategy {
  /**
   * `spec` holds what the annotations read before this one wrote (the capabilities' order); `defaultOf` gives the
   * default value of the annotation record that another strategy of the implementation reads.
   */
  read(
    use: TrafficUse,
    capability: ImplementationCapability,
    spec: Obj,
    defaultOf: (strategy: string) => string | null,
  ): Outcome;
}

/** The traffic policy of one Ingress: the kind and its spec without targetRefs, or null when nothing is carried. */
export interface CarriedTraffic {
  policy: { kind: string; apiVersion: string; spec: Obj } | null;
}

/**
 * Reads the Ingress's annotations that the implementation's capabilities may carry (settings.traffic) into one
 * policy spec. What is written, and why anything is not, is reported here, once per Ingress.
 */
export function carryTraffic(
  ingress: IngressView,
  settings: IngressSettings,
  target: ImplementationTarget,
  records: ReadonlyMap<string, AnnotationRecord>,
  report: Report,
): CarriedTraffic {
  const defaultOf = (strategy: string) => {
    const annotation = target.record.capabilities.find((c) => c.strategy === strategy)?.annotation;
    return (annotation ? records.get(annotation)?.defaultValue : null) ?? null;
  };
  const order = (u: TrafficUse) => {
    const i = target.record.capabilities.findIndex((c) => c.annotation === u.use.name);
    return i < 0 ? Number.MAX_SAFE_INTEGER : i;
  };
  const spec: Obj = {};
  const used: { use: TrafficUse; capability: ImplementationCapability; says: string }[] = [];
  let kind: string | null = null;
  for (const t of [...settings.traffic].sort((a, b) => order(a) - order(b))) {
    const { use } = t;
    const { capability, why } = capabilityFor(use, target);
    const notConverted = (text: string, breaks: boolean) =>
      report.unconverted(
        ingress,
        'annotation-not-converted',
        breaks ? 'BREAKING' : 'WARNING',
        use.path,
        `Annotation ${use.name} is not converted: ${text.replace(/\.+$/, '')}.${breaks ? ' The route cannot work as the Ingress did without it.' : ''}`,
      );
    if (!capability) {
      notConverted(`${t.reason.replace(/\.+$/, '')}; ${why}`, t.breaks);
      continue;
    }
    if (kind !== null && kind !== capability.policy) {
      notConverted(`it would need a second policy kind (${capability.policy}) beside ${kind}`, t.breaks);
      continue;
    }
    const strategy = STRATEGIES[capability.strategy];
    const outcome: Outcome = strategy
      ? strategy.read(t, capability, spec, defaultOf)
      : { refuse: `netkb has no strategy ${capability.strategy}` };
    if ('refuse' in outcome) notConverted(outcome.refuse, outcome.breaks ?? false);
    else if ('nothing' in outcome) report.change(ingress, use.line, `${use.name}: ${use.value}: ${outcome.nothing}`);
    else {
      outcome.write(spec);
      kind = capability.policy;
      used.push({ use: t, capability, says: outcome.says });
    }
  }
  const apiVersion = kind ? target.record.policies.find((p) => p.kind === kind)?.apiVersion : undefined;
  if (!kind || !apiVersion) return { policy: null };
  for (const { use, capability, says } of used) {
    report.change(
      ingress,
      use.use.line,
      `${use.use.name}: ${use.use.value.trim()} -> ${capability.policy} of each route (${target.record.name} ${target.release}): ${capability.field.replace(/^spec\./, '')} ${says}`,
    );
    reportCaveat(ingress, use.use, capability, report);
  }
  return { policy: { kind, apiVersion, spec } };
}

/** The object of a route's traffic policy: the carried spec, applied to the route by targetRefs. */
export function trafficPolicyObject(
  route: RouteDraft,
  carried: CarriedTraffic,
  target: ImplementationTarget,
): PrintedObject {
  return routePolicyObject(
    route,
    carried.policy!,
    target,
    `what ${route.ingress.namespace ? `${route.ingress.namespace}/` : ''}${route.ingress.name}'s annotations asked of the traffic of ${route.kind} ${route.name}`,
  );
}

// --- strategies -------------------------------------------------------------------------------------------

/** Sets a dotted path below spec (no lists), making the objects on the way; keeps a value already there. */
function setDefault(obj: Obj, path: string, value: unknown): void {
  const parts = path.replace(/^spec\./, '').split('.');
  let at = obj;
  for (const p of parts.slice(0, -1)) at = (at[p] ??= {}) as Obj;
  at[parts[parts.length - 1]] ??= value;
}

function getPath(obj: Obj, path: string): unknown {
  let at: unknown = obj;
  for (const p of path.replace(/^spec\./, '').split('.')) at = (at as Obj | undefined)?.[p];
  return at;
}

/**
 * A size as nginx reads client_max_body_size (ngx_parse_offset: digits, then k, m or g for 1024-based units),
 * and as ingress-nginx writes it only then (template.go isValidByteSize), as a Kubernetes quantity.
 */
function nginxSize(value: string): { bytes: bigint; quantity: string } | null {
  const m = /^(\d+)([kKmMgG]?)$/.exec(value.trim());
  if (!m) return null;
  const unit = m[2].toLowerCase();
  const n = BigInt(m[1]);
  const scale = unit === 'k' ? 1024n : unit === 'm' ? 1024n ** 2n : unit === 'g' ? 1024n ** 3n : 1n;
  const suffix = unit === 'k' ? 'Ki' : unit === 'm' ? 'Mi' : unit === 'g' ? 'Gi' : '';
  return { bytes: n * scale, quantity: `${n}${suffix}` };
}

/** Whole seconds as a Gateway API Duration (at most 5 digits per unit): 172800 -> 48h, 3661 -> 1h1m1s. */
function duration(seconds: number): string {
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  const text = `${h ? `${h}h` : ''}${m ? `${m}m` : ''}${s ? `${s}s` : ''}`;
  return text || '0s';
}

const COOKIE = 'spec.loadBalancer.consistentHash.cookie';

/**
 * A per-client request rate (ingress-nginx's limit_req_zone keyed on the client address): a local rate limit rule
 * per address family whose source CIDR is Distinct, so each client address has its own bucket of `requests` per
 * `unit`. ingress-nginx reads the value as a whole number (strconv.Atoi) and writes no limit for 0 or less.
 */
function clientRate(unit: 'Second' | 'Minute'): TrafficStrategy {
  return {
    read({ use }, _capability, spec) {
      const value = use.value.trim();
      if (!/^[-+]?\d+$/.test(value))
        return {
          refuse: `ingress-nginx refuses an Ingress whose ${use.name} is not a whole number (its annotation check fails the Ingress), so this one was not served`,
        };
      const requests = Number(value);
      if (requests <= 0) return { nothing: 'no limit (ingress-nginx writes none for 0 or less), nothing to write' };
      if (requests > 4294967295) return { refuse: `${value} is more requests than the policy's limit can hold` };
      const rules = getPath(spec, 'spec.rateLimit.local.rules') as Obj[] | undefined;
      if (rules)
        return {
          refuse: `the policy already limits the rate of each client (${JSON.stringify(rules[0].limit)}), and Envoy Gateway applies only the strictest of two local limits a request matches, where ingress-nginx applied both: add this limit by hand if it should hold`,
        };
      return {
        write(s) {
          setPath(s, 'spec.rateLimit.type', 'Local');
          setPath(
            s,
            'spec.rateLimit.local.rules',
            ['0.0.0.0/0', '::/0'].map((cidr) => ({
              clientSelectors: [{ sourceCIDR: { type: 'Distinct', value: cidr } }],
              limit: { requests, unit },
            })),
          );
        },
        says: `${requests} requests per ${unit.toLowerCase()} for each client address (a rule with a Distinct source CIDR for IPv4 and one for IPv6)`,
      };
    },
  };
}

const STRATEGIES: Record<string, TrafficStrategy> = {
  'client-rate-per-second': clientRate('Second'),
  'client-rate-per-minute': clientRate('Minute'),
  'request-body-limit': {
    read({ use, defaultValue }, capability) {
      const size = nginxSize(use.value);
      if (!size)
        return {
          refuse: `ingress-nginx writes a body size only as digits with k, m or g after them, so it keeps ${defaultValue ? `its ConfigMap's proxy-body-size (${defaultValue} unless set)` : 'its own default'} for this Ingress, which the policy does not carry`,
        };
      if (size.bytes === 0n) return { nothing: 'no limit (nginx checks no size for 0), nothing to write' };
      return { write: (spec) => setPath(spec, capability.field, size.quantity), says: size.quantity };
    },
  },
  'cookie-hash': {
    read(_, __, ___, defaultOf) {
      const name = defaultOf('cookie-hash-name');
      if (!name) return { refuse: 'no record gives the name of the cookie the controller sets' };
      return {
        write(spec) {
          setPath(spec, 'spec.loadBalancer.type', 'ConsistentHash');
          setPath(spec, 'spec.loadBalancer.consistentHash.type', 'Cookie');
          setDefault(spec, `${COOKIE}.name`, name);
          // Without a lifetime ingress-nginx's cookie lives for the browser session; a TTL of 0s makes Envoy's so.
          setDefault(spec, `${COOKIE}.ttl`, '0s');
        },
        says: `${name} (the controller's default name; loadBalancer type ConsistentHash on that cookie, a session cookie, TTL 0s, unless its lifetime is given)`,
      };
    },
  },
  'cookie-hash-name': {
    read({ use }, capability, spec) {
      if (getPath(spec, 'spec.loadBalancer.type') !== 'ConsistentHash')
        return { nothing: 'ingress-nginx reads it only with affinity: cookie, nothing to convert' };
      const value = use.value.trim();
      // ingress-nginx's check of the name (BasicCharsRegex, spaces removed first); it keeps INGRESSCOOKIE otherwise.
      if (!/^[/\-._~a-zA-Z0-9:]+$/.test(value.replace(/ /g, '')))
        return {
          refuse: `ingress-nginx does not take ${JSON.stringify(use.value)} as a cookie name and keeps its default name, as the policy does`,
        };
      if (value.includes(' '))
        return {
          refuse: `ingress-nginx takes ${JSON.stringify(use.value)} with its spaces, which no cookie name may hold (RFC 6265): the policy keeps the default name`,
        };
      return { write: (s) => setPath(s, capability.field, value), says: value };
    },
  },
  'cookie-hash-ttl': {
    read({ use }, capability, spec) {
      if (getPath(spec, 'spec.loadBalancer.type') !== 'ConsistentHash')
        return { nothing: 'ingress-nginx reads it only with affinity: cookie, nothing to convert' };
      const value = use.value.trim();
      if (!/^[1-9]\d{0,8}$/.test(value))
        return {
          refuse: `the policy's cookie takes a lifetime of whole seconds above 0, and ${JSON.stringify(use.value)} is not one: the cookie stays a session cookie`,
        };
      const ttl = duration(Number(value));
      if (getPath(spec, capability.field) !== '0s')
        return {
          nothing: `the cookie's lifetime is already given by a Max-Age, which a browser prefers (RFC 6265), nothing more to write`,
        };
      return { write: (s) => setPath(s, capability.field, ttl), says: ttl };
    },
  },
};

/** The strategy ids this module implements (with policies.ts: the seed's IMPLEMENTATION_STRATEGIES). */
export const TRAFFIC_STRATEGY_IDS = Object.keys(STRATEGIES);
