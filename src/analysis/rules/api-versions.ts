// api-version: the object's apiVersion/kind against the api-versions records.
import type { ApiVersion } from '../../kb/model';
import { changeAt, clampToPath, finding, onPath } from '../findings';
import type { ManifestObject } from '../manifest';
import type { Finding, ObjectRule, RuleContext } from '../types';

export const apiVersionRule: ObjectRule = {
  id: 'api-version',
  scope: 'object',
  description: 'Reports objects whose apiVersion stops being served (BREAKING) or is deprecated (WARNING) on the path, with the replacement and when it is served.',
  messages: {
    removed: '{kind} {apiVersion} is no longer served from {removedIn}.',
    deprecated: '{kind} {apiVersion} is deprecated since {deprecatedIn}{later}.',
  },
  check(object: ManifestObject, ctx: RuleContext): Finding[] {
    const record = ctx.kb.apiVersion(object.apiVersion, object.kind);
    if (!record) return [];
    const v = ctx.kb.formatVersion;
    const target = survivingReplacement(record, ctx);
    const replacement = target ? target.apiVersion : null;
    const fix = target ? fixText(record, target, ctx) : `No replacement is recorded for ${object.kind} ${object.apiVersion}: see the release note linked from this finding.`;
    if (onPath(record.removedIn, ctx)) {
      const effectiveIn = clampToPath(record.removedIn, ctx);
      return [finding(this, {
        messageId: 'removed', severity: 'BREAKING', object, path: ['apiVersion'], effectiveIn, fix, replacement,
        data: { kind: object.kind, apiVersion: object.apiVersion, removedIn: v(record.removedIn) },
        change: changeAt(record.changes, record.removedIn),
      })];
    }
    if (onPath(record.deprecatedIn, ctx)) {
      const later = record.removedIn !== null ? `; it is removed in ${v(record.removedIn)}`
        : record.announcedRemovalIn !== null ? `; removal was announced for ${v(record.announcedRemovalIn)}` : '';
      return [finding(this, {
        messageId: 'deprecated', severity: 'WARNING', object, path: ['apiVersion'], effectiveIn: clampToPath(record.deprecatedIn, ctx), fix, replacement,
        data: { kind: object.kind, apiVersion: object.apiVersion, deprecatedIn: v(record.deprecatedIn), later },
        change: changeAt(record.changes, record.deprecatedIn),
      })];
    }
    return [];
  },
};

/** Follows replacements until one is still served at the end of the path. */
function survivingReplacement(record: ApiVersion, ctx: RuleContext): ApiVersion | null {
  let r = record.replacement;
  const seen = new Set<string>();
  while (r && r.removedIn !== null && r.removedIn <= ctx.path.to && r.replacement && !seen.has(r.key)) {
    seen.add(r.key);
    r = r.replacement;
  }
  return r;
}

function fixText(record: ApiVersion, target: ApiVersion, ctx: RuleContext): string {
  const v = ctx.kb.formatVersion;
  const available = target === record.replacement && record.replacementAvailableIn !== null ? record.replacementAvailableIn : target.introducedIn;
  let when: string;
  if (available === null) when = '';
  else if (available <= ctx.path.from) when = ` It is served since ${v(available)}, so you can migrate before upgrading.`;
  else when = ` It is served only from ${v(available)}: migrate once the cluster runs ${v(available)}${record.removedIn !== null ? `, before ${v(record.removedIn)}` : ''}.`;
  const notes = [record.migrationNotes, target !== record.replacement ? target.migrationNotes : null].filter(Boolean).join(' ');
  return `Change apiVersion to ${target.apiVersion}.${when}${notes ? ` ${notes}` : ''}`;
}
