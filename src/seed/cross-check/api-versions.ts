// API versions against registration and lifecycle markers; the records the curated seed lacks are generated.
import type { CheckContext, WithOverrides } from './context';
import type { Located } from '../bundle';
import type { ApiVersionRecord } from '../schemas';
import {
  apiFacts,
  entryHasMarkers,
  groupOf,
  groupsIndexed,
  indexEntryOf,
  isAlpha,
  isBeta,
  isObjectKind,
  type ApiFacts,
  type ApiVersionEntry,
  type GeneratedIndex,
} from '../generated-index';
import { servedByDefaultOf } from './served-by-default';
import { configKindTest } from './config-versions';
import { parseVersion } from '../../kb/version';

export function checkApiVersions(ctx: CheckContext): void {
  const { b, index, report, newest, differ, fill } = ctx;
  // API versions -----------------------------------------------------------------------------------
  const indexedGroups = groupsIndexed(index);
  const curated = new Map(b.apiVersions.map((l) => [`${l.record.apiVersion} ${l.record.kind}`, l]));
  // Component file formats are checked against their own repositories (config-versions.ts).
  const isConfig = configKindTest(b);
  for (const loc of b.apiVersions) {
    const r = loc.record;
    if (isConfig(r.apiVersion, r.kind)) continue;
    const name = `API version ${r.apiVersion} ${r.kind}`;
    const hit = indexEntryOf(index, r.apiVersion, r.kind);
    if (!hit) {
      if (indexedGroups.has(groupOf(r.apiVersion))) {
        differ(
          loc,
          name,
          'apiVersion',
          `k8s.io/api registers no ${r.kind} in ${r.apiVersion} in any release read (${index.order[0]}-${index.order[index.order.length - 1]})`,
        );
      } else report.notCovered.apiVersions++;
      continue;
    }
    report.checked.apiVersions++;
    const f = apiFacts(hit.entry, index.order);
    const where = `(${index.apiVersionsFile}:${hit.line})`;
    if (f.introducedIn !== null) {
      if (r.introducedIn == null) {
        r.introducedIn = f.introducedIn;
        fill(loc, name, 'introducedIn', f.introducedIn);
      } else if (r.introducedIn !== f.introducedIn)
        differ(loc, name, 'introducedIn', `is ${r.introducedIn}, the source says ${f.introducedIn} ${where}`);
    } else if (r.introducedIn != null && parseVersion(r.introducedIn) > parseVersion(f.firstRegistered)) {
      differ(
        loc,
        name,
        'introducedIn',
        `is ${r.introducedIn}, but k8s.io/api registers it already in ${f.firstRegistered} ${where}`,
      );
    }
    if (f.deprecatedIn !== null) {
      if (r.deprecatedIn == null) {
        if (parseVersion(f.deprecatedIn) <= newest) {
          r.deprecatedIn = f.deprecatedIn;
          fill(loc, name, 'deprecatedIn', f.deprecatedIn);
        }
      } else if (r.deprecatedIn !== f.deprecatedIn)
        differ(loc, name, 'deprecatedIn', `is ${r.deprecatedIn}, the lifecycle marker says ${f.deprecatedIn} ${where}`);
    } else if (r.deprecatedIn != null && hit.entry.markers !== null) {
      differ(
        loc,
        name,
        'deprecatedIn',
        `is ${r.deprecatedIn}, but its lifecycle markers deprecate it in no release ${where}`,
      );
    }
    if (f.removedIn !== null && f.removalMarked && parseVersion(f.removedIn) <= newest) {
      if (r.removedIn == null) {
        r.removedIn = f.removedIn;
        fill(loc, name, 'removedIn', f.removedIn);
      } else if (r.removedIn !== f.removedIn)
        differ(loc, name, 'removedIn', `is ${r.removedIn}, the removal marker says ${f.removedIn} ${where}`);
    } else if (
      f.removedIn !== null &&
      !f.removalMarked &&
      r.removedIn != null &&
      parseVersion(r.removedIn) > parseVersion(f.removedIn)
    ) {
      differ(
        loc,
        name,
        'removedIn',
        `is ${r.removedIn}, but k8s.io/api no longer has the version in ${f.removedIn} ${where}`,
      );
    } else if (f.removedIn === null && r.removedIn != null && entryHasMarkers(hit.entry)) {
      differ(
        loc,
        name,
        'removedIn',
        `is ${r.removedIn}, but the lifecycle markers set no removal and ${index.order[index.order.length - 1]} still has it ${where}`,
      );
    }
    if (f.replacement !== null) {
      if (r.replacement == null) {
        if (curated.has(`${f.replacement} ${r.kind}`) || index.apiVersions.has(`${f.replacement} ${r.kind}`)) {
          r.replacement = f.replacement;
          fill(loc, name, 'replacement', f.replacement);
        }
      } else if (r.replacement !== f.replacement)
        differ(loc, name, 'replacement', `is ${r.replacement}, the lifecycle marker says ${f.replacement} ${where}`);
    }
  }

  // replacementAvailableIn is the first release that serves the replacement: the source's start of it.
  for (const loc of b.apiVersions) {
    const r = loc.record;
    if (!r.replacement || r.replacementAvailableIn == null) continue;
    const rep = index.apiVersions.get(`${r.replacement} ${r.kind}`);
    const start = rep ? apiFacts(rep.entry, index.order).introducedIn : null;
    if (start !== null && start !== r.replacementAvailableIn) {
      differ(
        loc,
        `API version ${r.apiVersion} ${r.kind}`,
        'replacementAvailableIn',
        `is ${r.replacementAvailableIn}, but the source serves ${r.replacement} ${r.kind} from ${start} (${index.apiVersionsFile}:${rep!.line})`,
      );
    }
  }

  // Group/version/kinds the curated seed lacks: generated records for those served from recordsFrom on.
  const cfg = index.config.api;
  for (const [key, { entry, line }] of index.apiVersions) {
    if (curated.has(key)) continue;
    const f = apiFacts(entry, index.order);
    if (!becomesRecord(entry, f, cfg)) continue;
    // First served after the newest release on record (the index reads the development branch too): a fact
    // only once its release is added to releases.yaml.
    if (f.introducedIn !== null && parseVersion(f.introducedIn) > newest) continue;
    const ref = index.refs.get(f.served[f.served.length - 1])!;
    const futureRemoval = f.removedIn !== null && parseVersion(f.removedIn) > newest ? f.removedIn : null;
    const futureDeprecation = f.deprecatedIn !== null && parseVersion(f.deprecatedIn) > newest ? f.deprecatedIn : null;
    const offByDefault = !servedByDefaultOf(entry.apiVersion, f.introducedIn ?? f.firstRegistered, cfg)!.value;
    // The markers of many prerelease versions name no replacement (admissionregistration.k8s.io/v1beta1
    // ValidatingAdmissionPolicy): then it is the newest stable version of the kind in the same group that is
    // served while this one still is, so the advice names a version that works when this one goes.
    const prerelease = isAlpha(entry.apiVersion) || isBeta(entry.apiVersion);
    const successor =
      f.replacement === null && prerelease ? stableSuccessor(ctx, entry.apiVersion, entry.kind, f) : null;
    const record: ApiVersionRecord = {
      apiVersion: entry.apiVersion,
      kind: entry.kind,
      introducedIn: f.introducedIn,
      deprecatedIn: futureDeprecation ? null : f.deprecatedIn,
      removedIn: futureRemoval ? null : f.removedIn,
      replacement: f.replacement ?? successor,
      servedByDefault: !offByDefault,
      notes: [
        'Generated from k8s.io/api by netkb import k8s-source: registered in',
        `${entry.registeredIn.join(', ')}${entry.markers ? `; lifecycle markers read at ${entry.markers.from}` : ''}.`,
        futureDeprecation
          ? `The deprecation marker says ${futureDeprecation}, after the newest release on record.`
          : '',
        futureRemoval ? `The removal marker says ${futureRemoval}, after the newest release on record.` : '',
        successor
          ? `The markers name no replacement: ${successor} is the newest stable version of the kind served while this one is.`
          : '',
        f.removedIn !== null && !f.removalMarked && !futureRemoval
          ? `No removal marker: ${f.removedIn} is the first release whose k8s.io/api no longer has the version, so it is served there at the latest until ${f.removedIn}.`
          : '',
        offByDefault
          ? isAlpha(entry.apiVersion)
            ? 'An alpha version is served only when enabled.'
            : `A beta version introduced from ${cfg.betaOffByDefaultFrom} on is served only when enabled (KEP-3136).`
          : '',
      ]
        .filter(Boolean)
        .join(' '),
      sources: [
        `${index.repository}/tree/${ref.ref}/${entry.dir}`,
        ...(offByDefault && !isAlpha(entry.apiVersion) ? [cfg.betaOffByDefaultSource] : []),
      ],
    };
    b.apiVersions.push({ file: index.apiVersionsFile, index: line - 1, line, record });
    report.generated++;
  }
  const all = new Map(b.apiVersions.map((l) => [`${l.record.apiVersion} ${l.record.kind}`, l.record]));
  for (const loc of b.apiVersions) {
    const r = loc.record;
    if (r.replacement && !all.has(`${r.replacement} ${r.kind}`)) {
      if (loc.file === index.apiVersionsFile) {
        r.replacement = null;
        continue;
      }
    }
    // A removed version's replacement must still be served when it goes: advice names what works then.
    const rep = r.replacement ? all.get(`${r.replacement} ${r.kind}`) : undefined;
    if (r.removedIn && rep?.removedIn && parseVersion(rep.removedIn) <= parseVersion(r.removedIn)) {
      differ(
        loc as Located<WithOverrides>,
        `API version ${r.apiVersion} ${r.kind}`,
        'replacement',
        `${r.replacement} is removed in ${rep.removedIn}, no later than ${r.apiVersion} itself (${r.removedIn}): name the version served at the removal`,
      );
    }
  }
}

/** The newest stable version of `kind` in the group of `apiVersion` that the index serves before `f` ends. */
function stableSuccessor(ctx: CheckContext, apiVersion: string, kind: string, f: ApiFacts): string | null {
  const group = groupOf(apiVersion);
  const end = f.removedIn !== null ? parseVersion(f.removedIn) : Infinity;
  const candidates = [...ctx.index.apiVersions.values()]
    .filter(({ entry }) => entry.kind === kind && groupOf(entry.apiVersion) === group)
    .filter(({ entry }) => !isAlpha(entry.apiVersion) && !isBeta(entry.apiVersion))
    .map(({ entry }) => ({ apiVersion: entry.apiVersion, facts: apiFacts(entry, ctx.index.order) }))
    .filter(({ facts }) => facts.served.length > 0 && parseVersion(facts.served[0]) < end)
    .filter(({ facts }) => parseVersion(facts.served[0]) <= ctx.newest)
    .map(({ apiVersion }) => apiVersion);
  const major = (v: string) => Number(/v(\d+)$/.exec(v)?.[1] ?? 0);
  return candidates.sort((a, b) => major(b) - major(a))[0] ?? null;
}

/**
 * Whether a group/version/kind the curated seed lacks gets a generated record: served from `recordsFrom` on,
 * alpha only in the alpha groups, and a kind a manifest carries (k8s-source.yaml says which).
 */
export function becomesRecord(entry: ApiVersionEntry, f: ApiFacts, cfg: GeneratedIndex['config']['api']): boolean {
  if (!f.served.some((r) => parseVersion(r) >= parseVersion(cfg.recordsFrom))) return false;
  if (isAlpha(entry.apiVersion) && !cfg.alphaGroups.includes(groupOf(entry.apiVersion))) return false;
  return isObjectKind(entry.kind) && !cfg.skipKinds.includes(entry.kind);
}
