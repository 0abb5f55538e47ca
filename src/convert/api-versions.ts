// api-version: moves an object whose apiVersion is deprecated or removed on the path along the
// conversions its api-versions records name (extensions/v1beta1 -> networking.k8s.io/v1beta1 -> v1),
// as far as every release on the path serves the result, applying each conversion's steps.
import { isScalar, Scalar, type YAMLMap } from 'yaml';
import { availableFrom, bitesBy } from '../analysis/engine/api-version-chain';
import { resourceOf } from '../analysis/engine/findings';
import type { ApiConversion } from '../kb/model';
import { getEntry } from './nodes';
import { applySteps, refusal, type StepDone } from './steps';
import { emptyOutcome, findingKey, type ConvertContext, type Converter, type Outcome, type Target } from './types';

export const apiVersionConverter: Converter = {
  id: 'api-version',
  description:
    'Rewrites objects of deprecated or removed API versions along the conversions named by api-versions records (apiVersion and field changes), as far as every release on the path serves the result.',
  convert({ object, node, lineOfNode }: Target, ctx: ConvertContext): Outcome {
    const out = emptyOutcome();
    const start = ctx.kb.apiVersion(object.apiVersion, object.kind);
    if (!start || !bitesBy(start, ctx.path.to)) return out;
    const v = ctx.kb.formatVersion;
    const chain: ApiConversion[] = [];
    let current = start;
    let blocked: string | null = null;
    // Set when the chain stops at an interim version that the whole path serves (autoscaling/v2beta2 from
    // 1.19 to 1.25): the object is fixed for this path, and the note says what follows.
    let later: string | null = null;
    while (bitesBy(current, ctx.path.to)) {
      if (!current.conversion) {
        blocked = `no automatic conversion is recorded for ${object.kind} ${current.apiVersion}${current.replacement ? '' : ', and it has no replacement'}${current.migrationNotes ? `. ${current.migrationNotes}` : ''}`;
        break;
      }
      const next = ctx.kb.apiVersion(current.conversion.to, object.kind);
      if (!next) {
        blocked = `${current.conversion.to} ${object.kind} is not in the knowledge base`;
        break;
      }
      const available = availableFrom(current, next);
      if (next.servedByDefault === false) {
        blocked = `${next.apiVersion} is not served by default`;
        break;
      }
      if (available !== null && available > ctx.path.from) {
        const gone = current.removedIn !== null && current.removedIn <= ctx.path.to;
        blocked = `${next.apiVersion} is served only from ${v(available)}, ${
          gone
            ? `and ${current.apiVersion} is no longer served from ${v(current.removedIn!)}: no single version of ${object.kind} is served by every release from ${v(ctx.path.from)} to ${v(ctx.path.to)}`
            : `so the object stays at ${current.apiVersion}, which every release on the path serves but which is deprecated from ${v(current.deprecatedIn!)}`
        }. Convert again with --from ${v(available)} once the cluster runs ${v(available)}`;
        later = `${current.apiVersion} is served by every release from ${v(ctx.path.from)} to ${v(ctx.path.to)}; ${next.apiVersion}, the version that follows, is served from ${v(available)}: convert again with --from ${v(available)} once the cluster runs it`;
        break;
      }
      chain.push(current.conversion);
      current = next;
    }
    const at = findingKey('api-version', ['apiVersion']);
    if (chain.length > 0) {
      // One conversion is checked before it changes anything, so it edits the object in place; a chain
      // works on a copy, as a later conversion may refuse what an earlier one already rewrote.
      const copy = chain.length > 1 ? (node.clone() as YAMLMap) : node;
      const done: StepDone[] = [];
      let lastVersionChange = 0;
      let from = object.apiVersion;
      for (const conversion of chain) {
        const why = refusal(copy, conversion.steps);
        if (why) {
          out.reasons.push({
            key: at,
            reason: `left as ${object.apiVersion}, not converted to ${conversion.to}: ${why}`,
          });
          return out;
        }
        lastVersionChange = done.length;
        done.push(
          { path: ['apiVersion'], text: `apiVersion ${from} -> ${conversion.to}` },
          ...applySteps(copy, conversion.steps),
        );
        from = conversion.to;
      }
      setApiVersion(copy, current.apiVersion);
      const servedToTheEnd = current.removedIn === null || current.removedIn > ctx.path.to;
      if (blocked && servedToTheEnd) {
        const last = done[lastVersionChange];
        done[lastVersionChange] = { ...last, text: `${last.text}: ${later ?? blocked}` };
        blocked = null;
      }
      if (copy !== node) out.replace = copy;
      const resource = resourceOf(object);
      for (const d of done)
        out.changes.push({
          ruleId: 'api-version',
          resource,
          line: lineOfNode(d.node) ?? object.lineOf(d.path),
          description: d.text,
        });
    }
    if (blocked)
      out.reasons.push({
        key: at,
        reason: chain.length > 0 ? `converted as far as ${current.apiVersion}; ${blocked}` : blocked,
      });
    else if (chain.length > 0) out.answered.push({ key: at });
    return out;
  },
};

function setApiVersion(object: YAMLMap, apiVersion: string): void {
  const pair = getEntry(object, 'apiVersion');
  if (pair && isScalar(pair.value)) pair.value.value = apiVersion;
  else if (pair) pair.value = new Scalar(apiVersion);
}
