// Which Gateway API bundle to install on a cluster: the rule the Gateway API view recommends by, kept apart
// from any view so that another one (the manifest check) can name the same bundle for the same release.
import { compareVersions } from '../../src/kb/version';

/** Where Gateway API's pull requests are: a Gateway API CHANGELOG entry's PR numbers are of this repository. */
export const GATEWAY_API_REPOSITORY = 'kubernetes-sigs/gateway-api';

/** A bundle as gatewayApiReleases lists it: its tag and the oldest Kubernetes minor it supports, if a source says. */
export interface BundleSupport {
  version: string;
  minKubernetes: string | null;
}

/**
 * The newest bundle (the last of `bundles`, which the API lists oldest first) whose minKubernetes is known and
 * at or before `kubernetes` ("1.30"), or null when none is. A bundle no source gives a minimum for is never
 * chosen: recommending it would be a guess. Gateway API states only a lowest supported Kubernetes, so a bundle
 * that fits the release a cluster runs now also fits every later one it upgrades to. Throws
 * VersionFormatError for a `kubernetes` that is not a release.
 */
export function fittingBundle(bundles: readonly BundleSupport[], kubernetes: string): string | null {
  for (let i = bundles.length - 1; i >= 0; i--) {
    const min = bundles[i].minKubernetes;
    if (min !== null && compareVersions(min, kubernetes) <= 0) return bundles[i].version;
  }
  return null;
}
