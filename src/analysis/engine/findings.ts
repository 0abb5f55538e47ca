// Helpers every rule uses to place a finding and find the note behind it (the words: rule-kit.ts).
import type { Change, Subject } from '../../kb/model';
import { replacementPaths } from '../../kb/replacement-paths';
import type { VersionKey } from '../../kb/version';
import type { ManifestObject, PathSegment } from '../reader/manifest';
import type { Finding, ResourceRef, RuleContext } from '../types';

export function resourceOf(object: ManifestObject): ResourceRef {
  return {
    apiVersion: shared(object.apiVersion),
    kind: shared(object.kind),
    name: object.name === null ? null : detached(object.name),
    namespace: object.namespace === null ? null : shared(object.namespace),
    documentIndex: object.documentIndex,
    line: object.line,
    origin: object.origin ?? null,
  };
}

// What findings keep lives until the report is written: 18,000 findings of 10,000 objects kept 8 MB, which
// the garbage collector copied from generation to generation. Most of it was not the findings' own: a path
// written out is a chain of concatenated strings, and a string read by js-yaml is a slice of its
// document's whole text, which it keeps alive. So the few distinct paths, versions, kinds and namespaces are
// kept once each, and a name is copied out of its document.
const canonical = new Map<string, string>();

/** The one copy of `s` findings keep (paths, API versions, kinds, namespaces: few distinct values). */
function shared(s: string): string {
  const found = canonical.get(s);
  if (found !== undefined) return found;
  const copy = detached(s);
  // Values come from the input: keep the table from growing without bound in a long-lived worker.
  if (canonical.size >= 50_000) canonical.clear();
  canonical.set(copy, copy);
  return copy;
}

/** `s` as a string of its own, not a slice or concatenation of other strings that it would keep alive. */
function detached(s: string): string {
  // Slicing a concatenation makes a flat string first; what is sliced off then is the new string's own.
  return (' ' + s).slice(1);
}

/** ["spec", "ports", 0, "appProtocol"] -> "spec.ports[0].appProtocol"; keys with dots or slashes are quoted: nodeSelector["topology.kubernetes.io/zone"]. */
export function pathText(path: PathSegment[]): string {
  return path.reduce<string>((acc, p) => {
    if (typeof p === 'number') return `${acc}[${p}]`;
    if (!/^[A-Za-z_$][\w$-]*$/.test(p)) return `${acc}[${JSON.stringify(p)}]`;
    return acc ? `${acc}.${p}` : p;
  }, '');
}

/** A release that bites on the path: releases before `from` are already in effect at `from`. */
export function clampToPath(version: VersionKey, ctx: RuleContext): VersionKey {
  return Math.max(version, ctx.path.from);
}

/** When a finding bites and whether the cluster has it already (Finding.effectiveIn, since, alreadyAtFrom). */
interface Bite {
  effectiveIn: VersionKey;
  since: VersionKey | null;
  alreadyAtFrom: boolean;
}

/**
 * A change of release `since` (a removal, a deprecation): it bites at `since`, or at `from` when it came before:
 * the cluster at `from` has it already.
 */
export function changedIn(since: VersionKey, ctx: RuleContext): Bite {
  return { effectiveIn: clampToPath(since, ctx), since, alreadyAtFrom: since <= ctx.path.from };
}

/**
 * A state that holds from release `first` of the path on (a field not yet served, a gate off or locked): no change
 * dates it, and the cluster has it already when it holds at `from`.
 */
export function holdsFrom(first: VersionKey, ctx: RuleContext): Bite {
  return { effectiveIn: first, since: null, alreadyAtFrom: first === ctx.path.from };
}

export function onPath(version: VersionKey | null, ctx: RuleContext): version is VersionKey {
  return version !== null && version <= ctx.path.to;
}

/**
 * The release note that best explains an event of `record` at `version`: among the notes about the record
 * itself (pass the record, not its `changes`), the one of that release, else the latest before it, else the first after it. A note that names
 * the record only as what another of its subjects moves to (#70672 removes extensions/v1beta1
 * PodSecurityPolicy and names policy/v1beta1 as the way out) is about that other subject, not this one.
 */
export function changeAt(of: Subject | Change[], version: VersionKey): Change | null {
  // A bare list (callers that do not pass the record) cannot tell the record's own notes apart.
  const own = Array.isArray(of) ? of : of.changes.filter((c) => !namedAsReplacement(c, of));
  if (own.length === 0) return null;
  const exact = own.find((c) => c.version === version);
  if (exact) return exact;
  const before = own.filter((c) => c.version <= version).sort((a, b) => b.version - a.version)[0];
  return before ?? own[0];
}

/** True when another subject of `change` names `record` as its replacement. */
function namedAsReplacement(change: Change, record: Subject): boolean {
  return change.subjects.some(
    (s) => s !== record && s.typename === record.typename && replacementKeys(s).includes(record.key),
  );
}

/** The keys of the records `s` names as its replacements (the same key formats as the records' own). */
function replacementKeys(s: Subject): string[] {
  switch (s.typename) {
    case 'ApiVersion':
      return s.replacement ? [s.replacement.key] : [];
    case 'ApiField':
      return replacementPaths(s.replacement).map((p) => `${s.kind} ${p}`);
    case 'Flag':
      return s.replacements.map((r) => `${s.component} ${r}`);
    case 'WellKnownKey':
      return s.replacement ? [s.replacement] : [];
    default:
      return [];
  }
}

/** What a finding says, apart from which object and where: the same for every object the fact applies to. */
export type FindingText = Omit<Finding, 'resource' | 'path' | 'line'>;

// One resource reference per object, shared by its findings: the rules run object by object, so the last
// object's is kept (a WeakMap of every object cost more in lookups and garbage collection).
let lastResource: { object: ManifestObject; resource: ResourceRef } | null = null;

/** The finding `text` says about `object` at `path` (its text form given when the caller has it already). */
export function placed(
  text: FindingText,
  object: ManifestObject,
  path: PathSegment[] | null,
  pathString?: string,
  line?: number,
): Finding {
  if (lastResource?.object !== object) lastResource = { object, resource: resourceOf(object) };
  return findingAt(
    text,
    lastResource.resource,
    path ? shared(pathString ?? pathText(path)) : null,
    line ?? (path ? object.lineOf(path) : object.line),
  );
}

/** The finding `text` says about `resource`, at `path` (written out) and `line`; the one shape of a finding. */
export function findingAt(text: FindingText, resource: ResourceRef, path: string | null, line: number): Finding {
  return {
    ruleId: text.ruleId,
    messageId: text.messageId,
    severity: text.severity,
    resource,
    path,
    line,
    message: text.message,
    effectiveIn: text.effectiveIn,
    since: text.since,
    alreadyAtFrom: text.alreadyAtFrom,
    fix: text.fix,
    replacement: text.replacement,
    change: text.change,
    gatewayApiRelease: text.gatewayApiRelease,
    checked: text.checked,
  };
}

/**
 * Where an object is, the same for the fast and the exact reader (items of a one-line List differ by name):
 * what a rule that speaks once per input remembers of the first object it spoke on.
 */
export const placeOf = (object: ManifestObject): string =>
  `${object.documentIndex}:${object.line}:${object.kind}:${object.namespace ?? ''}/${object.name ?? ''}`;
