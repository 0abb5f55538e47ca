// `netkb cluster` as a process against a local server that answers as the API server does
// (test/support/fake-apiserver.ts): what it lists (only the kinds that change, paged, Helm's Secrets by their
// type and labels), how live objects, Helm releases and /metrics are reported, and what a refusal gives.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { projectRoot } from '../../src/config';
import { seededDatabase } from '../support/http';
import { startFakeApiServer, type FakeApiServer, type FakeResource } from '../support/fake-apiserver';
import { releaseSecret } from '../support/helm-release';

const root = projectRoot();

function netkb(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(join(root, 'node_modules', '.bin', 'tsx'), [join(root, 'src', 'cli', 'netkb.ts'), ...args], {
      env: { ...process.env, DATABASE_URL: `file:${seededDatabase()}`, KUBECONFIG: '/nonexistent' },
      cwd: root,
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

const applied = (o: Record<string, unknown>) => JSON.stringify(o);
const ingress = (name: string, appliedAs: string | null): Record<string, unknown> => ({
  apiVersion: 'networking.k8s.io/v1',
  kind: 'Ingress',
  metadata: {
    name,
    namespace: 'shop',
    uid: `uid-${name}`,
    resourceVersion: '10',
    ...(appliedAs
      ? {
          annotations: {
            'kubectl.kubernetes.io/last-applied-configuration': applied({
              apiVersion: appliedAs,
              kind: 'Ingress',
              metadata: { name, namespace: 'shop' },
              spec: { backend: { serviceName: 'web', servicePort: 80 } },
            }),
          },
        }
      : {}),
  },
  spec: { defaultBackend: { service: { name: 'web', port: { number: 80 } } } },
});

const HELM_MANIFEST = `---
# Source: web/templates/pdb.yaml
apiVersion: policy/v1beta1
kind: PodDisruptionBudget
metadata:
  name: web
spec:
  minAvailable: 1
`;
const release = (revision: number, status: 'deployed' | 'superseded') =>
  releaseSecret({
    name: 'web',
    namespace: 'shop',
    revision,
    status,
    chart: { name: 'web', version: `1.${revision}.0` },
    manifest: HELM_MANIFEST,
    config: { password: 'never-in-any-output' },
  });
const opaque = {
  apiVersion: 'v1',
  kind: 'Secret',
  metadata: { name: 'db', namespace: 'shop', uid: 'uid-db', resourceVersion: '3' },
  type: 'Opaque',
  data: { password: Buffer.from('never-listed').toString('base64') },
};
const METRICS = `# TYPE apiserver_requested_deprecated_apis gauge
apiserver_requested_deprecated_apis{group="extensions",removed_release="1.22",resource="ingresses",subresource="",version="v1beta1"} 1
`;

function resources(extra: Partial<Record<string, Partial<FakeResource>>> = {}): FakeResource[] {
  const list: FakeResource[] = [
    {
      apiVersion: 'networking.k8s.io/v1',
      resource: 'ingresses',
      kind: 'Ingress',
      namespaced: true,
      items: [ingress('a', 'networking.k8s.io/v1beta1'), ingress('b', null), ingress('c', 'extensions/v1beta1')],
    },
    {
      apiVersion: 'v1',
      resource: 'secrets',
      kind: 'Secret',
      namespaced: true,
      items: [release(1, 'superseded'), release(2, 'deployed'), opaque],
    },
    { apiVersion: 'v1', resource: 'configmaps', kind: 'ConfigMap', namespaced: true, items: [] },
    { apiVersion: 'v1', resource: 'pods', kind: 'Pod', namespaced: true, items: [] },
    {
      apiVersion: 'policy/v1',
      resource: 'poddisruptionbudgets',
      kind: 'PodDisruptionBudget',
      namespaced: true,
      items: [],
    },
  ];
  return list.map((r) => ({ ...r, ...(extra[r.resource] ?? {}) }));
}

let server: FakeApiServer;
afterEach(() => server?.close());

/** netkb cluster on the fake server, 1.20 -> 1.25, with `extra` options. */
const cluster = (...extra: string[]) =>
  netkb(['cluster', '--kubeconfig', server.kubeconfig, '--from', '1.20', '--to', '1.25', ...extra]);

describe('netkb cluster', () => {
  jest.setTimeout(60_000);

  it('reports live objects as last applied, Helm releases and requested APIs, listing only what changes, paged', async () => {
    server = await startFakeApiServer(resources(), METRICS);
    const r = await cluster('--page-size', '2', '--format', 'json');
    expect(r.code).toBe(1);
    const report = JSON.parse(r.stdout);
    const findings = report.files.flatMap((f: any) => f.findings.map((x: any) => ({ file: f.file, ...x })));
    const apiVersionFindings = findings
      .filter((f: any) => f.ruleId === 'api-version')
      .map((f: any) => [
        f.resource.kind,
        f.resource.name,
        f.resource.apiVersion,
        f.resource.origin?.source,
        f.effectiveIn,
      ]);
    expect(apiVersionFindings).toEqual(
      expect.arrayContaining([
        ['Ingress', 'a', 'networking.k8s.io/v1beta1', 'LAST_APPLIED', '1.22'],
        ['Ingress', 'c', 'extensions/v1beta1', 'LAST_APPLIED', '1.22'],
        ['PodDisruptionBudget', 'web', 'policy/v1beta1', 'HELM_RELEASE', '1.25'],
        ['Ingress', null, 'extensions/v1beta1', 'APISERVER_REQUEST', '1.22'],
      ]),
    );
    // The Ingress without last-applied is said once as checked as served.
    expect(findings.filter((f: any) => f.messageId === 'liveAsServed').map((f: any) => f.resource.name)).toEqual(['b']);
    // The superseded revision is not listed (labels) and neither is the Opaque Secret (field selector).
    const helm = findings.filter((f: any) => f.resource.origin?.source === 'HELM_RELEASE');
    expect(helm.map((f: any) => f.resource.origin.helmRelease.revision)).toEqual([2]);
    expect(r.stdout).not.toContain('never-in-any-output');
    expect(r.stdout).not.toContain('never-listed');
    // Requests: discovery, the Ingress list in pages of 2, Helm's Secrets and ConfigMaps by selector, /metrics;
    // nothing of Pods or other kinds that do not change.
    const lists = server.requests.filter((q) => q.includes('?'));
    expect(lists).toEqual([
      '/apis/networking.k8s.io/v1/ingresses?limit=2',
      '/apis/networking.k8s.io/v1/ingresses?limit=2&continue=2',
      '/apis/policy/v1/poddisruptionbudgets?limit=2',
      '/api/v1/secrets?fieldSelector=type%3Dhelm.sh%2Frelease.v1&labelSelector=owner%3Dhelm%2Cstatus%3Ddeployed&limit=2',
      '/api/v1/configmaps?labelSelector=owner%3Dhelm%2Cstatus%3Ddeployed&limit=2',
    ]);
    expect(server.requests).toContain('/metrics');
    expect(report.files.map((f: any) => f.file)).toContain(
      'fake: ingresses.networking.k8s.io networking.k8s.io/v1 (page 2)',
    );
  });

  it('says once for the whole cluster, not once a page, what it says once per input', async () => {
    const items = [ingress('b', null), ingress('a', 'networking.k8s.io/v1'), ingress('d', null)];
    server = await startFakeApiServer(resources({ ingresses: { items } }), METRICS);
    const r = await cluster('--page-size', '2', '--format', 'json', '--no-helm');
    const report = JSON.parse(r.stdout);
    const pages = report.files.filter((f: any) => f.file.includes('ingresses'));
    expect(pages.map((f: any) => f.coverage.objects)).toEqual([2, 1]);
    const said = report.files.flatMap((f: any) => f.findings).filter((f: any) => f.messageId === 'liveAsServed');
    expect(said.map((f: any) => f.resource.name)).toEqual(['b']);
  });

  it('says what the server refused, and goes on: a forbidden list and /metrics are error entries, exit 2', async () => {
    server = await startFakeApiServer(resources({ ingresses: { forbidden: true } }), null);
    const r = await cluster('--format', 'json');
    expect(r.code).toBe(2);
    const report = JSON.parse(r.stdout);
    const errors = report.files.filter((f: any) => f.error).map((f: any) => [f.file, f.error.code]);
    expect(errors).toEqual([
      ['fake: ingresses.networking.k8s.io networking.k8s.io/v1', 'FORBIDDEN'],
      ['fake: /metrics', 'FORBIDDEN'],
    ]);
    expect(r.stderr).toMatch(/answered 403 to list ingresses: ingresses is forbidden.*deploy\/cluster-reader\.yaml/);
    // The Helm release was still read.
    expect(r.stdout).toContain('"source": "HELM_RELEASE"');
  });

  it('lists a kind in a version of its group netkb has no record of, rather than passing over its objects', async () => {
    const v2 = (i: Record<string, unknown>) => ({ ...i, apiVersion: 'networking.k8s.io/v2' });
    server = await startFakeApiServer(
      resources({
        ingresses: {
          apiVersion: 'networking.k8s.io/v2',
          items: [v2(ingress('a', 'networking.k8s.io/v1beta1')), v2(ingress('b', null))],
        },
      }),
      METRICS,
    );
    const r = await cluster('--no-helm', '--no-metrics', '--format', 'json');
    expect(server.requests).toContain('/apis/networking.k8s.io/v2/ingresses?limit=250');
    const findings = JSON.parse(r.stdout).files.flatMap((f: any) => f.findings);
    // The applied source is still checked; the live version is said not checked.
    expect(findings.map((f: any) => [f.resource.name, f.messageId, f.checked])).toEqual(
      expect.arrayContaining([
        ['a', 'removed', true],
        ['b', 'liveAsServed', false],
        ['b', 'notKnown', false],
      ]),
    );
  });

  it('--no-helm lists no Secrets; a missing context or kubeconfig is a usage error naming it', async () => {
    server = await startFakeApiServer(resources(), METRICS);
    const r = await cluster('--no-helm', '--no-metrics');
    expect(r.code).toBe(1);
    expect(server.requests.some((q) => q.startsWith('/api/v1/secrets') || q === '/metrics')).toBe(false);
    const context = await cluster('--context', 'prod');
    expect([context.code, context.stderr]).toEqual([
      2,
      expect.stringContaining('no context prod in the kubeconfig (it has fake)'),
    ]);
    const missing = await netkb(['cluster', '--kubeconfig', '/nonexistent/config', '--from', '1.20', '--to', '1.25']);
    expect([missing.code, missing.stderr]).toEqual([
      2,
      expect.stringContaining('cannot read the kubeconfig /nonexistent/config'),
    ]);
  });
});
