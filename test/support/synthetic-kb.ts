// A small knowledge base made up for rule scenarios the real seed cannot show yet (e.g. a flag value
// removed after the last release the seed covers). Built directly as the analysis sees it.
import type { AnalysisKb, GatewayApiRange, UpgradePath } from '../../src/analysis';
import { gateStateIn } from '../../src/kb/gate-state';
import type { Component, FeatureGate, Flag, GatewayApiRelease, WellKnownKey } from '../../src/kb/model';
import { formatVersion } from '../../src/kb/version';

export const proxy: Component = {
  typename: 'Component',
  name: 'kube-proxy',
  summary: 'test',
  binaries: ['kube-proxy'],
  notes: null,
  images: ['kube-proxy'],
  configKinds: ['kubeproxy.config.k8s.io/KubeProxyConfiguration'],
  launchers: [],
  sources: [],
};

export function flag(over: Partial<Flag> & { name: string }): Flag {
  return {
    typename: 'Flag',
    key: `kube-proxy ${over.name}`,
    generated: false,
    successor: null,
    component: 'kube-proxy',
    summary: 'test',
    introducedIn: null,
    deprecatedIn: null,
    removedIn: null,
    replacements: [],
    configField: null,
    conversion: [],
    inertFrom: null,
    acceptsOnly: null,
    onlyWith: null,
    defaults: [],
    listValues: false,
    apiVersionKeys: null,
    values: [],
    notes: null,
    sources: [],
    changes: [],
    ...over,
  };
}

export function gate(over: Partial<FeatureGate> & { name: string }): FeatureGate {
  return {
    typename: 'FeatureGate',
    key: over.name,
    summary: 'test',
    sigs: ['Network'],
    components: ['kube-proxy'],
    kep: null,
    lifecycle: [],
    generated: false,
    introducedIn: over.lifecycle?.[0]?.since ?? null,
    removedIn: null,
    knownThrough: null,
    notes: null,
    sources: [],
    changes: [],
    fields: [],
    ...over,
  };
}

export function syntheticKb(flags: Flag[], gates: FeatureGate[] = [], wellKnownKeys: WellKnownKey[] = []): AnalysisKb {
  return {
    components: [proxy],
    // The labels every object carries, as kinds.yaml's "*" entry lists them.
    kinds: [
      {
        kind: '*',
        podTemplate: null,
        configFileOf: null,
        notes: null,
        sources: [],
        references: [],
        keyPlaces: [
          { path: 'metadata.labels', holds: 'mapKeys', type: 'LABEL', role: 'carries', whenRemoved: 'BREAKING' },
        ],
        flagPlaces: [],
      },
    ],
    constraints: [],
    apiFields: [],
    wellKnownKeys,
    reservedKeyDomains: [],
    fileFields: [],
    gateKey: () => undefined,
    toolGate: () => undefined,
    apiGroupDomains: [],
    addOnApi: () => undefined,
    addOnOf: () => undefined,
    apiVersions: [],
    gatewayApi: { releases: [], fields: [], schemaNodes: [], annotations: [], providers: [], implementations: [] },
    apiVersion: () => undefined,
    flag: (c, n) => flags.find((f) => f.component === c && f.name === n),
    flagsOf: (c) => flags.filter((f) => f.component === c),
    featureGate: (n) => gates.find((g) => g.name.toLowerCase() === n.toLowerCase()),
    gateStateIn,
    formatVersion,
  };
}

export function pathOf(from: number, to: number): UpgradePath {
  const releases: number[] = [];
  for (let v = from; v <= to; v++) releases.push(v);
  return { from, to, releases };
}

/** A Gateway API release that installs an HTTPRoute served as v1 in both channels. */
export function gatewayRelease(version: string, position: number, minKubernetes: number | null): GatewayApiRelease {
  const kind = (channel: 'standard' | 'experimental') => ({
    release: version,
    channel,
    group: 'gateway.networking.k8s.io',
    kind: 'HTTPRoute',
    plural: 'httproutes',
    servedVersions: ['v1'],
    storageVersion: 'v1',
    deprecatedVersions: [],
    bundleVersion: null,
  });
  return {
    typename: 'GatewayApiRelease',
    version,
    position,
    releasedOn: null,
    minKubernetes,
    sources: [`https://github.com/kubernetes-sigs/gateway-api/releases/tag/${version}`],
    notes: null,
    kinds: [kind('standard'), kind('experimental')],
    changes: [],
  };
}

const unknownSupport = [gatewayRelease('v9.0.0', 0, 1020), gatewayRelease('v9.1.0', 1, null)];

export interface Scenario {
  name: string;
  kb: AnalysisKb;
  path: UpgradePath;
  gatewayApi?: GatewayApiRange;
  manifest: string;
  /** Instead of the manifest: the API server's metrics text (netkb check --apiserver-metrics). */
  apiserverMetrics?: string;
  expect: {
    ruleId: string;
    messageId: string;
    severity: string;
    effectiveIn: string;
    line: number;
    replacement: string | null;
  }[];
}

const podWith = (args: string[]) => `apiVersion: v1
kind: Pod
metadata: {name: kube-proxy}
spec:
  containers:
    - name: kube-proxy
      image: kube-proxy:v1
      args:
${args.map((a) => `        - ${a}`).join('\n')}
`;

/** --proxy-mode's values as the scenarios need them: userspace deprecated in 1.23 and removed in 1.26, for iptables. */
const PROXY_MODE_VALUES: Flag['values'] = [
  {
    value: 'userspace',
    introducedIn: null,
    deprecatedIn: 1023,
    removedIn: 1026,
    replacement: 'iptables',
    alternatives: [],
  },
  { value: 'iptables', introducedIn: null, deprecatedIn: null, removedIn: null, replacement: null, alternatives: [] },
];

export const SCENARIOS: Scenario[] = [
  {
    // The API server's own word that a version is deprecated, for one netkb has no record of.
    name: 'a deprecated API version the API server reports requests of, which no record names',
    kb: syntheticKb([]),
    path: pathOf(1021, 1022),
    manifest: '',
    apiserverMetrics:
      '# TYPE apiserver_requested_deprecated_apis gauge\n' +
      'apiserver_requested_deprecated_apis{group="example.io",removed_release="1.40",resource="widgets",subresource="status",version="v1beta1"} 1\n',
    expect: [
      {
        ruleId: 'api-version',
        messageId: 'requestedNotKnown',
        severity: 'INFO',
        effectiveIn: '1.21',
        line: 2,
        replacement: null,
      },
    ],
  },
  {
    // Every release the seed holds has a minKubernetes from a named source; one without is said, once.
    name: 'a Gateway API bundle whose supported Kubernetes releases no source gives',
    kb: {
      ...syntheticKb([]),
      gatewayApi: {
        releases: unknownSupport,
        fields: [],
        schemaNodes: [],
        annotations: [],
        providers: [],
        implementations: [],
      },
    },
    path: pathOf(1021, 1022),
    gatewayApi: { from: unknownSupport[0], to: unknownSupport[1], channel: 'standard' },
    manifest:
      'apiVersion: gateway.networking.k8s.io/v1\nkind: HTTPRoute\nmetadata: {name: a}\n---\n' +
      'apiVersion: gateway.networking.k8s.io/v1\nkind: HTTPRoute\nmetadata: {name: b}\n',
    expect: [
      {
        ruleId: 'gateway-api',
        messageId: 'kubernetes-support-unknown',
        severity: 'INFO',
        effectiveIn: '1.22',
        line: 1,
        replacement: null,
      },
    ],
  },
  {
    name: 'a label key removed on the path',
    kb: syntheticKb(
      [],
      [],
      [
        {
          typename: 'WellKnownKey',
          key: 'example.com/old-zone',
          type: 'LABEL',
          generated: false,
          summary: 'test',
          introducedIn: null,
          deprecatedIn: 1017,
          removedIn: 1022,
          replacement: 'example.com/zone',
          replacementIn: null,
          otherRoles: [],
          notes: null,
          sources: [],
          changes: [],
        },
      ],
    ),
    path: pathOf(1021, 1022),
    manifest: 'apiVersion: v1\nkind: Node\nmetadata:\n  name: n1\n  labels:\n    example.com/old-zone: a\n',
    expect: [
      {
        ruleId: 'well-known-key',
        messageId: 'removed',
        severity: 'BREAKING',
        effectiveIn: '1.22',
        line: 6,
        replacement: 'example.com/zone',
      },
    ],
  },
  {
    name: 'a deprecated flag and a deprecated value of another',
    kb: syntheticKb([
      flag({ name: '--old', deprecatedIn: 1023, replacements: ['--new'] }),
      // A replacement is a record of its own, as the seed loader requires: the fix says from when it works.
      flag({ name: '--new' }),
      flag({
        name: '--proxy-mode',
        values: PROXY_MODE_VALUES,
      }),
    ]),
    path: pathOf(1022, 1024),
    manifest: podWith(['--old=1', '--proxy-mode=userspace']),
    expect: [
      {
        ruleId: 'component-flag',
        messageId: 'deprecated',
        severity: 'WARNING',
        effectiveIn: '1.23',
        line: 9,
        replacement: '--new',
      },
      {
        ruleId: 'component-flag',
        messageId: 'valueDeprecated',
        severity: 'WARNING',
        effectiveIn: '1.23',
        line: 10,
        replacement: '--proxy-mode=iptables',
      },
    ],
  },
  {
    name: 'a removed flag value, given as the next argument',
    kb: syntheticKb([
      flag({
        name: '--proxy-mode',
        values: PROXY_MODE_VALUES,
      }),
    ]),
    path: pathOf(1025, 1026),
    manifest: podWith(['--proxy-mode', 'userspace']),
    expect: [
      {
        ruleId: 'component-flag',
        messageId: 'valueRemoved',
        severity: 'BREAKING',
        effectiveIn: '1.26',
        line: 9,
        replacement: '--proxy-mode=iptables',
      },
    ],
  },
  {
    name: 'a gate that becomes deprecated on the path',
    kb: syntheticKb(
      [flag({ name: '--feature-gates' })],
      [
        gate({
          name: 'OldWay',
          lifecycle: [
            { stage: 'GA', defaultEnabled: true, lockedToDefault: false, since: 1010, until: 1020 },
            { stage: 'DEPRECATED', defaultEnabled: true, lockedToDefault: false, since: 1021, until: null },
          ],
        }),
      ],
    ),
    path: pathOf(1020, 1021),
    manifest: podWith(['--feature-gates=OldWay=true']),
    expect: [
      {
        ruleId: 'feature-gate',
        messageId: 'deprecated',
        severity: 'WARNING',
        effectiveIn: '1.21',
        line: 9,
        replacement: null,
      },
    ],
  },
  {
    // A wrapper's own flags (flock --conntrack-max here) and the commands after a shell separator are not
    // the component's: only the --conntrack-max after kube-proxy, before the `;`, is.
    name: "flags of a wrapper and of a later command are not the component's",
    kb: syntheticKb([flag({ name: '--conntrack-max', removedIn: 1015 }), flag({ name: '--v' })]),
    path: pathOf(1014, 1015),
    manifest: podWith([
      '/usr/bin/flock',
      '--conntrack-max',
      '/var/lock/kube-proxy.lock',
      '/bin/sh',
      '-c',
      '"exec kube-proxy --v=2 --conntrack-max 5; other-tool --conntrack-max=1"',
    ]),
    expect: [
      {
        ruleId: 'component-flag',
        messageId: 'removed',
        severity: 'BREAKING',
        effectiveIn: '1.15',
        line: 14,
        replacement: null,
      },
    ],
  },
  {
    // Flags no record names are said once per container, at the first of them, as not checked; a known one
    // between them is checked as usual.
    name: 'flags no record names are listed once, as not checked',
    kb: syntheticKb([flag({ name: '--conntrack-max', removedIn: 1015 })]),
    path: pathOf(1014, 1015),
    manifest: podWith(['kube-proxy', '--netkb-unknown-a=1', '--conntrack-max=5', '--netkb-unknown-b']),
    expect: [
      {
        ruleId: 'component-flag',
        messageId: 'notKnown',
        severity: 'INFO',
        effectiveIn: '1.14',
        line: 10,
        replacement: null,
      },
      {
        ruleId: 'component-flag',
        messageId: 'removed',
        severity: 'BREAKING',
        effectiveIn: '1.15',
        line: 11,
        replacement: null,
      },
    ],
  },
];
