// component-flag and feature-gate: removed or deprecated flags in the command/args of containers that run
// a Kubernetes component are rewritten by the conversion rules of their flags records (--conntrack-max ->
// --conntrack-min and --conntrack-max-per-core); feature gates removed on the path are dropped from
// --feature-gates (and from a component config's featureGates) when every release before the removal
// already defaults to the value that was set, so dropping them changes nothing.
import { isMap, isScalar, isSeq, Scalar, type YAMLMap, type YAMLSeq } from 'yaml';
import { invocationsIn, configOwner, parseFeatureGates } from '../analysis/engine/components';
import { resourceOf } from '../analysis/engine/findings';
import type { ManifestObject, PathSegment } from '../analysis';
import type { FeatureGate, Flag, FlagConversion } from '../kb/model';
import { getEntry, nodeAt, removeKey } from './nodes';
import { emptyOutcome, findingKey, type ConvertContext, type Converter, type Outcome, type Target } from './types';

interface Edit {
  seq: YAMLSeq;
  index: number;
  count: number;
  /** Only removes the items (the value of a flag given in another list). */
  drop?: boolean;
  args?: string[];
}

export const componentFlagConverter: Converter = {
  id: 'component-flag',
  description:
    'Rewrites removed or deprecated component flags by the conversion rules of their flags records, and drops removed feature gates whose value every release before the removal already defaults to.',
  convert({ object, node }: Target, ctx: ConvertContext): Outcome {
    const out = emptyOutcome();
    const edits: Edit[] = [];
    const v = ctx.kb.formatVersion;
    for (const inv of invocationsIn(object, ctx.kb)) {
      const component = inv.component.name;
      for (const use of inv.flags) {
        if (use.name === '--feature-gates' && use.value !== null) {
          gateEdit(object, node, ctx, component, use.path, use.value, use.valuePath, edits, out);
          continue;
        }
        const flag = ctx.kb.flag(component, use.name);
        if (!flag) continue;
        const removed = flag.removedIn !== null && flag.removedIn <= ctx.path.to;
        const deprecated = flag.deprecatedIn !== null && flag.deprecatedIn <= ctx.path.to;
        if (!removed && !deprecated) continue;
        const match = { key: findingKey('component-flag', use.path), subject: flag.name };
        const rule = ruleFor(flag, use.value);
        if (!rule) {
          out.reasons.push({
            ...match,
            reason:
              flag.conversion.length > 0
                ? `no conversion rule of ${flag.name} fits the value ${use.value ?? '(none)'}`
                : `no automatic conversion is recorded for ${component} ${flag.name}`,
          });
          continue;
        }
        const late = rule.args
          .map((a) => ctx.kb.flag(component, a.replace(/=.*$/, '')))
          .find((f) => f && f.introducedIn !== null && f.introducedIn > ctx.path.from);
        if (late) {
          out.reasons.push({ ...match, reason: `${late.name} exists only from ${v(late.introducedIn!)}` });
          continue;
        }
        const where = argItems(node, use.path, use.name, use.value, use.valuePath);
        if (typeof where === 'string') {
          out.reasons.push({ ...match, reason: where });
          continue;
        }
        const args = rule.args.map((a) => a.replace(/\{value\}/g, use.value ?? ''));
        edits.push(...where.map((w) => (w.drop ? w : { ...w, args })));
        const before = use.value === null ? flag.name : `${flag.name}=${use.value}`;
        out.changes.push({
          ruleId: 'component-flag',
          resource: resourceOf(object),
          line: object.lineOf(use.path),
          description: `${component} ${before} -> ${args.length > 0 ? args.join(' ') : 'removed'}: ${rule.explanation}`,
        });
        out.answered.push(match);
      }
    }
    applyEdits(edits);
    configGates(object, node, ctx, out);
    return out;
  },
};

function ruleFor(flag: Flag, value: string | null): FlagConversion | undefined {
  return flag.conversion.find(
    (r) => (r.value === null || r.value === value) && (value !== null || !r.args.some((a) => a.includes('{value}'))),
  );
}

/**
 * The command/args items holding the flag and, when its value is the next word ("--proxy-mode",
 * "userspace"), the value's item too (the next item of the same list, or the first of args when the flag
 * ends command); or why it cannot be edited.
 */
function argItems(
  object: YAMLMap,
  path: PathSegment[],
  name: string,
  value: string | null,
  valuePath?: PathSegment[],
): Omit<Edit, 'args'>[] | string {
  const seq = nodeAt(object, path.slice(0, -1));
  const index = path[path.length - 1];
  if (!isSeq(seq) || typeof index !== 'number') return 'the flag is not an item of a command or args list';
  const item = seq.items[index];
  const text = isScalar(item) ? String(item.value) : '';
  if (text !== name && !text.startsWith(`${name}=`))
    return 'the flag is part of a shell command string; edit it by hand';
  if (text !== name || value === null || !valuePath) return [{ seq, index, count: 1 }];
  const valueSeq = nodeAt(object, valuePath.slice(0, -1));
  const valueIndex = valuePath[valuePath.length - 1];
  const valueItem = isSeq(valueSeq) && typeof valueIndex === 'number' ? valueSeq.items[valueIndex] : undefined;
  if (!isScalar(valueItem) || String(valueItem.value) !== value)
    return 'the value of the flag is part of a shell command string; edit it by hand';
  if (valueSeq === seq && valueIndex === index + 1) return [{ seq, index, count: 2 }];
  // "--proxy-mode" ends command and "userspace" starts args: both go, the new flags take the flag's place.
  return [
    { seq, index, count: 1 },
    { seq: valueSeq as YAMLSeq, index: valueIndex as number, count: 1, drop: true },
  ];
}

function applyEdits(edits: Edit[]): void {
  edits.sort((a, b) => b.index - a.index);
  for (const e of edits) {
    if (e.drop || !e.args) {
      e.seq.items.splice(e.index, e.count);
      continue;
    }
    const like = e.seq.items[e.index];
    const nodes = e.args.map((a) => {
      const s = new Scalar(a);
      if (isScalar(like) && like.type) s.type = like.type;
      return s;
    });
    // Comments around the old item stay around its replacement.
    if (isScalar(like) && nodes.length > 0) {
      nodes[0].commentBefore = like.commentBefore;
      nodes[0].spaceBefore = like.spaceBefore;
      const last = e.seq.items[e.index + e.count - 1];
      nodes[nodes.length - 1].comment = isScalar(last) ? last.comment : undefined;
    }
    e.seq.items.splice(e.index, e.count, ...nodes);
  }
}

/** Whether dropping `gate=value` changes nothing: every release of the path before its removal defaults to `value`. */
function safeToDrop(gate: FeatureGate, value: boolean, ctx: ConvertContext): true | string {
  const v = ctx.kb.formatVersion;
  for (const r of ctx.path.releases) {
    if (gate.removedIn !== null && r >= gate.removedIn) break;
    const st = ctx.kb.gateStateIn(gate, r);
    if (!st.exists) return `${gate.name} does not exist in ${v(r)}`;
    if (st.defaultEnabled !== value)
      return `dropping ${gate.name}=${value} would change behaviour in ${v(r)}, where it defaults to ${String(st.defaultEnabled)}`;
  }
  return true;
}

function removedOnPath(gate: FeatureGate, ctx: ConvertContext): boolean {
  return gate.removedIn !== null && gate.removedIn <= ctx.path.to;
}

function gateEdit(
  object: ManifestObject,
  node: YAMLMap,
  ctx: ConvertContext,
  component: string,
  path: PathSegment[],
  value: string,
  valuePath: PathSegment[] | undefined,
  edits: Edit[],
  out: Outcome,
): void {
  const settings = parseFeatureGates(value);
  const dropped: string[] = [];
  for (const [name, enabled] of settings) {
    const gate = ctx.kb.featureGate(name);
    if (!gate || !removedOnPath(gate, ctx)) continue;
    const match = { key: findingKey('feature-gate', path), subject: gate.name };
    const safe = safeToDrop(gate, enabled, ctx);
    if (safe !== true) {
      out.reasons.push({ ...match, reason: safe });
      continue;
    }
    dropped.push(name);
    out.answered.push(match);
  }
  if (dropped.length === 0) return;
  const where = argItems(node, path, '--feature-gates', value, valuePath);
  if (typeof where === 'string') {
    for (const name of dropped)
      out.reasons.push({ key: findingKey('feature-gate', path), subject: name, reason: where });
    out.answered = out.answered.filter(
      (m) => !(m.key === findingKey('feature-gate', path) && dropped.includes(m.subject ?? '')),
    );
    return;
  }
  const kept = value
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '' && !dropped.includes(s.split('=')[0]));
  const args = kept.length > 0 ? [`--feature-gates=${kept.join(',')}`] : [];
  edits.push(...where.map((w) => (w.drop ? w : { ...w, args })));
  out.changes.push({
    ruleId: 'feature-gate',
    resource: resourceOf(object),
    line: object.lineOf(path),
    description: `${component}: feature gate${dropped.length > 1 ? 's' : ''} ${dropped.join(', ')} dropped from --feature-gates${kept.length === 0 ? ' (the flag is removed, nothing else was set)' : ''}: removed on the path, and every release before the removal defaults to the value that was set.`,
  });
}

/** A component-config object's featureGates map (KubeProxyConfiguration, ...). */
function configGates(object: ManifestObject, node: YAMLMap, ctx: ConvertContext, out: Outcome): void {
  const owner = configOwner(object, ctx.kb);
  const map = getEntry(node, 'featureGates')?.value;
  if (!owner || !isMap(map)) return;
  for (const [name, enabled] of Object.entries((object.value.featureGates ?? {}) as Record<string, unknown>)) {
    const gate = ctx.kb.featureGate(name);
    if (typeof enabled !== 'boolean' || !gate || !removedOnPath(gate, ctx)) continue;
    const match = { key: findingKey('feature-gate', ['featureGates', name]), subject: gate.name };
    const safe = safeToDrop(gate, enabled, ctx);
    if (safe !== true) {
      out.reasons.push({ ...match, reason: safe });
      continue;
    }
    removeKey(map as YAMLMap, name);
    out.answered.push(match);
    out.changes.push({
      ruleId: 'feature-gate',
      resource: resourceOf(object),
      line: object.lineOf(['featureGates', name]),
      description: `${owner.name}: feature gate ${name} dropped from featureGates: removed on the path, and every release before the removal defaults to ${String(enabled)}.`,
    });
  }
}
