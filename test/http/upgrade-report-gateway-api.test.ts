// upgradeReport(gatewayApi:) over HTTP on the seeded database: Gateway API objects checked against the
// target bundle and channel, findings that name the bundle, the refusals of a bad range, and the same
// answer from the analysis worker threads as in-line.
import { AnalysisPool } from '../../src/services/analysis-pool';
import { upgradeReport } from '../../src/services/upgrade-report';
import { startTestServer, type TestServer } from '../support/http';
import { testKnowledgeBase } from '../support/knowledge-base';

jest.setTimeout(120_000);

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const REPORT = `query($m: String!, $gw: GatewayApiRange) {
  upgradeReport(from: "1.30", to: "1.31", manifest: $m, gatewayApi: $gw) {
    summary { breaking warning info }
    findings { ruleId messageId severity effectiveIn gatewayApiRelease line path fix replacement resource { kind name } }
  } }`;

// GRPCRoute v1alpha2 (v1.2.0 serves only v1), a TCPRoute (experimental channel only), an HTTPRoute with
// timeouts (standard from v1.2.0) and an Ingress of a version Kubernetes removed in 1.22.
const MANIFEST = `apiVersion: gateway.networking.k8s.io/v1alpha2
kind: GRPCRoute
metadata: {name: echo}
spec:
  rules:
    - backendRefs: [{name: echo, port: 9000}]
---
apiVersion: gateway.networking.k8s.io/v1alpha2
kind: TCPRoute
metadata: {name: db}
spec:
  rules:
    - backendRefs: [{name: db, port: 5432}]
---
apiVersion: gateway.networking.k8s.io/v1
kind: HTTPRoute
metadata: {name: web}
spec:
  rules:
    - timeouts: {request: 10s}
      backendRefs: [{name: web, port: 80}]
---
apiVersion: extensions/v1beta1
kind: Ingress
metadata: {name: old}
spec: {backend: {serviceName: web, servicePort: 80}}
`;

const gateway = (findings: any[]) => findings.filter((f) => f.ruleId === 'gateway-api');

describe('upgradeReport(gatewayApi:)', () => {
  it('checks Gateway API objects against the standard channel of the to bundle, at the report’s to release', async () => {
    const { upgradeReport: r } = await server.data(REPORT, { m: MANIFEST, gw: { from: 'v1.1.0', to: 'v1.2.0' } });
    expect(gateway(r.findings)).toEqual([
      {
        ruleId: 'gateway-api',
        messageId: 'version-not-served',
        severity: 'BREAKING',
        effectiveIn: '1.31',
        gatewayApiRelease: 'v1.2.0',
        line: 1,
        path: 'apiVersion',
        fix: 'Change apiVersion to gateway.networking.k8s.io/v1 (the standard channel serves it since v1.1.0, so you can change it before installing v1.2.0).',
        replacement: 'gateway.networking.k8s.io/v1',
        resource: { kind: 'GRPCRoute', name: 'echo' },
      },
      expect.objectContaining({ messageId: 'kind-experimental', line: 9, gatewayApiRelease: 'v1.2.0' }),
    ]);
    // Every other rule's findings carry no bundle.
    const others = r.findings.filter((f: any) => f.ruleId !== 'gateway-api');
    expect(others.length).toBeGreaterThan(0);
    expect(others.every((f: any) => f.gatewayApiRelease === null)).toBe(true);
  });

  it('finds the experimental field under standard before v1.2.0, and without gatewayApi says it checked nothing', async () => {
    const { upgradeReport: r } = await server.data(REPORT, { m: MANIFEST, gw: { from: '1.0.0', to: '1.1.0' } });
    expect(gateway(r.findings).find((f) => f.messageId === 'field-experimental')).toMatchObject({
      path: 'spec.rules[0].timeouts',
      line: 20,
      gatewayApiRelease: 'v1.1.0',
    });
    // Without gatewayApi nothing is checked against a bundle, and the report says so once (checked: false).
    const none = await server.data(REPORT, { m: MANIFEST });
    expect(gateway(none.upgradeReport.findings).map((f) => f.messageId)).toEqual(['no-range']);
  });

  it('on the experimental channel, the removed version is what breaks, not the TCPRoute', async () => {
    const { upgradeReport: r } = await server.data(REPORT, {
      m: MANIFEST,
      gw: { from: 'v1.1.0', to: 'v1.2.0', channel: 'EXPERIMENTAL' },
    });
    expect(gateway(r.findings).map((f) => [f.messageId, f.resource.kind])).toEqual([['version-removed', 'GRPCRoute']]);
  });

  it('refuses an unknown bundle with the closest tags, and a from after to', async () => {
    const unknown = await server.query(REPORT, { m: MANIFEST, gw: { from: 'v1.1.0', to: 'v1.2.9' } });
    expect(unknown.errors?.[0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', argument: 'gatewayApi.to' });
    expect(unknown.errors?.[0].extensions?.suggestions).toContain('v1.2.0');
    expect(unknown.errors?.[0].message).toMatch(
      /gatewayApi\.to: Gateway API release "v1\.2\.9" is not in the knowledge base/,
    );
    const backwards = await server.query(REPORT, { m: MANIFEST, gw: { from: 'v1.2.0', to: 'v1.1.0' } });
    expect(backwards.errors?.[0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', argument: 'gatewayApi.from' });
    expect(backwards.errors?.[0].message).toMatch(/from v1\.2\.0 is after to v1\.1\.0/);
  });

  it('answers the same in the analysis worker threads as in-line', async () => {
    const kb = await testKnowledgeBase();
    const range = { from: 'v1.1.0', to: 'v1.2.0', channel: 'STANDARD' as const };
    const inline = upgradeReport(kb, { from: '1.30', to: '1.31', manifest: MANIFEST, gatewayApi: range });
    const pool = new AnalysisPool({ size: 1, timeoutMs: 60_000 });
    await pool.start(kb);
    try {
      const pooled = await pool.upgradeReport(kb, '1.30', '1.31', MANIFEST, 1 << 20, range);
      expect(gateway(pooled.findings).map((f) => [f.messageId, f.gatewayApiRelease])).toEqual([
        ['version-not-served', 'v1.2.0'],
        ['kind-experimental', 'v1.2.0'],
      ]);
      expect(pooled.findings).toEqual(inline.findings);
      expect(pooled.gatewayApi).toEqual({ from: 'v1.1.0', to: 'v1.2.0', channel: 'standard' });
    } finally {
      await pool.close();
    }
  });
});
