// The gateway-api rule on a hand-built Gateway API knowledge base: how it walks fields (lists, maps, nulls,
// outermost only), the advice it gives on versions, and the once-per-manifest support finding, also when
// the reader starts over. The real bundles are covered by test/fixtures/rules/gateway-api.
import { Analyzer, analyze, readManifest, type GatewayApiRange } from '../../src/analysis';
import type { GatewayApiField, GatewayApiKind, GatewayApiRelease } from '../../src/kb/model';
import { pathOf, syntheticKb } from '../support/synthetic-kb';

const G = 'gateway.networking.k8s.io';
const kind = (
  release: string,
  channel: 'standard' | 'experimental',
  name: string,
  servedVersions: string[],
  deprecatedVersions: string[] = [],
): GatewayApiKind => ({
  release,
  channel,
  group: G,
  kind: name,
  plural: `${name.toLowerCase()}s`,
  servedVersions,
  storageVersion: servedVersions[0],
  deprecatedVersions,
  bundleVersion: null,
});
const release = (version: string, position: number, minKubernetes: number | null, kinds: GatewayApiKind[]) =>
  ({
    typename: 'GatewayApiRelease',
    version,
    position,
    releasedOn: null,
    minKubernetes,
    sources: [],
    notes: null,
    kinds,
    changes: [],
  }) satisfies GatewayApiRelease;
const fields = (channel: 'standard' | 'experimental', releases: string[], paths: string[]): GatewayApiField[] =>
  paths.map((path) => ({ group: G, kind: 'Route', version: 'v1', channel, path, releases, allowedValues: [] }));

// r1: Route v1 (and deprecated v1beta1 on both channels); Queue only experimental. r2: Route v1 only, Queue gone.
const r1 = release('v1.0.0', 0, 1020, [
  kind('v1.0.0', 'standard', 'Route', ['v1', 'v1beta1'], ['v1beta1']),
  kind('v1.0.0', 'experimental', 'Route', ['v1', 'v1beta1'], ['v1beta1']),
  kind('v1.0.0', 'experimental', 'Queue', ['v1alpha1']),
]);
const r2 = release('v2.0.0', 1, 1024, [
  kind('v2.0.0', 'standard', 'Route', ['v1']),
  kind('v2.0.0', 'experimental', 'Route', ['v1']),
]);
const common = [
  'spec',
  'spec.rules',
  'spec.rules[].backends',
  'spec.rules[].backends[].name',
  'spec.labels',
  'spec.labels.{}',
];
const knowledge = {
  releases: [r1, r2],
  fields: [
    ...fields('standard', ['v1.0.0', 'v2.0.0'], common),
    ...fields('experimental', ['v1.0.0', 'v2.0.0'], [...common, 'spec.rules[].retry', 'spec.rules[].retry.attempts']),
  ],
  schemaNodes: [],
  annotations: [],
  providers: [],
  implementations: [],
};
const kb = { ...syntheticKb([]), gatewayApi: knowledge };
const range = (from: GatewayApiRelease, to: GatewayApiRelease, channel: GatewayApiRange['channel'] = 'standard') => ({
  from,
  to,
  channel,
});
const run = (manifest: string, gatewayApi: GatewayApiRange | null, to = 1024) =>
  analyze(readManifest(manifest), { kb, path: pathOf(to - 1, to), gatewayApi }).findings.filter(
    (f) => f.ruleId === 'gateway-api',
  );

const route = `apiVersion: ${G}/v1
kind: Route
metadata: {name: r}
spec:
  labels:
    team: shop
  rules:
    - backends:
        - name: a
      retry:
        attempts: 3
    - retry: null
      backends:
        - name: b
`;

describe('gateway-api rule', () => {
  it('reports an experimental field once, at its outermost path and line, and accepts map values and nulls', () => {
    const found = run(route, range(r1, r2));
    expect(found.map((f) => [f.messageId, f.path, f.line, f.severity, f.gatewayApiRelease])).toEqual([
      ['field-experimental', 'spec.rules[0].retry', 10, 'BREAKING', 'v2.0.0'],
    ]);
    expect(found[0].message).toBe(
      'Route field spec.rules[].retry is only in the experimental channel of Gateway API v2.0.0.',
    );
    expect(found[0].effectiveIn).toBe(1024);
  });

  it('finds nothing on the experimental channel nor in other groups, and without a range says it checked nothing', () => {
    expect(run(route, range(r1, r2, 'experimental'))).toEqual([]);
    // Without a range: nothing checked, and said once (not checked).
    expect(run(route, null).map((f) => [f.messageId, f.checked])).toEqual([['no-range', false]]);
    expect(run(route.replace(G, 'example.com'), range(r1, r2))).toEqual([]);
  });

  it('names the served version of a removed one and says it works on the from bundle already', () => {
    const [f] = run(`apiVersion: ${G}/v1beta1\nkind: Route\nmetadata: {name: r}\n`, range(r1, r2));
    expect([f.messageId, f.replacement, f.line]).toEqual(['version-removed', `${G}/v1`, 1]);
    expect(f.fix).toBe(
      `Change apiVersion to ${G}/v1 (the standard channel serves it since v1.0.0, so you can change it before installing v2.0.0).`,
    );
  });

  it('calls a version neither bundle serves not served', () => {
    const found = run(`apiVersion: ${G}/v1beta1\nkind: Route\nmetadata: {name: r}\n`, range(r2, r2));
    expect(found.map((f) => f.messageId)).toEqual(['version-not-served']);
  });

  it('warns of a deprecated version the to bundle still serves', () => {
    const [f] = run(`apiVersion: ${G}/v1beta1\nkind: Route\nmetadata: {name: r}\n`, range(r1, r1), 1020);
    expect([f.messageId, f.severity, f.replacement]).toEqual(['version-deprecated', 'WARNING', `${G}/v1`]);
  });

  it('tells an experimental-only kind from a removed one', () => {
    const queue = `apiVersion: ${G}/v1alpha1\nkind: Queue\nmetadata: {name: q}\n`;
    expect(run(queue, range(r1, r1), 1020).map((f) => [f.messageId, f.line])).toEqual([['kind-experimental', 2]]);
    const [removed] = run(queue, range(r1, r2, 'experimental'));
    expect(removed.messageId).toBe('kind-removed');
    expect(removed.fix).toContain('Gateway API v1.0.0 is the last release that has Queue');
  });

  it('says once per manifest that the bundle needs a newer Kubernetes, also when the reader starts over', () => {
    const two = `apiVersion: ${G}/v1\nkind: Route\nmetadata: {name: a}\n---\napiVersion: ${G}/v1\nkind: Route\nmetadata: {name: b}\n`;
    const manifest = readManifest(two);
    const analyzer = new Analyzer({ kb, path: pathOf(1022, 1023), gatewayApi: range(r1, r2) });
    analyzer.document(manifest.objects, manifest.skipped);
    analyzer.restart();
    analyzer.document(manifest.objects, manifest.skipped);
    const found = analyzer.finish().findings.filter((f) => f.ruleId === 'gateway-api');
    expect(found.map((f) => [f.messageId, f.resource.name, f.line, f.replacement])).toEqual([
      ['kubernetes-too-old', 'a', 1, 'v1.0.0'],
    ]);
    expect(found[0].message).toBe('Gateway API v2.0.0 needs Kubernetes 1.24 or later; the upgrade ends at 1.23.');
  });
});
