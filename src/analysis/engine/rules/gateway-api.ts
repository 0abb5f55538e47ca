// gateway-api: objects of the Gateway API groups against the bundle (release and channel) the upgrade
// installs. Which groups, kinds, versions and fields a bundle has comes from the generated index of
// kubernetes-sigs/gateway-api's CRDs, the Kubernetes releases a bundle supports from the curated releases.
import type { GatewayApiKnowledge, GatewayApiRelease } from '../../../kb/model';
import type { ManifestObject, PathSegment } from '../../reader/manifest';
import type { Finding, GatewayApiRange, ObjectRule, RuleContext } from '../../types';
import { placed, placeOf, type FindingText } from '../findings';
import {
  fieldTree,
  isGatewayApiGroup,
  kindIn,
  missingFields,
  nodeAt,
  releasesWithKind,
  schemaPath,
  servedSince,
} from '../gateway-api-bundles';
import { remember } from '../memo';
import { ruleKit } from '../rule-kit';

const kit = ruleKit('gateway-api', {
  messages: {
    'version-not-served': '{kind} {apiVersion} is not served by the {channel} channel of Gateway API {bundle}.',
    'version-removed':
      '{kind} {apiVersion} is no longer served by Gateway API {bundle}; {from} serves it ({channel} channel).',
    'version-deprecated': '{kind} {apiVersion} is deprecated in the {channel} channel of Gateway API {bundle}.',
    'kind-experimental': '{kind} is only in the experimental channel of Gateway API {bundle}, not in the standard one.',
    'kind-removed': '{kind} ({group}) is no longer in Gateway API {bundle}; {from} has it.',
    'kind-unknown': '{kind} ({group}) is not in Gateway API {bundle}.',
    'field-experimental': '{kind} field {field} is only in the experimental channel of Gateway API {bundle}.',
    'field-removed':
      '{kind} {apiVersion} field {field} is no longer in Gateway API {bundle}; {from} has it ({channel} channel).',
    'kubernetes-too-old': 'Gateway API {bundle} needs Kubernetes {minKubernetes} or later; the upgrade ends at {to}.',
    'kubernetes-support-unknown':
      'No source in the knowledge base says which Kubernetes releases Gateway API {bundle} supports.',
    'no-range': 'Gateway API objects are checked only against a Gateway API range, and none was given: not checked.',
  },
  fixes: {
    giveRange:
      'Give the Gateway API bundles the cluster moves between (netkb check --gateway-api FROM:TO, upgradeReport gatewayApi) to check them.',
    moveOffKind: 'Move off {kind} before installing Gateway API {bundle}, which no longer installs its CRD. {where}',
    kindLater: 'Gateway API {later} is the first release after {bundle} that has {kind}.',
    kindLast:
      'Gateway API {last} is the last release that has {kind}; read the changes of the releases after it for what replaces it.',
    kindNowhere: 'No Gateway API release has {kind} in {group}: check the kind and the apiVersion.',
    installExperimentalForKind:
      'Install the experimental channel of Gateway API {bundle} (it includes the standard one), or drop the {kind}.',
    changeVersion: 'Change apiVersion to {replacement}{when}.{alsoServed}{experimentalOnly}',
    servedSince: ' (the {channel} channel serves it since {since}, so you can change it before installing {bundle})',
    servedFrom:
      ' (the {channel} channel serves it only from {since}, not yet on {from}, so change it as you install {bundle})',
    alsoServed: ' {bundle} also serves {versions}.',
    experimentalOnly: ' Only the experimental channel of {bundle} serves {apiVersion}.',
    noVersion: 'Gateway API {bundle} serves no version of {kind}.{experimentalOnly}',
    noOtherVersion: 'Gateway API {bundle} serves no other version of {kind} yet.',
    checkSupport:
      'Check which Kubernetes releases Gateway API {bundle} supports in its release notes ({releaseNotes}) before installing it.',
    gatewayApiRepository: 'kubernetes-sigs/gateway-api',
    upgradeCluster:
      'Upgrade the cluster to {minKubernetes} or later before installing Gateway API {bundle}{orInstall}.',
    orInstall: ', or install {fits}, the newest bundle that supports {to}',
    installExperimentalForField:
      'Install the experimental channel of Gateway API {bundle}, or drop {field}, which its standard CRD does not have (the API server refuses the object or silently drops the field).{standardFrom}',
    standardFrom: ' The standard channel has it from {release}.',
    dropField:
      'Drop {field} before installing Gateway API {bundle}, whose CRD no longer has it (the API server refuses the object or silently drops the field).',
  },
});

export const gatewayApiRule: ObjectRule = {
  ...kit.declaration,
  scope: 'object',
  description:
    'With a Gateway API range, reports objects of the Gateway API groups that the target bundle does not accept in its channel: a version it does not serve or no longer serves, a kind or field only its experimental channel has, a kind or field it no longer has (BREAKING: the CRD refuses the object or drops the field), a deprecated version (WARNING: works now, breaks later), and a bundle that needs a newer Kubernetes than the upgrade reaches (BREAKING: the CRDs are refused or do not validate) or whose supported releases no source gives (INFO); without a range, says once that they were not checked (INFO).',
  uncovered(apiVersion, _kind, ctx) {
    const slash = apiVersion.indexOf('/');
    return !ctx.gatewayApi && slash > 0 && isGatewayApiGroup(ctx.kb.gatewayApi, apiVersion.slice(0, slash));
  },
  check(object: ManifestObject, ctx: RuleContext): Finding[] {
    const range = ctx.gatewayApi;
    const slash = object.apiVersion.indexOf('/');
    if (slash <= 0) return [];
    const group = object.apiVersion.slice(0, slash);
    const gw = ctx.kb.gatewayApi;
    if (!isGatewayApiGroup(gw, group)) return [];
    // Without a range nothing is checked: said once, on the first Gateway API object, never passed over.
    if (!range) {
      const first = remember(ctx, ['gateway-api-first'], () => placeOf(object));
      return first === placeOf(object)
        ? [
            kit.finding({
              messageId: 'no-range',
              severity: 'INFO',
              checked: false,
              effectiveIn: ctx.path.from,
              data: {},
              fix: kit.fix('giveRange', {}),
              object,
              path: API_VERSION,
            }),
          ]
        : [];
    }
    const version = object.apiVersion.slice(slash + 1);
    const facts = remember(ctx, ['gateway-api', object.apiVersion, object.kind], () =>
      objectFacts(ctx, range, group, version, object.kind),
    );
    const found = facts.texts.map((t) => placed(t.text, object, t.path));
    // Whether the bundle supports the target Kubernetes is said once, on the first Gateway API object. It
    // is known by its place, not by a flag: a reader that starts over hands the same first object again.
    const first = remember(ctx, ['gateway-api-first'], () => placeOf(object));
    if (first === placeOf(object)) {
      const support = remember(ctx, ['gateway-api-support'], () => supportText(ctx, range));
      if (support) found.unshift(placed(support, object, API_VERSION));
    }
    if (facts.checkFields) found.push(...fieldFindings(ctx, range, object, group, version));
    return found;
  },
};

const API_VERSION: PathSegment[] = ['apiVersion'];
const KIND: PathSegment[] = ['kind'];

interface ObjectFacts {
  texts: { text: FindingText; path: PathSegment[] }[];
  /** Whether the bundle serves the object's version in the channel, so its fields can be checked. */
  checkFields: boolean;
}

/** What is true of every object of this apiVersion and kind in the range: whether the bundle has the kind and serves the version. */
function objectFacts(
  ctx: RuleContext,
  range: GatewayApiRange,
  group: string,
  version: string,
  kind: string,
): ObjectFacts {
  const gw = ctx.kb.gatewayApi;
  const { from, to, channel } = range;
  const common = { effectiveIn: ctx.path.to, gatewayApiRelease: to.version };
  const texts: ObjectFacts['texts'] = [];
  const apiVersion = `${group}/${version}`;
  const base = { kind, apiVersion, group, bundle: to.version, from: from.version, channel };

  const inChannel = kindIn(gw, to, channel, group, kind);
  const experimental = kindIn(gw, to, 'experimental', group, kind);
  if (!inChannel && !experimental) {
    const wasThere = kindIn(gw, from, channel, group, kind) ?? kindIn(gw, from, 'experimental', group, kind);
    const having = releasesWithKind(gw, group, kind);
    const later = having.find((r) => r.position > to.position);
    const last = [...having].reverse().find((r) => r.position < to.position);
    const where = later
      ? kit.fix('kindLater', { later: later.version, bundle: to.version, kind })
      : last
        ? kit.fix('kindLast', { last: last.version, kind })
        : kit.fix('kindNowhere', { kind, group });
    texts.push({
      path: KIND,
      text: wasThere
        ? kit.text({
            ...common,
            messageId: 'kind-removed',
            severity: 'BREAKING',
            data: base,
            fix: kit.fix('moveOffKind', { kind, bundle: to.version, where }),
          })
        : kit.text({ ...common, messageId: 'kind-unknown', severity: 'BREAKING', data: base, fix: where }),
    });
    return { texts, checkFields: false };
  }
  if (!inChannel) {
    texts.push({
      path: KIND,
      text: kit.text({
        ...common,
        messageId: 'kind-experimental',
        severity: 'BREAKING',
        data: base,
        fix: kit.fix('installExperimentalForKind', { bundle: to.version, kind }),
      }),
    });
    return { texts, checkFields: false };
  }
  if (!inChannel.servedVersions.includes(version)) {
    const servedBefore = kindIn(gw, from, channel, group, kind)?.servedVersions.includes(version) ?? false;
    const anywhere = experimental?.servedVersions.includes(version) ?? false;
    const experimentalOnly =
      anywhere && channel === 'standard' ? kit.fix('experimentalOnly', { bundle: to.version, apiVersion }) : '';
    const { fix, replacement } = versionAdvice(
      gw,
      range,
      group,
      kind,
      inChannel.servedVersions,
      inChannel.storageVersion,
      experimentalOnly,
    );
    texts.push({
      path: API_VERSION,
      text: kit.text({
        ...common,
        messageId: servedBefore && !anywhere ? 'version-removed' : 'version-not-served',
        severity: 'BREAKING',
        data: base,
        fix,
        replacement,
      }),
    });
    return { texts, checkFields: false };
  }
  if (inChannel.deprecatedVersions.includes(version)) {
    const lasting = inChannel.servedVersions.filter((s) => !inChannel.deprecatedVersions.includes(s));
    const storage = lasting.includes(inChannel.storageVersion) ? inChannel.storageVersion : lasting[0];
    const advice = storage ? versionAdvice(gw, range, group, kind, lasting, storage, '') : null;
    texts.push({
      path: API_VERSION,
      text: kit.text({
        ...common,
        messageId: 'version-deprecated',
        severity: 'WARNING',
        data: base,
        fix: advice?.fix ?? kit.fix('noOtherVersion', { bundle: to.version, kind }),
        replacement: advice?.replacement ?? null,
      }),
    });
  }
  return { texts, checkFields: true };
}

/** Whether the `to` bundle supports the release the upgrade ends at: a finding when it does not, or no source says. */
function supportText(ctx: RuleContext, range: GatewayApiRange): FindingText | null {
  const { to } = range;
  const v = ctx.kb.formatVersion;
  const base = { bundle: to.version };
  const common = { effectiveIn: ctx.path.to, gatewayApiRelease: to.version };
  if (to.minKubernetes === null)
    return kit.text({
      ...common,
      messageId: 'kubernetes-support-unknown',
      severity: 'INFO',
      data: base,
      fix: kit.fix('checkSupport', {
        ...base,
        // The release's own source when the record has one, else the project where its notes are published.
        releaseNotes: to.sources[0] ?? kit.fix('gatewayApiRepository', {}),
      }),
    });
  if (to.minKubernetes <= ctx.path.to) return null;
  const fits = newestSupporting(ctx.kb.gatewayApi, ctx.path.to, to);
  return kit.text({
    ...common,
    messageId: 'kubernetes-too-old',
    severity: 'BREAKING',
    data: { ...base, minKubernetes: v(to.minKubernetes), to: v(ctx.path.to) },
    fix: kit.fix('upgradeCluster', {
      ...base,
      minKubernetes: v(to.minKubernetes),
      orInstall: fits ? kit.fix('orInstall', { fits: fits.version, to: v(ctx.path.to) }) : '',
    }),
    replacement: fits?.version ?? null,
  });
}

/**
 * Which version to write instead: the storage version first, then the others the bundle serves, each with
 * the release its channel serves it from, and whether that works on the `from` bundle already.
 * `experimentalOnly` is the filled experimentalOnly fix, or '': it ends the advice.
 */
function versionAdvice(
  gw: GatewayApiKnowledge,
  range: GatewayApiRange,
  group: string,
  kind: string,
  served: string[],
  storage: string,
  experimentalOnly: string,
): { fix: string; replacement: string | null } {
  const { from, to, channel } = range;
  if (served.length === 0)
    return { fix: kit.fix('noVersion', { bundle: to.version, kind, experimentalOnly }), replacement: null };
  const ordered = [storage, ...served.filter((s) => s !== storage)].filter((s) => served.includes(s));
  const [first, ...others] = ordered;
  const since = servedSince(gw, channel, group, kind, first, to);
  const when = !since
    ? ''
    : since.position <= from.position
      ? kit.fix('servedSince', { channel, since: since.version, bundle: to.version })
      : kit.fix('servedFrom', { channel, since: since.version, from: from.version, bundle: to.version });
  const alsoServed =
    others.length > 0
      ? kit.fix('alsoServed', { bundle: to.version, versions: others.map((o) => `${group}/${o}`).join(', ') })
      : '';
  const replacement = `${group}/${first}`;
  return { fix: kit.fix('changeVersion', { replacement, when, alsoServed, experimentalOnly }), replacement };
}

/** The newest release whose supported Kubernetes releases are known to include `kubernetes`, not after `limit`. */
function newestSupporting(
  gw: GatewayApiKnowledge,
  kubernetes: number,
  limit: GatewayApiRelease,
): GatewayApiRelease | undefined {
  return [...gw.releases]
    .reverse()
    .find((r) => r.position <= limit.position && r.minKubernetes !== null && r.minKubernetes <= kubernetes);
}

/** Fields the object carries that the bundle's channel does not have, but its experimental channel or `from` does. */
function fieldFindings(
  ctx: RuleContext,
  range: GatewayApiRange,
  object: ManifestObject,
  group: string,
  version: string,
): Finding[] {
  const gw = ctx.kb.gatewayApi;
  const { from, to, channel } = range;
  const tree = fieldTree(gw, group, object.kind, version, channel, to);
  if (!tree) return [];
  const out: Finding[] = [];
  for (const path of missingFields(object.value, tree)) {
    const experimental = channel === 'standard' ? fieldTree(gw, group, object.kind, version, 'experimental', to) : null;
    const before = fieldTree(gw, group, object.kind, version, channel, from);
    const shape =
      experimental && nodeAt(experimental, path) ? experimental : before && nodeAt(before, path) ? before : null;
    if (!shape) continue;
    const field = schemaPath(shape, path);
    const text = remember(ctx, ['gateway-api-field', object.apiVersion, object.kind, field], () => {
      const data = {
        kind: object.kind,
        apiVersion: object.apiVersion,
        field,
        bundle: to.version,
        from: from.version,
        channel,
      };
      const common = { effectiveIn: ctx.path.to, gatewayApiRelease: to.version, data };
      if (shape === experimental) {
        const standardFrom = gw.releases.find((r) => {
          if (r.position <= to.position) return false;
          const later = fieldTree(gw, group, object.kind, version, 'standard', r);
          return later !== null && nodeAt(later, path) !== undefined;
        });
        return kit.text({
          ...common,
          messageId: 'field-experimental',
          severity: 'BREAKING',
          fix: kit.fix('installExperimentalForField', {
            bundle: to.version,
            field,
            standardFrom: standardFrom ? kit.fix('standardFrom', { release: standardFrom.version }) : '',
          }),
        });
      }
      return kit.text({
        ...common,
        messageId: 'field-removed',
        severity: 'BREAKING',
        fix: kit.fix('dropField', { field, bundle: to.version }),
      });
    });
    out.push(placed(text, object, path));
  }
  return out;
}
