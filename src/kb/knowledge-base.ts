// The knowledge base held in memory, with the lookups the services need. Built once from a model
// read out of the database; replaced whole, never mutated, so readers need no locks.
import type {
  AddOnKnowledge,
  GateKey,
  ToolGate,
  FileFields,
  ApiField,
  ApiVersion,
  Change,
  Component,
  Constraint,
  FeatureGate,
  GatewayApiChange,
  GatewayApiKnowledge,
  GatewayApiRelease,
  KindInfo,
  Flag,
  KbModel,
  Metric,
  Release,
  SigOwner,
  Subject,
  WellKnownKey,
} from './model';
import type { VersionKey } from './version';

export type NodeObject = Release | Subject | Change | GatewayApiChange;

export class KnowledgeBase {
  readonly seedHash: string;
  /** The version of the data served (seed and imports): what caches key on. */
  readonly version: string;
  readonly seededAt: string;
  readonly releases: Release[];
  readonly components: Component[];
  readonly kinds: KindInfo[];
  readonly constraints: Constraint[];
  readonly featureGates: FeatureGate[];
  readonly flags: Flag[];
  readonly apiVersions: ApiVersion[];
  readonly apiFields: ApiField[];
  readonly wellKnownKeys: WellKnownKey[];
  readonly reservedKeyDomains: string[];
  readonly fileFields: FileFields[];
  readonly addOns: AddOnKnowledge;
  readonly gateKeys: GateKey[];
  readonly toolGates: ToolGate[];
  readonly apiGroupDomains: string[];
  readonly sigOwners: SigOwner[];
  readonly metrics: Metric[];
  /** In release order, then in the order of the release's notes. */
  readonly changes: Change[];
  /** Gateway API releases (semver order), their fields and the ingress-nginx annotations. */
  readonly gatewayApi: GatewayApiKnowledge;

  private readonly releaseByVersion: Map<VersionKey, Release>;
  private readonly gateByName: Map<string, FeatureGate>;
  private readonly flagByKey: Map<string, Flag>;
  private readonly apiByKey: Map<string, ApiVersion>;
  private readonly changeByKey: Map<string, Change>;
  private nodeIndex: Map<string, NodeObject> | null = null;
  private readonly gatewayApiReleaseByVersion: Map<string, GatewayApiRelease>;

  /** The plain data this index was built from (sent as is to analysis workers). */
  readonly model: KbModel;

  constructor(s: KbModel) {
    this.model = s;
    this.seedHash = s.seedHash;
    this.version = s.version;
    this.seededAt = s.seededAt;
    this.releases = s.releases;
    this.components = s.components;
    this.kinds = s.kinds;
    this.constraints = s.constraints;
    this.featureGates = s.featureGates;
    this.flags = s.flags;
    this.apiVersions = s.apiVersions;
    this.apiFields = s.apiFields;
    this.wellKnownKeys = s.wellKnownKeys;
    this.reservedKeyDomains = s.reservedKeyDomains;
    this.fileFields = s.fileFields;
    this.addOns = s.addOns;
    this.gateKeys = s.gateKeys;
    this.toolGates = s.toolGates;
    this.apiGroupDomains = s.apiGroupDomains;
    this.sigOwners = s.sigOwners;
    this.metrics = s.metrics;
    this.changes = s.changes;
    this.gatewayApi = s.gatewayApi;
    this.gatewayApiReleaseByVersion = new Map(s.gatewayApi.releases.map((r) => [r.version, r]));
    this.releaseByVersion = new Map(s.releases.map((r) => [r.version, r]));
    this.gateByName = new Map(s.featureGates.map((g) => [g.name.toLowerCase(), g]));
    this.flagByKey = new Map(s.flags.map((f) => [`${f.component} ${f.name}`, f]));
    this.apiByKey = new Map(s.apiVersions.map((a) => [`${a.apiVersion} ${a.kind}`.toLowerCase(), a]));
    this.changeByKey = new Map(s.changes.map((c) => [c.key, c]));
  }

  /** Every object by its node key, made when first asked for (the analysis never asks). */
  private get nodes(): Map<string, NodeObject> {
    if (this.nodeIndex) return this.nodeIndex;
    const s = this.model;
    const all: NodeObject[] = [
      ...s.releases,
      ...s.featureGates,
      ...s.flags,
      ...s.apiVersions,
      ...s.apiFields,
      ...s.wellKnownKeys,
      ...s.metrics,
      ...s.changes,
      ...s.gatewayApi.releases.flatMap((r) => r.changes),
    ];
    this.nodeIndex = new Map(all.map((n) => [nodeKey(n), n]));
    return this.nodeIndex;
  }

  release(version: VersionKey): Release | undefined {
    return this.releaseByVersion.get(version);
  }

  /** Case-insensitive: "ipv6dualstack" finds IPv6DualStack. */
  featureGate(name: string): FeatureGate | undefined {
    return this.gateByName.get(name.trim().toLowerCase());
  }

  flag(component: string, name: string): Flag | undefined {
    return this.flagByKey.get(`${component} ${name}`);
  }

  apiVersion(apiVersion: string, kind: string): ApiVersion | undefined {
    return this.apiByKey.get(`${apiVersion} ${kind}`.toLowerCase());
  }

  change(key: string): Change | undefined {
    return this.changeByKey.get(key);
  }

  /** A Gateway API release by its tag, with or without the "v": "v1.2.0" and "1.2.0" find the same one. */
  gatewayApiRelease(version: string): GatewayApiRelease | undefined {
    const v = version.trim();
    return this.gatewayApiReleaseByVersion.get(/^v/i.test(v) ? `v${v.slice(1)}` : `v${v}`);
  }

  /** Looks an object up by its type name and natural key (see nodeKey). */
  node(typename: string, key: string): NodeObject | undefined {
    return this.nodes.get(`${typename}:${key}`);
  }

  subject(typename: Subject['typename'], key: string): Subject | undefined {
    const found = this.nodes.get(`${typename}:${key}`);
    return found && found.typename !== 'Release' && found.typename !== 'Change' ? found : undefined;
  }
}

/** The natural key of any object: what global ids and search rows are built from. */
export function nodeKey(n: NodeObject): string {
  return `${n.typename}:${n.typename === 'Release' ? String(n.version) : n.key}`;
}
