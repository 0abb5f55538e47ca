// Gateway API releases and ingress-nginx annotations: lookups over the knowledge base's gatewayApi part.
import { badUserInput } from '../errors';
import type { KnowledgeBase } from '../kb/knowledge-base';
import type {
  GatewayApiChannel,
  GatewayApiKind,
  GatewayApiRelease,
  GatewayApiChange,
  IngressNginxAnnotation,
  Change as KubernetesChange,
} from '../kb/model';
import { parseVersion, VersionFormatError } from '../kb/version';
import { closeNames } from './suggest';

/**
 * Every release, oldest first; with `kubernetes`, those whose bundle supports it: minKubernetes at or before
 * it, or unknown (kept: minKubernetes null tells the caller no source says). The Kubernetes release need not
 * be in the knowledge base ("which bundle for 1.40?" has an answer), only well formed.
 */
export function listGatewayApiReleases(kb: KnowledgeBase, kubernetes?: string | null): GatewayApiRelease[] {
  const releases = kb.gatewayApi.releases;
  if (kubernetes === undefined || kubernetes === null) return releases;
  let key: number;
  try {
    key = parseVersion(kubernetes);
  } catch (err) {
    if (err instanceof VersionFormatError) throw badUserInput(`kubernetes: ${err.message}`, { argument: 'kubernetes' });
    throw err;
  }
  return releases.filter((r) => r.minKubernetes === null || r.minKubernetes <= key);
}

/** The release with this tag ("v1.2.0" or "1.2.0"); an unknown one is refused with the closest tags. */
export function findGatewayApiRelease(kb: KnowledgeBase, version: string, argument = 'version'): GatewayApiRelease {
  const found = kb.gatewayApiRelease(version);
  if (found) return found;
  const known = kb.gatewayApi.releases.map((r) => r.version);
  const typed = version.trim();
  const suggestions = closeNames(/^v/i.test(typed) ? typed : `v${typed}`, known);
  const hint = suggestions.length > 0 ? ` Did you mean ${suggestions.join(', ')}?` : '';
  throw badUserInput(
    `${argument}: Gateway API release ${JSON.stringify(typed)} is not in the knowledge base.${hint} Known releases: ${
      known.join(', ') || 'none'
    }`,
    { argument, suggestions, knownReleases: known },
  );
}

/** The release's CRD kinds in one channel, by group then kind. */
export function gatewayApiKinds(release: GatewayApiRelease, channel: GatewayApiChannel): GatewayApiKind[] {
  return release.kinds
    .filter((k) => k.channel === channel)
    .sort((a, b) => a.group.localeCompare(b.group) || a.kind.localeCompare(b.kind));
}

/** The GraphQL enum value (STANDARD) as the knowledge base writes it (standard). */
export function channelOf(value: 'STANDARD' | 'EXPERIMENTAL' | null | undefined): GatewayApiChannel {
  return value === 'EXPERIMENTAL' ? 'experimental' : 'standard';
}

export function listIngressNginxAnnotations(kb: KnowledgeBase): IngressNginxAnnotation[] {
  return kb.gatewayApi.annotations;
}

/** Narrows a Change to a Kubernetes release-note entry (a Gateway API CHANGELOG entry has gatewayApiRelease). */
export function isKubernetesChange(c: KubernetesChange | GatewayApiChange): c is KubernetesChange {
  return !('gatewayApiRelease' in c);
}
