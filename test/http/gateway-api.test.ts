// Gateway API releases over HTTP, on the run's seeded database (SQLite, or PostgreSQL with DATABASE_URL).
// Kinds and versions asserted here were read from kubernetes-sigs/gateway-api's tagged CRDs
// (config/crd/<channel>/gateway.networking.k8s.io_*.yaml: `served`, `storage` of each version); the
// curated values (dates, minKubernetes, changes) are checked for their semantics, not copied.
import { startTestServer, type TestServer } from '../support/http';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const RELEASE = `version releasedOn minKubernetes sources notes
  standard: kinds { kind group channel servedVersions storageVersion }
  experimental: kinds(channel: EXPERIMENTAL) { kind group channel servedVersions storageVersion }
  changes { id version gatewayApiRelease kind summary actionRequired prs sources sigs components authors subjects { __typename } imported }`;

const semver = (v: string) => v.slice(1).split('.').map(Number);
const before = (a: string, b: string) => {
  const [x, y] = [semver(a), semver(b)];
  return x[0] - y[0] || x[1] - y[1] || x[2] - y[2];
};
const kubeKey = (v: string) => {
  const [major, minor] = v.split('.').map(Number);
  return major * 1000 + minor;
};

describe('gatewayApiReleases', () => {
  it('lists every release of v0.5.0 to v1.6.1 once, in semver order (not by date)', async () => {
    const { gatewayApiReleases: all } = await server.data(`{ gatewayApiReleases { version releasedOn } }`);
    const versions: string[] = all.map((r: any) => r.version);
    expect(versions[0]).toBe('v0.5.0');
    expect(versions.at(-1)).toBe('v1.6.1');
    expect(versions).toEqual([...versions].sort(before));
    expect(new Set(versions).size).toBe(versions.length);
    // v1.1.1 was tagged after v1.2.0 (2024-10-31, 2024-10-03), yet comes before it.
    expect(versions.indexOf('v1.1.1')).toBe(versions.indexOf('v1.2.0') - 1);
  });

  it('answers "which bundle for 1.31?": only bundles whose minKubernetes is at or before it, unknown ones kept', async () => {
    const data = await server.data(`{
      all: gatewayApiReleases { version minKubernetes }
      for131: gatewayApiReleases(kubernetes: "1.31") { version minKubernetes }
      old: gatewayApiReleases(kubernetes: "v1.16.4") { version minKubernetes }
    }`);
    const expected = (k: string) =>
      data.all.filter((r: any) => r.minKubernetes === null || kubeKey(r.minKubernetes) <= kubeKey(k));
    expect(data.for131).toEqual(expected('1.31'));
    expect(data.old).toEqual(expected('1.16'));
    // The filter filters: some bundle needs a newer Kubernetes than 1.16, and 1.31 runs more bundles than 1.16.
    expect(data.old.length).toBeLessThan(data.all.length);
    expect(data.for131.length).toBeGreaterThan(data.old.length);
    expect(data.for131.every((r: any) => r.minKubernetes === null || /^\d+\.\d+$/.test(r.minKubernetes))).toBe(true);
  });

  it('refuses a malformed Kubernetes release with BAD_USER_INPUT', async () => {
    const res = await server.query(`{ gatewayApiReleases(kubernetes: "one.thirty") { version } }`);
    expect(res.errors?.[0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', argument: 'kubernetes' });
  });
});

describe('gatewayApiRelease', () => {
  it('gives the kinds of each channel with their served and storage versions (GRPCRoute v1alpha2 in v1.1.0)', async () => {
    const { a, b } = await server.data(`{ a: gatewayApiRelease(version: "v1.1.0") { ${RELEASE} }
      b: gatewayApiRelease(version: "1.2.0") { ${RELEASE} } }`);
    const kind = (list: any[], name: string) => list.find((k) => k.kind === name);
    // v1.1.0: standard GRPCRoute serves v1 only (v1alpha2 is listed with served: false); experimental serves both.
    expect(kind(a.standard, 'GRPCRoute')).toEqual({
      kind: 'GRPCRoute',
      group: 'gateway.networking.k8s.io',
      channel: 'STANDARD',
      servedVersions: ['v1'],
      storageVersion: 'v1',
    });
    expect(kind(a.experimental, 'GRPCRoute')).toMatchObject({
      channel: 'EXPERIMENTAL',
      servedVersions: ['v1', 'v1alpha2'],
      storageVersion: 'v1',
    });
    expect(kind(a.standard, 'HTTPRoute')).toMatchObject({ servedVersions: ['v1', 'v1beta1'], storageVersion: 'v1' });
    expect(kind(a.standard, 'Gateway')).toMatchObject({ servedVersions: ['v1', 'v1beta1'], storageVersion: 'v1' });
    // v1.2.0 ("1.2.0" finds it): v1alpha2 is gone from both channels.
    expect(b.version).toBe('v1.2.0');
    expect(kind(b.experimental, 'GRPCRoute')).toMatchObject({ servedVersions: ['v1'], storageVersion: 'v1' });
    expect(b.standard.map((k: any) => k.kind).sort()).toEqual([
      'GRPCRoute',
      'Gateway',
      'GatewayClass',
      'HTTPRoute',
      'ReferenceGrant',
    ]);
    expect(b.experimental.map((k: any) => k.kind)).toEqual(
      expect.arrayContaining(['BackendLBPolicy', 'BackendTLSPolicy', 'TCPRoute', 'TLSRoute', 'UDPRoute']),
    );
    expect(b.standard.map((k: any) => k.kind)).not.toContain('TCPRoute');
    for (const k of [...b.standard, ...b.experimental]) expect(k.servedVersions).toContain(k.storageVersion);
  });

  it('carries its CHANGELOG entries as changes with gatewayApiRelease set and no Kubernetes version', async () => {
    const { gatewayApiReleases } = await server.data(`{ gatewayApiReleases { ${RELEASE} } }`);
    const changes = gatewayApiReleases.flatMap((r: any) => r.changes.map((c: any) => ({ release: r.version, c })));
    expect(changes.length).toBeGreaterThan(0);
    for (const { release, c } of changes) {
      expect(c).toMatchObject({
        version: null,
        gatewayApiRelease: release,
        sigs: [],
        components: [],
        authors: [],
        subjects: [],
        imported: false,
      });
      expect(c.summary.length).toBeGreaterThan(10);
      expect(c.sources.length).toBeGreaterThan(0);
    }
    // Kubernetes release notes are untouched: a Kubernetes version, no Gateway API release.
    const { changes: k8s } = await server.data(`{ changes(first: 50) { nodes { version gatewayApiRelease } } }`);
    expect(k8s.nodes.length).toBe(50);
    for (const c of k8s.nodes)
      expect(c).toEqual({ version: expect.stringMatching(/^1\.\d+$/), gatewayApiRelease: null });
  });

  it('round-trips a Gateway API change through node(id)', async () => {
    const { gatewayApiReleases } = await server.data(
      `{ gatewayApiReleases { changes { id summary gatewayApiRelease } } }`,
    );
    const change = gatewayApiReleases.flatMap((r: any) => r.changes)[0];
    const { node } = await server.data(
      'query($id: ID!) { node(id: $id) { __typename id ... on Change { summary gatewayApiRelease version } } }',
      { id: change.id },
    );
    expect(node).toEqual({ __typename: 'Change', ...change, version: null });
  });

  it('refuses an unknown release with BAD_USER_INPUT and the closest tags', async () => {
    const res = await server.query(`{ gatewayApiRelease(version: "v1.2.9") { version } }`);
    expect(res.data?.gatewayApiRelease ?? null).toBeNull();
    const ext = res.errors?.[0].extensions as any;
    expect(ext).toMatchObject({ code: 'BAD_USER_INPUT', argument: 'version' });
    expect(ext.suggestions.slice(0, 2)).toEqual(['v1.2.0', 'v1.2.1']);
    expect(ext.knownReleases).toContain('v0.5.0');
    expect(res.errors?.[0].message).toMatch(/Did you mean v1\.2\.0, v1\.2\.1/);
    const bare = await server.query(`{ gatewayApiRelease(version: "2.0") { version } }`);
    expect(bare.errors?.[0].extensions?.code).toBe('BAD_USER_INPUT');
  });
});

describe('ingressNginxAnnotations', () => {
  it('lists each annotation once, converted exactly when a Gateway API construct is named or it is ignorable', async () => {
    const { ingressNginxAnnotations: all } = await server.data(
      `{ ingressNginxAnnotations { name summary gatewayApi converted reason sources } }`,
    );
    const names = all.map((a: any) => a.name);
    expect(new Set(names).size).toBe(names.length);
    expect(names).toEqual([...names].sort());
    const rewrite = all.find((a: any) => a.name === 'nginx.ingress.kubernetes.io/rewrite-target');
    expect(rewrite).toMatchObject({ converted: true, reason: null });
    expect(rewrite.gatewayApi).toMatch(/URLRewrite/);
    const snippet = all.find((a: any) => a.name === 'nginx.ingress.kubernetes.io/configuration-snippet');
    expect(snippet).toMatchObject({ converted: false, gatewayApi: null });
    expect(snippet.reason.length).toBeGreaterThan(10);
    for (const a of all) {
      if (a.converted) expect(a.reason).toBeNull();
      else expect(a.reason.length).toBeGreaterThan(10);
    }
  });

  it('serves the strategy, role, header, default and accepted range the converter reads', async () => {
    const { ingressNginxAnnotations: all } = await server.data(
      `{ ingressNginxAnnotations { name converted conversion role header defaultValue acceptedRange { min max } breaksWhenLost controllerFlag redirectCode protocols { value route backendTls reason } } }`,
    );
    const byName = new Map(all.map((a: any) => [a.name.replace('nginx.ingress.kubernetes.io/', ''), a]));
    expect(byName.get('canary-weight')).toMatchObject({ conversion: 'canary-weight', role: 'weight' });
    expect(byName.get('canary-weight-total')).toMatchObject({
      conversion: 'canary-weight',
      role: 'weight-total',
      defaultValue: '100',
    });
    expect(byName.get('x-forwarded-prefix')).toMatchObject({ role: 'set-header', header: 'X-Forwarded-Prefix' });
    expect(byName.get('configuration-snippet')).toMatchObject({ conversion: null, role: null, acceptedRange: null });
    expect(byName.get('temporal-redirect-code')).toMatchObject({
      defaultValue: '302',
      acceptedRange: { min: 300, max: 307 },
    });
    for (const a of all) expect(a.converted).toBe(a.conversion !== null);
    // Lost with another value than the controller's default, the route cannot work: BREAKING.
    expect(byName.get('backend-protocol')).toMatchObject({
      converted: true,
      conversion: 'backend-protocol',
      breaksWhenLost: true,
      defaultValue: 'HTTP',
    });
    expect(byName.get('configuration-snippet')).toMatchObject({
      breaksWhenLost: false,
      controllerFlag: null,
      redirectCode: null,
      protocols: null,
    });
    // Converted assuming the controller flag without which the controller ignores it.
    expect(byName.get('ssl-passthrough')).toMatchObject({
      converted: true,
      conversion: 'ssl-passthrough',
      controllerFlag: '--enable-ssl-passthrough',
    });
    // The status code of a redirect the controller answers of its own, which the route writes.
    expect(byName.get('app-root')).toMatchObject({ converted: true, conversion: 'app-root', redirectCode: 302 });
    // What each value of backend-protocol is converted to.
    const protocols = new Map((byName.get('backend-protocol') as any).protocols.map((p: any) => [p.value, p]));
    expect(protocols.get('GRPCS')).toEqual({ value: 'GRPCS', route: 'GRPCRoute', backendTls: true, reason: null });
    expect(protocols.get('HTTP')).toMatchObject({ route: 'HTTPRoute', backendTls: false });
    expect(protocols.get('FCGI')).toMatchObject({ route: null, reason: expect.stringContaining('FastCGI') });
  });
});
