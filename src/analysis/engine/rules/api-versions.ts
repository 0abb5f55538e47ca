// api-version: the object's apiVersion/kind against the api-versions records.
import type { ApiVersion } from '../../../kb/model';
import type { VersionKey } from '../../../kb/version';
import { changeAt, changedIn, onPath, placed, placeOf, type FindingText } from '../findings';
import { ruleKit } from '../rule-kit';
import { remember, rememberPerInput } from '../memo';
import { availableFrom, survivingReplacement } from '../api-version-chain';
import { groupOf } from '../reference-places';
import { isGatewayApiGroup } from '../gateway-api-bundles';
import type { ManifestObject } from '../../reader/manifest';
import type { Finding, ObjectRule, RuleContext } from '../../types';

const kit = ruleKit('api-version', {
  messages: {
    removed: '{kind} {apiVersion} is no longer served from {removedIn}.',
    deprecated: '{kind} {apiVersion} is deprecated since {deprecatedIn}{later}.',
    notKnown: '{kind} {apiVersion} is not known to netkb: not checked.',
    notCovered:
      '{kind} {apiVersion} is of {group}, an API netkb has no records of (a custom resource or an add-on): not checked.',
    addOnRemoved:
      '{kind} {apiVersion} is not served by {addOn} from {removedIn} on ({addOn} {servedFrom} to {lastServed} serve it): the API server refuses it once the cluster runs {addOn} {removedIn} or later.',
    addOnDeprecated: '{kind} {apiVersion} is deprecated by {addOn} since {deprecatedIn}.',
    addOnNotKnown:
      '{kind} {apiVersion} is of {group}, an API of {addOn}, but no {addOn} release netkb read ({first} to {last}) serves it: not checked.',
    requestedNotKnown:
      'Clients request {resource} of {apiVersion}, which the API server reports as deprecated{removal}; netkb has no record of this version and resource: not checked.',
    liveAsServed:
      '{kind} {name} was read from a cluster and has no last-applied configuration (it was not made with kubectl apply): netkb checked it as the API server returns it, in {apiVersion}, and not in the version its source is written in: not checked.',
  },
  fixes: {
    change: 'Change apiVersion to {target}.{when}{notes}',
    changeInTwoSteps:
      'Change apiVersion to {step} now (served since {stepServedFrom}), then to {target}, the version that stays, once the cluster runs {available}.{notes}',
    servedBefore: ' It is served since {available}, so you can migrate before upgrading.',
    servedFrom: ' It is served only from {available}: migrate once the cluster runs {available}{beforeRemoval}.',
    beforeRemoval: ', before {removedIn}',
    targetRemoved: '{target} is itself removed in {removedIn}.',
    noReplacement: 'No replacement is recorded for {kind} {apiVersion}.',
    fieldsMove: '{count} fields move as well, such as {from} to {to}: netkb convert rewrites them.',
    checkGroup:
      'Check which versions of {group} the cluster serves at each release on the path (an API group of the Kubernetes project outside the core, such as a CSI or add-on API whose CRDs decide it): netkb has no record of this group.',
    checkByHand:
      'Check in the API reference of each release on the path that {apiVersion} has the kind {kind}: netkb knows other kinds or versions of this group, not this one.',
    addOnChange:
      'Change apiVersion to {replacement}, which {addOn} serves from {replacementFrom}{window}. The upgrade of Kubernetes does not change this: the {addOn} release the cluster runs does.',
    addOnWindow: ': migrate while the cluster runs {addOn} {replacementFrom} to {lastServed}, before {removedIn}',
    addOnNoOverlap:
      '; no {addOn} release netkb read serves both, so rewrite the objects as the cluster leaves {addOn} {lastServed}, following its upgrade notes',
    addOnNoReplacement:
      'No {addOn} release netkb read serves {kind} in another version: check the {addOn} release notes for what replaces it before upgrading {addOn} to {removedIn}.',
    addOnNoReplacementYet: 'No {addOn} release netkb read serves {kind} in another version yet.',
    checkAddOnRelease:
      'Check in the {addOn} release notes that the {addOn} release you run serves {apiVersion} {kind}; netkb read {addOn} {first} to {last}.',
    checkRequested:
      'Check in the deprecation guide and the release notes what replaces {resource} of {apiVersion}, and move its callers before the release the API server names.',
    checkSources:
      'Check the files, chart or operator that created the live objects without a last-applied configuration as well: the API server answers in the version it prefers whatever the source says. Said once, on the first such object of the input.',
    checkAddOn:
      "Check in the release notes of the project whose CRDs define {group} that the release you run (and upgrade to) still serves {apiVersion}; Kubernetes' upgrade itself does not change it. Said once, on the first {kind} of the input.",
  },
  parts: {
    serverRemoval: ' and to be removed in {removedRelease}',
    removedLater: '; it is removed in {removedIn}',
    removalAnnounced: '; removal was announced for {announcedFor}',
  },
});

export const apiVersionRule: ObjectRule = {
  ...kit.declaration,
  scope: 'object',
  description:
    "Reports objects whose apiVersion stops being served on the path (BREAKING: the API server refuses the object) or is deprecated (WARNING: works now, breaks later), with the replacement and when it is served, or the migration notes when no version replaces it; a version or kind of a group it knows that no record names is reported as not checked (INFO), and so, once per kind, are objects of groups it has no records of (custom resources, add-ons). An add-on's API whose CRDs netkb read (cert-manager, the CSI snapshotter, Istio, the Prometheus operator) is reported when the add-on's releases remove or deprecate its version (WARNING, whatever the Kubernetes path), with the version that replaces it and the add-on releases that serve both.",
  check(object: ManifestObject, ctx: RuleContext): Finding[] {
    const live = object.origin?.source === 'LIVE' ? liveAsServed(object, ctx) : [];
    const text = remember(ctx, ['api-version', object.apiVersion, object.kind], () =>
      versionText(object.apiVersion, object.kind, ctx),
    );
    if (!text) return live;
    // Requests the API server recorded (netkb check --apiserver-metrics): what netkb has no record of is still
    // a deprecated API in use, in the server's own words.
    const request = object.origin?.apiRequest;
    if (request && !text.checked) return [placed(requestedNotKnown(object, request, ctx), object, null)];
    // A kind netkb has no records of is said once, on its first object: the others would repeat it.
    if (text.messageId === 'notCovered') {
      const first = rememberPerInput(ctx, ['api-version-first', object.apiVersion, object.kind], () => placeOf(object));
      if (first !== placeOf(object)) return [];
    }
    return [...live, placed(text, object, API_VERSION_PATH, 'apiVersion')];
  },
  uncovered(apiVersion, kind, ctx) {
    const text = remember(ctx, ['api-version', apiVersion, kind], () => versionText(apiVersion, kind, ctx));
    return text !== null && !text.checked;
  },
};

const API_VERSION_PATH = ['apiVersion'];

function requestedNotKnown(
  object: ManifestObject,
  request: NonNullable<NonNullable<ManifestObject['origin']>['apiRequest']>,
  ctx: RuleContext,
): FindingText {
  const resource = request.resource + (request.subresource ? `/${request.subresource}` : '');
  const data = { resource, apiVersion: object.apiVersion };
  return kit.text({
    messageId: 'requestedNotKnown',
    severity: 'INFO',
    checked: false,
    effectiveIn: ctx.path.from,
    data: {
      ...data,
      removal: request.removedRelease ? kit.part('serverRemoval', { removedRelease: request.removedRelease }) : '',
    },
    fix: kit.fix('checkRequested', data),
  });
}

/**
 * A live object without a last-applied configuration (reader/manifest-objects.ts): the version its source is
 * written in is not in the input. Said once per input, on the first such object.
 */
function liveAsServed(object: ManifestObject, ctx: RuleContext): Finding[] {
  const first = rememberPerInput(ctx, ['api-version-live'], () => placeOf(object));
  if (first !== placeOf(object)) return [];
  const text = kit.text({
    messageId: 'liveAsServed',
    severity: 'INFO',
    checked: false,
    effectiveIn: ctx.path.from,
    data: { kind: object.kind, name: object.name ?? '(no name)', apiVersion: object.apiVersion },
    fix: kit.fix('checkSources', {}),
  });
  return [placed(text, object, API_VERSION_PATH, 'apiVersion')];
}

/** What objects of `kind` written as `apiVersion` meet on the path, if anything. */
function versionText(apiVersion: string, kind: string, ctx: RuleContext): FindingText | null {
  const record = ctx.kb.apiVersion(apiVersion, kind);
  // A group netkb has records of, with a version or kind it has none of: said, never passed over. Groups it
  // knows nothing of (custom resources) are not its to check.
  if (!record) {
    // An add-on's API: its life follows the add-on's releases, which the add-on index dates.
    const addOn = addOnText(apiVersion, kind, ctx);
    if (addOn !== undefined) return addOn;
    const group = groupOf(apiVersion);
    if (reported(group, ctx)) return notKnownText(apiVersion, kind, ctx);
    // The Gateway API rule speaks of its groups; every other named group is an API netkb knows nothing of.
    // (The core group is always known where records are loaded; a knowledge base without any says nothing.)
    return group === '' || isGatewayApiGroup(ctx.kb.gatewayApi, group) ? null : notCoveredText(apiVersion, kind, ctx);
  }
  const v = ctx.kb.formatVersion;
  const target = survivingReplacement(record, ctx.path);
  const replacement = target ? target.apiVersion : null;
  const fix = target ? fixText(record, target, ctx) : noReplacementText(record);
  if (onPath(record.removedIn, ctx)) {
    return kit.text({
      messageId: 'removed',
      severity: 'BREAKING',
      ...changedIn(record.removedIn, ctx),
      fix,
      replacement,
      data: { kind, apiVersion, removedIn: v(record.removedIn) },
      change: changeAt(record, record.removedIn),
    });
  }
  if (onPath(record.deprecatedIn, ctx)) {
    const later =
      record.removedIn !== null
        ? kit.part('removedLater', { removedIn: v(record.removedIn) })
        : record.announcedRemovalIn !== null
          ? kit.part('removalAnnounced', { announcedFor: v(record.announcedRemovalIn) })
          : '';
    return kit.text({
      messageId: 'deprecated',
      severity: 'WARNING',
      ...changedIn(record.deprecatedIn, ctx),
      fix,
      replacement,
      data: { kind, apiVersion, deprecatedIn: v(record.deprecatedIn), later },
      change: changeAt(record, record.deprecatedIn),
    });
  }
  return null;
}

const groups = new WeakMap<RuleContext['kb'], Set<string>>();
function knownGroups(ctx: RuleContext): Set<string> {
  let known = groups.get(ctx.kb);
  if (!known) groups.set(ctx.kb, (known = new Set(ctx.kb.apiVersions.map((a) => groupOf(a.apiVersion)))));
  return known;
}

/**
 * Whether an object of a group no record names is reported as not known: a group netkb has records of (the
 * component configuration groups among them: a KubeSchedulerConfiguration version no record names), or a group
 * of the domains the Kubernetes project reserves (seed/api-group-domains.yaml: *.k8s.io, *.kubernetes.io, such as
 * metrics.k8s.io) that the Gateway API rule does not check. Other groups (custom resources) are not covered.
 */
function reported(group: string, ctx: RuleContext): boolean {
  if (knownGroups(ctx).has(group)) return true;
  const projects = ctx.kb.apiGroupDomains.some((d) => group === d || group.endsWith(`.${d}`));
  return projects && !isGatewayApiGroup(ctx.kb.gatewayApi, group);
}

function notKnownText(apiVersion: string, kind: string, ctx: RuleContext): FindingText {
  const group = groupOf(apiVersion);
  return kit.text({
    messageId: 'notKnown',
    severity: 'INFO',
    checked: false,
    effectiveIn: ctx.path.from,
    data: { kind, apiVersion },
    fix: knownGroups(ctx).has(group) ? kit.fix('checkByHand', { kind, apiVersion }) : kit.fix('checkGroup', { group }),
  });
}

/** An object of a group netkb has no records of: a custom resource or an add-on API, not checked. */
function notCoveredText(apiVersion: string, kind: string, ctx: RuleContext): FindingText {
  const group = groupOf(apiVersion);
  return kit.text({
    messageId: 'notCovered',
    severity: 'INFO',
    checked: false,
    effectiveIn: ctx.path.from,
    data: { kind, apiVersion, group },
    fix: kit.fix('checkAddOn', { group, apiVersion, kind }),
  });
}

/**
 * What an object of an add-on's API meets, when its group is an add-on's whose CRDs netkb read (undefined
 * otherwise): nothing while the add-on's newest release read serves the version; a removal or deprecation in the
 * add-on's releases (WARNING: it works with the add-on release the cluster runs now, and breaks once the add-on
 * is upgraded, whatever the Kubernetes path); a version or kind no release serves is not checked.
 */
function addOnText(apiVersion: string, kind: string, ctx: RuleContext): FindingText | null | undefined {
  const group = groupOf(apiVersion);
  const addOn = ctx.kb.addOnOf(group);
  if (!addOn) return undefined;
  const api = ctx.kb.addOnApi(apiVersion, kind);
  const name = addOn.name;
  if (!api) {
    const first = addOn.releases[0];
    const last = addOn.releases[addOn.releases.length - 1];
    return kit.text({
      messageId: 'addOnNotKnown',
      severity: 'INFO',
      checked: false,
      effectiveIn: ctx.path.from,
      data: { kind, apiVersion, group, addOn: name, first, last },
      fix: kit.fix('checkAddOnRelease', { addOn: name, apiVersion, kind, first, last }),
    });
  }
  if (api.removedIn === null && api.deprecatedIn === null) return null;
  const lastServed = api.removedIn === null ? null : addOn.releases[addOn.releases.indexOf(api.removedIn) - 1];
  const fix =
    api.replacement && api.replacementFrom
      ? kit.fix('addOnChange', {
          replacement: api.replacement,
          addOn: name,
          replacementFrom: api.replacementFrom,
          window:
            api.removedIn && lastServed
              ? addOn.releases.indexOf(api.replacementFrom) <= addOn.releases.indexOf(lastServed)
                ? kit.fix('addOnWindow', {
                    addOn: name,
                    replacementFrom: api.replacementFrom,
                    lastServed,
                    removedIn: api.removedIn,
                  })
                : kit.fix('addOnNoOverlap', { addOn: name, lastServed })
              : '',
        })
      : api.removedIn
        ? kit.fix('addOnNoReplacement', { addOn: name, kind, removedIn: api.removedIn })
        : kit.fix('addOnNoReplacementYet', { addOn: name, kind });
  if (api.removedIn !== null && lastServed)
    return kit.text({
      messageId: 'addOnRemoved',
      severity: 'WARNING',
      effectiveIn: ctx.path.from,
      data: { kind, apiVersion, addOn: name, removedIn: api.removedIn, servedFrom: api.servedFrom, lastServed },
      replacement: api.replacement,
      fix,
    });
  return kit.text({
    messageId: 'addOnDeprecated',
    severity: 'WARNING',
    effectiveIn: ctx.path.from,
    data: { kind, apiVersion, addOn: name, deprecatedIn: api.deprecatedIn! },
    replacement: api.replacement,
    fix,
  });
}

/** Without a replacement the record's migration notes are the advice: they say where to go instead. */
function noReplacementText(record: ApiVersion): string {
  return record.migrationNotes ?? kit.fix('noReplacement', { kind: record.kind, apiVersion: record.apiVersion });
}

function fixText(record: ApiVersion, target: ApiVersion, ctx: RuleContext): string {
  const v = ctx.kb.formatVersion;
  const available = availableFrom(record, target);
  let when: string;
  if (available === null) when = '';
  else if (available <= ctx.path.from) when = kit.fix('servedBefore', { available: v(available) });
  else
    when = kit.fix('servedFrom', {
      available: v(available),
      beforeRemoval: record.removedIn !== null ? kit.fix('beforeRemoval', { removedIn: v(record.removedIn) }) : '',
    });
  // The last version reachable may itself go on the path (policy/v1beta1 PodSecurityPolicy in 1.25): its
  // own migration notes say what comes after it.
  const targetGoes = target.removedIn !== null && target.removedIn <= ctx.path.to;
  // Each note once: versions of a file format often share theirs (kubeadm's "config migrate").
  // Fields the version's conversion moves, when no migration note speaks of them (autoscaling/v2beta1's metrics).
  const moves = (record.conversion?.steps ?? []).filter((st) => 'move' in st);
  const notes = [
    record.migrationNotes ??
      (moves.length > 0 && 'move' in moves[0]
        ? kit.fix('fieldsMove', { count: String(moves.length), from: moves[0].move, to: moves[0].to })
        : null),
    target !== record.replacement || targetGoes ? target.migrationNotes : null,
    targetGoes && !target.migrationNotes
      ? kit.fix('targetRemoved', { target: target.apiVersion, removedIn: v(target.removedIn!) })
      : null,
  ]
    .filter((n, i, all): n is string => Boolean(n) && all.indexOf(n) === i)
    .join(' ');
  const step = interimStep(record, target, available, ctx);
  if (step) {
    return kit.fix('changeInTwoSteps', {
      step: step.apiVersion,
      stepServedFrom: v(step.introducedIn!),
      target: target.apiVersion,
      available: v(available!),
      notes: notes ? ` ${notes}` : '',
    });
  }
  return kit.fix('change', { target: target.apiVersion, when, notes: notes ? ` ${notes}` : '' });
}

/**
 * The first version the record's conversion (else its replacement) moves to, when the lasting replacement is not served yet at
 * the start of the path but that version is, and it is served until the replacement is: an interim step
 * the user can take at once (extensions/v1beta1 Ingress -> networking.k8s.io/v1beta1 before 1.19).
 */
function interimStep(
  record: ApiVersion,
  target: ApiVersion,
  available: VersionKey | null,
  ctx: RuleContext,
): ApiVersion | null {
  // The version the record's conversion writes, else its direct replacement (kubeadm.k8s.io/v1beta1 -> v1beta2).
  const next = record.conversion?.to ?? record.replacement?.apiVersion;
  if (available === null || available <= ctx.path.from || !next) return null;
  const step = ctx.kb.apiVersion(next, record.kind);
  if (!step || step === target || step.introducedIn === null || step.introducedIn > ctx.path.from) return null;
  if (step.removedIn !== null && step.removedIn <= available) return null;
  return step;
}
