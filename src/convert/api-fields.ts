// api-field: an object that sets a field removed or deprecated on the path is rewritten by the
// conversion steps of that field's api-fields record (spec.ipFamily -> spec.ipFamilies + ipFamilyPolicy),
// when every field the steps write exists in the first release of the path.
import { pathText, resourceOf } from '../analysis/engine/findings';
import { locate } from '../analysis/engine/object-paths';
import type { ApiField } from '../kb/model';
import { applySteps, refusal } from './steps';
import { emptyOutcome, findingKey, type ConvertContext, type Converter, type Outcome, type Target } from './types';

export const apiFieldConverter: Converter = {
  id: 'api-field',
  description: 'Rewrites fields removed or deprecated on the path by the conversion steps of their api-fields records.',
  convert({ object, node, lineOfNode }: Target, ctx: ConvertContext): Outcome {
    const out = emptyOutcome();
    const v = ctx.kb.formatVersion;
    for (const field of ctx.kb.apiFields) {
      if (!field.conversion || field.kind !== object.kind) continue;
      if (field.apiVersions.length > 0 && !field.apiVersions.includes(object.apiVersion)) continue;
      const bites =
        (field.removedIn !== null && field.removedIn <= ctx.path.to) ||
        (field.deprecatedIn !== null && field.deprecatedIn <= ctx.path.to);
      const uses = locate(object.value, field.path);
      if (!bites || uses.length === 0) continue;
      const keys = uses.map((u) => ({ key: findingKey('api-field', u.path) }));
      const late = writtenFields(field, ctx).find((f) => f.introducedIn !== null && f.introducedIn > ctx.path.from);
      const why = late
        ? `${late.path} exists only from ${v(late.introducedIn!)}, so releases before it would drop it; convert again with --from ${v(late.introducedIn!)}`
        : refusal(node, field.conversion.steps);
      if (why) {
        for (const k of keys) out.reasons.push({ ...k, reason: why });
        continue;
      }
      for (const d of applySteps(node, field.conversion.steps)) {
        out.changes.push({
          ruleId: 'api-field',
          resource: resourceOf(object),
          line: lineOfNode(d.node) ?? object.lineOf(d.path),
          description: d.text,
        });
      }
      out.answered.push(...keys);
      if (uses.length > 0 && out.changes.length === 0)
        out.reasons.push({ key: keys[0].key, reason: `the steps of ${pathText(uses[0].path)} changed nothing` });
    }
    return out;
  },
};

/** The api-fields records of the fields a conversion writes (move targets and defaults). */
function writtenFields(field: ApiField, ctx: ConvertContext): ApiField[] {
  const paths = (field.conversion?.steps ?? []).flatMap((s) =>
    'move' in s ? [s.to] : 'default' in s ? [s.default] : 'copy' in s ? [s.to] : [],
  );
  return ctx.kb.apiFields.filter((f) => f.kind === field.kind && paths.includes(f.path));
}
