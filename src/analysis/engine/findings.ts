// Helpers every rule uses to word and place a finding.
import type { Change } from '../../kb/model';
import type { VersionKey } from '../../kb/version';
import type { ManifestObject, PathSegment } from '../reader/manifest';
import type { Finding, ResourceRef, Rule, RuleContext, Severity } from '../types';

export function resourceOf(object: ManifestObject): ResourceRef {
  return {
    apiVersion: object.apiVersion,
    kind: object.kind,
    name: object.name,
    namespace: object.namespace,
    documentIndex: object.documentIndex,
    line: object.line,
  };
}

/** ["spec", "ports", 0, "appProtocol"] -> "spec.ports[0].appProtocol"; keys with dots or slashes are quoted: nodeSelector["topology.kubernetes.io/zone"]. */
export function pathText(path: PathSegment[]): string {
  return path.reduce<string>((acc, p) => {
    if (typeof p === 'number') return `${acc}[${p}]`;
    if (!/^[A-Za-z_$][\w$-]*$/.test(p)) return `${acc}[${JSON.stringify(p)}]`;
    return acc ? `${acc}.${p}` : p;
  }, '');
}

/** Fills {placeholders} of a rule's message template; unknown placeholders are a programming error. */
export function format(rule: Rule, messageId: string, data: Record<string, string | number>): string {
  const parts = templateParts(rule, messageId);
  let out = parts[0];
  for (let i = 1; i < parts.length; i += 2) {
    const key = parts[i];
    if (!(key in data)) throw new Error(`rule ${rule.id} message ${messageId} needs {${key}}`);
    out += String(data[key]) + parts[i + 1];
  }
  return out;
}

// A template split once into [text, key, text, key, text...].
const templates = new WeakMap<Rule, Map<string, string[]>>();
function templateParts(rule: Rule, messageId: string): string[] {
  let byId = templates.get(rule);
  if (!byId) templates.set(rule, (byId = new Map()));
  let parts = byId.get(messageId);
  if (!parts) {
    const template = rule.messages[messageId];
    if (!template) throw new Error(`rule ${rule.id} has no message ${messageId}`);
    parts = template.split(/\{(\w+)\}/);
    byId.set(messageId, parts);
  }
  return parts;
}

/** A release that bites on the path: releases before `from` are already in effect at `from`. */
export function clampToPath(version: VersionKey, ctx: RuleContext): VersionKey {
  return Math.max(version, ctx.path.from);
}

export function onPath(version: VersionKey | null, ctx: RuleContext): version is VersionKey {
  return version !== null && version <= ctx.path.to;
}

/** The release note that best explains an event at `version`: the one of that release, else the latest before it. */
export function changeAt(changes: Change[], version: VersionKey): Change | null {
  if (changes.length === 0) return null;
  const exact = changes.find((c) => c.version === version);
  if (exact) return exact;
  const before = changes.filter((c) => c.version <= version).sort((a, b) => b.version - a.version)[0];
  return before ?? changes[0];
}

/** What a finding says, apart from which object and where: the same for every object the fact applies to. */
export type FindingText = Omit<Finding, 'resource' | 'path' | 'line'>;

export interface TextInput {
  messageId: string;
  data: Record<string, string | number>;
  severity: Severity;
  effectiveIn: VersionKey;
  fix?: string | null;
  replacement?: string | null;
  change?: Change | null;
}

export interface FindingInput extends TextInput {
  object: ManifestObject;
  path: PathSegment[] | null;
  line?: number;
}

export function findingText(rule: Rule, input: TextInput): FindingText {
  return {
    ruleId: rule.id,
    messageId: input.messageId,
    severity: input.severity,
    message: format(rule, input.messageId, input.data),
    effectiveIn: input.effectiveIn,
    fix: input.fix ?? null,
    replacement: input.replacement ?? null,
    change: input.change ?? null,
  };
}

// One resource reference per object, shared by its findings.
const resources = new WeakMap<ManifestObject, ResourceRef>();

/** The finding `text` says about `object` at `path` (its text form given when the caller has it already). */
export function placed(
  text: FindingText,
  object: ManifestObject,
  path: PathSegment[] | null,
  pathString?: string,
  line?: number,
): Finding {
  let resource = resources.get(object);
  if (!resource) resources.set(object, (resource = resourceOf(object)));
  return {
    ruleId: text.ruleId,
    messageId: text.messageId,
    severity: text.severity,
    resource,
    path: path ? (pathString ?? pathText(path)) : null,
    line: line ?? (path ? object.lineOf(path) : object.line),
    message: text.message,
    effectiveIn: text.effectiveIn,
    fix: text.fix,
    replacement: text.replacement,
    change: text.change,
  };
}

export function finding(rule: Rule, input: FindingInput): Finding {
  return placed(findingText(rule, input), input.object, input.path, undefined, input.line);
}
