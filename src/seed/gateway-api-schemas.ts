// zod schemas of the curated Gateway API seed (seed/gateway-api/): releases, CHANGELOG entries and the
// ingress-nginx annotations. The format is documented in seed/README.md ("gateway-api/"); keep the two in step.
import { z } from 'zod';
import { ACCESS_CONTROL_IDS } from '../kb/access-controls';
import { CHANGE_KINDS } from './schemas';

/**
 * The converter's strategies for ingress-nginx annotations (`netkb gateway`, `ingressToGateway`): an
 * annotation record's `conversion` names one of them. `ignore`: the Gateway API model makes the annotation
 * meaningless and dropping it loses nothing.
 */
export const INGRESS_NGINX_STRATEGIES = [
  'rewrite-target',
  'ssl-redirect',
  'force-ssl-redirect',
  'permanent-redirect',
  'temporal-redirect',
  'app-root',
  'from-to-www-redirect',
  'canary',
  'canary-weight',
  'upstream-headers',
  'host-rewrite',
  'timeouts',
  'cors',
  'ssl-passthrough',
  'backend-protocol',
  'backend-tls',
  'ignore',
] as const;
type IngressNginxStrategy = (typeof INGRESS_NGINX_STRATEGIES)[number];

/**
 * The roles an annotation plays in the strategies that read several annotations and must tell them apart:
 * a record of such a strategy names its `role`; a strategy not listed reads every annotation alike and its
 * records name none. `set-header` records also name the `header` they set.
 */
export const STRATEGY_ROLES: Partial<Record<IngressNginxStrategy, readonly string[]>> = {
  canary: ['trigger', 'header', 'header-value', 'header-pattern'],
  'canary-weight': ['weight', 'weight-total'],
  'permanent-redirect': ['url', 'code'],
  'temporal-redirect': ['url', 'code'],
  'upstream-headers': ['set-header'],
  cors: [
    'trigger',
    'allow-origins',
    'allow-methods',
    'allow-headers',
    'expose-headers',
    'allow-credentials',
    'max-age',
  ],
  'backend-tls': ['secret', 'verify', 'hostname', 'sni'],
};

/** The route kinds a backend protocol can be carried by (seed `protocols`). */
const PROTOCOL_ROUTES = ['HTTPRoute', 'GRPCRoute'] as const;

/**
 * What an annotation is to an access control. `part`: guard, its being set turns the control on; setting, it
 * adjusts a control some guard turned on. `scope`: ingress, the control covers the paths of the Ingress that
 * sets it; host, every path the controller serves for the host, whichever Ingress of the class gives it.
 * `offValues`: values with which the annotation leaves the control off (a guard's) or turns it off (a setting's).
 */
const annotationAccessSchema = z.strictObject({
  control: z.enum(ACCESS_CONTROL_IDS, {
    error: `must be one of the access controls: ${ACCESS_CONTROL_IDS.join(', ')}`,
  }),
  part: z.enum(['guard', 'setting'], { error: 'must be guard (turns the control on) or setting (adjusts it)' }),
  scope: z.enum(['ingress', 'host'], {
    error: "must be ingress (the Ingress's own paths) or host (every path of the host)",
  }),
  offValues: z.array(z.string().min(1)).min(1).optional(),
});

/** An HTTP header name (RFC 9110 token). */
const HEADER_NAME = /^[A-Za-z0-9!#$%&'*+.^_`|~-]+$/;

const tag = z
  .string({ error: 'must be a quoted release tag such as "v1.2.0"' })
  .regex(/^v\d+\.\d+\.\d+$/, 'must be a Gateway API release tag written vMAJOR.MINOR.PATCH, such as "v1.2.0"');
const kubeMinor = z
  .string({ error: 'must be a quoted Kubernetes release such as "1.26" (unquoted 1.30 reads as the number 1.3)' })
  .regex(/^\d{1,3}\.\d{1,3}$/, 'must be a Kubernetes minor release written MAJOR.MINOR, such as "1.26"');
const isoDate = z
  .string({ error: 'must be a quoted ISO date such as "2024-10-03"' })
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be an ISO date such as "2024-10-03"');
const summary = z.string().trim().min(10, 'must be a sentence in our own words (at least 10 characters)');
const sources = z
  .array(z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }))
  .min(1, 'every record needs at least one source URL');
const notes = z.string().trim().min(1).nullish();

export const gatewayApiReleaseSchema = z.strictObject({
  version: tag,
  /** The day the tag was published; null when no source says. */
  releasedOn: isoDate.nullable(),
  /** The oldest Kubernetes minor the release supports, from a named source; null when none says. */
  minKubernetes: kubeMinor.nullable(),
  sources,
  notes,
});

export const gatewayApiChangeSchema = z.strictObject({
  release: tag,
  id: z.string().regex(/^[a-z0-9][a-z0-9-]*$/, 'must be a kebab-case id such as "grpcroute-v1alpha2-removed"'),
  kind: z.enum(CHANGE_KINDS),
  actionRequired: z.boolean(),
  summary,
  /** kubernetes-sigs/gateway-api pull requests; [] when the CHANGELOG names none. */
  prs: z.array(z.number().int().positive()),
  sources,
  notes,
});

/**
 * What one value of a backend-protocol annotation asks for: the route kind that carries it and whether the
 * controller speaks TLS to the backend; route null when no Gateway API route can (reason says why).
 */
const backendProtocolSchema = z
  .strictObject({
    value: z.string().regex(/^[A-Z][A-Z0-9_]*$/, 'must be the value as the docs write it, such as "GRPCS"'),
    route: z.enum(PROTOCOL_ROUTES, { error: `must be one of ${PROTOCOL_ROUTES.join(', ')} (or null)` }).nullable(),
    backendTls: z.boolean(),
    /**
     * The controller speaks TLS to the backend exactly for the requests that came over TLS (backendTls then
     * false): the routes decide, and reason says why routes that take both schemes cannot carry it.
     */
    clientScheme: z.boolean().default(false),
    reason: summary.nullable().default(null),
  })
  .refine((p) => (p.route === null || p.clientScheme) === (p.reason !== null), {
    message:
      'a value no route carries, or one that follows the client scheme, needs the reason (and any other has none)',
    path: ['reason'],
  })
  .refine((p) => !p.clientScheme || (p.route !== null && !p.backendTls), {
    message: 'a value that follows the client scheme has a route and backendTls false',
    path: ['clientScheme'],
  });

export const ingressNginxAnnotationSchema = z
  .strictObject({
    name: z
      .string()
      // The prefix is the provider's (ingress-providers.yaml); the loader checks it.
      .regex(
        /^[a-z0-9]([-a-z0-9.]*[a-z0-9])?\/[a-z0-9][a-z0-9-]*$/,
        'must be a full annotation name, prefix and name, such as "nginx.ingress.kubernetes.io/rewrite-target"',
      ),
    summary,
    /** The Gateway API construct that replaces it, with its field path; null when there is none. */
    gatewayApi: summary.nullable(),
    conversion: z
      .enum(INGRESS_NGINX_STRATEGIES, {
        error: `must be one of the converter's strategies: ${INGRESS_NGINX_STRATEGIES.join(', ')} (or null)`,
      })
      .nullable(),
    /** Why the converter leaves it as it is: no Gateway API construct, or none it can write faithfully. */
    reason: summary.nullable(),
    /** What the annotation is to its strategy, where the strategy reads several (STRATEGY_ROLES). */
    role: z.string().optional(),
    /** What the controller does when an Ingress leaves the annotation out, as the value it would need; from the docs. */
    defaultValue: z.string({ error: 'must be a quoted value such as "100"' }).optional(),
    /**
     * Role header (canary): the value of the request header the annotation names with which the controller never
     * sends the request to the canary, whatever its weight, when the Ingress gives no header value or pattern.
     */
    neverValue: z.string().trim().min(1).optional(),
    /** The request header a `set-header` annotation sets. */
    header: z.string().regex(HEADER_NAME, 'must be an HTTP header name such as "X-Forwarded-Prefix"').optional(),
    /**
     * The whole numbers the controller takes for the annotation, bounds included; it ignores any other number,
     * acting as if the annotation were left out (defaultValue, which the range must hold).
     */
    acceptedRange: z
      .strictObject({ min: z.number().int(), max: z.number().int() })
      .refine((r) => r.min <= r.max, 'min must not exceed max')
      .optional(),
    /**
     * Whether a route without what the annotation does cannot work as the Ingress did (a backend spoken to in
     * another protocol, a host no longer served): left unconverted with a value other than defaultValue, it is
     * BREAKING rather than WARNING.
     */
    breaksWhenLost: z.boolean().optional(),
    /** The controller's command-line flag without which it ignores the annotation, e.g. "--enable-ssl-passthrough". */
    controllerFlag: z
      .string()
      .regex(/^--[a-z0-9][a-z0-9-]*$/, 'must be a command-line flag such as "--enable-ssl-passthrough"')
      .optional(),
    /**
     * The status code of the redirect the controller answers for the annotation, where it answers one of its own
     * (app-root, from-to-www-redirect); the redirect strategies write it where the bundle accepts it.
     */
    redirectCode: z
      .number()
      .int()
      .refine((c) => c >= 300 && c <= 399, 'must be a redirect status code (3xx)')
      .optional(),
    /** The access control the annotation belongs to, if any (annotationAccessSchema). */
    access: annotationAccessSchema.optional(),
    /**
     * Strategy backend-protocol: every value the controller takes, and what each asks of the conversion. A value
     * not listed is one the controller refuses, acting on defaultValue instead.
     */
    protocols: z.array(backendProtocolSchema).min(1).optional(),
    sources,
    notes,
  })
  .superRefine((a, ctx) => {
    if (a.conversion && a.reason)
      ctx.addIssue({
        code: 'custom',
        path: ['reason'],
        message: 'a converted annotation has no reason: give either a conversion or a reason, not both',
      });
    if (!a.conversion && !a.reason)
      ctx.addIssue({
        code: 'custom',
        path: ['reason'],
        message: 'an annotation needs a conversion (with its gatewayApi construct) or the reason none applies',
      });
    if (a.conversion && a.conversion !== 'ignore' && !a.gatewayApi)
      ctx.addIssue({
        code: 'custom',
        path: ['gatewayApi'],
        message: `conversion ${a.conversion} needs the Gateway API construct it writes (gatewayApi, with its field path)`,
      });
    const roles = a.conversion ? STRATEGY_ROLES[a.conversion] : undefined;
    if (a.role !== undefined && !roles?.includes(a.role))
      ctx.addIssue({
        code: 'custom',
        path: ['role'],
        message: roles
          ? `role ${a.role} is not one of strategy ${a.conversion}'s: ${roles.join(', ')}`
          : `${a.conversion ? `strategy ${a.conversion}` : 'an annotation without a conversion'} takes no role`,
      });
    if (a.role === undefined && roles)
      ctx.addIssue({
        code: 'custom',
        path: ['role'],
        message: `strategy ${a.conversion} needs the annotation's role: one of ${roles.join(', ')}`,
      });
    if (a.access && a.conversion)
      ctx.addIssue({
        code: 'custom',
        path: ['access'],
        message:
          'the converter writes no access control: an annotation of one has no conversion, and its reason says what protects the route instead',
      });
    if (a.neverValue !== undefined && a.role !== 'header')
      ctx.addIssue({
        code: 'custom',
        path: ['neverValue'],
        message: 'only an annotation of role header (canary) names a neverValue',
      });
    if (a.acceptedRange) {
      const fallback = Number(a.defaultValue);
      if (
        a.defaultValue === undefined ||
        !Number.isInteger(fallback) ||
        fallback < a.acceptedRange.min ||
        fallback > a.acceptedRange.max
      )
        ctx.addIssue({
          code: 'custom',
          path: ['acceptedRange'],
          message:
            'acceptedRange needs a defaultValue inside it: the value the controller acts on instead of one outside the range',
        });
    }
    if ((a.conversion === 'backend-protocol') !== (a.protocols !== undefined))
      ctx.addIssue({
        code: 'custom',
        path: ['protocols'],
        message:
          a.protocols === undefined
            ? 'strategy backend-protocol needs the values the controller takes (protocols)'
            : 'only an annotation of strategy backend-protocol lists protocols',
      });
    if (a.protocols && a.defaultValue !== undefined && !a.protocols.some((p) => p.value === a.defaultValue))
      ctx.addIssue({
        code: 'custom',
        path: ['defaultValue'],
        message: 'the defaultValue of a backend-protocol annotation must be one of its protocols',
      });
    if ((a.role === 'set-header') !== (a.header !== undefined))
      ctx.addIssue({
        code: 'custom',
        path: ['header'],
        message:
          a.header === undefined
            ? 'role set-header needs the header it sets (header)'
            : 'only an annotation of role set-header names a header',
      });
  });

/** An Ingress controller the converter reads Ingresses of (seed/gateway-api/ingress-providers.yaml). */
export const ingressProviderSchema = z.strictObject({
  /** The GraphQL IngressProvider enum value that selects it. */
  id: z.string().regex(/^[A-Z][A-Z0-9_]*$/, 'must be the GraphQL enum value that selects it, such as INGRESS_NGINX'),
  /** Its name: the annotations of gateway-api/<name>-annotations.yaml are its. */
  name: z.string().regex(/^[a-z0-9][a-z0-9-]*$/, 'must be a kebab-case name such as "ingress-nginx"'),
  /** Every annotation the controller reads starts with it, e.g. "nginx.ingress.kubernetes.io/". */
  annotationPrefix: z
    .string()
    .regex(/^[a-z0-9]([-a-z0-9.]*[a-z0-9])?\/$/, 'must be an annotation prefix ending in "/"'),
  /** The annotation older Ingresses name their class with, read when spec.ingressClassName is not set. */
  classAnnotation: z.string().regex(/^[a-z0-9]([-a-z0-9.]*[a-z0-9])?\/[A-Za-z0-9][-A-Za-z0-9_.]*$/, {
    error: 'must be a full annotation name such as "kubernetes.io/ingress.class"',
  }),
  /** The annotation whose "true" makes the paths regular expressions; null when the controller has none. */
  regexPathsAnnotation: z
    .string()
    .regex(/^[a-z0-9]([-a-z0-9.]*[a-z0-9])?\/[a-z0-9][a-z0-9-]*$/, 'must be a full annotation name')
    .nullable(),
  /**
   * The status code of the controller's own HTTP -> HTTPS redirect when its configuration does not change it
   * (ingress-nginx: the ConfigMap key http-redirect-code); null when no source says.
   */
  httpsRedirectCode: z.number().int().min(300).max(399).nullable().default(null),
  /**
   * The status code the controller answers a request path with when it has a location for the path plus "/" and
   * none for the path itself (ingress-nginx: nginx's redirect of a prefix or exact location ending in "/" that
   * proxies); null when no source says, and then the converter writes no such redirect.
   */
  trailingSlashRedirectCode: z.number().int().min(300).max(399).nullable().default(null),
  sources,
  notes,
});

export type GatewayApiReleaseRecord = z.infer<typeof gatewayApiReleaseSchema>;
export type GatewayApiChangeRecord = z.infer<typeof gatewayApiChangeSchema>;
export type IngressNginxAnnotationRecord = z.infer<typeof ingressNginxAnnotationSchema>;
export type IngressProviderRecord = z.infer<typeof ingressProviderSchema>;

/**
 * The strategies that write an implementation's policy fields (gateway-api/implementations.yaml): a capability
 * names one. client-cidrs-allow/-deny: an authorization rule of the annotation's CIDRs; ext-auth-url: the
 * external authentication service from auth-url (its `field` takes the URL's path); ext-auth-response-headers:
 * the headers passed on to the backend; basic-auth-type: turns basic authentication on for the `values`
 * given; basic-auth-secret: the Secret reference, whose key must be `secretKey`. Those are the access
 * strategies, for annotations of an access control; the traffic ones are for annotations without a conversion:
 * request-body-limit: an nginx size as a quantity; cookie-hash: consistent hashing on the controller's
 * cookie (its name the default of the cookie-hash-name annotation's record); cookie-hash-name: that name;
 * cookie-hash-ttl: the cookie's lifetime in seconds as a duration; client-rate-per-second and -minute: a local
 * rate limit of that many requests per client address.
 */
export const ACCESS_IMPLEMENTATION_STRATEGIES = [
  'client-cidrs-allow',
  'client-cidrs-deny',
  'ext-auth-url',
  'ext-auth-response-headers',
  'basic-auth-type',
  'basic-auth-secret',
] as const;
export const TRAFFIC_IMPLEMENTATION_STRATEGIES = [
  'request-body-limit',
  'cookie-hash',
  'cookie-hash-name',
  'cookie-hash-ttl',
  'client-rate-per-second',
  'client-rate-per-minute',
] as const;
export const IMPLEMENTATION_STRATEGIES = [
  ...ACCESS_IMPLEMENTATION_STRATEGIES,
  ...TRAFFIC_IMPLEMENTATION_STRATEGIES,
] as const;

const fieldPath = z
  .string()
  .regex(/^spec(\.[A-Za-z][A-Za-z0-9]*(\[\])?)+$/, 'must be a field path such as spec.a.b[].c');

/** One annotation an implementation's policy carries (gateway-api/implementations.yaml, `capabilities`). */
const implementationCapabilitySchema = z.strictObject({
  annotation: z
    .string()
    .regex(/^[a-z0-9]([-a-z0-9.]*[a-z0-9])?\/[a-z0-9][a-z0-9-]*$/, 'must be a full annotation name'),
  strategy: z.enum(IMPLEMENTATION_STRATEGIES, {
    error: `must be one of the implementation strategies: ${IMPLEMENTATION_STRATEGIES.join(', ')}`,
  }),
  /** The policy kind written (a kind of the implementation's generated index). */
  policy: z.string().regex(/^[A-Z][A-Za-z]+$/, 'must be a kind such as SecurityPolicy'),
  /** The field the annotation's value goes into. */
  field: fieldPath,
  /** Other fields the strategy writes. */
  also: z.array(fieldPath).default([]),
  /** The annotation values it carries; empty: any value. */
  values: z.array(z.string().min(1)).default([]),
  /** The key of the referenced Secret the implementation reads (basic-auth-secret). */
  secretKey: z.string().min(1).nullable().default(null),
  /** The key the Ingress controller read in that Secret (for the message telling what to copy). */
  sourceKey: z.string().min(1).nullable().default(null),
  /** The first release of the implementation whose policy has every field. */
  since: z.string().regex(/^v\d+\.\d+\.\d+$/, 'a release tag such as v1.2.0'),
  /** What the user must still know or do when this capability is used (a WARNING with the conversion). */
  caveat: z.string().min(1).nullable().default(null),
  sources,
});

/** A Gateway API implementation whose own policies the converter writes (gateway-api/implementations.yaml). */
export const gatewayImplementationSchema = z.strictObject({
  id: z.string().regex(/^[a-z0-9][a-z0-9-]*$/, 'must be a kebab-case id such as "envoy-gateway"'),
  name: z.string().min(1),
  /** The generated index of its policy CRDs, in seed/generated/. */
  index: z.string().regex(/^[a-z0-9-]+\.json$/, 'must be a file name in seed/generated/ such as envoy-gateway.json'),
  /** The field of every policy that lists the routes it applies to. */
  targetRefs: fieldPath,
  capabilities: z.array(implementationCapabilitySchema).min(1),
  sources,
  notes,
});

export type GatewayImplementationRecord = z.infer<typeof gatewayImplementationSchema>;
