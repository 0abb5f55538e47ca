import { startTestServer, type TestServer } from '../support/http';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe('feature gates', () => {
  it('filters by SIG, component and the release they exist in', async () => {
    const data = await server.data(`{
      network: featureGates(sig: "Network") { name sigs }
      sigNetwork: featureGates(sig: "sig-network") { name }
      proxy: featureGates(component: "kube-proxy") { name components }
      in15: featureGates(stageIn: "1.15") { name }
      in20: featureGates(stageIn: "1.20") { name }
    }`);
    expect(data.network.length).toBeGreaterThan(3);
    expect(data.network.every((g: any) => g.sigs.includes('Network'))).toBe(true);
    expect(data.sigNetwork.map((g: any) => g.name)).toEqual(data.network.map((g: any) => g.name));
    expect(data.proxy.every((g: any) => g.components.includes('kube-proxy'))).toBe(true);
    expect(data.proxy.map((g: any) => g.name)).toContain('IPv6DualStack');
    const in15 = data.in15.map((g: any) => g.name);
    const in20 = data.in20.map((g: any) => g.name);
    expect(in15).toEqual(
      expect.arrayContaining(['ServiceLoadBalancerFinalizer', 'SupportIPVSProxyMode', 'SCTPSupport']),
    );
    expect(in15).not.toContain('SetHostnameAsFQDN');
    expect(in20).toEqual(expect.arrayContaining(['SetHostnameAsFQDN', 'EndpointSliceTerminatingCondition']));
    expect(in20).not.toContain('ServiceLoadBalancerFinalizer');
  });

  it('finds a gate whatever its case, and answers null with NOT_FOUND for an unknown one', async () => {
    const res = await server.query(
      '{ a: featureGate(name: "ipv6dualstack") { name kep sources } b: featureGate(name: "NoSuchGate") { name } }',
    );
    expect(res.data.a).toMatchObject({ name: 'IPv6DualStack', kep: 'KEP-563' });
    expect(res.data.a.sources.every((s: string) => /^https:\/\//.test(s))).toBe(true);
    expect(res.data.b).toBeNull();
    expect(res.errors?.map((e) => [e.path, e.extensions?.code])).toEqual([[['b'], 'NOT_FOUND']]);
  });
});

describe('flags', () => {
  it('accepts a flag name with or without dashes', async () => {
    const res =
      await server.query(`{ a: flag(component: "kube-proxy", name: "conntrack-max") { name } b: flag(component: "kube-proxy", name: "--conntrack-max") { name }
      c: flag(component: "kube-proxy", name: "--no-such-flag") { name } }`);
    expect(res.data.a).toEqual({ name: '--conntrack-max' });
    expect(res.data.b).toEqual({ name: '--conntrack-max' });
    expect(res.data.c).toBeNull();
    expect(res.errors?.map((e) => [e.path, e.extensions?.code])).toEqual([[['c'], 'NOT_FOUND']]);
  });

  it('lists flags of one component, with the life of enumerated values', async () => {
    const { flags } = await server.data(
      '{ flags(component: "kube-proxy") { component name values { value removedIn replacement } } }',
    );
    expect(flags.every((f: any) => f.component === 'kube-proxy')).toBe(true);
    const mode = flags.find((f: any) => f.name === '--proxy-mode');
    expect(mode.values).toContainEqual({ value: 'userspace', removedIn: '1.26', replacement: 'iptables' });
  });

  it('names the other values that replace a removed one, and the fix offers each', async () => {
    const { flag } = await server.data(
      '{ flag(component: "kubelet", name: "--container-runtime-endpoint") { values { value replacement alternatives } } }',
    );
    expect(flag.values).toContainEqual({
      value: 'unix:///var/run/dockershim.sock',
      replacement: 'unix:///var/run/containerd/containerd.sock',
      alternatives: ['unix:///var/run/cri-dockerd.sock'],
    });
    const manifest = [
      'apiVersion: kubeadm.k8s.io/v1beta3',
      'kind: InitConfiguration',
      'nodeRegistration:',
      '  criSocket: unix:///var/run/dockershim.sock',
    ].join('\n');
    const { upgradeReport } = await server.data(
      'query($m: String!) { upgradeReport(from: "1.23", to: "1.24", manifest: $m) { findings { messageId replacement fix } } }',
      { m: manifest },
    );
    const removed = upgradeReport.findings.find((f: any) => f.messageId === 'configValueRemoved');
    // Scripts read the record's first replacement; the fix names cri-dockerd's socket too (a node keeping Docker Engine).
    expect(removed.replacement).toBe('nodeRegistration.criSocket: unix:///var/run/containerd/containerd.sock');
    expect(removed.fix).toContain(
      'unix:///var/run/containerd/containerd.sock or nodeRegistration.criSocket: unix:///var/run/cri-dockerd.sock',
    );
  });

  it("serves a generated flag's successor as the notes name it, apart from the replacements it cannot date", async () => {
    const { flag } = await server.data(
      '{ flag(component: "kube-controller-manager", name: "--experimental-cluster-signing-duration") { generated removedIn replacements successor summary } }',
    );
    expect(flag).toMatchObject({
      generated: true,
      removedIn: '1.25',
      replacements: [],
      successor: '--cluster-signing-duration',
    });
    expect(flag.summary).toContain('which name --cluster-signing-duration as its successor');
    const { flags } = await server.data('{ flags(component: "kube-proxy") { successor } }');
    expect(flags.every((f: any) => f.successor === null)).toBe(true);
  });
});

describe('API versions and fields', () => {
  it('filters API versions by group, kind and removal release', async () => {
    const data = await server.data(`{
      removed16: apiVersions(removedIn: "1.16") { apiVersion kind removedIn }
      ingress: apiVersions(kind: "Ingress") { apiVersion }
      core: apiVersions(group: "core") { group }
      apps: apiVersions(group: "apps") { group }
    }`);
    expect(data.removed16.length).toBeGreaterThan(5);
    expect(data.removed16.every((a: any) => a.removedIn === '1.16')).toBe(true);
    expect(data.removed16.map((a: any) => `${a.apiVersion} ${a.kind}`)).toEqual(
      expect.arrayContaining([
        'extensions/v1beta1 Deployment',
        'apps/v1beta1 Deployment',
        'apps/v1beta2 DaemonSet',
        'extensions/v1beta1 NetworkPolicy',
      ]),
    );
    expect(data.ingress.map((a: any) => a.apiVersion)).toEqual(
      expect.arrayContaining(['extensions/v1beta1', 'networking.k8s.io/v1beta1', 'networking.k8s.io/v1']),
    );
    expect(data.core.every((a: any) => a.group === '')).toBe(true);
    expect(data.apps.length).toBeGreaterThan(3);
  });

  it('names the replacement and the release it is served from', async () => {
    const { apiVersion } = await server.data(
      '{ apiVersion(apiVersion: "networking.k8s.io/v1beta1", kind: "Ingress") { removedIn replacement { apiVersion } replacementAvailableIn migrationNotes } }',
    );
    expect(apiVersion).toMatchObject({
      removedIn: '1.22',
      replacement: { apiVersion: 'networking.k8s.io/v1' },
      replacementAvailableIn: '1.19',
    });
    expect(apiVersion.migrationNotes).toMatch(/pathType/);
  });

  it('lists fields of a kind with the gate that guards them', async () => {
    const { apiFields } = await server.data('{ apiFields(kind: "service") { kind path featureGate { name } } }');
    expect(apiFields.every((f: any) => f.kind === 'Service')).toBe(true);
    expect(apiFields).toContainEqual({
      kind: 'Service',
      path: 'spec.ipFamilyPolicy',
      featureGate: { name: 'IPv6DualStack' },
    });
  });

  it("gives a configuration file's field the values that stop being accepted, per file version", async () => {
    const { apiFields } = await server.data(
      '{ apiFields(kind: "KubeSchedulerConfiguration") { path values { value apiVersions deprecatedIn removedIn replacement } } }',
    );
    const plugins = apiFields.find((f: any) => f.path === 'profiles[].plugins.*.enabled[].name');
    expect(plugins.values.filter((v: any) => v.value === 'SelectorSpread')).toEqual([
      {
        value: 'SelectorSpread',
        apiVersions: ['kubescheduler.config.k8s.io/v1'],
        deprecatedIn: null,
        removedIn: '1.25',
        replacement: 'PodTopologySpread',
      },
      {
        value: 'SelectorSpread',
        apiVersions: [],
        deprecatedIn: null,
        removedIn: '1.29',
        replacement: 'PodTopologySpread',
      },
    ]);
    // A pluginConfig entry's name takes the enabled plugins' values (valuesFrom), dates and all.
    const configured = apiFields.find((f: any) => f.path === 'profiles[].pluginConfig[].name');
    expect(configured.values).toEqual(plugins.values);
    // A field without such values answers an empty list, not null.
    const others = apiFields.filter((f: any) => f !== plugins && f !== configured);
    expect(others.length).toBeGreaterThan(5);
    expect(others.every((f: any) => Array.isArray(f.values) && f.values.length === 0)).toBe(true);
  });

  it("says which flags' keys name API versions, and the class keys besides them", async () => {
    const { runtimeConfig, admission } = await server.data(
      `{ runtimeConfig: flag(component: "kube-apiserver", name: "--runtime-config") { apiVersionKeys }
         admission: flag(component: "kube-apiserver", name: "--enable-admission-plugins") { apiVersionKeys } }`,
    );
    expect(runtimeConfig.apiVersionKeys).toEqual(expect.arrayContaining(['api/all', 'api/beta', 'api/legacy']));
    expect(admission.apiVersionKeys).toBeNull();
  });
});
