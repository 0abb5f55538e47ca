// component-flag: flags passed to Kubernetes components in containers, against the flags records:
// removed flags and enumerated values stop the component (BREAKING), deprecated ones warn, and a
// default that changes on the path while the flag is not set is worth knowing (INFO).
import type { Flag } from '../../kb/model';
import { changeAt, clampToPath, finding, onPath } from '../findings';
import type { ManifestObject } from '../manifest';
import { invocationsIn } from '../components';
import type { Finding, ObjectRule, RuleContext } from '../types';

export const componentFlagRule: ObjectRule = {
  id: 'component-flag',
  scope: 'object',
  description: 'Reports flags of kube-proxy, kubelet and the other components (recognised by command or image) that are removed (BREAKING: the component refuses to start) or deprecated (WARNING), removed or deprecated flag values, and defaults that change while the flag is not set (INFO).',
  messages: {
    removed: '{component} flag {flag} is removed in {removedIn}: {component} refuses to start with it.',
    deprecated: '{component} flag {flag} is deprecated since {deprecatedIn}.',
    valueRemoved: '{component} {flag}={value} is no longer accepted from {removedIn}.',
    valueDeprecated: '{component} {flag}={value} is deprecated since {deprecatedIn}.',
    defaultChanged: '{component} {flag} is not set, and its default changes from {before} to {after} in {since}.',
  },
  check(object: ManifestObject, ctx: RuleContext): Finding[] {
    const findings: Finding[] = [];
    const v = ctx.kb.formatVersion;
    for (const inv of invocationsIn(object, ctx.kb)) {
      const component = inv.component.name;
      const given = new Set(inv.flags.map((f) => f.name));
      for (const use of inv.flags) {
        const flag = ctx.kb.flag(component, use.name);
        if (!flag) continue;
        const data = { component, flag: flag.name };
        if (onPath(flag.removedIn, ctx)) {
          findings.push(finding(this, {
            messageId: 'removed', severity: 'BREAKING', object, path: use.path, effectiveIn: clampToPath(flag.removedIn, ctx),
            data: { ...data, removedIn: v(flag.removedIn) }, replacement: flag.replacements.join(' ') || null,
            fix: replacementFix(flag), change: changeAt(flag.changes, flag.removedIn),
          }));
          continue;
        }
        if (onPath(flag.deprecatedIn, ctx)) {
          findings.push(finding(this, {
            messageId: 'deprecated', severity: 'WARNING', object, path: use.path, effectiveIn: clampToPath(flag.deprecatedIn, ctx),
            data: { ...data, deprecatedIn: v(flag.deprecatedIn) }, replacement: flag.replacements.join(' ') || null,
            fix: replacementFix(flag), change: changeAt(flag.changes, flag.deprecatedIn),
          }));
        }
        const value = use.value === null ? null : flag.values.find((x) => x.value === use.value);
        if (value && onPath(value.removedIn, ctx)) {
          findings.push(finding(this, {
            messageId: 'valueRemoved', severity: 'BREAKING', object, path: use.path, effectiveIn: clampToPath(value.removedIn, ctx),
            data: { ...data, value: value.value, removedIn: v(value.removedIn) }, replacement: value.replacement ? `${flag.name}=${value.replacement}` : null,
            fix: value.replacement ? `Use ${flag.name}=${value.replacement}.` : `Choose another value for ${flag.name}.`, change: changeAt(flag.changes, value.removedIn),
          }));
        } else if (value && onPath(value.deprecatedIn, ctx)) {
          findings.push(finding(this, {
            messageId: 'valueDeprecated', severity: 'WARNING', object, path: use.path, effectiveIn: clampToPath(value.deprecatedIn, ctx),
            data: { ...data, value: value.value, deprecatedIn: v(value.deprecatedIn) }, replacement: value.replacement ? `${flag.name}=${value.replacement}` : null,
            fix: value.replacement ? `Move to ${flag.name}=${value.replacement}.` : null, change: changeAt(flag.changes, value.deprecatedIn),
          }));
        }
      }
      for (const flag of ctx.kb.flagsOf(component)) {
        if (given.has(flag.name)) continue;
        for (let i = 1; i < flag.defaults.length; i++) {
          const d = flag.defaults[i];
          if (d.since <= ctx.path.from || d.since > ctx.path.to) continue;
          findings.push(finding(this, {
            messageId: 'defaultChanged', severity: 'INFO', object, path: inv.container, effectiveIn: d.since,
            data: { component, flag: flag.name, before: flag.defaults[i - 1].value, after: d.value, since: v(d.since) },
            fix: `Set ${flag.name}=${flag.defaults[i - 1].value} to keep the old behaviour${flag.configField ? ` (or ${flag.configField} in the config file)` : ''}.`,
            change: changeAt(flag.changes, d.since),
          }));
        }
      }
    }
    return findings;
  },
};

function replacementFix(flag: Flag): string {
  return flag.replacements.length > 0 ? `Use ${flag.replacements.join(' and ')} instead.` : `Remove ${flag.name}.`;
}
