// The explorer's starting tabs: the questions people bring to netkb most often.
export interface ExampleTab {
  query: string;
  variables?: string;
}

const MANIFEST = `apiVersion: extensions/v1beta1
kind: Ingress
metadata:
  name: shop
  annotations:
    kubernetes.io/ingress.class: nginx
spec:
  backend:
    serviceName: shop
    servicePort: 80
`;

export const EXAMPLE_TABS: ExampleTab[] = [
  {
    query: `# A feature gate's whole life: stages with defaults, the removal, the release notes behind it
query GateLife($name: String! = "SetHostnameAsFQDN") {
  featureGate(name: $name) {
    name
    summary
    kep
    lifecycle { stage defaultEnabled lockedToDefault since until }
    removedIn
    stateIn(version: "1.20") { stage defaultEnabled }
    changes { version kind summary prs }
  }
}
`,
  },
  {
    query: `# What changes from one release to another: gates, APIs, flags, action-required notes
query ReleaseDiff($from: KubeVersion! = "1.15", $to: KubeVersion! = "1.20") {
  diff(from: $from, to: $to) {
    featureGates { gate { name } version before { stage defaultEnabled } after { exists stage defaultEnabled } }
    removedApiVersions { apiVersion kind removedIn replacement { apiVersion } }
    deprecatedApiVersions { apiVersion kind deprecatedIn }
    removedFlags { component name removedIn replacements }
    changes(kinds: [URGENT_UPGRADE_NOTE], first: 20) { totalCount edges { node { version summary prs } } }
  }
}
`,
  },
  {
    query: `# What breaks when this manifest meets each release on the way
query UpgradeReport($manifest: String!) {
  upgradeReport(from: "1.15", to: "1.22", manifest: $manifest) {
    path
    summary { breaking warning info }
    findings { severity effectiveIn line message fix resource { kind name } }
    markdown
  }
}
`,
    variables: JSON.stringify({ manifest: MANIFEST }, null, 2),
  },
];
