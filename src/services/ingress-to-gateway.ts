// ingressToGateway / netkb gateway: the Ingresses of a manifest as Gateway API objects, written for the
// Gateway API release and channel asked for (default: the latest release of the knowledge base, standard
// channel), with the ingress-nginx annotations converted as the knowledge base's records say.
import {
  DEFAULT_LIMITS,
  inputProblem,
  noObjectsProblem,
  readManifest,
  refuseProblem,
  type ManifestLimits,
} from '../analysis';
import { ingressToGateway as convert, type GatewayConversionResult } from '../convert/gateway/plan';
import type { GatewayBundle, ImplementationTarget, Scalar, SchemaNodeChecks } from '../convert/gateway/types';
import { badUserInput } from '../errors';
import type { KnowledgeBase } from '../kb/knowledge-base';
import { accepts } from '../kb/gateway-api-values';
import type { GatewayApiAllowedValues, GatewayApiChannel, GatewayApiKnowledge, GatewayApiRelease } from '../kb/model';
import { analysisKb } from './analysis-kb';
import { channelOf, findGatewayApiRelease } from './gateway-api';
import { closeNames } from './suggest';
import { refusingBadManifests } from './upgrade-report';

export type IngressProvider = 'INGRESS_NGINX';
const INGRESS_PROVIDERS: readonly IngressProvider[] = ['INGRESS_NGINX'];

export interface GatewayConversionRequest {
  manifest: string;
  provider?: IngressProvider | null;
  gatewayClassName?: string | null;
  /** Only the Ingresses of this class; default: all. */
  ingressClass?: string | null;
  /** The Gateway API release to write for ("v1.2.0" or "1.2.0"); default: the latest of the knowledge base. */
  gatewayApi?: string | null;
  gatewayApiChannel?: 'STANDARD' | 'EXPERIMENTAL' | null;
  /** The implementation whose own policies carry what Gateway API cannot (e.g. envoy-gateway); default: none. */
  implementation?: string | null;
  /** Its release ("v1.5.0" or "1.5.0"); default: the newest the knowledge base imported. */
  implementationVersion?: string | null;
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
  const ingressClass = request.ingressClass?.trim() || null;
  const release =
    request.gatewayApi === undefined || request.gatewayApi === null
      ? null
      : findGatewayApiRelease(kb, request.gatewayApi, 'gatewayApi');
  const bundle = gatewayBundle(kb.gatewayApi, release, channelOf(request.gatewayApiChannel));
  const implementation = implementationTarget(kb.gatewayApi, request.implementation, request.implementationVersion);
  const latest = kb.releases[kb.releases.length - 1].version;
  const all = { ...DEFAULT_LIMITS, ...request.limits };
  return refusingBadManifests(all, () => {
    refuseProblem(inputProblem(request.manifest, request.fileName));
    const result = convert(
      request.manifest,
      {
        gatewayClassName,
        ingressClass,
        provider,
        annotations: kb.gatewayApi.annotations,
        bundle,
        // From and to the latest release: an Ingress of an older API version goes all the way to v1.
        convert: { kb: analysisKb(kb), path: { from: latest, to: latest, releases: [latest] } },
        effectiveIn: latest,
        implementation,
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
    if (ingressClass !== null && !result.classes.includes(ingressClass)) {
      const suggestions = closeNames(ingressClass, result.classes);
      throw badUserInput(
        `ingressClass: no Ingress of the manifest has the class ${JSON.stringify(ingressClass)}.${suggestions.length > 0 ? ` Did you mean ${suggestions.join(', ')}?` : ''} Its classes: ${result.classes.join(', ') || 'none (no Ingress names a class)'}`,
        { argument: 'ingressClass', suggestions, knownClasses: result.classes },
      );
    }
    return result;
  });
}

/** The implementation and release asked for, or null; an unknown one is BAD_USER_INPUT naming the known ones. */
function implementationTarget(
  gatewayApi: GatewayApiKnowledge,
  id: string | null | undefined,
  version: string | null | undefined,
): ImplementationTarget | null {
  const wanted = id?.trim() || null;
  const tag = version?.trim() || null;
  if (wanted === null) {
    if (tag !== null)
      throw badUserInput('implementationVersion: name the implementation it is a release of (implementation)', {
        argument: 'implementationVersion',
      });
    return null;
  }
  const known = gatewayApi.implementations.map((i) => i.id);
  const record = gatewayApi.implementations.find((i) => i.id === wanted);
  if (!record)
    throw badUserInput(
      `implementation: ${JSON.stringify(wanted)} is not known; known: ${known.join(', ') || 'none (seed the knowledge base)'}`,
      { argument: 'implementation', knownImplementations: known },
    );
  const release = tag === null ? record.releases[record.releases.length - 1] : tag.startsWith('v') ? tag : `v${tag}`;
  if (!record.releases.includes(release))
    throw badUserInput(
      `implementationVersion: ${record.name} ${JSON.stringify(tag)} is not a release the knowledge base imported; known: ${record.releases.join(', ')}`,
      { argument: 'implementationVersion', knownReleases: record.releases },
    );
  return { record, release };
}

/**
 * The bundle the output is written for: the release with this tag (or the latest of the knowledge base) in
 * one channel. The kinds and field paths come from the release's CRDs; firstWith looks through every release
 * for the oldest that has what this one lacks.
 */
export function gatewayBundle(
  gatewayApi: GatewayApiKnowledge,
  release: GatewayApiRelease | null,
  channel: GatewayApiChannel = 'standard',
): GatewayBundle {
  const chosen = release ?? gatewayApi.releases[gatewayApi.releases.length - 1];
  if (!chosen)
    throw badUserInput(
      'The knowledge base holds no Gateway API release: seed it (netkb seed) before converting to Gateway API.',
    );
  const kindIn = (r: GatewayApiRelease, ch: GatewayApiChannel, kind: string) =>
    r.kinds.find((k) => k.channel === ch && k.kind === kind);
  const fields = fieldIndex(gatewayApi);
  const has = (r: GatewayApiRelease, ch: GatewayApiChannel, kind: string, path?: string, value?: Scalar) => {
    const k = kindIn(r, ch, kind);
    if (!k) return false;
    if (path === undefined) return true;
    const key = `${r.version} ${ch} ${kind} ${k.storageVersion} ${path}`;
    if (!fields.paths.has(key)) return false;
    const allowed = fields.values.get(key);
    return value === undefined || allowed === undefined || accepts(allowed, value);
  };
  return {
    version: chosen.version,
    channel,
    apiVersion: (kind) => {
      const k = kindIn(chosen, channel, kind);
      return k ? `${k.group}/${k.storageVersion}` : null;
    },
    hasField: (kind, path, value) => has(chosen, channel, kind, path, value),
    schemaNodes: (kind) => {
      const k = kindIn(chosen, channel, kind);
      return k
        ? (schemaNodeIndex(gatewayApi).get(`${chosen.version} ${channel} ${kind} ${k.storageVersion}`) ?? [])
        : [];
    },
    firstWith: (kind, path, value) => {
      for (const ch of channel === 'standard' ? (['standard', 'experimental'] as const) : (['experimental'] as const)) {
        const first = gatewayApi.releases.find((r) => has(r, ch, kind, path, value));
        if (first) return { version: first.version, channel: ch };
      }
      return null;
    },
  };
}

/** "release channel kind version" -> the kind's schema nodes in that release: built once per knowledge base. */
const schemaNodeIndexes = new WeakMap<GatewayApiKnowledge, Map<string, SchemaNodeChecks[]>>();
function schemaNodeIndex(gatewayApi: GatewayApiKnowledge): Map<string, SchemaNodeChecks[]> {
  let index = schemaNodeIndexes.get(gatewayApi);
  if (!index) {
    index = new Map();
    for (const n of gatewayApi.schemaNodes)
      for (const r of n.releases) {
        const key = `${r} ${n.channel} ${n.kind} ${n.version}`;
        index.set(key, [...(index.get(key) ?? []), n]);
      }
    schemaNodeIndexes.set(gatewayApi, index);
  }
  return index;
}

/**
 * "release channel kind version path" for every field of every release, and for a field with an enum the
 * values it allows in that release: built once per knowledge base.
 */
interface FieldIndex {
  paths: Set<string>;
  values: Map<string, GatewayApiAllowedValues>;
}
const fieldIndexes = new WeakMap<GatewayApiKnowledge, FieldIndex>();
function fieldIndex(gatewayApi: GatewayApiKnowledge): FieldIndex {
  let index = fieldIndexes.get(gatewayApi);
  if (!index) {
    index = { paths: new Set(), values: new Map() };
    for (const f of gatewayApi.fields) {
      const key = (r: string) => `${r} ${f.channel} ${f.kind} ${f.version} ${f.path}`;
      for (const r of f.releases) index.paths.add(key(r));
      for (const a of f.allowedValues) for (const r of a.releases) index.values.set(key(r), a);
    }
    fieldIndexes.set(gatewayApi, index);
  }
  return index;
}
