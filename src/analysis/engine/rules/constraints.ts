// constraint: length limits on values built from an object's fields (constraints.yaml), e.g. a Pod's
// FQDN used as its hostname.
import type { Constraint } from '../../../kb/model';
import { ruleKit } from '../rule-kit';
import { changedIn, holdsFrom } from '../findings';
import type { ManifestObject, PathSegment } from '../../reader/manifest';
import { podsIn, toSegments, valueAt } from '../object-paths';
import type { Finding, ObjectRule, RuleContext } from '../../types';

const kit = ruleKit('constraint', {
  messages: {
    tooLong: '{summary} Here it is "{value}" ({length} characters, limit {max}).',
  },
  fixes: {
    shorten: 'Shorten the parts that make it up ({parts}) to at most {max} characters in all{orUnset}.',
    orUnset: ', or do not set {path}',
  },
});

export const constraintRule: ObjectRule = {
  ...kit.declaration,
  scope: 'object',
  description:
    'Reports objects (and Pod templates) whose value built as a constraints record describes is longer than its limit, from the release where the constraint starts to apply, with the severity the record gives from its source (BREAKING when the API server refuses the object or the Pod fails to start).',
  check(object: ManifestObject, ctx: RuleContext): Finding[] {
    const findings: Finding[] = [];
    for (const c of ctx.kb.constraints) {
      const targets: { at: PathSegment[]; value: Record<string, unknown>; namespace?: string | null }[] = [];
      if (c.kind === object.kind) targets.push({ at: [], value: object.value });
      else if (c.kind === 'Pod')
        for (const p of podsIn(object, ctx.kb)) targets.push({ at: p.at, value: p.pod, namespace: object.namespace });
      for (const t of targets) {
        const result = evaluate(c, t.value, t.namespace ?? null);
        if (!result || result.length <= c.maxLength) continue;
        const effectiveIn = startsAt(c, ctx);
        if (effectiveIn === null) continue;
        const whenPath = c.when ? [...t.at, ...toSegments(c.when.path)] : t.at;
        findings.push(
          kit.finding({
            messageId: 'tooLong',
            severity: c.severity,
            object,
            path: whenPath,
            // A constraint a gate turns on is a state from its first release on; one of a release, a change then.
            ...(c.since !== null && !c.featureGate ? changedIn(c.since, ctx) : holdsFrom(effectiveIn, ctx)),
            data: { summary: c.summary, value: result, length: result.length, max: c.maxLength },
            fix: kit.fix('shorten', {
              parts: c.measure.parts
                .filter((p) => 'from' in p)
                .map((p) => ('from' in p ? p.from[0] : ''))
                .join(', '),
              max: c.maxLength,
              orUnset: c.when ? kit.fix('orUnset', { path: c.when.path }) : '',
            }),
            change: c.change,
          }),
        );
      }
    }
    return findings;
  },
};

/**
 * The string the constraint measures, or null when a part is missing. A Pod template has no namespace
 * of its own: its Pods live in the workload's, given as `namespace`.
 */
function evaluate(c: Constraint, value: Record<string, unknown>, namespace: string | null): string | null {
  const at = (path: string) => {
    const found = valueAt(value, toSegments(path));
    return !found && namespace && path === 'metadata.namespace' ? namespace : found;
  };
  if (c.when && at(c.when.path) !== c.when.equals) return null;
  const parts: string[] = [];
  for (const part of c.measure.parts) {
    if ('literal' in part) {
      parts.push(part.literal);
      continue;
    }
    const found = part.from.map(at).find((x) => typeof x === 'string' && x.length > 0) as string | undefined;
    if (found !== undefined) parts.push(found);
    else if (part.default) parts.push(part.default);
    else return null;
  }
  return parts.join(c.measure.join);
}

/** The first release on the path where the constraint applies: its gate is on by default there, or `since`. */
function startsAt(c: Constraint, ctx: RuleContext): number | null {
  for (const r of ctx.path.releases) {
    if (c.since !== null && r < c.since) continue;
    if (c.featureGate) {
      const st = ctx.kb.gateStateIn(c.featureGate, r);
      if (!st.exists && c.featureGate.removedIn !== null && r >= c.featureGate.removedIn) return r;
      if (!st.exists || !st.defaultEnabled) continue;
    }
    return r;
  }
  return null;
}
