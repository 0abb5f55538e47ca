// Every item of the 1.20 SIG-Network reference digest, asked for through /graphql.
import { startTestServer, type TestServer } from '../support/http';
import { CHANGE_BY_PR, changeByPr, subjectNames } from '../support/queries';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

async function change(pr: number) {
  const c = await changeByPr(server, pr, '1.20');
  return c;
}

const GATE = `query($n: String!) { featureGate(name: $n) { name removedIn lifecycle { stage defaultEnabled lockedToDefault since until }
  in19: stateIn(version: "1.19") { exists stage defaultEnabled } in20: stateIn(version: "1.20") { exists stage defaultEnabled lockedToDefault }
  fields { kind path } changes { version prs } } }`;
const FIELDS = `query($k: String) { apiFields(kind: $k) { kind path apiVersions introducedIn deprecatedIn removedIn replacement summary featureGate { name } changes { prs } } }`;

async function fields(kind: string): Promise<Record<string, any>> {
  const data = await server.data(FIELDS, { k: kind });
  return Object.fromEntries(data.apiFields.map((f: any) => [f.path, f]));
}

describe('1.20 digest', () => {
  it('dual-stack Services reimplemented: ipFamily replaced by ipFamilyPolicy, ipFamilies, clusterIPs; action required; gate IPv6DualStack (#91824)', async () => {
    const c = await change(91824);
    expect(c.actionRequired).toBe(true);
    expect(c.kind).toBe('URGENT_UPGRADE_NOTE');
    expect(c.summary).toMatch(/SingleStack/);
    expect(c.summary).toMatch(/PreferDualStack/);
    expect(c.summary).toMatch(/RequireDualStack/);
    expect(subjectNames(c)).toEqual(
      expect.arrayContaining([
        'FeatureGate IPv6DualStack',
        'ApiField Service spec.ipFamily',
        'ApiField Service spec.ipFamilyPolicy',
        'ApiField Service spec.ipFamilies',
        'ApiField Service spec.clusterIPs',
      ]),
    );
    const svc = await fields('Service');
    expect(svc['spec.ipFamily']).toMatchObject({ removedIn: '1.20', featureGate: { name: 'IPv6DualStack' } });
    expect(svc['spec.ipFamily'].replacement).toMatch(/ipFamilyPolicy/);
    expect(svc['spec.ipFamilyPolicy']).toMatchObject({ introducedIn: '1.20', featureGate: { name: 'IPv6DualStack' } });
    expect(svc['spec.ipFamilies']).toMatchObject({ introducedIn: '1.20' });
    const { featureGate } = await server.data(GATE, { n: 'IPv6DualStack' });
    expect(featureGate.in20).toMatchObject({ exists: true, stage: 'ALPHA', defaultEnabled: false });
  });

  it('clusterIPs, with clusterIPs[0] kept equal to clusterIP (#95894)', async () => {
    const c = await change(95894);
    expect(subjectNames(c)).toContain('ApiField Service spec.clusterIPs');
    expect(c.summary).toMatch(/clusterIPs\[0\]/);
  });

  it('SetHostnameAsFQDN beta and on by default (alpha in 1.19); a Pod whose FQDN exceeds 64 characters fails to start on Linux', async () => {
    const data = await server.data(CHANGE_BY_PR.replace('$text', '$text'), { text: 'SetHostnameAsFQDN' });
    const c = data.changes.edges
      .map((e: any) => e.node)
      .find((n: any) => n.version === '1.20' && subjectNames(n).includes('FeatureGate SetHostnameAsFQDN'));
    expect(c).toBeDefined();
    expect(c.summary).toMatch(/64/);
    const { featureGate } = await server.data(GATE, { n: 'SetHostnameAsFQDN' });
    expect(featureGate.in19).toEqual({ exists: true, stage: 'ALPHA', defaultEnabled: false });
    expect(featureGate.in20).toMatchObject({ exists: true, stage: 'BETA', defaultEnabled: true });
    expect(featureGate.fields).toContainEqual({ kind: 'Pod', path: 'spec.setHostnameAsFQDN' });
    const pod = await fields('Pod');
    expect(pod['spec.setHostnameAsFQDN'].summary).toMatch(/64/);
  });

  it('EndpointSlice conditions serving and terminating, gate EndpointSliceTerminatingCondition (#92968)', async () => {
    const c = await change(92968);
    expect(subjectNames(c)).toEqual(
      expect.arrayContaining([
        'FeatureGate EndpointSliceTerminatingCondition',
        'ApiField EndpointSlice endpoints[].conditions.serving',
        'ApiField EndpointSlice endpoints[].conditions.terminating',
      ]),
    );
    const es = await fields('EndpointSlice');
    expect(es['endpoints[].conditions.serving']).toMatchObject({
      introducedIn: '1.20',
      featureGate: { name: 'EndpointSliceTerminatingCondition' },
    });
    const { featureGate } = await server.data(GATE, { n: 'EndpointSliceTerminatingCondition' });
    expect(featureGate.in20).toMatchObject({ stage: 'ALPHA', defaultEnabled: false });
  });

  it('downward API exposes hugepages (#86102)', async () => {
    const c = await change(86102);
    expect(c.summary).toMatch(/huge ?pages/i);
    expect(subjectNames(c)).toContain('FeatureGate DownwardAPIHugePages');
  });

  it('AppProtocol GA on Services and Endpoints; gate ServiceAppProtocol to be deprecated in 1.21 (#96327)', async () => {
    const c = await change(96327);
    expect(c.summary).toMatch(/1\.21/);
    expect(subjectNames(c)).toEqual(
      expect.arrayContaining([
        'FeatureGate ServiceAppProtocol',
        'ApiField Service spec.ports[].appProtocol',
        'ApiField Endpoints subsets[].ports[].appProtocol',
      ]),
    );
    const { featureGate } = await server.data(GATE, { n: 'ServiceAppProtocol' });
    expect(featureGate.in20).toMatchObject({ stage: 'GA', defaultEnabled: true });
  });

  it('spec.allocateLoadBalancerNodePorts behind ServiceLBNodePortControl (#92744)', async () => {
    const c = await change(92744);
    expect(subjectNames(c)).toEqual(
      expect.arrayContaining([
        'FeatureGate ServiceLBNodePortControl',
        'ApiField Service spec.allocateLoadBalancerNodePorts',
      ]),
    );
    const svc = await fields('Service');
    expect(svc['spec.allocateLoadBalancerNodePorts']).toMatchObject({
      introducedIn: '1.20',
      featureGate: { name: 'ServiceLBNodePortControl' },
    });
  });

  it('fields no longer needed are cleared when a Service changes type (#95196)', async () => {
    const c = await change(95196);
    expect(c.summary).toMatch(/type/);
    expect(c.summary).toMatch(/clear/i);
  });

  it('EndpointSlice nodeName (gate EndpointSliceNodeName), topology to be deprecated, IP address type removed, discovery.k8s.io/v1alpha1 deprecated and removed in 1.21 (#96440)', async () => {
    const c = await change(96440);
    expect(subjectNames(c)).toEqual(
      expect.arrayContaining([
        'FeatureGate EndpointSliceNodeName',
        'ApiField EndpointSlice endpoints[].nodeName',
        'ApiField EndpointSlice endpoints[].topology',
        'ApiVersion discovery.k8s.io/v1alpha1 EndpointSlice',
      ]),
    );
    expect(c.summary).toMatch(/"?IP"? address type|addressType/);
    const { apiVersion } = await server.data(
      '{ apiVersion(apiVersion: "discovery.k8s.io/v1alpha1", kind: "EndpointSlice") { introducedIn deprecatedIn removedIn servedByDefault replacement { apiVersion } } }',
    );
    expect(apiVersion).toEqual({
      introducedIn: '1.16',
      deprecatedIn: '1.20',
      removedIn: '1.21',
      servedByDefault: false,
      replacement: { apiVersion: 'discovery.k8s.io/v1beta1' },
    });
    const removedIn21 = await server.data('{ apiVersions(group: "discovery.k8s.io", removedIn: "1.20") { version } }');
    expect(removedIn21.apiVersions).toEqual([]);
  });

  it('kube-controller-manager --volume-host-allow-local-loopback and --volume-host-cidr-denylist (CVE-2020-8555) (#91785)', async () => {
    const c = await change(91785);
    expect(c.summary).toMatch(/CVE-2020-8555/);
    expect(subjectNames(c)).toEqual(
      expect.arrayContaining([
        'Flag kube-controller-manager --volume-host-allow-local-loopback',
        'Flag kube-controller-manager --volume-host-cidr-denylist',
      ]),
    );
    const { flags } = await server.data('{ flags(component: "kube-controller-manager") { name introducedIn } }');
    expect(flags).toEqual(
      expect.arrayContaining([
        { name: '--volume-host-allow-local-loopback', introducedIn: '1.20' },
        { name: '--volume-host-cidr-denylist', introducedIn: '1.20' },
      ]),
    );
  });

  it('DNS-1123 messages say "lowercase RFC 1123" (#94182)', async () => {
    const c = await change(94182);
    expect(c.summary).toMatch(/lowercase RFC 1123/);
  });

  it('failure-domain.beta.kubernetes.io/zone and /region deprecated in favour of topology.kubernetes.io/zone and /region (#96033)', async () => {
    const c = await change(96033);
    expect(subjectNames(c)).toEqual(
      expect.arrayContaining([
        'WellKnownKey failure-domain.beta.kubernetes.io/zone',
        'WellKnownKey failure-domain.beta.kubernetes.io/region',
      ]),
    );
    const { wellKnownKeys } = await server.data('{ wellKnownKeys { key type deprecatedIn replacement } }');
    expect(wellKnownKeys).toEqual(
      expect.arrayContaining([
        {
          key: 'failure-domain.beta.kubernetes.io/zone',
          type: 'LABEL',
          deprecatedIn: '1.17',
          replacement: 'topology.kubernetes.io/zone',
        },
        {
          key: 'failure-domain.beta.kubernetes.io/region',
          type: 'LABEL',
          deprecatedIn: '1.17',
          replacement: 'topology.kubernetes.io/region',
        },
      ]),
    );
  });

  it('Server-Side Apply treats label selectors atomically (#93901)', async () => {
    expect((await change(93901)).summary).toMatch(/atomic/i);
  });

  it('gate CSIServiceAccountToken and two CSIDriverSpec fields (#93130)', async () => {
    const c = await change(93130);
    expect(subjectNames(c)).toEqual(
      expect.arrayContaining([
        'FeatureGate CSIServiceAccountToken',
        'ApiField CSIDriver spec.tokenRequests',
        'ApiField CSIDriver spec.requiresRepublish',
      ]),
    );
  });

  it('kubectl create ingress (#78153)', async () => {
    const c = await change(78153);
    expect(c.components).toContain('kubectl');
    expect(c.summary).toMatch(/ingress/i);
  });

  it('headless Service for the node-local DNS cache addon, for Prometheus (#88412)', async () => {
    const c = await change(88412);
    expect(c.summary).toMatch(/headless/i);
    expect(c.summary).toMatch(/Prometheus/);
  });

  it('kubelet --node-ip accepts a dual-stack pair on bare metal; hostNetwork Pods get dual-stack Pod IPs (#95239)', async () => {
    const c = await change(95239);
    expect(subjectNames(c)).toContain('Flag kubelet --node-ip');
    expect(c.summary).toMatch(/hostNetwork/);
  });

  it('SCTP support GA for Pod, Service and NetworkPolicy (#95566)', async () => {
    const c = await change(95566);
    expect(subjectNames(c)).toContain('FeatureGate SCTPSupport');
    const { featureGate } = await server.data(GATE, { n: 'SCTPSupport' });
    expect(featureGate.in20).toMatchObject({ stage: 'GA', defaultEnabled: true });
  });

  it('holds every SIG-Network entry of the 1.20 notes', async () => {
    const data = await server.data(
      '{ changes(filter: { from: "1.19", to: "1.20", sigs: ["Network"] }, first: 100) { totalCount } }',
    );
    expect(data.changes.totalCount).toBeGreaterThanOrEqual(40);
  });
});
