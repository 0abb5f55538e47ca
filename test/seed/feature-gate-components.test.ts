// A gate's components against the KEP it cites (seed/generated/keps.json): a component the KEP lists is
// refused missing unless an override names the source; a record listing none is filled from the KEP; a KEP
// spelling no component or mapping explains, and a KEP number the index lacks, are refused.
import { rmSync } from 'node:fs';
import { loadSeed } from '../../src/seed/load';
import { seedDir } from '../../src/config';
import { copySeed, problemsOf, type SeedCopy } from '../support/seed-copy';

const KEP_3705 =
  'https://github.com/kubernetes/enhancements/blob/64765b4b02389318f2113119dd9e491479f978a0/keps/sig-network/3705-cloud-node-ips/kep.yaml';
const gateIn = (b: ReturnType<typeof loadSeed>, name: string) => b.featureGates.find((l) => l.record.name === name)!;

describe('the real seed against the KEPs', () => {
  const b = loadSeed(seedDir());

  it('checks the gates whose KEP lists them, and counts the rest as not covered', () => {
    const x = b.crossCheck!;
    expect(x.checked.featureGateComponents).toBeGreaterThan(60);
    expect(x.checked.featureGateComponents + x.notCovered.featureGateComponents).toBe(b.featureGates.length);
  });

  it('fills a gate that lists no components from its KEP, and says so', () => {
    expect(gateIn(b, 'DRAPrioritizedList').record.components).toEqual([
      'kube-apiserver',
      'kube-controller-manager',
      'kube-scheduler',
    ]);
    expect(gateIn(b, 'StableLoadBalancerNodeSet').record.components).toEqual(['cloud-controller-manager']);
    expect(b.crossCheck!.filledValues).toEqual(
      expect.arrayContaining([
        expect.stringMatching(
          /^seed\/feature-gates\/network-m-z\.yaml:\d+: feature gate StableLoadBalancerNodeSet components = \["cloud-controller-manager"\]$/,
        ),
      ]),
    );
  });
});

describe('a gate that lacks a component its KEP lists', () => {
  let copy: SeedCopy;
  beforeEach(() => {
    copy = copySeed();
  });
  afterEach(() => rmSync(copy.root, { recursive: true, force: true }));

  const dropCcm = (t: string) =>
    t.replace(
      /(- name: CloudDualStackNodeIPs\n(?:  .*\n|    .*\n)*?  components: )\[kubelet, cloud-controller-manager\]/,
      '$1[kubelet]',
    );

  it('is refused, naming the file, line, record, field and the KEP file', () => {
    copy.edit('feature-gates/network-a-l.yaml', dropCcm);
    const problems = problemsOf(copy.seed);
    expect(problems).toHaveLength(1);
    const [p] = problems;
    expect(p).toMatchObject({
      file: 'seed/feature-gates/network-a-l.yaml',
      record: 'feature gate CloudDualStackNodeIPs',
      field: 'components',
      line: gateIn(loadSeed(seedDir()), 'CloudDualStackNodeIPs').line,
    });
    expect(p.message).toContain(`lacks cloud-controller-manager: KEP-3705 lists kubelet, cloud-controller-manager`);
    expect(p.message).toContain(KEP_3705);
  });

  it('passes with an override naming the source, which goes stale once the component is back', () => {
    const override =
      '  sourceOverrides:\n    - field: components\n      source: https://github.com/kubernetes/kubernetes/pull/126840\n' +
      '      why: A test override that says the cloud controller never read the gate.\n';
    copy.edit('feature-gates/network-a-l.yaml', (t) =>
      dropCcm(t).replace(
        /(- name: CloudDualStackNodeIPs\n(?:  (?!sources:).*\n|    .*\n)*?)(  sources:)/,
        `$1${override}$2`,
      ),
    );
    // (Its note, read while the gate listed cloud-controller-manager, waits for a new reading: not the point here.)
    const b = loadSeed(copy.seed, { skipNoteReviews: true });
    expect(gateIn(b, 'CloudDualStackNodeIPs').record.components).toEqual(['kubelet']);
    copy.edit('feature-gates/network-a-l.yaml', (t) =>
      t.replace(
        /(- name: CloudDualStackNodeIPs\n(?:  .*\n|    .*\n)*?  components: )\[kubelet\]/,
        '$1[kubelet, cloud-controller-manager]',
      ),
    );
    const [p] = problemsOf(copy.seed);
    expect(p).toMatchObject({ record: 'feature gate CloudDualStackNodeIPs', field: 'sourceOverrides[0]' });
    expect(p.message).toMatch(/overrides components, .*remove the override/);
  });

  it('matches a gate the KEP spells in another case (setHostnameAsFQDN)', () => {
    copy.edit('feature-gates/network-1.20.yaml', (t) =>
      t.replace(
        /(- name: SetHostnameAsFQDN\n(?:  .*\n|    .*\n)*?  components: )\[kubelet, kube-apiserver\]/,
        '$1[kube-apiserver]',
      ),
    );
    const [p] = problemsOf(copy.seed);
    expect(p).toMatchObject({ record: 'feature gate SetHostnameAsFQDN', field: 'components' });
    expect(p.message).toMatch(/lacks kubelet: KEP-1797 lists kubelet, kube-apiserver for setHostnameAsFQDN/);
  });
});

describe("the KEP index's other refusals", () => {
  let copy: SeedCopy;
  beforeEach(() => {
    copy = copySeed();
  });
  afterEach(() => rmSync(copy.root, { recursive: true, force: true }));

  it('a KEP component spelling that is neither a component nor mapped', () => {
    copy.edit('generated/keps-source.yaml', (t) => t.replace('  external-provisioner: []\n', ''));
    const problems = problemsOf(copy.seed);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatchObject({ record: 'feature gate VolumeAttributesClass', field: 'components' });
    expect(problems[0].message).toMatch(
      /KEP-3751 \(.*3751-volume-attributes-class\/kep\.yaml\) lists "external-provisioner" for VolumeAttributesClass, .*seed\/generated\/keps-source\.yaml componentNames/,
    );
  });

  it('a mapping to no component, and one for a name components.yaml already has', () => {
    copy.edit('generated/keps-source.yaml', (t) =>
      t.replace('scheduler: [kube-scheduler]', 'scheduler: [kube-schedular]').replace('client-go: []', 'kubelet: []'),
    );
    const problems = problemsOf(copy.seed);
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          file: 'seed/generated/keps-source.yaml',
          field: 'componentNames.scheduler',
          message: 'no seed/components.yaml record named kube-schedular',
        }),
        expect.objectContaining({ file: 'seed/generated/keps-source.yaml', field: 'componentNames.kubelet' }),
      ]),
    );
  });

  it('a KEP number the index does not have', () => {
    copy.edit('feature-gates/network-a-l.yaml', (t) =>
      t.replace(/(- name: CloudDualStackNodeIPs\n(?:  .*\n|    .*\n)*?  kep: )KEP-3705/, '$1KEP-99999'),
    );
    const [p] = problemsOf(copy.seed);
    expect(p).toMatchObject({ record: 'feature gate CloudDualStackNodeIPs', field: 'kep' });
    expect(p.message).toMatch(
      /cites KEP-99999, which https:\/\/github\.com\/kubernetes\/enhancements at 64765b4\w+ does not have/,
    );
  });

  it('a damaged keps.json is named', () => {
    copy.edit('generated/keps.json', (t) => t.replace('"commit": "', '"commit": "x'));
    const problems = problemsOf(copy.seed);
    expect(problems).toEqual([
      expect.objectContaining({
        file: 'seed/generated/keps.json',
        message: expect.stringMatching(/^not a KEP index: commit/),
      }),
    ]);
  });
});
