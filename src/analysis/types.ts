// The vocabulary of the analysis: what rules read (a view of the knowledge base and one object) and
// what they produce (findings). Only types from the rest of netkb; behaviour is injected.
import type {
  ApiField,
  ApiVersion,
  Change,
  Component,
  Constraint,
  FeatureGate,
  Flag,
  KindInfo,
  WellKnownKey,
} from '../kb/model';
import type { GateState } from '../kb/gate-state';
import type { VersionKey } from '../kb/version';
import type { ManifestObject, SkippedDocument } from './reader/manifest';

export type Severity = 'BREAKING' | 'WARNING' | 'INFO';

export interface ResourceRef {
  apiVersion: string | null;
  kind: string | null;
  name: string | null;
  namespace: string | null;
  documentIndex: number;
  line: number;
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
  fix: string | null;
  replacement: string | null;
  change: Change | null;
}

/** What the rules may know about the knowledge base. */
export interface AnalysisKb {
  components: Component[];
  kinds: KindInfo[];
  constraints: Constraint[];
  apiFields: ApiField[];
  wellKnownKeys: WellKnownKey[];
  /** Every api-versions record: for rules that look records up by group or resource, not by apiVersion. */
  apiVersions: ApiVersion[];
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

export interface RuleContext {
  kb: AnalysisKb;
  path: UpgradePath;
}

interface RuleBase {
  /** Stable id, e.g. "api-version". */
  id: string;
  /** One sentence: what the rule finds and from which knowledge-base records. */
  description: string;
  /** Message templates by id; {name} placeholders are filled from the finding's data. */
  messages: Record<string, string>;
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
