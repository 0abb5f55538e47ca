// The curated seed against the generated index (seed/generated/): disagreements are refused with file,
// record and field; a sourceOverrides entry explains one; a stale override is refused too.
import { rmSync } from 'node:fs';
import { loadSeed } from '../../src/seed/load';
import { seedDir } from '../../src/config';
import { copySeed, problemsOf, type SeedCopy } from '../support/seed-copy';

describe("the real seed against Kubernetes' source", () => {
  const b = loadSeed(seedDir());

  it('has zero unexplained disagreements, and checks records of every kind', () => {
    expect(b.crossCheck).not.toBeNull();
    const x = b.crossCheck!;
    expect(x.checked.apiVersions).toBeGreaterThan(100);
    expect(x.checked.apiFields).toBeGreaterThan(50);
    expect(x.checked.featureGates).toBeGreaterThan(30);
    expect(x.checked.metrics).toBeGreaterThan(20);
    expect(x.checked.flags).toBeGreaterThan(30);
  });

  it('generates records for the group/version/kinds the curated seed lacks (the core kinds among them)', () => {
    const at = (apiVersion: string, kind: string) =>
      b.apiVersions.find((l) => l.record.apiVersion === apiVersion && l.record.kind === kind);
    for (const [v, k] of [
      ['v1', 'Service'],
      ['v1', 'Pod'],
      ['v1', 'ConfigMap'],
      ['batch/v1', 'Job'],
      ['autoscaling/v1', 'HorizontalPodAutoscaler'],
      ['apps/v1', 'ControllerRevision'],
    ]) {
      expect(at(v, k)?.file).toBe('seed/generated/api-versions.json');
    }
    expect(at('coordination.k8s.io/v1beta1', 'LeaseCandidate')!.record).toMatchObject({
      introducedIn: '1.33',
      deprecatedIn: '1.36',
      servedByDefault: false,
    });
    // Markers that name no replacement: the newest stable version of the kind in the group, served while
    // the prerelease version is.
    expect(at('admissionregistration.k8s.io/v1beta1', 'ValidatingAdmissionPolicy')!.record).toMatchObject({
      removedIn: '1.34',
      replacement: 'admissionregistration.k8s.io/v1',
    });
    expect(at('v1', 'Service')!.record.replacement).toBeNull();
    // Subresource calls and reviews are indexed but get no record.
    expect(at('v1', 'Binding')).toBeUndefined();
    expect(at('policy/v1', 'Eviction')).toBeUndefined();
  });

  it('takes deprecation and removal from the lifecycle markers the API server acts on', () => {
    const rec = (apiVersion: string, kind: string) =>
      b.apiVersions.find((l) => l.record.apiVersion === apiVersion && l.record.kind === kind)!.record;
    expect(rec('networking.k8s.io/v1beta1', 'ServiceCIDR')).toMatchObject({ deprecatedIn: '1.34', removedIn: '1.37' });
    expect(rec('node.k8s.io/v1beta1', 'RuntimeClass').deprecatedIn).toBe('1.22');
    expect(rec('autoscaling/v2beta1', 'HorizontalPodAutoscaler').deprecatedIn).toBe('1.22');
    // A removed version's replacement is the one served when it goes.
    expect(rec('extensions/v1beta1', 'Ingress')).toMatchObject({
      removedIn: '1.22',
      replacement: 'networking.k8s.io/v1',
    });
  });

  it('derives servedByDefault for every record of a group the index reads, and defaults it nowhere', () => {
    const rec = (apiVersion: string, kind: string) =>
      b.apiVersions.find((l) => l.record.apiVersion === apiVersion && l.record.kind === kind)!.record;
    // Curated records that did not state it, and used to be served "by default" wrongly:
    expect(rec('rbac.authorization.k8s.io/v1alpha1', 'Role').servedByDefault).toBe(false);
    expect(rec('scheduling.k8s.io/v1alpha1', 'PriorityClass').servedByDefault).toBe(false);
    expect(rec('resource.k8s.io/v1beta1', 'ResourceClaim').servedByDefault).toBe(false);
    expect(rec('storage.k8s.io/v1alpha1', 'VolumeAttributesClass').servedByDefault).toBe(false);
    // A beta from before 1.24, a stable version, and a legacy beta kept on (with its override):
    expect(rec('extensions/v1beta1', 'Ingress').servedByDefault).toBe(true);
    expect(rec('networking.k8s.io/v1', 'Ingress').servedByDefault).toBe(true);
    expect(rec('flowcontrol.apiserver.k8s.io/v1beta3', 'FlowSchema').servedByDefault).toBe(true);
    // A file format the API server does not serve states null; no record is left without a value.
    expect(rec('audit.k8s.io/v1alpha1', 'Policy').servedByDefault).toBeNull();
    expect(b.apiVersions.filter((l) => l.record.servedByDefault === undefined)).toEqual([]);
  });

  it('counts every dated fact once per release by origin: generated, curated and agreeing, curated alone', () => {
    const facts = b.crossCheck!.facts;
    const total = (kind: 'apiVersions' | 'gateStages' | 'flags') =>
      Object.values(facts).reduce((n, r) => n + r[kind].generated + r[kind].agreeing + r[kind].curated, 0);
    const dated = b.apiVersions.reduce(
      (n, l) => n + [l.record.introducedIn, l.record.deprecatedIn, l.record.removedIn].filter(Boolean).length,
      0,
    );
    expect(total('apiVersions')).toBe(dated);
    expect(total('gateStages')).toBe(b.featureGates.reduce((n, l) => n + l.record.lifecycle.length, 0));
    // The 1.22 removals are curated and confirmed by the removal markers; no source read dates a flag.
    expect(facts['1.22'].apiVersions.agreeing).toBeGreaterThan(20);
    expect(Object.values(facts).every((r) => r.flags.agreeing === 0)).toBe(true);
    // Filled in from the index: generated.
    expect(facts['1.37'].apiVersions.generated).toBeGreaterThan(0);
  });

  it('states gate locks only where a source does', () => {
    const gate = (name: string) => b.featureGates.find((l) => l.record.name === name)!.record;
    expect(gate('LoadBalancerIPMode').lifecycle.find((s) => s.stage === 'GA')!.lockedToDefault).toBe(true);
    expect(gate('KubeProxyDrainingTerminatingNodes').lifecycle.find((s) => s.stage === 'GA')!.lockedToDefault).toBe(
      true,
    );
    expect(gate('DisableCloudProviders').lifecycle.find((s) => s.stage === 'GA')!.lockedToDefault).toBe(true);
    // Removed before the first release whose feature files were read, and no doc says: unknown, not "not locked".
    expect(
      gate('AllowExtTrafficLocalEndpoints').lifecycle.find((s) => s.stage === 'GA')!.lockedToDefault ?? null,
    ).toBeNull();
  });
});

describe('a curated value that disagrees with the source is refused', () => {
  let copy: SeedCopy;
  beforeEach(() => {
    copy = copySeed();
  });
  afterEach(() => rmSync(copy.root, { recursive: true, force: true }));

  it("an API deprecation release other than the lifecycle marker's", () => {
    copy.edit('api-versions/other.yaml', (t) =>
      t.replace(/(kind: "RuntimeClass"\n(?:  .*\n)*?  deprecatedIn: )"1\.22"/, '$1"1.20"'),
    );
    const [p] = problemsOf(copy.seed);
    expect(p).toMatchObject({
      file: 'seed/api-versions/other.yaml',
      record: 'API version node.k8s.io/v1beta1 RuntimeClass',
      field: 'deprecatedIn',
    });
    expect(p.message).toMatch(/is 1\.20, the lifecycle marker says 1\.22 \(seed\/generated\/api-versions\.json:\d+\)/);
  });

  it('a servedByDefault the version contradicts, and one no source derives', () => {
    copy.edit('api-versions/rbac.yaml', (t) =>
      t.replace(
        /(apiVersion: "rbac\.authorization\.k8s\.io\/v1alpha1"\n  kind: "Role"\n)/,
        '$1  servedByDefault: true\n',
      ),
    );
    copy.edit('api-versions/other.yaml', (t) =>
      t.replace(/(apiVersion: "apiregistration\.k8s\.io\/v1"\n  kind: "APIService"\n)  servedByDefault: true\n/, '$1'),
    );
    const problems = problemsOf(copy.seed);
    expect(problems).toHaveLength(2);
    expect(problems[0]).toMatchObject({
      file: 'seed/api-versions/rbac.yaml',
      record: 'API version rbac.authorization.k8s.io/v1alpha1 Role',
      field: 'servedByDefault',
    });
    expect(problems[0].message).toMatch(/is true, but an alpha version is served only when enabled/);
    expect(problems[1]).toMatchObject({
      file: 'seed/api-versions/other.yaml',
      record: 'API version apiregistration.k8s.io/v1 APIService',
      field: 'servedByDefault',
    });
    expect(problems[1].message).toMatch(/no source derives it/);
  });

  it('a replacement that is removed in the same release', () => {
    copy.edit('api-versions/extensions.yaml', (t) =>
      t.replace(
        'replacement: "networking.k8s.io/v1"\n  replacementAvailableIn: "1.19"',
        'replacement: "networking.k8s.io/v1beta1"\n  replacementAvailableIn: "1.14"',
      ),
    );
    const problems = problemsOf(copy.seed);
    expect(
      problems.some(
        (p) =>
          p.record === 'API version extensions/v1beta1 Ingress' &&
          p.field === 'replacement' &&
          /removed in 1\.22, no later than/.test(p.message),
      ),
    ).toBe(true);
  });

  it('a kube-proxy metric written without the subsystem Prometheus exports it under', () => {
    copy.edit('metrics/network.yaml', (t) =>
      t.replace('name: kubeproxy_sync_proxy_rules_duration_seconds', 'name: sync_proxy_rules_duration_seconds'),
    );
    for (const release of ['1.14', '1.17', '1.18', '1.28']) {
      copy.edit(`changes/${release}.yaml`, (t) =>
        t.replaceAll(
          'metric:kube-proxy kubeproxy_sync_proxy_rules_duration_seconds',
          'metric:kube-proxy sync_proxy_rules_duration_seconds',
        ),
      );
    }
    const problems = problemsOf(copy.seed);
    expect(
      problems.some(
        (p) =>
          p.file === 'seed/metrics/network.yaml' &&
          p.field === 'name' &&
          /exports this metric as kubeproxy_sync_proxy_rules_duration_seconds/.test(p.message),
      ),
    ).toBe(true);
  });

  it('a gate stage that the versioned specs contradict, and a lock they contradict', () => {
    copy.edit('feature-gates/network-a-l.yaml', (t) =>
      t.replace(
        /(- name: LoadBalancerIPMode\n(?:  .*\n|    .*\n|      .*\n)*?    - stage: GA\n      defaultEnabled: true\n)(      lockedToDefault: true\n)?/,
        '$1      lockedToDefault: false\n',
      ),
    );
    const problems = problemsOf(copy.seed);
    expect(
      problems.some(
        (p) =>
          p.record === 'feature gate LoadBalancerIPMode' &&
          p.field === 'lockedToDefault' &&
          /1\.32: not locked in the seed, locked in the source/.test(p.message),
      ),
    ).toBe(true);
  });

  it('an override explains a difference, and one that explains nothing is refused', () => {
    const override =
      '  sourceOverrides:\n    - field: deprecatedIn\n      source: https://github.com/kubernetes/kubernetes/pull/95718\n' +
      '      why: A test override that names the release note announcing the deprecation.\n';
    copy.edit('api-versions/other.yaml', (t) =>
      t.replace(
        /(- apiVersion: "node\.k8s\.io\/v1beta1"\n  kind: "RuntimeClass"\n  deprecatedIn: )"1\.22"((?:\n  (?!sources:).*)*\n)(  sources:)/,
        (_m, a: string, b: string, c: string) => `${a}"1.20"${b}${override}${c}`,
      ),
    );
    // The override is accepted; only the note, read when deprecatedIn was 1.22, waits for a new reading.
    expect(problemsOf(copy.seed).map((p) => `${p.record} ${p.field}`)).toEqual([
      'API version node.k8s.io/v1beta1 RuntimeClass notes',
    ]);
    copy.edit('api-versions/other.yaml', (t) =>
      t.replace(/(kind: "RuntimeClass"\n(?:  .*\n)*?  deprecatedIn: )"1\.20"/, '$1"1.22"'),
    );
    const [p] = problemsOf(copy.seed);
    expect(p).toMatchObject({ record: 'API version node.k8s.io/v1beta1 RuntimeClass', field: 'sourceOverrides[0]' });
    expect(p.message).toMatch(/remove the override/);
  });

  it('a flag whose component-config field never exists while the flag does', () => {
    copy.edit('flags/kube-proxy-1.15.yaml', (t) =>
      t.replace(/configField: conntrack\.maxPerCore/, 'configField: conntrack.maxPerCPU'),
    );
    const problems = problemsOf(copy.seed);
    expect(
      problems.some(
        (p) =>
          p.file === 'seed/flags/kube-proxy-1.15.yaml' &&
          p.field === 'configField' &&
          /KubeProxyConfiguration has no field conntrack\.maxPerCPU/.test(p.message),
      ),
    ).toBe(true);
  });

  it('a broken generated index is named, not ignored', () => {
    copy.edit('generated/api-versions.json', (t) => t.replace('"apiVersions": [', '"apiVersions": 7, "x": ['));
    const problems = problemsOf(copy.seed);
    expect(
      problems.some(
        (p) =>
          p.file === 'seed/generated/api-versions.json' &&
          /netkb import k8s-source|not a generated index|cannot be read/.test(p.message),
      ),
    ).toBe(true);
  });
});
