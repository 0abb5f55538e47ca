// Whether kube-apiserver serves a group/version without --runtime-config is derived, never assumed: alpha
// versions are always off, betas first served from `betaOffByDefaultFrom` on (KEP-3136) are off, betas
// from before it and stable versions are on. The rule is data (seed/generated/k8s-source.yaml); a version the
// API server serves against it (a legacy beta resource kept on) needs a sourceOverrides entry naming the
// source. Groups the index does not read (another repository's, or a file format such as audit.k8s.io) are
// not derived: their records state the value, or null when the API server does not serve the version.
import type { CheckContext } from './context';
import { apiFacts, groupOf, groupsIndexed, indexEntryOf, isAlpha, isBeta } from '../generated-index';
import { parseVersion } from '../../kb/version';

interface ServedByDefaultRule {
  betaOffByDefaultFrom: string;
}

/** The derived value, or null when the version is a beta whose first release is unknown. */
export function servedByDefaultOf(apiVersion: string, firstServed: string | null, rule: ServedByDefaultRule) {
  if (isAlpha(apiVersion)) return { value: false, why: 'an alpha version is served only when enabled' };
  if (!isBeta(apiVersion)) return { value: true, why: 'a stable version is served by default' };
  if (firstServed === null) return null;
  return parseVersion(firstServed) >= parseVersion(rule.betaOffByDefaultFrom)
    ? {
        value: false,
        why: `a beta first served in ${firstServed}, from ${rule.betaOffByDefaultFrom} on, is served only when enabled (KEP-3136)`,
      }
    : {
        value: true,
        why: `a beta first served in ${firstServed}, before ${rule.betaOffByDefaultFrom}, is served by default`,
      };
}

export function checkServedByDefault(ctx: CheckContext): void {
  const { b, index, differ, fill } = ctx;
  const rule = index.config.api;
  const indexedGroups = groupsIndexed(index);
  for (const loc of b.apiVersions) {
    const r = loc.record;
    if (!indexedGroups.has(groupOf(r.apiVersion))) continue;
    const hit = indexEntryOf(index, r.apiVersion, r.kind);
    // Registered from the first release read on, the version began no later than that release.
    const firstServed = r.introducedIn ?? (hit ? apiFacts(hit.entry, index.order).firstRegistered : null);
    const derived = servedByDefaultOf(r.apiVersion, firstServed ?? null, rule);
    if (!derived) continue;
    const name = `API version ${r.apiVersion} ${r.kind}`;
    if (r.servedByDefault === undefined) {
      r.servedByDefault = derived.value;
      fill(loc, name, 'servedByDefault', derived.value);
    } else if (r.servedByDefault !== derived.value) {
      differ(
        loc,
        name,
        'servedByDefault',
        `is ${r.servedByDefault}, but ${derived.why} (${index.config.api.betaOffByDefaultSource})`,
      );
    }
  }
}
