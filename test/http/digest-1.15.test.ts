// Every item of the 1.15 SIG-Network reference digest, asked for through /graphql.
import { startTestServer, type TestServer } from '../support/http';
import { changeByPr, subjectNames } from '../support/queries';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

async function change(pr: number) {
  const c = await changeByPr(server, pr, '1.15');
  expect(c.sigs).toContain('Network');
  return c;
}

const FLAG = `query($c: String!, $n: String!) { flag(component: $c, name: $n) {
  component name introducedIn deprecatedIn removedIn replacements configField
  defaults { value since } values { value introducedIn deprecatedIn removedIn replacement }
  changes { version prs } sources } }`;

describe('1.15 digest', () => {
  it('kube-proxy --conntrack-max removed, replaced by --conntrack-min and --conntrack-max-per-core (#78399)', async () => {
    const c = await change(78399);
    expect(c.actionRequired).toBe(true);
    expect(c.authors).toEqual(['rikatz']);
    expect(c.components).toContain('kube-proxy');
    expect(subjectNames(c)).toEqual(expect.arrayContaining(['Flag kube-proxy --conntrack-max']));
    const { flag } = await server.data(FLAG, { c: 'kube-proxy', n: '--conntrack-max' });
    expect(flag).toMatchObject({ removedIn: '1.15', replacements: ['--conntrack-min', '--conntrack-max-per-core'] });
    expect(flag.changes).toContainEqual({ version: '1.15', prs: [78399] });
    for (const name of ['--conntrack-min', '--conntrack-max-per-core']) {
      const r = await server.data(FLAG, { c: 'kube-proxy', n: name });
      expect(r.flag.removedIn).toBeNull();
    }
  });

  it('kube-proxy --cleanup-iptables removed (#78344)', async () => {
    const c = await change(78344);
    expect(subjectNames(c)).toContain('Flag kube-proxy --cleanup-iptables');
    const { flag } = await server.data(FLAG, { c: 'kube-proxy', n: 'cleanup-iptables' });
    expect(flag.removedIn).toBe('1.15');
  });

  it('Ingress and NetworkPolicy leave extensions/v1beta1: the replacements are the versions served when it goes, networking.k8s.io/v1 (Ingress from 1.19, NetworkPolicy from 1.7)', async () => {
    const data =
      await server.data(`{ changes(filter: { to: "1.15", from: "1.14", kinds: [DEPRECATION] }, first: 50) { edges { node { summary sources subjects { ... on ApiVersion { apiVersion kind } } } } }
      ingress: apiVersion(apiVersion: "extensions/v1beta1", kind: "Ingress") { deprecatedIn removedIn announcedRemovalIn replacementAvailableIn replacement { apiVersion introducedIn } changes { version } }
      netpol: apiVersion(apiVersion: "extensions/v1beta1", kind: "NetworkPolicy") { removedIn replacementAvailableIn replacement { apiVersion introducedIn } }
    }`);
    const notice = data.changes.edges
      .map((e: any) => e.node)
      .find((n: any) => n.subjects.some((s: any) => s.apiVersion === 'extensions/v1beta1' && s.kind === 'Ingress'));
    expect(notice).toBeDefined();
    expect(notice.subjects).toEqual(
      expect.arrayContaining([{ apiVersion: 'extensions/v1beta1', kind: 'NetworkPolicy' }]),
    );
    expect(data.ingress).toMatchObject({
      removedIn: '1.22',
      announcedRemovalIn: '1.19',
      replacementAvailableIn: '1.19',
      replacement: { apiVersion: 'networking.k8s.io/v1', introducedIn: '1.19' },
    });
    expect(data.ingress.changes.map((x: any) => x.version)).toContain('1.15');
    expect(data.netpol).toMatchObject({
      removedIn: '1.16',
      replacementAvailableIn: '1.7',
      replacement: { apiVersion: 'networking.k8s.io/v1', introducedIn: '1.7' },
    });
  });

  it('new kube-proxy metric, under the name Prometheus exports (kubeproxy_ subsystem) (#74027)', async () => {
    const c = await change(74027);
    expect(subjectNames(c)).toContain('Metric kube-proxy kubeproxy_sync_proxy_rules_last_timestamp_seconds');
    const { metrics } = await server.data('{ metrics(component: "kube-proxy") { name introducedIn } }');
    expect(metrics).toContainEqual({ name: 'kubeproxy_sync_proxy_rules_last_timestamp_seconds', introducedIn: '1.15' });
    expect(metrics.filter((m: any) => !m.name.startsWith('kubeproxy_')).map((m: any) => m.name)).toEqual([]);
  });

  it('gate ServiceLoadBalancerFinalizer alpha, off by default (#78262)', async () => {
    const c = await change(78262);
    expect(subjectNames(c)).toContain('FeatureGate ServiceLoadBalancerFinalizer');
    const { featureGate } = await server.data(`{ featureGate(name: "ServiceLoadBalancerFinalizer") {
      lifecycle { stage defaultEnabled since until } kep in15: stateIn(version: "1.15") { exists stage defaultEnabled } in14: stateIn(version: "1.14") { exists } } }`);
    expect(featureGate.lifecycle[0]).toEqual({ stage: 'ALPHA', defaultEnabled: false, since: '1.15', until: '1.15' });
    expect(featureGate.in15).toEqual({ exists: true, stage: 'ALPHA', defaultEnabled: false });
    expect(featureGate.in14.exists).toBe(false);
    expect(featureGate.kep).toBe('KEP-980');
  });

  it('kube-proxy --ipvs-strict-arp defaults back to false (true since 1.13.0) and sets arp_ignore=1, arp_announce=2 (#75295)', async () => {
    const c = await change(75295);
    expect(subjectNames(c)).toContain('Flag kube-proxy --ipvs-strict-arp');
    expect(c.summary).toMatch(/arp_ignore\D*1/);
    expect(c.summary).toMatch(/arp_announce\D*2/);
    const { flag } = await server.data(FLAG, { c: 'kube-proxy', n: '--ipvs-strict-arp' });
    expect(flag.defaults).toEqual([
      { value: 'true', since: '1.13' },
      { value: 'false', since: '1.15' },
    ]);
    expect(flag.configField).toBe('ipvs.strictARP');
  });

  it('Ingress stored as networking.k8s.io/v1beta1 in etcd (#77139)', async () => {
    const c = await change(77139);
    expect(subjectNames(c)).toContain('ApiVersion networking.k8s.io/v1beta1 Ingress');
    expect(c.summary).toMatch(/etcd|stor/i);
  });

  it("kube-proxy no longer cleans up other modes' rules: run kube-proxy --cleanup or reboot (#76109)", async () => {
    const c = await change(76109);
    expect(c.summary).toMatch(/--cleanup/);
    expect(c.summary).toMatch(/reboot/i);
    expect(subjectNames(c)).toContain('Flag kube-proxy --cleanup');
  });

  it('trailing dot allowed in ExternalName (#78385)', async () => {
    const c = await change(78385);
    expect(subjectNames(c)).toContain('ApiField Service spec.externalName');
  });

  it.each([
    [75283, /restart/i],
    [74840, /INVALID|reset/i],
    [76320, /IPv6/i],
    [71735, /minSyncInterval|sync/i],
    [77523, /load.?balancer/i],
    [77802, /UDP/],
    [77371, /ipset|hash/i],
    [77303, /iptables 1\.8|1\.8/],
    [78395, /level 2|log/i],
    [76732, /CleanupAndExit|exit/i],
  ])('#%p is recorded in our words', async (pr, words) => {
    const c = await change(pr as number);
    expect(c.summary).toMatch(words as RegExp);
  });

  it('holds every SIG-Network entry of the 1.15 notes', async () => {
    const data = await server.data(
      '{ changes(filter: { from: "1.14", to: "1.15", sigs: ["Network"] }, first: 100) { totalCount } }',
    );
    expect(data.changes.totalCount).toBeGreaterThanOrEqual(27);
  });
});
