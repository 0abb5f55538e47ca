// api-version: the object's apiVersion/kind against the api-versions records.
import type { ApiVersion } from '../../../kb/model';
import type { VersionKey } from '../../../kb/version';
import { changeAt, clampToPath, findingText, onPath, placed, type FindingText } from '../findings';
import { remember } from '../memo';
import { availableFrom, survivingReplacement } from '../api-version-chain';
import type { ManifestObject } from '../../reader/manifest';
import type { Finding, ObjectRule, RuleContext } from '../../types';

export const apiVersionRule: ObjectRule = {
  id: 'api-version',
  scope: 'object',
  description:
    'Reports objects whose apiVersion stops being served on the path (BREAKING: the API server refuses the object) or is deprecated (WARNING: works now, breaks later), with the replacement and when it is served, or the migration notes when no version replaces it.',
  messages: {
    removed: '{kind} {apiVersion} is no longer served from {removedIn}.',
    deprecated: '{kind} {apiVersion} is deprecated since {deprecatedIn}{later}.',
  },
  check(object: ManifestObject, ctx: RuleContext): Finding[] {
    const text = remember(ctx, ['api-version', object.apiVersion, object.kind], () =>
      versionText(this, object.apiVersion, object.kind, ctx),
    );
    return text ? [placed(text, object, API_VERSION_PATH, 'apiVersion')] : [];
  },
};

const API_VERSION_PATH = ['apiVersion'];

/** What objects of `kind` written as `apiVersion` meet on the path, if anything. */
function versionText(rule: ObjectRule, apiVersion: string, kind: string, ctx: RuleContext): FindingText | null {
  const record = ctx.kb.apiVersion(apiVersion, kind);
  if (!record) return null;
  const v = ctx.kb.formatVersion;
  const target = survivingReplacement(record, ctx.path);
  const replacement = target ? target.apiVersion : null;
  const fix = target ? fixText(record, target, ctx) : noReplacementText(record);
  if (onPath(record.removedIn, ctx)) {
    return findingText(rule, {
      messageId: 'removed',
      severity: 'BREAKING',
      effectiveIn: clampToPath(record.removedIn, ctx),
      fix,
      replacement,
      data: { kind, apiVersion, removedIn: v(record.removedIn) },
      change: changeAt(record, record.removedIn),
    });
  }
  if (onPath(record.deprecatedIn, ctx)) {
    const later =
      record.removedIn !== null
        ? `; it is removed in ${v(record.removedIn)}`
        : record.announcedRemovalIn !== null
          ? `; removal was announced for ${v(record.announcedRemovalIn)}`
          : '';
    return findingText(rule, {
      messageId: 'deprecated',
      severity: 'WARNING',
      effectiveIn: clampToPath(record.deprecatedIn, ctx),
      fix,
      replacement,
      data: { kind, apiVersion, deprecatedIn: v(record.deprecatedIn), later },
      change: changeAt(record, record.deprecatedIn),
    });
  }
  return null;
}

/** Without a replacement the record's migration notes are the advice: they say where to go instead. */
function noReplacementText(record: ApiVersion): string {
  return record.migrationNotes ?? `No replacement is recorded for ${record.kind} ${record.apiVersion}.`;
}

function fixText(record: ApiVersion, target: ApiVersion, ctx: RuleContext): string {
  const v = ctx.kb.formatVersion;
  const available = availableFrom(record, target);
  let when: string;
  if (available === null) when = '';
  else if (available <= ctx.path.from)
    when = ` It is served since ${v(available)}, so you can migrate before upgrading.`;
  else
    when = ` It is served only from ${v(available)}: migrate once the cluster runs ${v(available)}${record.removedIn !== null ? `, before ${v(record.removedIn)}` : ''}.`;
  // The last version reachable may itself go on the path (policy/v1beta1 PodSecurityPolicy in 1.25): its
  // own migration notes say what comes after it.
  const targetGoes = target.removedIn !== null && target.removedIn <= ctx.path.to;
  const notes = [
    record.migrationNotes,
    target !== record.replacement || targetGoes ? target.migrationNotes : null,
    targetGoes && !target.migrationNotes ? `${target.apiVersion} is itself removed in ${v(target.removedIn!)}.` : null,
  ]
    .filter(Boolean)
    .join(' ');
  const step = interimStep(record, target, available, ctx);
  if (step) {
    return (
      `Change apiVersion to ${step.apiVersion} now (served since ${v(step.introducedIn!)}), then to ${target.apiVersion}, ` +
      `the version that stays, once the cluster runs ${v(available!)}.${notes ? ` ${notes}` : ''}`
    );
  }
  return `Change apiVersion to ${target.apiVersion}.${when}${notes ? ` ${notes}` : ''}`;
}

/**
 * The first version the record's conversion moves to, when the lasting replacement is not served yet at
 * the start of the path but that version is, and it is served until the replacement is: an interim step
 * the user can take at once (extensions/v1beta1 Ingress -> networking.k8s.io/v1beta1 before 1.19).
 */
function interimStep(
  record: ApiVersion,
  target: ApiVersion,
  available: VersionKey | null,
  ctx: RuleContext,
): ApiVersion | null {
  if (available === null || available <= ctx.path.from || !record.conversion) return null;
  const step = ctx.kb.apiVersion(record.conversion.to, record.kind);
  if (!step || step === target || step.introducedIn === null || step.introducedIn > ctx.path.from) return null;
  if (step.removedIn !== null && step.removedIn <= available) return null;
  return step;
}
