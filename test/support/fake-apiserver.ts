// A local HTTP server that answers as a Kubernetes API server does, for the tests of netkb cluster (there is no
// kube-apiserver on these machines). Built from the documented formats: discovery (APIGroupList at /apis,
// APIResourceList at /api/v1 and /apis/GROUP/VERSION), lists (a <Kind>List whose items carry no apiVersion and
// kind, paged with `limit` and `continue`: https://kubernetes.io/docs/reference/using-api/api-concepts/#retrieving-large-results-sets-in-chunks),
// Status objects for refusals, field and label selectors, and /metrics as Prometheus text. It records every
// request, and refuses one without the bearer token.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface FakeResource {
  apiVersion: string;
  resource: string;
  kind: string;
  namespaced: boolean;
  items: Record<string, unknown>[];
  /** Answer 403 to lists of it (a role without list). */
  forbidden?: boolean;
}

export interface FakeApiServer {
  url: string;
  /** Every request's path and query, in order. */
  requests: string[];
  /** A kubeconfig file for the server (context "fake", a bearer token). */
  kubeconfig: string;
  close(): Promise<void>;
}

export const FAKE_TOKEN = 'fake-token-for-tests';

export async function startFakeApiServer(resources: FakeResource[], metrics: string | null): Promise<FakeApiServer> {
  const requests: string[] = [];
  const groupVersions = [...new Set(resources.map((r) => r.apiVersion).filter((v) => v.includes('/')))];
  const send = (res: import('node:http').ServerResponse, status: number, body: unknown, type = 'application/json') => {
    res.writeHead(status, { 'content-type': type });
    res.end(typeof body === 'string' ? body : JSON.stringify(body));
  };
  const status = (code: number, reason: string, message: string) => ({
    kind: 'Status',
    apiVersion: 'v1',
    metadata: {},
    status: 'Failure',
    message,
    reason,
    code,
  });
  const server: Server = createServer((req: IncomingMessage, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    requests.push(url.pathname + url.search);
    if (req.headers.authorization !== `Bearer ${FAKE_TOKEN}`)
      return send(res, 401, status(401, 'Unauthorized', 'Unauthorized'));
    if (url.pathname === '/metrics')
      return metrics === null
        ? send(res, 403, status(403, 'Forbidden', 'forbidden: User "tester" cannot get path "/metrics"'))
        : send(res, 200, metrics, 'text/plain; version=0.0.4');
    if (url.pathname === '/apis')
      return send(res, 200, {
        kind: 'APIGroupList',
        apiVersion: 'v1',
        groups: [...new Set(groupVersions.map((gv) => gv.split('/')[0]))].map((name) => ({
          name,
          versions: groupVersions
            .filter((gv) => gv.startsWith(`${name}/`))
            .map((gv) => ({ groupVersion: gv, version: gv.split('/')[1] })),
        })),
      });
    const discovery = /^\/(?:api\/(v1)|apis\/([^/]+\/[^/]+))$/.exec(url.pathname);
    if (discovery) {
      const gv = discovery[1] ?? discovery[2];
      const mine = resources.filter((r) => r.apiVersion === gv);
      if (mine.length === 0 && gv !== 'v1')
        return send(res, 404, status(404, 'NotFound', 'the server could not find the requested resource'));
      return send(res, 200, {
        kind: 'APIResourceList',
        apiVersion: 'v1',
        groupVersion: gv,
        resources: mine.map((r) => ({
          name: r.resource,
          namespaced: r.namespaced,
          kind: r.kind,
          verbs: ['get', 'list', 'watch'],
        })),
      });
    }
    const list = /^\/(?:api\/(v1)|apis\/([^/]+\/[^/]+))\/([^/]+)$/.exec(url.pathname);
    const found = list && resources.find((r) => r.apiVersion === (list[1] ?? list[2]) && r.resource === list[3]);
    if (!found) return send(res, 404, status(404, 'NotFound', 'the server could not find the requested resource'));
    if (found.forbidden)
      return send(
        res,
        403,
        status(
          403,
          'Forbidden',
          `${found.resource} is forbidden: User "tester" cannot list resource "${found.resource}" at the cluster scope`,
        ),
      );
    let items = found.items;
    const fieldSelector = url.searchParams.get('fieldSelector');
    if (fieldSelector)
      for (const term of fieldSelector.split(',')) {
        const [field, value] = term.split('=');
        items = items.filter(
          (i) => String(field.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown>)?.[k], i)) === value,
        );
      }
    const labelSelector = url.searchParams.get('labelSelector');
    if (labelSelector)
      for (const term of labelSelector.split(',')) {
        const [key, value] = term.split('=');
        items = items.filter((i) => ((i.metadata as { labels?: Record<string, string> })?.labels ?? {})[key] === value);
      }
    const limit = Number(url.searchParams.get('limit') ?? items.length) || items.length;
    const start = Number(url.searchParams.get('continue') ?? 0);
    const page = items.slice(start, start + limit);
    const next = start + limit < items.length ? String(start + limit) : undefined;
    return send(res, 200, {
      kind: `${found.kind}List`,
      apiVersion: found.apiVersion,
      metadata: { resourceVersion: '99', ...(next ? { continue: next } : {}) },
      // A list's items carry no apiVersion and kind (the List says them).
      items: page.map(({ apiVersion: _a, kind: _k, ...rest }) => rest),
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const dir = mkdtempSync(join(tmpdir(), 'netkb-kubeconfig-'));
  const kubeconfig = join(dir, 'config');
  writeFileSync(
    kubeconfig,
    [
      'apiVersion: v1',
      'kind: Config',
      'clusters:',
      // Plain HTTP: the official client accepts it only with TLS verification off, as for any insecure server.
      `- name: fake\n  cluster:\n    server: ${url}\n    insecure-skip-tls-verify: true`,
      'users:',
      `- name: tester\n  user:\n    token: ${FAKE_TOKEN}`,
      'contexts:',
      '- name: fake\n  context:\n    cluster: fake\n    user: tester',
      'current-context: fake',
      '',
    ].join('\n'),
  );
  return {
    url,
    requests,
    kubeconfig,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
