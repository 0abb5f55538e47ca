// api-field: fields of the object (and of the Pod template it embeds) against the api-fields records.
import type { ApiField } from '../../kb/model';
import { changeAt, clampToPath, findingText, onPath, pathText, placed, remember, type FindingText } from '../findings';
import type { ManifestObject, PathSegment } from '../manifest';
import { pathTrie, podsIn, walkTrie, type PathTrie } from '../object-paths';
import type { Finding, ObjectRule, RuleContext } from '../types';

export const apiFieldRule: ObjectRule = {
  id: 'api-field',
  scope: 'object',
  description: 'Reports fields that are removed (BREAKING) or deprecated (WARNING) on the path, and fields that releases on the path ignore or reject because they are not there yet or their feature gate is alpha or off by default (WARNING).',
  messages: {
    removed: '{field} of {kind} is removed in {removedIn}.',
    deprecated: '{field} of {kind} is deprecated since {deprecatedIn}.',
    notYetServed: '{field} of {kind} only exists from {introducedIn}: releases {releases} drop it.',
    gateOff: '{field} of {kind} needs feature gate {gate}, which is {state} in {releases}: the field is ignored or rejected there unless the gate is enabled.',
  },
  check(object: ManifestObject, ctx: RuleContext): Finding[] {
    const findings: Finding[] = [];
    for (const { kind, prefix, value } of scopes(object, ctx)) {
      walkTrie(fieldsOf(ctx, kind), value, prefix, (field, path) => {
        if (kind === object.kind && field.apiVersions.length > 0 && !field.apiVersions.includes(object.apiVersion)) return;
        const at = pathText(path);
        // What a field says depends on the field, where it is written and the object's own API version only.
        const own = field.kind === object.kind ? object.apiVersion : '';
        const texts = remember(ctx, ['api-field', field.key, own, at], () => checkField(this, own, field, at, ctx));
        for (const text of texts) findings.push(placed(text, object, path, at));
      });
    }
    return findings;
  },
};

// Grouped by kind once per knowledge base, not once per object.
const fieldIndex = new WeakMap<object, Map<string, PathTrie<ApiField>>>();
const NO_FIELDS = pathTrie<ApiField>([]);
function fieldsOf(ctx: RuleContext, kind: string): PathTrie<ApiField> {
  let index = fieldIndex.get(ctx.kb);
  if (!index) {
    const byKind = new Map<string, ApiField[]>();
    for (const f of ctx.kb.apiFields) byKind.set(f.kind, [...(byKind.get(f.kind) ?? []), f]);
    index = new Map([...byKind].map(([k, fields]) => [k, pathTrie(fields.map((f) => ({ path: f.path, item: f })))]));
    fieldIndex.set(ctx.kb, index);
  }
  return index.get(kind) ?? NO_FIELDS;
}

/** The object itself, and the Pods it embeds (Pod fields apply inside a Deployment's template). */
function scopes(object: ManifestObject, ctx: RuleContext): { kind: string; prefix: PathSegment[]; value: unknown }[] {
  const out: { kind: string; prefix: PathSegment[]; value: unknown }[] = [{ kind: object.kind, prefix: [], value: object.value }];
  if (object.kind !== 'Pod') for (const p of podsIn(object, ctx.kb)) out.push({ kind: 'Pod', prefix: p.at, value: p.pod });
  return out;
}

/** The findings a field written at `at` gets; `objectApiVersion` is the object's when the field is of the object's own kind. */
function checkField(rule: ObjectRule, objectApiVersion: string, field: ApiField, at: string, ctx: RuleContext): FindingText[] {
  const v = ctx.kb.formatVersion;
  const data = { field: at, kind: field.kind };
  const replacement = field.replacement;
  // A field that goes away with the whole group/version the object uses is the api-version rule's finding.
  const objectApi = objectApiVersion ? ctx.kb.apiVersion(objectApiVersion, field.kind) : undefined;
  if (objectApi && onPath(objectApi.removedIn, ctx) && field.removedIn !== null && field.removedIn >= objectApi.removedIn) return [];
  if (onPath(field.removedIn, ctx)) {
    return [findingText(rule, {
      messageId: 'removed', severity: 'BREAKING', effectiveIn: clampToPath(field.removedIn, ctx),
      data: { ...data, removedIn: v(field.removedIn) }, replacement,
      fix: replacement ? `Use ${replacement} instead.` : 'Remove the field.', change: changeAt(field.changes, field.removedIn),
    })];
  }
  const out: FindingText[] = [];
  if (onPath(field.deprecatedIn, ctx)) {
    out.push(findingText(rule, {
      messageId: 'deprecated', severity: 'WARNING', effectiveIn: clampToPath(field.deprecatedIn, ctx),
      data: { ...data, deprecatedIn: v(field.deprecatedIn) }, replacement,
      fix: replacement ? `Move to ${replacement} before it is removed.` : null, change: changeAt(field.changes, field.deprecatedIn),
    }));
  }
  const missing = ctx.path.releases.filter((r) => field.introducedIn !== null && r < field.introducedIn);
  if (missing.length > 0) {
    out.push(findingText(rule, {
      messageId: 'notYetServed', severity: 'WARNING', effectiveIn: missing[0],
      data: { ...data, introducedIn: v(field.introducedIn!), releases: span(missing, v) },
      fix: `Set it only once the cluster runs ${v(field.introducedIn!)} or later.`, change: changeAt(field.changes, field.introducedIn!),
    }));
  }
  const gate = field.featureGate;
  if (gate) {
    const off = ctx.path.releases.filter((r) => (field.introducedIn === null || r >= field.introducedIn) && isOff(gate, r, ctx));
    if (off.length > 0) {
      const first = ctx.kb.gateStateIn(gate, off[0]);
      out.push(findingText(rule, {
        messageId: 'gateOff', severity: 'WARNING', effectiveIn: off[0],
        data: { ...data, gate: gate.name, state: first.stage === 'ALPHA' ? 'alpha' : 'off by default', releases: span(off, v) },
        fix: `Enable ${gate.name} on the components that read it (${gate.components.join(', ') || 'see the gate'}) in ${span(off, v)}, or set the field only where the gate is on by default.`,
        change: changeAt(gate.changes, off[0]) ?? changeAt(field.changes, off[0]),
      }));
    }
  }
  return out;
}

function isOff(gate: NonNullable<ApiField['featureGate']>, version: number, ctx: RuleContext): boolean {
  const s = ctx.kb.gateStateIn(gate, version);
  return s.exists && (s.stage === 'ALPHA' || s.defaultEnabled === false);
}

/** [1016, 1017, 1018] -> "1.16 to 1.18"; [1016] -> "1.16". */
export function span(versions: number[], v: (k: number) => string): string {
  return versions.length === 1 ? v(versions[0]) : `${v(versions[0])} to ${v(versions[versions.length - 1])}`;
}
