// diff(sig) filters flags and API versions by their owner (seed/sig-owners.yaml), counts what it left out, and
// ranks the notes by what an operator acts on (VersionDiff.actionRequired, DiffNoteRank). The records here:
// seed/flags/klog.yaml (eleven klog flags per component, removed in 1.26), seed/flags/kube-proxy.yaml
// (--udp-timeout removed in 1.26), seed/api-versions (discovery.k8s.io/v1beta1 removed in 1.25,
// networking.k8s.io/v1alpha1 ClusterCIDR in 1.29, batch/v1beta1 CronJob in 1.25), seed/changes/1.25.yaml
// (#109111, the e2e Ginkgo v2 note, action required, no component) and 1.26.yaml (#112133, userspace removal).
import { startTestServer, type TestServer } from '../support/http';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const DIFF = `query($sig: String) {
  diff(from: "1.24", to: "1.29", sig: $sig) {
    removedFlags { component name }
    deprecatedFlags { component name }
    removedApiVersions { apiVersion kind }
    deprecatedApiVersions { apiVersion kind }
    actionRequired { rank removes change { prs kind actionRequired components } }

    sigFilter {
      sig featureGatesLeftOut removedApiVersionsLeftOut deprecatedApiVersionsLeftOut removedFlagsLeftOut
      deprecatedFlagsLeftOut changesLeftOut keptWithoutOwner
    }
  } }`;

const diff = async (sig?: string) => (await server.data(DIFF, { sig })).diff;
const KLOG = '--logtostderr';
const RANKS = ['REMOVES', 'ACTION', 'COMPONENT', 'NO_COMPONENT'];

describe('diff(sig: Network), 1.24 → 1.29', () => {
  it('lists only the flags of the components Network owns: no klog logging flag, kube-proxy --udp-timeout kept', async () => {
    const [all, net] = await Promise.all([diff(), diff('Network')]);
    expect(all.removedFlags.filter((f: any) => f.name === KLOG).length).toBeGreaterThan(1);
    expect(net.removedFlags.map((f: any) => f.name)).not.toContain(KLOG);
    expect(net.removedFlags).toContainEqual({ component: 'kube-proxy', name: '--udp-timeout' });
    expect(net.removedFlags.every((f: any) => f.component === 'kube-proxy')).toBe(true);
    // Never silent: what went is counted, list by list.
    expect(net.sigFilter.removedFlagsLeftOut).toBe(all.removedFlags.length - net.removedFlags.length);
    expect(net.sigFilter.deprecatedFlagsLeftOut).toBe(all.deprecatedFlags.length - net.deprecatedFlags.length);
    expect(net.sigFilter.removedFlagsLeftOut).toBeGreaterThan(40);
  });

  it('lists only the API versions of the groups Network owns, and counts the others', async () => {
    const [all, net] = await Promise.all([diff(), diff('Network')]);
    const names = net.removedApiVersions.map((a: any) => `${a.apiVersion} ${a.kind}`);
    expect(names).toContain('discovery.k8s.io/v1beta1 EndpointSlice');
    expect(names).toContain('networking.k8s.io/v1alpha1 ClusterCIDR');
    expect(names).not.toContain('batch/v1beta1 CronJob');
    expect(names).not.toContain('autoscaling/v2beta1 HorizontalPodAutoscaler');
    expect(all.removedApiVersions.length - net.removedApiVersions.length).toBe(net.sigFilter.removedApiVersionsLeftOut);
    expect(net.sigFilter.removedApiVersionsLeftOut).toBeGreaterThan(15);
    expect(net.sigFilter).toMatchObject({ sig: 'Network', keptWithoutOwner: [] });
  });

  it('flags the userspace-mode removal and ranks it before the e2e note, which comes last', async () => {
    const net = await diff('Network');
    const prs = net.actionRequired.map((r: any) => r.change.prs[0]);
    const userspace = net.actionRequired.find((r: any) => r.change.prs.includes(112133));
    expect(userspace).toMatchObject({ rank: 'REMOVES', removes: ['flag kube-proxy --udp-timeout'] });
    expect(userspace.change.actionRequired).toBe(false); // flagged by netkb's ranking, not by upstream
    const e2e = net.actionRequired.find((r: any) => r.change.prs.includes(109111));
    expect(e2e).toMatchObject({ rank: 'NO_COMPONENT', change: { components: [] } });
    expect(prs.indexOf(112133)).toBe(0);
    expect(prs[prs.length - 1]).toBe(109111);
    // Upstream's action-required notes that name a component (the 1.26 lifecycle-hook note) come between.
    const ranks = net.actionRequired.map((r: any) => r.rank);
    expect(ranks).toEqual([...ranks].sort((a: string, b: string) => RANKS.indexOf(a) - RANKS.indexOf(b)));
    expect(ranks).toContain('ACTION');
  });

  it('says nothing of a filter when no SIG is given', async () => {
    expect((await diff()).sigFilter).toBeNull();
  });
});

describe('diff(sig: Instrumentation): the klog flags belong to the SIG that owns klog', () => {
  it('lists every klog flag of every component and no kube-proxy --udp-timeout', async () => {
    const inst = await diff('Instrumentation');
    const names = new Set(inst.removedFlags.map((f: any) => f.name));
    expect(names.has(KLOG)).toBe(true);
    expect(names.has('--udp-timeout')).toBe(false);
    expect(new Set(inst.removedFlags.map((f: any) => f.component))).toEqual(
      new Set(['kube-proxy', 'kubelet', 'kube-apiserver', 'kube-controller-manager']),
    );
  });
});
