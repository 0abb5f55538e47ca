// The vocabulary of conversion: what a converter sees (one object, as plain data with positions and as
// editable YAML nodes) and what it reports (changes made, and why something was left as it was).
import type { YAMLMap } from 'yaml';
import type { AnalysisKb, Finding, ManifestObject, PathSegment, ResourceRef, UpgradePath } from '../analysis';
import { pathText } from '../analysis/engine/findings';

export interface ConversionChange {
  /** The analysis rule whose finding this change answers: api-version, well-known-key, component-flag, feature-gate. */
  ruleId: string;
  /** The object as it was in the input. */
  resource: ResourceRef;
  /** 1-based line in the input of what was rewritten. */
  line: number;
  description: string;
}

export interface ConversionResult {
  /** The rewritten manifest; documents without changes are byte-identical to the input. */
  manifest: string;
  changes: ConversionChange[];
  /** Findings of the analysis on the input that no conversion answers, each saying why in its message. */
  unconverted: Finding[];
  /** Kubernetes objects read from the manifest. */
  documents: number;
}

export interface ConvertContext {
  kb: AnalysisKb;
  path: UpgradePath;
}

/** One object being converted: the input's view (values, lines) and the node to edit. */
export interface Target {
  object: ManifestObject;
  node: YAMLMap;
  /** The input line of a node read from the input (copies keep it), or null for a node made by a converter. */
  lineOfNode(node: unknown): number | null;
}

/** What a converter says about one object. */
export interface Outcome {
  changes: ConversionChange[];
  /** Analysis findings answered by a change. */
  answered: FindingMatch[];
  /** Why findings were not answered. */
  reasons: (FindingMatch & { reason: string })[];
  /** A replacement node for the whole object (API version conversions work on a copy). */
  replace?: YAMLMap;
}

export interface Converter {
  id: string;
  /** One sentence: what it rewrites, from which records. */
  description: string;
  convert(target: Target, ctx: ConvertContext): Outcome;
}

export function emptyOutcome(): Outcome {
  return { changes: [], answered: [], reasons: [] };
}

/**
 * Which analysis findings of one object something is about: the rule and field path (findingKey), and,
 * where one field holds several things (a shell string of flags, a list of feature gates), the name that
 * the finding's message carries.
 */
export interface FindingMatch {
  key: string;
  subject?: string;
}

export function matches(m: FindingMatch, finding: Finding): boolean {
  return (
    m.key === `${finding.ruleId} ${finding.path ?? ''}` &&
    (m.subject === undefined ||
      new RegExp(`(^|[\\s=])${m.subject.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}([\\s=:.,]|$)`).test(finding.message))
  );
}

/** Identifies an analysis finding inside one object: its rule and field path. */
export function findingKey(ruleId: string, path: PathSegment[]): string {
  return `${ruleId} ${pathText(path)}`;
}
