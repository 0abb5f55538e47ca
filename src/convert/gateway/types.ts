// The vocabulary of ingressToGateway: what the conversion is given (the provider's annotation records, the
// Gateway API bundle it writes for) and the drafts of the objects it builds before they are printed.
import type { Finding, ManifestObject, PathSegment, ResourceRef } from '../../analysis';
import type { AccessControl } from '../../kb/access-controls';
import type {
  GatewayApiChannel,
  GatewayApiIngressProvider,
  GatewayApiSchemaNode,
  GatewayImplementation,
  IngressNginxAnnotation,
} from '../../kb/model';
import type { VersionKey } from '../../kb/version';
import type { ConversionChange, ConvertContext } from '../types';

/** One annotation record of the provider (seed/gateway-api/ingress-nginx-annotations.yaml), as the KB holds it. */
export type AnnotationRecord = Omit<IngressNginxAnnotation, 'typename' | 'sources'>;

/** The Ingress controller whose Ingresses are read (seed/gateway-api/ingress-providers.yaml), as the KB holds it. */
export type ProviderRecord = Omit<GatewayApiIngressProvider, 'sources'>;

/** A value of a field in a written object. */
export type Scalar = string | number | boolean;

/** What one node of a kind's schema checks in the bundle: its CEL rules and its default. */
export type SchemaNodeChecks = Pick<GatewayApiSchemaNode, 'path' | 'rules' | 'defaultJson'>;

/** A Gateway API release and one of its channels: where a construct first appears. */
interface BundleRef {
  version: string;
  channel: GatewayApiChannel;
}

/** The Gateway API bundle the output is written for: its tag and channel, and the kinds and fields it has. */
export interface GatewayBundle extends BundleRef {
  /** The apiVersion objects of `kind` are written with (its storage version), null when the channel lacks it. */
  apiVersion(kind: string): string | null;
  /**
   * True when the bundle's channel has the field path (dotted, arrays as []) on `kind`, and, given a value,
   * when the field's enum (if it has one) allows it.
   */
  hasField(kind: string, path: string, value?: Scalar): boolean;
  /**
   * The oldest release whose bundle has the kind (and the field, and allows the value, when given): in this
   * bundle's channel, else in the experimental one; null when no release of the knowledge base has it.
   */
  firstWith(kind: string, path?: string, value?: Scalar): BundleRef | null;
  /** The schema nodes of `kind` (its storage version) with CEL rules or a default, or that are maps. */
  schemaNodes(kind: string): readonly SchemaNodeChecks[];
}

/** The implementation whose own policies carry the access controls Gateway API cannot express, and its release. */
export interface ImplementationTarget {
  record: Omit<GatewayImplementation, 'sources'>;
  release: string;
}

export interface GatewayConvertOptions {
  /** Names the GatewayClass of every Gateway; default: the Ingress class name. */
  gatewayClassName: string | null;
  /** Only the Ingresses of this class are converted (the others are named in the changes); null: all. */
  ingressClass: string | null;
  provider: ProviderRecord;
  /** The provider's annotation records. */
  annotations: readonly AnnotationRecord[];
  bundle: GatewayBundle;
  /** Brings Ingresses of older API versions to networking.k8s.io/v1 (the existing conversion). */
  convert: ConvertContext;
  /** The release unconverted findings name as effectiveIn: the latest Kubernetes release known. */
  effectiveIn: VersionKey;
  /** Writes this implementation's policies for what Gateway API cannot express; null: Gateway API only. */
  implementation: ImplementationTarget | null;
}

export interface GatewayConversion {
  /** The Gateway API objects, multi-document YAML with a comment above each naming its source. */
  manifest: string;
  /** The bundle (release and channel) the objects were written for and held against. */
  gatewayApi: BundleRef;
  changes: ConversionChange[];
  unconverted: Finding[];
  /** Routes written without an access control their Ingress (or its host) had: marked UNPROTECTED in manifest. */
  unprotected: UnprotectedRoute[];
  /** The implementation whose policies the manifest holds, and its release; null when none was asked for. */
  implementation: { id: string; release: string } | null;
}

/** A control that protected what a route serves, and the annotation that turned it on. */
export interface LostAccess {
  control: AccessControl;
  /** The control in words, e.g. "external authentication". */
  description: string;
  annotation: string;
  /** The annotation's line in the input. */
  line: number;
  /** The Ingress that set it (another Ingress of the host for a control of the whole host). */
  ingress: ResourceRef;
}

/** A route kind the conversion writes. */
export type RouteKind = 'HTTPRoute' | 'GRPCRoute';

/** A route of the output that serves, without protection, what its Ingress (or its host) protected. */
export interface UnprotectedRoute {
  kind: RouteKind;
  name: string;
  namespace: string | null;
  /** The Ingress the route was made from. */
  ingress: ResourceRef;
  lost: LostAccess[];
}

/** An Ingress read from the input, at networking.k8s.io/v1. */
export interface IngressView {
  /** The object as read from the input: lines and the resource reference come from it. */
  source: ManifestObject;
  name: string;
  namespace: string | null;
  /** spec at networking.k8s.io/v1. */
  spec: Record<string, unknown>;
  annotations: Record<string, string>;
  className: string | null;
  /** The line of the input of a v1 path (the closest existing one for an Ingress of an older version). */
  lineOf(path: PathSegment[]): number;
}

/** A GRPCRoute method match: a gRPC service, and one of its methods or all of them. */
export interface MethodMatch {
  service: string;
  method: string | null;
}

export interface PathMatch {
  type: 'Exact' | 'PathPrefix' | 'RegularExpression';
  value: string;
}

export interface BackendRef {
  name: string;
  namespace?: string;
  port: number;
  weight?: number;
}

export type Filter =
  | { type: 'RequestRedirect'; requestRedirect: Record<string, unknown> }
  | { type: 'URLRewrite'; urlRewrite: { hostname?: string; path?: Record<string, string> } }
  | { type: 'RequestHeaderModifier'; requestHeaderModifier: { set: { name: string; value: string }[] } }
  | { type: 'CORS'; cors: Record<string, unknown> };

export interface RuleDraft {
  /** Where the rule came from: the Ingress path (or defaultBackend) it converts. */
  line: number;
  /** host + path + pathType of the Ingress path: what a canary Ingress is merged by. */
  key: string | null;
  /** Input path and pathType, for the strategies that read them. */
  path: string | null;
  pathType: string | null;
  match: PathMatch | null;
  /** A GRPCRoute rule's method match instead of the path's (null with match null: every method). */
  method?: MethodMatch | null;
  /** Header matches besides the path (a canary's header rule). */
  headers?: { type: 'Exact' | 'RegularExpression'; name: string; value: string }[];
  filters: Filter[];
  backendRefs: BackendRef[];
  /** The Service the Ingress path names, whatever the filters do with it (a redirect sends nowhere). */
  backend?: BackendRef;
  timeouts: { backendRequest?: string; request?: string } | null;
}

export interface RouteDraft {
  kind: RouteKind;
  ingress: IngressView;
  name: string;
  namespace: string | null;
  /** The Ingress host ("" for rules without host). */
  host: string;
  parentRefs: { name: string; namespace?: string; sectionName: string }[];
  rules: RuleDraft[];
}

/** A TLSRoute: a host's TLS connections handed on unopened, from a TLS listener of mode Passthrough. */
export interface TlsRouteDraft {
  /** The Ingress whose path "/" gives the backend. */
  ingress: IngressView;
  name: string;
  namespace: string | null;
  host: string;
  parentRefs: { name: string; namespace?: string; sectionName: string }[];
  backendRefs: BackendRef[];
}

export interface ListenerDraft {
  name: string;
  hostname: string | null;
  /** TLS: a listener of tls.mode Passthrough (ssl-passthrough), which TLSRoutes attach to. */
  protocol: 'HTTP' | 'HTTPS' | 'TLS';
  port: number;
  certificateRefs: { name: string; namespace?: string }[];
  /** Routes of other namespaces attach: allowedRoutes.namespaces.from All. */
  fromAllNamespaces: boolean;
}

export interface GatewayDraft {
  name: string;
  namespace: string | null;
  gatewayClassName: string;
  /** The Ingresses it was made for (comments). */
  ingresses: IngressView[];
  listeners: ListenerDraft[];
}

export interface ReferenceGrantDraft {
  namespace: string;
  fromKind: 'Gateway' | RouteKind | 'SecurityPolicy';
  /** The referring kind's API group when it is not Gateway API's (an implementation's policy). */
  fromGroup?: string;
  fromNamespace: string;
  toKind: 'Secret' | 'Service';
  toName: string;
  /** The object whose reference needs the grant (comment). */
  because: string;
  /** The Ingress whose reference it is: where a grant the bundle cannot hold is reported. */
  ingress: IngressView;
}

/** A BackendTLSPolicy for one Service: TLS from the Gateway to it, verified with a CA from a ConfigMap. */
export interface BackendTlsDraft {
  name: string;
  /** The Service's namespace (a policy targets Services of its own namespace only). */
  namespace: string | null;
  service: string;
  hostname: string;
  /** The ConfigMap whose ca.crt verifies the backend's certificate (the user creates it). */
  caConfigMap: string;
  /** The Ingress whose protocol asked for it: where it is reported. */
  ingress: IngressView;
}

/** What the conversion reports as it goes: changes made and what it could not convert. */
export interface Report {
  change(ingress: IngressView, line: number, description: string, ruleId?: string): void;
  unconverted(
    ingress: IngressView,
    messageId: string,
    severity: 'BREAKING' | 'WARNING',
    path: PathSegment[],
    message: string,
  ): void;
}
