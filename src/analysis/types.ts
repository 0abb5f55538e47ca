// The vocabulary of the analysis: what rules read (a view of the knowledge base and one object) and
// what they produce (findings). Only types from the rest of netkb; behaviour is injected.
import type {
  AddOnApi,
  GateKey,
  ToolGate,
  FileFields,
  ApiField,
  ApiVersion,
  Change,
  Component,
  Constraint,
  FeatureGate,
  Flag,
  GatewayApiChannel,
  GatewayApiKnowledge,
  GatewayApiRelease,
  KindInfo,
  WellKnownKey,
} from '../kb/model';
import type { GateState } from '../kb/gate-state';
import type { VersionKey } from '../kb/version';
import type { ManifestObject, ObjectOrigin, SkippedDocument } from './reader/manifest';

export type Severity = 'BREAKING' | 'WARNING' | 'INFO';

export interface ResourceRef {
  apiVersion: string | null;
  kind: string | null;
  name: string | null;
  namespace: string | null;
  documentIndex: number;
  line: number;
  /** For an object read from a cluster: checked as last applied, or as the server returned it (reader ObjectOrigin). */
  origin: ObjectOrigin | null;
}

export interface Finding {
  ruleId: string;
  messageId: string;
  severity: Severity;
  resource: ResourceRef;
  /** Field path inside the object ("spec.template.spec.containers[0].args[2]"), when the finding is about a field. */
  path: string | null;
  line: number;
  message: string;
  effectiveIn: VersionKey;
  /**
   * The release of the change the finding reports (a removal, a deprecation, a gate's or a default's change, a
   * limit's start), which may be before the path: effectiveIn is it moved onto the path. Null for a finding that
   * reports no dated change of Kubernetes: a state (a field not yet served, a gate off or locked), what netkb could
   * not check, an add-on's or a Gateway API bundle's change.
   */
  since: VersionKey | null;
  /**
   * True when what the finding reports already holds at the path's `from`, the release the cluster runs: a change
   * whose `since` is at or before `from`, or a state that holds at `from`. A hop-by-hop plan met it on an earlier hop
   * (`netkb check --new-only` leaves it out). Never for a finding that says what netkb could not check.
   */
  alreadyAtFrom: boolean;
  fix: string | null;
  replacement: string | null;
  change: Change | null;
  /** The Gateway API bundle at which a Gateway API finding bites (the range's `to`); null for every other finding. */
  gatewayApiRelease: string | null;
  /**
   * False when the finding says that netkb could not check something (a gate, flag or key it does not know at
   * those releases): severity INFO, counted apart (summary notChecked), failing `netkb check --strict`.
   */
  checked: boolean;
}

/** What the rules may know about the knowledge base. */
export interface AnalysisKb {
  components: Component[];
  kinds: KindInfo[];
  constraints: Constraint[];
  apiFields: ApiField[];
  wellKnownKeys: WellKnownKey[];
  /** The domains Kubernetes reserves for its label and annotation keys: a key there that no record names is not checked. */
  reservedKeyDomains: string[];
  /** The field paths of every version of the components' configuration files: a field none has is not checked. */
  fileFields: FileFields[];
  /** An own gate of a tool whose files netkb reads (kubeadm), as the release notes add and remove it. */
  toolGate(tool: string, gate: string): ToolGate | undefined;
  /** AllAlpha, AllBeta: the keys every --feature-gates accepts besides the gates. */
  gateKey(key: string): GateKey | undefined;
  /** The domains of the API groups the Kubernetes project reserves (k8s.io, kubernetes.io). */
  apiGroupDomains: string[];
  /** A version of an add-on's kind whose CRDs netkb read (cert-manager, the CSI snapshotter, Istio, the Prometheus operator). */
  addOnApi(apiVersion: string, kind: string): AddOnApi | undefined;
  /** The add-on whose CRDs define `group`, with its release tags read in order. */
  addOnOf(group: string): { name: string; releases: string[] } | undefined;
  /** Every api-versions record: for rules that look records up by group or resource, not by apiVersion. */
  apiVersions: ApiVersion[];
  /** Gateway API releases (kinds per channel), the fields each can carry, and the ingress-nginx annotations. */
  gatewayApi: GatewayApiKnowledge;
  apiVersion(apiVersion: string, kind: string): ApiVersion | undefined;
  flag(component: string, name: string): Flag | undefined;
  flagsOf(component: string): Flag[];
  featureGate(name: string): FeatureGate | undefined;
  gateStateIn(gate: FeatureGate, version: VersionKey): GateState;
  formatVersion(version: VersionKey): string;
}

export interface UpgradePath {
  from: VersionKey;
  to: VersionKey;
  /** Every release from `from` to `to`, both included, in order. */
  releases: VersionKey[];
}

/** The Gateway API bundles an upgrade moves between, both known, `from` not after `to`, and the channel installed. */
export interface GatewayApiRange {
  from: GatewayApiRelease;
  to: GatewayApiRelease;
  channel: GatewayApiChannel;
}

export interface RuleContext {
  kb: AnalysisKb;
  path: UpgradePath;
  /** Given: Gateway API objects are checked against the range's `to` bundle (rule gateway-api). */
  gatewayApi?: GatewayApiRange | null;
  /**
   * What a notice said once per input is said once across (engine/memo.ts, rememberPerInput): the same object for
   * every page of one input read in several calls (netkb cluster's list pages); this context when not given.
   */
  input?: object;
}

interface RuleBase {
  /** Stable id, e.g. "api-version". */
  id: string;
  /** One sentence: what the rule finds and from which knowledge-base records. */
  description: string;
  /** Message templates by id; {name} placeholders are filled from the finding's data (engine/rule-kit.ts). */
  messages: Record<string, string>;
  /** Fix templates by id, filled the same way; a fix may be made of several. */
  fixes: Record<string, string>;
  /**
   * True when the rule cannot check objects of this apiVersion and kind at all (netkb has no record of them, or
   * what they need to be checked was not given): the report counts them as not covered (analyze.ts, Coverage).
   * The rule says so in a not-checked finding of its own as well.
   */
  uncovered?(apiVersion: string, kind: string, ctx: RuleContext): boolean;
}

export interface ObjectRule extends RuleBase {
  scope: 'object';
  check(object: ManifestObject, ctx: RuleContext): Finding[];
}

export interface DocumentRule extends RuleBase {
  scope: 'document';
  check(document: SkippedDocument, ctx: RuleContext): Finding[];
}

export type Rule = ObjectRule | DocumentRule;
