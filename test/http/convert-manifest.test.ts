// convertManifest over HTTP on the run's seeded SQLite file: the rewritten manifest, the change list, what
// could not be converted, the same input limits as upgradeReport, and the same answers from the worker pool.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { projectRoot } from '../../src/config';
import { openSearchIndex } from '../../src/db/search';
import { AnalysisPool } from '../../src/services/analysis-pool';
import { startServer } from '../../src/server';
import { seededDatabase, startTestServer, type TestServer } from '../support/http';
import { stallingWorkers } from '../support/stalling-worker';
import { testKnowledgeBase } from '../support/knowledge-base';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ maxManifestBytes: 64 * 1024 });
});
afterAll(() => server.close());

const CONVERT = `query($from: KubeVersion!, $to: KubeVersion!, $manifest: String!) {
  convertManifest(from: $from, to: $to, manifest: $manifest) {
    from to path documents manifest
    changes { ruleId line description resource { apiVersion kind name namespace documentIndex line } }
    unconverted { ruleId messageId severity line path message effectiveIn fix replacement
      resource { apiVersion kind name documentIndex line } change { version prs } }
  } }`;
const REPORT = `query($from: KubeVersion!, $to: KubeVersion!, $manifest: String!) {
  upgradeReport(from: $from, to: $to, manifest: $manifest) { findings { ruleId messageId severity line message } } }`;

const realWorld = (name: string) => readFileSync(join(projectRoot(), 'test', 'fixtures', 'real-world', name), 'utf8');

const INGRESS = `# the shop's ingress
apiVersion: networking.k8s.io/v1beta1
kind: Ingress
metadata:
  name: shop
spec:
  backend:
    serviceName: web   # default
    servicePort: 80
  rules:
    - http:
        paths:
          - path: /api
            backend:
              serviceName: api
              servicePort: grpc
---
apiVersion: v1
kind: Service
metadata: {name: web}    # untouched, spacing and all
spec: {ports: [{port: 80}]}
`;

describe('convertManifest', () => {
  it('rewrites an Ingress for networking.k8s.io/v1 and leaves the untouched document byte for byte', async () => {
    const { convertManifest: r } = await server.data(CONVERT, { from: '1.19', to: '1.22', manifest: INGRESS });
    expect(r).toMatchObject({
      from: '1.19',
      to: '1.22',
      path: ['1.19', '1.20', '1.21', '1.22'],
      documents: 2,
      unconverted: [],
    });
    expect(r.manifest).toBe(`# the shop's ingress
apiVersion: networking.k8s.io/v1
kind: Ingress
metadata:
  name: shop
spec:
  defaultBackend:
    service:
      name: web # default
      port:
        number: 80
  rules:
    - http:
        paths:
          - path: /api
            backend:
              service:
                name: api
                port:
                  name: grpc
            pathType: ImplementationSpecific
---
apiVersion: v1
kind: Service
metadata: {name: web}    # untouched, spacing and all
spec: {ports: [{port: 80}]}
`);
    expect(r.changes[0]).toEqual({
      ruleId: 'api-version',
      line: 2,
      description: 'apiVersion networking.k8s.io/v1beta1 -> networking.k8s.io/v1',
      resource: {
        apiVersion: 'networking.k8s.io/v1beta1',
        kind: 'Ingress',
        name: 'shop',
        namespace: null,
        documentIndex: 0,
        line: 2,
      },
    });
    expect(r.changes.map((c: any) => c.line)).toEqual([2, 7, 8, 9, 13, 15, 16]);
    expect(r.changes.map((c: any) => c.description)).toContainEqual(
      expect.stringMatching(
        /^spec\.rules\[0\]\.http\.paths\[0\]\.backend\.servicePort -> .*service\.port\.name: a named servicePort/,
      ),
    );
  });

  it('a converted manifest has no BREAKING finding left that a conversion exists for', async () => {
    const manifest = `${realWorld('ingress-controller-2019.yaml')}\n---\n${realWorld('kube-proxy-daemonset-1.14.yaml')}`;
    const before = await server.data(REPORT, { from: '1.15', to: '1.16', manifest });
    expect(before.upgradeReport.findings.filter((f: any) => f.severity === 'BREAKING').length).toBeGreaterThanOrEqual(
      3,
    );
    const { convertManifest: r } = await server.data(CONVERT, { from: '1.15', to: '1.16', manifest });
    const after = await server.data(REPORT, { from: '1.15', to: '1.16', manifest: r.manifest });
    expect(after.upgradeReport.findings.filter((f: any) => f.severity === 'BREAKING')).toEqual([]);
    expect(r.changes.map((c: any) => `${c.ruleId} ${c.resource.kind}`)).toEqual(
      expect.arrayContaining(['api-version Deployment', 'component-flag DaemonSet', 'well-known-key DaemonSet']),
    );
    const again = await server.data(CONVERT, { from: '1.15', to: '1.16', manifest: r.manifest });
    expect(again.convertManifest.manifest).toBe(r.manifest);
    expect(again.convertManifest.changes).toEqual([]);
  });

  it('leaves a PodSecurityPolicy as it is and lists it with the reason, the line and the release note', async () => {
    const psp =
      'apiVersion: v1\nkind: Namespace\nmetadata: {name: a}\n---\napiVersion: policy/v1beta1\nkind: PodSecurityPolicy\nmetadata:\n  name: restricted\nspec:\n  privileged: false\n';
    const { convertManifest: r } = await server.data(CONVERT, { from: '1.24', to: '1.25', manifest: psp });
    expect(r.manifest).toBe(psp);
    expect(r.changes).toEqual([]);
    expect(r.unconverted).toEqual([
      expect.objectContaining({
        ruleId: 'api-version',
        messageId: 'removed',
        severity: 'BREAKING',
        line: 5,
        effectiveIn: '1.25',
        resource: expect.objectContaining({ kind: 'PodSecurityPolicy', name: 'restricted', documentIndex: 1, line: 5 }),
        message: expect.stringMatching(
          /no longer served from 1\.25\. Not converted: no automatic conversion is recorded for PodSecurityPolicy policy\/v1beta1, and it has no replacement\. .*admission.*[^.]\.$/,
        ),
        change: expect.objectContaining({ prs: expect.any(Array) }),
      }),
    ]);
  });

  it('says when no single version serves the whole path, and converts as far as it can', async () => {
    const ingress =
      'apiVersion: extensions/v1beta1\nkind: Ingress\nmetadata: {name: i}\nspec: {backend: {serviceName: s, servicePort: 80}}\n';
    const { convertManifest: r } = await server.data(CONVERT, { from: '1.15', to: '1.22', manifest: ingress });
    expect(r.manifest).toBe(ingress.replace('extensions/v1beta1', 'networking.k8s.io/v1beta1'));
    expect(r.unconverted).toEqual([expect.objectContaining({ ruleId: 'api-version', messageId: 'removed', line: 1 })]);
    expect(r.unconverted[0].message).toMatch(
      /converted as far as networking\.k8s\.io\/v1beta1; networking\.k8s\.io\/v1 is served only from 1\.19.*Convert again with --from 1\.19/,
    );
  });

  it('moves an autoscaler to the interim version every release of the path serves, and says what follows', async () => {
    const hpa =
      'apiVersion: autoscaling/v2beta1\nkind: HorizontalPodAutoscaler\nmetadata: {name: h}\nspec:\n  scaleTargetRef: {apiVersion: apps/v1, kind: Deployment, name: h}\n  maxReplicas: 3\n  metrics:\n  - type: Resource\n    resource:\n      name: cpu\n      targetAverageUtilization: 80   # percent\n';
    const { convertManifest: r } = await server.data(CONVERT, { from: '1.19', to: '1.25', manifest: hpa });
    expect(r.manifest).toBe(
      hpa
        .replace('autoscaling/v2beta1', 'autoscaling/v2beta2')
        .replace(
          'targetAverageUtilization: 80   # percent',
          'target:\n        type: Utilization\n        averageUtilization: 80 # percent',
        ),
    );
    expect(r.unconverted).toEqual([]);
    expect(r.changes[0]).toMatchObject({ ruleId: 'api-version', line: 1 });
    expect(r.changes[0].description).toMatch(
      /autoscaling\/v2beta1 -> autoscaling\/v2beta2: .*served by every release from 1\.19 to 1\.25; autoscaling\/v2, the version that follows, is served from 1\.23: convert again with --from 1\.23/,
    );
    const { upgradeReport: again } = await server.data(REPORT, { from: '1.19', to: '1.25', manifest: r.manifest });
    expect(again.findings.filter((f: { severity: string }) => f.severity === 'BREAKING')).toEqual([]);
  });

  it('answers a manifest that needs nothing with the input unchanged; an empty one is NOT_A_MANIFEST', async () => {
    const manifest = 'apiVersion: v1\nkind: ConfigMap\nmetadata: {name: x}\n';
    const { convertManifest: r } = await server.data(CONVERT, { from: '1.20', to: '1.22', manifest });
    expect(r).toMatchObject({ manifest, changes: [], unconverted: [] });
    // test/http/manifest-inputs.test.ts covers the inputs that are not manifests.
    const empty = await server.query(CONVERT, { from: '1.20', to: '1.22', manifest: '' });
    expect(empty.errors![0].extensions).toMatchObject({ code: 'NOT_A_MANIFEST', line: 1, column: 1 });
  });
});

describe('convertManifest refuses bad input like upgradeReport and stays up', () => {
  const healthy = async () => {
    expect((await fetch(`${server.base}/healthz`)).status).toBe(200);
  };

  it.each([
    ['invalid YAML', 'apiVersion: v1\nkind: Service\nmetadata: {name: [x\n', 'BAD_USER_INPUT'],
    [
      'an alias bomb',
      [
        'a: &a ["x","x","x","x","x","x","x","x","x"]',
        'b: &b [*a,*a,*a,*a,*a,*a,*a,*a,*a]',
        'c: &c [*b,*b,*b,*b,*b,*b,*b,*b,*b]',
        'd: &d [*c,*c,*c,*c,*c,*c,*c,*c,*c]',
        'e: &e [*d,*d,*d,*d,*d,*d,*d,*d,*d]',
        'f: &f [*e,*e,*e,*e,*e,*e,*e,*e,*e]',
        'apiVersion: v1',
        'kind: ConfigMap',
      ].join('\n'),
      'MANIFEST_TOO_COMPLEX',
    ],
    [
      'excessive nesting',
      `apiVersion: v1\nkind: ConfigMap\ndata: ${'['.repeat(200)}${']'.repeat(200)}\n`,
      'MANIFEST_TOO_COMPLEX',
    ],
    [
      'a manifest over the size limit',
      `apiVersion: v1\nkind: ConfigMap\ndata:\n  x: "${'y'.repeat(70 * 1024)}"\n`,
      'PAYLOAD_TOO_LARGE',
    ],
  ])('%s: the same extensions.code as upgradeReport', async (_, manifest, code) => {
    const converted = await server.query(CONVERT, { from: '1.15', to: '1.20', manifest });
    const reported = await server.query(REPORT, { from: '1.15', to: '1.20', manifest });
    expect(converted.errors![0].extensions!.code).toBe(code);
    expect(converted.errors![0].extensions).toEqual(reported.errors![0].extensions);
    expect(converted.data).toBeNull();
    await healthy();
  });

  it('an unknown release: BAD_USER_INPUT listing the known ones', async () => {
    const res = await server.query(CONVERT, { from: '1.15', to: '1.99', manifest: INGRESS });
    expect(res.errors![0].extensions!.code).toBe('BAD_USER_INPUT');
    expect(res.errors![0].message).toMatch(/release 1\.99 is not in the knowledge base/);
  });
});

describe('convertManifest in the worker pool', () => {
  jest.setTimeout(120_000);

  it('answers exactly as the in-line conversion does, and stops one over its time budget with TIMEOUT', async () => {
    const file = seededDatabase();
    const kb = await testKnowledgeBase(file);
    const manifest = `${realWorld('ingress-controller-2019.yaml')}\n---\n${realWorld('kube-proxy-daemonset-1.14.yaml')}`;
    const expected = await server.data(CONVERT, { from: '1.15', to: '1.20', manifest });
    // The second pool's worker never answers: the budget is proven whatever the speed of the machine.
    const stalled = stallingWorkers();
    stalled.stalling = true;
    for (const [timeoutMs, startWorker, check] of [
      [30_000, undefined, (body: any) => expect(body).toEqual({ data: expected })],
      [
        50,
        stalled.startWorker,
        (body: any) => expect(body.errors[0].extensions).toMatchObject({ code: 'TIMEOUT', timeoutMs: 50 }),
      ],
    ] as const) {
      const pool = new AnalysisPool({ size: 1, timeoutMs, startWorker });
      await pool.start(kb);
      const running = await startServer({
        kb,
        searcher: openSearchIndex(file),
        port: 0,
        host: '127.0.0.1',
        analysisPool: pool,
      });
      try {
        const res = await fetch(`http://127.0.0.1:${running.port}/graphql`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ query: CONVERT, variables: { from: '1.15', to: '1.20', manifest } }),
        });
        check(await res.json());
      } finally {
        await running.stop();
      }
    }
  });
});
