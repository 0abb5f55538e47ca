// The Gateway API part of a seed (write-gateway-api.ts, read-gateway-api.ts): written with the rest of the
// seed in one transaction and read back into the knowledge base's shape (src/kb/model.ts), on SQLite or on
// PostgreSQL (DATABASE_URL). A small hand-made bundle, so that every value asserted is one written here.
import { readKnowledgeBase } from '../../src/db/read-kb';
import { writeSeed } from '../../src/db/write-seed';
import { KnowledgeBase } from '../../src/kb/knowledge-base';
import type { GatewayApiIndex } from '../../src/seed/gateway-api-index';
import type { GatewayApiSeed, Located, SeedBundle } from '../../src/seed/load';
import { emptyDatabase } from '../support/database';

const at = <T>(record: T, index = 0): Located<T> => ({ file: 'seed/gateway-api/test.yaml', index, line: 1, record });
const src = ['https://github.com/kubernetes-sigs/gateway-api/releases'];
const group = 'gateway.networking.k8s.io';

const index: GatewayApiIndex = {
  generatedBy: 'netkb import gateway-api-source',
  repository: 'https://github.com/kubernetes-sigs/gateway-api',
  releases: [
    { version: 'v1.1.0', commit: 'a'.repeat(40), date: '2024-05-09' },
    { version: 'v1.2.0', commit: 'b'.repeat(40), date: '2024-10-04' },
  ],
  kinds: [
    ...(['v1.1.0', 'v1.2.0'] as const).flatMap((release) =>
      (['standard', 'experimental'] as const).map((channel) => ({
        release,
        channel,
        group,
        kind: 'GRPCRoute',
        plural: 'grpcroutes',
        servedVersions: release === 'v1.1.0' && channel === 'experimental' ? ['v1', 'v1alpha2'] : ['v1'],
        storageVersion: 'v1',
        deprecatedVersions: release === 'v1.1.0' && channel === 'experimental' ? ['v1alpha2'] : [],
        bundleVersion: release,
      })),
    ),
    {
      release: 'v1.2.0',
      channel: 'experimental',
      group,
      kind: 'BackendLBPolicy',
      plural: 'backendlbpolicies',
      servedVersions: ['v1alpha2'],
      storageVersion: 'v1alpha2',
      deprecatedVersions: [],
      bundleVersion: null,
    },
  ],
  fields: [
    {
      group,
      kind: 'HTTPRoute',
      version: 'v1',
      channel: 'standard',
      path: 'spec.rules[].timeouts.request',
      releases: ['v1.1.0', 'v1.2.0'],
    },
    {
      group,
      kind: 'HTTPRoute',
      version: 'v1',
      channel: 'standard',
      path: 'spec.rules[].filters[].requestRedirect.statusCode',
      releases: ['v1.1.0', 'v1.2.0'],
    },
  ],
  // Two releases whose redirect statusCode enums differ: the allowed values are kept per release.
  schemas: {
    '0000000000000011': redirectSchema([301, 302]),
    '0000000000000012': redirectSchema([301, 302, 308]),
  },
  schemaIndex: [
    { release: 'v1.1.0', channel: 'standard', group, kind: 'HTTPRoute', version: 'v1', schema: '0000000000000011' },
    { release: 'v1.2.0', channel: 'standard', group, kind: 'HTTPRoute', version: 'v1', schema: '0000000000000012' },
  ],
};

function redirectSchema(codes: number[]) {
  const object = (properties: Record<string, unknown>) => ({ type: 'object', properties });
  return object({
    spec: object({
      rules: {
        type: 'array',
        items: object({
          filters: {
            type: 'array',
            items: object({ requestRedirect: object({ statusCode: { type: 'integer', enum: codes } }) }),
          },
        }),
      },
    }),
  });
}

function bundleWith(gatewayApi: GatewayApiSeed): SeedBundle {
  return {
    hash: 'test-gateway-api',
    releases: [],
    components: [],
    kinds: [],
    constraints: [],
    featureGates: [],
    flags: [],
    apiVersions: [],
    apiFields: [],
    wellKnownKeys: [],
    generatedKeys: [],
    generatedFlags: [],
    generatedApiFields: [],
    fileFieldPaths: [],
    addOnApis: null,
    gateKeys: [],
    apiGroupDomains: [],
    sigOwners: [],
    toolGates: [],
    reservedKeyDomains: [],
    metrics: [],
    generatedGates: [],
    changes: [],
    crossCheck: null,
    gatewayApi,
  };
}

const gatewayApi: GatewayApiSeed = {
  // Out of order on purpose: positions follow semver, not the file.
  releases: [
    at({ version: 'v1.2.0', releasedOn: '2024-10-04', minKubernetes: '1.26', sources: src, notes: 'CEL rules' }, 0),
    at({ version: 'v1.1.0', releasedOn: null, minKubernetes: null, sources: src }, 1),
  ],
  changes: [
    at({
      release: 'v1.2.0',
      id: 'grpcroute-v1alpha2-removed',
      kind: 'REMOVAL',
      actionRequired: true,
      summary: 'GRPCRoute v1alpha2 is no longer served by the experimental bundle.',
      prs: [3360],
      sources: src,
    }),
    at({
      release: 'v1.2.0',
      id: 'second-entry',
      kind: 'FEATURE',
      actionRequired: false,
      summary: 'A second entry, to check the order of a release.',
      prs: [],
      sources: src,
    }),
  ],
  annotations: [
    at({
      name: 'nginx.ingress.kubernetes.io/rewrite-target',
      summary: 'Rewrites the request path before it reaches the backend.',
      gatewayApi: 'HTTPRoute URLRewrite filter (spec.rules[].filters[].urlRewrite)',
      conversion: 'rewrite-target',
      reason: null,
      sources: src,
    }),
    at({
      name: 'nginx.ingress.kubernetes.io/configuration-snippet',
      summary: 'Adds raw NGINX configuration to the location block.',
      gatewayApi: null,
      conversion: null,
      reason: 'Gateway API has no way to pass proxy-specific configuration text.',
      sources: src,
    }),
    at({
      name: 'nginx.ingress.kubernetes.io/x-forwarded-prefix',
      summary: 'Adds a header with the given value to the request sent to the backend.',
      gatewayApi: 'HTTPRoute RequestHeaderModifier filter (spec.rules[].filters[].requestHeaderModifier.set)',
      conversion: 'upstream-headers',
      reason: null,
      role: 'set-header',
      header: 'X-Forwarded-Prefix',
      sources: src,
    }),
    at({
      name: 'nginx.ingress.kubernetes.io/canary-weight-total',
      summary: 'Sets the total the canary weight is counted against.',
      gatewayApi: 'The weights of the backendRefs (spec.rules[].backendRefs[].weight)',
      conversion: 'canary-weight',
      reason: null,
      role: 'weight-total',
      defaultValue: '100',
      sources: src,
    }),
  ],
  providers: [
    at({
      id: 'INGRESS_NGINX',
      name: 'ingress-nginx',
      annotationPrefix: 'nginx.ingress.kubernetes.io/',
      classAnnotation: 'kubernetes.io/ingress.class',
      regexPathsAnnotation: 'nginx.ingress.kubernetes.io/use-regex',
      httpsRedirectCode: 308,
      trailingSlashRedirectCode: 301,
      sources: src,
    }),
    at({
      id: 'OTHER',
      name: 'other',
      annotationPrefix: 'other.example.com/',
      classAnnotation: 'kubernetes.io/ingress.class',
      regexPathsAnnotation: null,
      httpsRedirectCode: null,
      trailingSlashRedirectCode: null,
      sources: src,
    }),
  ],
  index,
  implementations: [
    {
      located: at({
        id: 'envoy-gateway',
        name: 'Envoy Gateway',
        index: 'envoy-gateway.json',
        targetRefs: 'spec.targetRefs',
        capabilities: [
          {
            annotation: 'nginx.ingress.kubernetes.io/denylist-source-range',
            strategy: 'client-cidrs-deny' as const,
            policy: 'SecurityPolicy',
            field: 'spec.authorization.rules[].principal.clientCIDRs',
            also: ['spec.authorization.defaultAction'],
            values: [],
            secretKey: null,
            sourceKey: null,
            since: 'v1.1.0',
            caveat: null,
            sources: src,
          },
        ],
        sources: src,
      }),
      index: {
        generatedBy: 'netkb import envoy-gateway-source' as const,
        repository: 'https://github.com/envoyproxy/gateway',
        releases: [{ version: 'v1.1.0', commit: 'a'.repeat(40), date: '2024-07-22' }],
        kinds: [
          {
            release: 'v1.1.0',
            group: 'gateway.envoyproxy.io',
            kind: 'SecurityPolicy',
            plural: 'securitypolicies',
            servedVersions: ['v1alpha1'],
            storageVersion: 'v1alpha1',
          },
        ],
        fields: [],
        schemas: {},
        schemaIndex: [],
      },
    },
  ],
};

let location: string;
let kb: KnowledgeBase;
beforeAll(async () => {
  location = await emptyDatabase();
  await writeSeed(bundleWith(gatewayApi), location);
  kb = new KnowledgeBase(await readKnowledgeBase(location));
});

describe('the Gateway API part of the knowledge base', () => {
  it('holds each implementation with its imported releases, policy apiVersions and capabilities', () => {
    expect(kb.gatewayApi.implementations).toEqual([
      {
        id: 'envoy-gateway',
        name: 'Envoy Gateway',
        repository: 'https://github.com/envoyproxy/gateway',
        releases: ['v1.1.0'],
        policies: [{ kind: 'SecurityPolicy', apiVersion: 'gateway.envoyproxy.io/v1alpha1' }],
        targetRefs: 'spec.targetRefs',
        capabilities: [expect.objectContaining({ strategy: 'client-cidrs-deny', since: 'v1.1.0', caveat: null })],
        sources: src,
      },
    ]);
  });

  it('holds the releases in semver order with their positions and curated facts', () => {
    expect(kb.gatewayApi.releases.map((r) => [r.version, r.position, r.releasedOn, r.minKubernetes])).toEqual([
      ['v1.1.0', 0, null, null],
      ['v1.2.0', 1, '2024-10-04', 1026],
    ]);
    expect(kb.gatewayApi.releases[1]).toMatchObject({
      typename: 'GatewayApiRelease',
      notes: 'CEL rules',
      sources: src,
    });
  });

  it('gives each release its kinds of both channels, standard first, as the index has them', () => {
    const v110 = kb.gatewayApiRelease('v1.1.0')!;
    expect(v110.kinds.map((k) => [k.channel, k.kind, k.servedVersions, k.deprecatedVersions])).toEqual([
      ['standard', 'GRPCRoute', ['v1'], []],
      ['experimental', 'GRPCRoute', ['v1', 'v1alpha2'], ['v1alpha2']],
    ]);
    const v120 = kb.gatewayApiRelease('v1.2.0')!;
    expect(v120.kinds.filter((k) => k.channel === 'experimental').map((k) => k.kind)).toEqual([
      'BackendLBPolicy',
      'GRPCRoute',
    ]);
    expect(v120.kinds[0]).toEqual({
      release: 'v1.2.0',
      channel: 'standard',
      group,
      kind: 'GRPCRoute',
      plural: 'grpcroutes',
      servedVersions: ['v1'],
      storageVersion: 'v1',
      deprecatedVersions: [],
      bundleVersion: 'v1.2.0',
    });
  });

  it('finds a release with or without the v, and nothing for an unknown one', () => {
    expect(kb.gatewayApiRelease('1.2.0')).toBe(kb.gatewayApiRelease('v1.2.0'));
    expect(kb.gatewayApiRelease(' v1.1.0 ')?.version).toBe('v1.1.0');
    expect(kb.gatewayApiRelease('v1.3.0')).toBeUndefined();
  });

  it('keeps the changes in their release, in file order, as nodes of type Change', () => {
    const changes = kb.gatewayApiRelease('v1.2.0')!.changes;
    expect(changes).toEqual([
      {
        typename: 'Change',
        key: 'gateway-api@v1.2.0#grpcroute-v1alpha2-removed',
        gatewayApiRelease: 'v1.2.0',
        position: 0,
        kind: 'REMOVAL',
        summary: 'GRPCRoute v1alpha2 is no longer served by the experimental bundle.',
        actionRequired: true,
        prs: [3360],
        sources: src,
      },
      expect.objectContaining({ key: 'gateway-api@v1.2.0#second-entry', position: 1 }),
    ]);
    expect(kb.gatewayApiRelease('v1.1.0')!.changes).toEqual([]);
    expect(kb.node('Change', 'gateway-api@v1.2.0#grpcroute-v1alpha2-removed')).toBe(changes[0]);
    // Kubernetes change lookups stay Kubernetes-only.
    expect(kb.change('gateway-api@v1.2.0#grpcroute-v1alpha2-removed')).toBeUndefined();
  });

  it('holds the fields and the annotations, with their roles, headers and defaults', () => {
    expect(kb.gatewayApi.fields).toEqual([
      {
        ...index.fields[1],
        allowedValues: [
          { releases: ['v1.1.0'], values: [301, 302], pattern: null },
          { releases: ['v1.2.0'], values: [301, 302, 308], pattern: null },
        ],
      },
      { ...index.fields[0], allowedValues: [] },
    ]);
    expect(
      kb.gatewayApi.annotations.map((a) => [a.name, a.conversion, a.reason !== null, a.role, a.header, a.defaultValue]),
    ).toEqual([
      ['nginx.ingress.kubernetes.io/canary-weight-total', 'canary-weight', false, 'weight-total', null, '100'],
      ['nginx.ingress.kubernetes.io/configuration-snippet', null, true, null, null, null],
      ['nginx.ingress.kubernetes.io/rewrite-target', 'rewrite-target', false, null, null, null],
      [
        'nginx.ingress.kubernetes.io/x-forwarded-prefix',
        'upstream-headers',
        false,
        'set-header',
        'X-Forwarded-Prefix',
        null,
      ],
    ]);
  });

  it('holds the Ingress providers by id, a controller without a regex annotation as null', () => {
    expect(kb.gatewayApi.providers).toEqual([
      {
        id: 'INGRESS_NGINX',
        name: 'ingress-nginx',
        annotationPrefix: 'nginx.ingress.kubernetes.io/',
        classAnnotation: 'kubernetes.io/ingress.class',
        regexPathsAnnotation: 'nginx.ingress.kubernetes.io/use-regex',
        httpsRedirectCode: 308,
        trailingSlashRedirectCode: 301,
        sources: src,
      },
      expect.objectContaining({
        id: 'OTHER',
        regexPathsAnnotation: null,
        httpsRedirectCode: null,
        trailingSlashRedirectCode: null,
      }),
    ]);
  });

  it('is written whole or not at all: a seed failing in its Gateway API part leaves the old one', async () => {
    const duplicate = gatewayApi.annotations[0];
    const broken = {
      ...bundleWith({
        ...gatewayApi,
        releases: [gatewayApi.releases[0]],
        changes: [],
        annotations: [duplicate, { ...duplicate, index: 1 }],
      }),
      hash: 'broken',
    };
    await expect(writeSeed(broken, location)).rejects.toThrow();
    const after = await readKnowledgeBase(location);
    expect(after.seedHash).toBe('test-gateway-api');
    expect(after.gatewayApi.releases.map((r) => r.version)).toEqual(['v1.1.0', 'v1.2.0']);
    expect(after.gatewayApi.annotations).toHaveLength(4);
    expect(after.gatewayApi.providers).toHaveLength(2);
  });

  it('is empty, not missing, for a seed without Gateway API records', async () => {
    const empty = await emptyDatabase();
    await writeSeed(
      bundleWith({ releases: [], changes: [], annotations: [], providers: [], index: null, implementations: [] }),
      empty,
    );
    expect((await readKnowledgeBase(empty)).gatewayApi).toEqual({
      releases: [],
      fields: [],
      schemaNodes: [],
      annotations: [],
      providers: [],
      implementations: [],
    });
  });
});
