// The in-memory shape of the knowledge base. Versions are VersionKeys (1.20 -> 1020); the GraphQL
// KubeVersion scalar formats them. `typename` tells GraphQL which type an object is.
import type { AccessControl } from './access-controls';
import type { VersionKey } from './version';

export type Stage = 'ALPHA' | 'BETA' | 'GA' | 'DEPRECATED';

export interface Release {
  typename: 'Release';
  version: VersionKey;
  releasedOn: string | null;
  endOfLifeOn: string | null;
  preliminary: boolean;
  /** True for a release known only from imported notes (netkb import notes), not from seed/. */
  imported: boolean;
  sources: string[];
}

export interface FeatureGateStage {
  stage: Stage;
  defaultEnabled: boolean;
  /** null: no source says whether the stage locks the gate. */
  lockedToDefault: boolean | null;
  since: VersionKey;
  until: VersionKey | null;
}

export interface FeatureGate {
  typename: 'FeatureGate';
  key: string;
  name: string;
  /**
   * What the gate switches, in our words; for a generated record, what its sources say of it (SIG, KEP,
   * stages), made from the record's own values.
   */
  summary: string;
  sigs: string[];
  components: string[];
  kep: string | null;
  lifecycle: FeatureGateStage[];
  /**
   * True for a shallow record generated from Kubernetes' feature files (src/seed/generated-gates.ts), false
   * for a curated one.
   */
  generated: boolean;
  /** The first release with the gate; null when the sources start with the gate already there. */
  introducedIn: VersionKey | null;
  removedIn: VersionKey | null;
  /** The last release the sources speak of; null when they reach the newest release (or the removal). */
  knownThrough: VersionKey | null;
  notes: string | null;
  sources: string[];
  changes: Change[];
  fields: ApiField[];
}

export interface FlagDefault {
  value: string;
  since: VersionKey;
}
export interface FlagValue {
  value: string;
  introducedIn: VersionKey | null;
  deprecatedIn: VersionKey | null;
  removedIn: VersionKey | null;
  replacement: string | null;
  /** Other values that replace it as well, for another setup; each is one of the flag's values. */
  alternatives: string[];
}

/** How netkb convert rewrites a removed flag: the first rule whose value matches (or with no value) applies. */
export interface FlagConversion {
  /** Only when the flag has exactly this value; null: any value. */
  value: string | null;
  /** What replaces the flag; {value} is its old value. Empty: the flag is dropped. */
  args: string[];
  explanation: string;
}

export interface Flag {
  typename: 'Flag';
  key: string;
  /** True for a shallow record generated from the release notes' flag events (no curated record). */
  generated: boolean;
  /**
   * The flag the release notes name as this one's successor, when no record of it exists to be a replacement
   * (a generated record's: "use --y instead"); the release that added it is not known. Null otherwise.
   */
  successor: string | null;
  component: string;
  name: string;
  summary: string;
  introducedIn: VersionKey | null;
  deprecatedIn: VersionKey | null;
  removedIn: VersionKey | null;
  replacements: string[];
  configField: string | null;
  conversion: FlagConversion[];
  /** The first release in which the flag does nothing any more (still accepted until removedIn); null if none. */
  inertFrom: VersionKey | null;
  /** From `since`, only these values are accepted; null when no source narrows the flag's values. */
  acceptsOnly: { since: VersionKey; values: string[] } | null;
  /** The flag matters only while another flag of the component has one of these values; null: always. */
  onlyWith: { flag: string; values: string[] } | null;
  defaults: FlagDefault[];
  /** The flag takes a comma-separated list: each item is one of `values` and is checked alone. */
  listValues: boolean;
  /**
   * The keys of the flag's key=value list name API group/versions, besides these class keys (api/all); null for a
   * flag whose value is no such list.
   */
  apiVersionKeys: string[] | null;
  values: FlagValue[];
  notes: string | null;
  sources: string[];
  changes: Change[];
}

type Scalar = string | number | boolean;
/** One step of an API version conversion; dot paths are relative to the object, [] visits every list item. */
export type ConversionStep =
  | {
      move: string;
      to: string;
      when?: 'number' | 'string';
      set?: Record<string, Scalar>;
      asList?: boolean;
      why?: string;
    }
  | { remove: string; why: string }
  | { default: string; value: Scalar; why: string }
  | { copy: string; to: string; unlessSet?: string; why: string }
  | {
      refuse: string;
      when: 'empty' | 'present' | 'missing' | 'notIn' | 'duplicate';
      values?: (string | number | boolean)[];
      why: string;
    }
  | { transform: string; why: string };

/** How to rewrite an object of one API version into another of the same kind. */
export interface ApiConversion {
  /** The target apiVersion, e.g. networking.k8s.io/v1. */
  to: string;
  steps: ConversionStep[];
}

export interface ApiVersion {
  typename: 'ApiVersion';
  key: string;
  group: string;
  version: string;
  kind: string;
  apiVersion: string;
  introducedIn: VersionKey | null;
  deprecatedIn: VersionKey | null;
  removedIn: VersionKey | null;
  announcedRemovalIn: VersionKey | null;
  replacement: ApiVersion | null;
  replacementAvailableIn: VersionKey | null;
  /** null: the API server does not serve the version (a file format such as an audit policy). */
  servedByDefault: boolean | null;
  migrationNotes: string | null;
  conversion: ApiConversion | null;
  notes: string | null;
  sources: string[];
  changes: Change[];
}

export interface ApiField {
  typename: 'ApiField';
  key: string;
  kind: string;
  path: string;
  apiVersions: string[];
  summary: string;
  introducedIn: VersionKey | null;
  deprecatedIn: VersionKey | null;
  removedIn: VersionKey | null;
  featureGate: FeatureGate | null;
  replacement: string | null;
  /** True for a shallow record generated from a component's types (a configuration file's field), not curated. */
  generated: boolean;
  /** Steps that rewrite an object setting this field (spec.ipFamily -> spec.ipFamilies), or null. */
  conversion: { steps: ConversionStep[] } | null;
  /** Values the component stops accepting or deprecates; empty when no record says. */
  values: ApiFieldValue[];
  notes: string | null;
  sources: string[];
  changes: Change[];
}

/** A value of an api field with a life of its own (a scheduler plugin's name in a KubeSchedulerConfiguration). */
export interface ApiFieldValue {
  value: string;
  /** Only in objects of these group/versions; empty: every version the field has. */
  apiVersions: string[];
  deprecatedIn: VersionKey | null;
  removedIn: VersionKey | null;
  replacement: string | null;
}

export interface WellKnownKey {
  typename: 'WellKnownKey';
  /** The key, or "prefix/*": every key under the prefix (a container's name after the slash). */
  key: string;
  /** Null for a generated record of a key whose sources do not say (only the well-known keys page names it). */
  type: 'LABEL' | 'ANNOTATION' | 'TAINT' | null;
  /** True for a shallow record generated from the keys index (no curated record). */
  generated: boolean;
  summary: string;
  introducedIn: VersionKey | null;
  deprecatedIn: VersionKey | null;
  removedIn: VersionKey | null;
  replacement: string | null;
  /** First release in which Kubernetes sets or reads the replacement in this key's role (null: unknown). */
  replacementIn: VersionKey | null;
  /** The key's life in its other roles (a taint that is also a label); a role not listed is not checked. */
  otherRoles: WellKnownKeyRole[];
  notes: string | null;
  sources: string[];
  changes: Change[];
}

export interface WellKnownKeyRole {
  type: 'LABEL' | 'ANNOTATION' | 'TAINT';
  introducedIn: VersionKey | null;
  deprecatedIn: VersionKey | null;
  removedIn: VersionKey | null;
  replacement: string | null;
  replacementIn: VersionKey | null;
}

export interface Metric {
  typename: 'Metric';
  key: string;
  name: string;
  component: string;
  summary: string;
  introducedIn: VersionKey | null;
  deprecatedIn: VersionKey | null;
  removedIn: VersionKey | null;
  notes: string | null;
  sources: string[];
  changes: Change[];
}

export type Subject = FeatureGate | Flag | ApiVersion | ApiField | WellKnownKey | Metric;

export interface Change {
  typename: 'Change';
  key: string;
  version: VersionKey;
  position: number;
  kind: string;
  summary: string;
  actionRequired: boolean;
  sigs: string[];
  /** Components named by the record plus those implied by its subjects. */
  components: string[];
  prs: number[];
  authors: string[];
  sources: string[];
  subjects: Subject[];
  /** True when the entry was imported from an official notes file: its summary is upstream's wording. */
  imported: boolean;
}

export interface Component {
  typename: 'Component';
  name: string;
  summary: string;
  binaries: string[];
  images: string[];
  /** "<group>/<Kind>", e.g. kubeproxy.config.k8s.io/KubeProxyConfiguration. */
  configKinds: string[];
  /** Multi-call binaries that run it as a subcommand: hyperkube apiserver, hyperkube kube-apiserver. */
  launchers: Launcher[];
  notes: string | null;
  sources: string[];
}

/** What one SIG owns (seed/sig-owners.yaml); services/sig-owners.ts answers who owns a flag or an API version. */
export interface SigOwner {
  sig: string;
  components: string[];
  /** The flags a shared library defines, which every component using it accepts (klog's logging flags). */
  libraries: { name: string; flags: string[] }[];
  apiGroups: string[];
  /** "<group>/<Kind>" of kinds in groups several SIGs share: they take precedence over the group's owners. */
  apiKinds: string[];
  sources: string[];
}

export interface Launcher {
  binary: string;
  names: string[];
}

/** A place where objects of a kind hold a label, annotation or taint key that Kubernetes reads (kinds.yaml `keyPlaces`). */
export interface KeyPlace {
  /** Dot path from the object's root (from the Pod's root for kind Pod; "*": every object). */
  path: string;
  holds: 'mapKeys' | 'value' | 'listValues';
  type: 'LABEL' | 'ANNOTATION' | 'TAINT';
  /** carries: the object has the key; selects / prefers: requires / prefers nodes (or objects) with it;
   * tolerates: tolerates a taint; spreads: groups by it as a topology key. */
  role: 'carries' | 'selects' | 'prefers' | 'tolerates' | 'spreads';
  /** What a key here does once Kubernetes no longer sets or reads it. */
  whenRemoved: 'BREAKING' | 'WARNING';
}

/**
 * A place where objects of a kind name another API (kinds.yaml `references`), and how Kubernetes resolves
 * it: `groupKind` (any version of the group serving the kind will do), `groupVersionKind` (that very
 * version), `groupResource` (RBAC-style group x resource lists), `groupVersion` (a group/version pair).
 */
export type ReferencePlace = {
  /** Dot path of the map holding the reference, e.g. spec.scaleTargetRef or rules[]. */
  path: string;
  severity: 'BREAKING' | 'WARNING' | 'INFO';
  /** What stops working when the reference no longer resolves, in our words. */
  effect: string;
  /** Only in objects of these API groups ("" for core); empty: any. */
  objectGroups: string[];
  /** The place is skipped in objects where this dot path is set (e.g. a controller writes the map). */
  unless: string | null;
} & (
  | { resolves: 'groupKind' | 'groupVersionKind'; apiVersionField: string; kindField: string }
  | {
      resolves: 'groupResource';
      groupsField: string;
      resourcesField: string;
      /** The verbs each map grants: another map granting the resource with them covers a broken one. */
      verbsField?: string;
    }
  | { resolves: 'groupVersion'; groupField: string; versionField: string }
);

export interface KindInfo {
  kind: string;
  /** Dot path of the embedded Pod template, e.g. spec.template. */
  podTemplate: string | null;
  /** Where its objects name other API versions ("*": every kind). */
  references: ReferencePlace[];
  /** Where its objects hold label, annotation and taint keys ("*": every kind; Pod: also every Pod template). */
  keyPlaces: KeyPlace[];
  /** Where its objects pass flags to a component (kubeadm's extraArgs): a map of names to values or {name, value} items. */
  flagPlaces: FlagPlace[];
  /**
   * The tool that reads objects of this kind as a configuration file no API server validates (kubeadm), when
   * netkb has no index of its fields: its fields are reported as not checked. Null for every other kind.
   */
  configFileOf: string | null;
  notes: string | null;
  sources: string[];
}

/** One version of an add-on's kind (an API Kubernetes does not serve itself), with its life in the add-on's releases. */
export interface AddOnApi {
  addOn: string;
  apiVersion: string;
  kind: string;
  /** Release tags of the add-on: the first serving it, the first calling it deprecated, the first no longer serving it. */
  servedFrom: string;
  deprecatedIn: string | null;
  removedIn: string | null;
  /** The version the add-on's newest release serves for the kind instead, and the first tag serving it. */
  replacement: string | null;
  replacementFrom: string | null;
}

/** The add-ons whose CRDs netkb read at each release tag (seed/generated/add-on-apis.json). */
export interface AddOnKnowledge {
  addOns: { name: string; repository: string; releases: string[] }[];
  apis: AddOnApi[];
}

/** An own feature gate of a tool whose files netkb reads (kubeadm), as the release notes add and remove it. */
export interface ToolGate {
  tool: string;
  gate: string;
  /** Releases as "1.22"; null where no note says. */
  introducedIn: string | null;
  /** The release whose notes deprecate the gate. */
  deprecatedIn: string | null;
  /** The release whose notes graduate it to GA, and the one from which they say it is locked to enabled. */
  gaIn: string | null;
  lockedFrom: string | null;
  removedIn: string | null;
  sources: string[];
}

/** A key every --feature-gates accepts besides the gates (AllAlpha, AllBeta): a switch for every gate of a stage. */
export interface GateKey {
  key: string;
  stage: 'ALPHA' | 'BETA';
  /** The first release that accepts it; null when every release netkb knows does. */
  introducedIn: VersionKey | null;
  summary: string;
  sources: string[];
}

/** The field paths of one version of a component's configuration file, from its types at every release read. */
export type FileFields = {
  apiVersion: string;
  kind: string;
  component: string;
  /** Every path any release read (or the copy) has, in the api-fields notation ("a.b[].c"). */
  paths: string[];
} & (
  | {
      /** The first and last release whose types declare the kind. */
      first: string;
      last: string;
      copy: null;
    }
  | {
      first: null;
      last: null;
      /**
       * The address of the one stored copy of the types read, when netkb did not read them release by release
       * (kubeadm's, from kubernetes/kubernetes at a commit: seed/generated/kubeadm-fields.json).
       */
      copy: string;
    }
);

/** A place where objects of a kind pass command-line flags to a component (kinds.yaml `flagPlaces`). */
export interface FlagPlace {
  /** Dot path of the map (flag name without dashes -> value) or list ({name, value} items), or of one flag's value. */
  path: string;
  /** The component that receives the flags (components.yaml). */
  component: string;
  /** Only in objects of these API groups; empty: any. */
  objectGroups: string[];
  /** The one flag whose value the field at `path` is (kubeadm's criSocket: the kubelet's --container-runtime-endpoint); null: a map or list of flags. */
  flag: string | null;
}

export type ConstraintPart = { literal: string } | { from: string[]; default?: string | null };

export interface Constraint {
  key: string;
  kind: string;
  summary: string;
  severity: 'BREAKING' | 'WARNING' | 'INFO';
  when: { path: string; equals: string | number | boolean } | null;
  measure: { join: string; parts: ConstraintPart[] };
  maxLength: number;
  featureGate: FeatureGate | null;
  since: VersionKey | null;
  change: Change | null;
  notes: string | null;
  sources: string[];
}

export interface KbModel {
  seedHash: string;
  /** Identifies the data served: the seed's hash, mixed with the imported notes when there are any. */
  version: string;
  seededAt: string;
  releases: Release[];
  components: Component[];
  kinds: KindInfo[];
  constraints: Constraint[];
  featureGates: FeatureGate[];
  flags: Flag[];
  apiVersions: ApiVersion[];
  apiFields: ApiField[];
  wellKnownKeys: WellKnownKey[];
  /** The domains Kubernetes reserves for label and annotation keys (and their subdomains): kubernetes.io, k8s.io. */
  reservedKeyDomains: string[];
  /** The field paths of every version of the components' configuration files; [] without the index. */
  fileFields: FileFields[];
  /** Add-on APIs (cert-manager, the CSI snapshotter, Istio, the Prometheus operator): their versions' life in the add-ons' releases. */
  addOns: AddOnKnowledge;
  /** The own gates of the tools whose files netkb reads (kubeadm's), from the release notes. */
  toolGates: ToolGate[];
  /** AllAlpha, AllBeta (seed/gate-keys.yaml). */
  gateKeys: GateKey[];
  /** The domains of the API groups the Kubernetes project reserves (seed/api-group-domains.yaml): k8s.io, kubernetes.io. */
  apiGroupDomains: string[];
  /** Which SIG owns which component, library flag, API group and kind (seed/sig-owners.yaml). */
  sigOwners: SigOwner[];
  metrics: Metric[];
  changes: Change[];
  gatewayApi: GatewayApiKnowledge;
}

export type GatewayApiChannel = 'standard' | 'experimental';

/** One CRD of a Gateway API release's bundle in one channel (from the generated index). */
export interface GatewayApiKind {
  release: string;
  channel: GatewayApiChannel;
  group: string;
  kind: string;
  plural: string;
  servedVersions: string[];
  storageVersion: string;
  deprecatedVersions: string[];
  /** The CRD's bundle-version annotation; null when the CRD has none. */
  bundleVersion: string | null;
}

/** A path of a Gateway API kind's schema, per group/kind/version/channel, with the releases (tags) that have it. */
export interface GatewayApiPathAt {
  group: string;
  kind: string;
  version: string;
  channel: GatewayApiChannel;
  path: string;
  releases: string[];
}

/** A field path a manifest can carry, with the releases that have it. */
export interface GatewayApiField extends GatewayApiPathAt {
  /** What the field accepts (enum values, pattern), for groups of its releases; empty when it has neither. */
  allowedValues: GatewayApiAllowedValues[];
}

/** What a Gateway API field accepts in some releases (from their CRDs' structural schemas). */
export interface GatewayApiAllowedValues {
  releases: string[];
  /** The values of its enum; null when it has none. */
  values: (string | number | boolean)[] | null;
  /** The regular expression its strings must match; null when it has none. */
  pattern: string | null;
}

/** A CEL rule of a Gateway API CRD (x-kubernetes-validations); no release of the index has messageExpression, fieldPath or reason. */
export interface GatewayApiCelRule {
  rule: string;
  message: string;
}

/**
 * What one node of a Gateway API kind's structural schema checks beyond its fields, for some of its releases:
 * its CEL rules and its default. path: a.b[].c, [] the items of any list, {} the values of a map ("" the object);
 * every map has a {} node, with or without checks.
 */
export interface GatewayApiSchemaNode extends GatewayApiPathAt {
  rules: GatewayApiCelRule[];
  /** The node's default as JSON; null when it has none. */
  defaultJson: string | null;
}

/** A Gateway API CHANGELOG entry in our words; served as the GraphQL Change type (version null, gatewayApiRelease set). */
export interface GatewayApiChange {
  typename: 'Change';
  /** "gateway-api@v1.2.0#<id>": never equal to a Kubernetes change's "1.20#<id>". */
  key: string;
  gatewayApiRelease: string;
  /** Its place among the entries of its release (the order of the curated records). */
  position: number;
  kind: string;
  summary: string;
  actionRequired: boolean;
  prs: number[];
  sources: string[];
}

export interface GatewayApiRelease {
  typename: 'GatewayApiRelease';
  /** The tag, e.g. v1.2.0. */
  version: string;
  /** Its place in semver order among the releases of the knowledge base (0: the oldest). */
  position: number;
  releasedOn: string | null;
  /** The oldest Kubernetes minor the bundle supports; null when no source says. */
  minKubernetes: VersionKey | null;
  sources: string[];
  notes: string | null;
  /** Both channels, standard first, then by group and kind. */
  kinds: GatewayApiKind[];
  /** In the order of the curated records. */
  changes: GatewayApiChange[];
}

/** An ingress-nginx annotation and the Gateway API construct that replaces it, or why none does. */
export interface IngressNginxAnnotation {
  typename: 'IngressNginxAnnotation';
  name: string;
  summary: string;
  gatewayApi: string | null;
  /** The converter's strategy id; null: not converted (see reason). */
  conversion: string | null;
  reason: string | null;
  /** What the annotation is to its strategy, for strategies that read several (e.g. canary-weight: weight, weight-total). */
  role: string | null;
  /** The request header an annotation of role set-header sets. */
  header: string | null;
  /** The value the controller acts on when an Ingress leaves the annotation out; null when the docs give none. */
  defaultValue: string | null;
  /** Role header: the value of the request header it names with which the controller never sends to the canary. */
  neverValue: string | null;
  /**
   * The whole numbers the controller takes for the annotation, bounds included; it acts on defaultValue instead
   * of any other. null: no range recorded.
   */
  acceptedRange: { min: number; max: number } | null;
  /** Left unconverted with a value other than defaultValue, the route cannot work as the Ingress did: BREAKING. */
  breaksWhenLost: boolean;
  /**
   * The controller's command-line flag without which it ignores the annotation (ssl-passthrough needs
   * --enable-ssl-passthrough); null when none is needed. The converter states it as an assumption.
   */
  controllerFlag: string | null;
  /** The status code of the redirect the controller answers for it (app-root: 302); null when it answers none of its own. */
  redirectCode: number | null;
  /** The access control it belongs to; null for an annotation of none. */
  access: AnnotationAccess | null;
  /**
   * Strategy backend-protocol: every value the controller takes and what each asks of the conversion; a value not
   * listed is refused by the controller, which acts on defaultValue. null for any other annotation.
   */
  protocols: BackendProtocol[] | null;
  sources: string[];
}

/** One value of a backend-protocol annotation: the route kind that carries it, and TLS to the backend or not. */
export interface BackendProtocol {
  /** As the docs write it; the controller compares it ignoring case. */
  value: string;
  /** null: no Gateway API route carries it (reason says why). */
  route: 'HTTPRoute' | 'GRPCRoute' | null;
  /** The controller speaks TLS to the backend: a BackendTLSPolicy. */
  backendTls: boolean;
  /** TLS to the backend exactly for the requests that came over TLS: the listeners of the routes decide. */
  clientScheme: boolean;
  /** Why no route carries it (route null), or why routes taking both schemes cannot (clientScheme). */
  reason: string | null;
}

/**
 * An annotation's part in an access control of the Ingress controller (seed `access`, documented in
 * seed/README.md): a guard turns the control on, a setting adjusts it; scope ingress covers the Ingress's own
 * paths, host every path of the host; offValues are the values that leave the control off.
 */
export interface AnnotationAccess {
  control: AccessControl;
  part: 'guard' | 'setting';
  scope: 'ingress' | 'host';
  offValues: string[];
}

/** An Ingress controller ingressToGateway reads Ingresses of (seed/gateway-api/ingress-providers.yaml). */
export interface GatewayApiIngressProvider {
  /** The GraphQL IngressProvider value that selects it, e.g. INGRESS_NGINX. */
  id: string;
  name: string;
  /** Every annotation the controller reads starts with it. */
  annotationPrefix: string;
  /** Names the Ingress class where spec.ingressClassName is not set. */
  classAnnotation: string;
  /** Its "true" makes the Ingress's paths regular expressions; null when the controller has none. */
  regexPathsAnnotation: string | null;
  /** The status code of its own HTTP -> HTTPS redirect by default; null when no source says. */
  httpsRedirectCode: number | null;
  /**
   * The status code the controller answers a path with when it has a location for the path plus "/" and none for
   * the path itself (nginx's redirect of a location ending in "/"); null when no source says.
   */
  trailingSlashRedirectCode: number | null;
  sources: string[];
}

/** An annotation a Gateway API implementation's own policy carries (seed/gateway-api/implementations.yaml). */
export interface ImplementationCapability {
  annotation: string;
  /** The converter's strategy that writes it (IMPLEMENTATION_STRATEGIES). */
  strategy: string;
  /** The policy kind written. */
  policy: string;
  /** The field the annotation's value goes into, and the others the strategy writes. */
  field: string;
  also: string[];
  /** The values it carries; empty: any. */
  values: string[];
  /** The key the implementation reads in the referenced Secret; null when none is referenced. */
  secretKey: string | null;
  /** The key the Ingress controller read in that Secret, where it differs; null otherwise. */
  sourceKey: string | null;
  /** The first release of the implementation whose policy has every field. */
  since: string;
  /** What the user must still know or do when it is used; null when nothing. */
  caveat: string | null;
  sources: string[];
}

/** A Gateway API implementation whose own policy objects ingressToGateway writes (`implementation`). */
export interface GatewayImplementation {
  /** The value of the implementation option, e.g. envoy-gateway. */
  id: string;
  name: string;
  /** Its repository, whose tagged CRDs were imported. */
  repository: string;
  /** The imported releases, oldest first. */
  releases: string[];
  /** Each policy kind with the apiVersion written (its storage version in the newest release). */
  policies: { kind: string; apiVersion: string }[];
  /** The field of a policy that lists the routes it applies to. */
  targetRefs: string;
  capabilities: ImplementationCapability[];
  sources: string[];
}

export interface GatewayApiKnowledge {
  /** In semver order. */
  releases: GatewayApiRelease[];
  fields: GatewayApiField[];
  /** The schema nodes with CEL rules or a default, by group, kind, version, channel, path and oldest release. */
  schemaNodes: GatewayApiSchemaNode[];
  annotations: IngressNginxAnnotation[];
  /** By id. */
  providers: GatewayApiIngressProvider[];
  /** By id. */
  implementations: GatewayImplementation[];
}
