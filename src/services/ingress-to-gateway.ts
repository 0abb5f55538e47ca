// ingressToGateway / netkb gateway: the Ingresses of a manifest as Gateway API objects, written for the latest
// Gateway API release of the knowledge base (standard channel), with the ingress-nginx annotations converted
// as the knowledge base's records say.
import {
  DEFAULT_LIMITS,
  inputProblem,
  noObjectsProblem,
  readManifest,
  refuseProblem,
  type ManifestLimits,
} from '../analysis';
import { ingressToGateway as convert, type GatewayConversionResult } from '../convert/gateway/plan';
import type { GatewayBundle } from '../convert/gateway/types';
import { badUserInput } from '../errors';
import type { KnowledgeBase } from '../kb/knowledge-base';
import type { GatewayApiKnowledge } from '../kb/model';
import { analysisKb } from './analysis-kb';
import { refusingBadManifests } from './upgrade-report';

export type IngressProvider = 'INGRESS_NGINX';
const INGRESS_PROVIDERS: readonly IngressProvider[] = ['INGRESS_NGINX'];

export interface GatewayConversionRequest {
  manifest: string;
  provider?: IngressProvider | null;
  gatewayClassName?: string | null;
  limits?: Partial<ManifestLimits>;
  /** The file the manifest was read from, when there is one. */
  fileName?: string;
}

export function ingressToGateway(kb: KnowledgeBase, request: GatewayConversionRequest): GatewayConversionResult {
  const id = request.provider ?? 'INGRESS_NGINX';
  // The enum value names the provider's record (seed/gateway-api/ingress-providers.yaml).
  const provider = kb.gatewayApi.providers.find((p) => p.id === id);
  if (!INGRESS_PROVIDERS.includes(id) || !provider)
    throw badUserInput(
      `provider: ${JSON.stringify(id)} is not known; known: ${kb.gatewayApi.providers.map((p) => p.id).join(', ') || 'none (seed the knowledge base)'}`,
      { argument: 'provider' },
    );
  const gatewayClassName = request.gatewayClassName?.trim() || null;
  if (gatewayClassName !== null && !/^[a-z0-9]([-a-z0-9.]{0,251}[a-z0-9])?$/.test(gatewayClassName))
    throw badUserInput(
      `gatewayClassName: ${JSON.stringify(gatewayClassName)} is not a Kubernetes object name (lower-case letters, digits, '-' and '.', at most 253)`,
      { argument: 'gatewayClassName' },
    );
  const bundle = latestBundle(kb.gatewayApi);
  const latest = kb.releases[kb.releases.length - 1].version;
  const all = { ...DEFAULT_LIMITS, ...request.limits };
  return refusingBadManifests(all, () => {
    refuseProblem(inputProblem(request.manifest, request.fileName));
    const result = convert(
      request.manifest,
      {
        gatewayClassName,
        provider,
        annotations: kb.gatewayApi.annotations,
        bundle,
        // From and to the latest release: an Ingress of an older API version goes all the way to v1.
        convert: { kb: analysisKb(kb), path: { from: latest, to: latest, releases: [latest] } },
        effectiveIn: latest,
      },
      all,
    );
    if (result.ingresses === 0) {
      const read = readManifest(request.manifest, all);
      refuseProblem(noObjectsProblem(read.objects.length, read.skipped));
      throw badUserInput(
        `manifest: no Ingress in it (${read.objects.length} object${read.objects.length === 1 ? '' : 's'} of other kinds): ingressToGateway converts Ingresses (networking.k8s.io/v1, networking.k8s.io/v1beta1, extensions/v1beta1)`,
        { argument: 'manifest' },
      );
    }
    return result;
  });
}

/** The latest release of the knowledge base, standard channel: the bundle the output is written for. */
export function latestBundle(gatewayApi: GatewayApiKnowledge): GatewayBundle {
  const release = gatewayApi.releases[gatewayApi.releases.length - 1];
  if (!release)
    throw badUserInput(
      'The knowledge base holds no Gateway API release: seed it (netkb seed) before converting to Gateway API.',
    );
  const kinds = release.kinds.filter((k) => k.channel === 'standard');
  const fields = new Set(
    gatewayApi.fields
      .filter((f) => f.channel === 'standard' && f.releases.includes(release.version))
      .map((f) => `${f.kind} ${f.version} ${f.path}`),
  );
  const kindOf = (kind: string) => kinds.find((k) => k.kind === kind);
  return {
    version: release.version,
    apiVersion: (kind) => {
      const k = kindOf(kind);
      return k ? `${k.group}/${k.storageVersion}` : null;
    },
    hasField: (kind, path) => {
      const k = kindOf(kind);
      return k !== undefined && fields.has(`${kind} ${k.storageVersion} ${path}`);
    },
  };
}
