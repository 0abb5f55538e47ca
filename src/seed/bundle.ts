// The validated seed as the loader returns it: every record with its file and line, and the problems found.
import type {
  ReleaseRecord,
  FeatureGateRecord,
  FlagRecord,
  ApiVersionRecord,
  ApiFieldRecord,
  WellKnownKeyRecord,
  MetricRecord,
  ChangeRecord,
  ComponentRecord,
  KindRecord,
  ConstraintRecord,
  GateKeyRecord,
  ApiGroupDomainRecord,
  SigOwnerRecord,
} from './schemas';
import type {
  GatewayApiReleaseRecord,
  GatewayApiChangeRecord,
  GatewayImplementationRecord,
  IngressNginxAnnotationRecord,
  IngressProviderRecord,
} from './gateway-api-schemas';
import type { AddOnKnowledge, FileFields, ToolGate } from '../kb/model';
import type { EnvoyGatewayIndex } from './envoy-gateway-index';
import type { GatewayApiIndex } from './gateway-api-index';
import type { CrossCheckReport } from './cross-check/report';

export interface Located<T> {
  file: string;
  index: number;
  line: number;
  record: T;
}
export interface LocatedChange extends Located<ChangeRecord> {
  version: string;
  key: string;
}

export interface SeedBundle {
  /** sha256 of every seed file's path and bytes: identifies the knowledge base's version. */
  hash: string;
  releases: Located<ReleaseRecord>[];
  components: Located<ComponentRecord>[];
  kinds: Located<KindRecord>[];
  constraints: Located<ConstraintRecord>[];
  featureGates: Located<FeatureGateRecord>[];
  /** Every other gate of Kubernetes' feature files, as a shallow record (generated-gates.ts); [] without an index. */
  generatedGates: GeneratedGate[];
  flags: Located<FlagRecord>[];
  /** Every other flag the release notes remove or deprecate, as a shallow record (generated-flags.ts); [] without the index. */
  generatedFlags: GeneratedFlag[];
  /** The own gates of the tools whose files netkb reads (tool-gate-events.json, `netkb import tool-gate-notes`). */
  toolGates: ToolGate[];
  /** seed/gate-keys.yaml: AllAlpha, AllBeta. */
  gateKeys: Located<GateKeyRecord>[];
  /** seed/api-group-domains.yaml: the domains of the API groups the Kubernetes project reserves. */
  apiGroupDomains: Located<ApiGroupDomainRecord>[];
  /** seed/sig-owners.yaml: which SIG owns which component, library flag, API group and kind. */
  sigOwners: Located<SigOwnerRecord>[];
  apiVersions: Located<ApiVersionRecord>[];
  apiFields: Located<ApiFieldRecord>[];
  /** The fields of the components' file formats that no curated record keeps (generated-config-fields.ts). */
  generatedApiFields: GeneratedApiField[];
  /** The field paths of each version of the components' file formats; [] without the index. */
  fileFieldPaths: FileFields[];
  /** The add-ons' APIs (add-on-apis.json, `netkb import add-on-apis`); null without it. */
  addOnApis: AddOnKnowledge | null;
  wellKnownKeys: Located<WellKnownKeyRecord>[];
  /** Every other key Kubernetes names, as a shallow record (generated-keys.ts); [] without the keys index. */
  generatedKeys: GeneratedKey[];
  /** The domains Kubernetes reserves for its label and annotation keys (the keys index); [] without it. */
  reservedKeyDomains: string[];
  metrics: Located<MetricRecord>[];
  changes: LocatedChange[];
  /** What the check against the generated index (seed/generated/) found; null when the seed has no index. */
  crossCheck: CrossCheckReport | null;
  /** seed/gateway-api/ and the generated Gateway API index (seed/generated/gateway-api.json). */
  gatewayApi: GatewayApiSeed;
}

export interface GatewayApiSeed {
  releases: Located<GatewayApiReleaseRecord>[];
  changes: Located<GatewayApiChangeRecord>[];
  annotations: Located<IngressNginxAnnotationRecord>[];
  /** The Ingress controllers the converter reads (ingress-providers.yaml); the annotations are ingress-nginx's. */
  providers: Located<IngressProviderRecord>[];
  /** Null when the seed has no generated Gateway API index. */
  index: GatewayApiIndex | null;
  /** The implementations whose policies the converter writes (implementations.yaml), each with its index. */
  implementations: { located: Located<GatewayImplementationRecord>; index: EnvoyGatewayIndex | null }[];
}

export interface SeedProblem {
  file: string;
  record?: string;
  field?: string;
  line?: number;
  message: string;
}

/** A shallow gate record generated from Kubernetes' feature files (generated-gates.ts). */
export interface GeneratedGateStage {
  stage: 'ALPHA' | 'BETA' | 'GA' | 'DEPRECATED';
  defaultEnabled: boolean;
  lockedToDefault: boolean | null;
  since: string;
  until: string | null;
}

export interface GeneratedGate {
  name: string;
  /** Made from the values below (SIG, KEP, stages, removal): no one has described the gate in our words yet. */
  summary: string;
  /** From the KEP that lists the gate (its owning SIG), else empty. */
  sigs: string[];
  /** From the KEP that lists the gate, in components.yaml names; empty when no KEP lists it. */
  components: string[];
  kep: string | null;
  lifecycle: GeneratedGateStage[];
  /** The first release with the gate, where the files read prove it; null when they start with it already there. */
  introducedIn: string | null;
  removedIn: string | null;
  /** The last release the sources speak of; null when the removal is known (nothing after it to know). */
  knownThrough: string | null;
  /** How the values were found, in our words (the record's notes). */
  notes: string;
  sources: string[];
}

/** A shallow well-known-key record generated from the keys index (generated-keys.ts). */
export interface GeneratedKey {
  key: string;
  /** From the kubernetes/api file that declares it; null when only the page names it (it does not say). */
  type: 'LABEL' | 'ANNOTATION' | 'TAINT' | null;
  summary: string;
  notes: string;
  sources: string[];
}

/** A shallow api-fields record of a component's file format, generated from its types (generated-config-fields.ts). */
export type GeneratedApiField = Pick<
  ApiFieldRecord,
  'kind' | 'path' | 'summary' | 'notes' | 'sources' | 'introducedIn' | 'deprecatedIn' | 'removedIn'
> & { apiVersions: string[] };

/** A shallow flag record generated from the flag events of the release notes (generated-flags.ts). */
export type GeneratedFlag = Pick<
  FlagRecord,
  'component' | 'name' | 'summary' | 'notes' | 'sources' | 'deprecatedIn' | 'removedIn' | 'replacements'
> & { successor: string | null };
