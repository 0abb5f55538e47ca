// What operators see: Prometheus metrics at /metrics and one structured log line per request.
import { Writable } from 'node:stream';
import { openSearchIndex } from '../../src/db/search';
import { ServerMetrics } from '../../src/observability/metrics';
import { createLogger } from '../../src/observability/log';
import { startServer, type RunningServer } from '../../src/server';
import { seededDatabase } from '../support/http';
import { testKnowledgeBase } from '../support/knowledge-base';

let running: RunningServer;
const lines: Record<string, unknown>[] = [];
let base: string;

beforeAll(async () => {
  const file = seededDatabase();
  const sink = new Writable({
    write(chunk, _enc, done) {
      for (const l of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(l));
      done();
    },
  });
  running = await startServer({
    kb: await testKnowledgeBase(file),
    searcher: openSearchIndex(file),
    port: 0,
    host: '127.0.0.1',
    logger: createLogger('info', sink),
    metrics: new ServerMetrics(true),
  });
  base = `http://127.0.0.1:${running.port}`;
});
afterAll(() => running.stop());

const post = (query: string, operationName?: string) =>
  fetch(`${base}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query, operationName }),
  });

describe('/metrics', () => {
  it('counts requests by operation and status, errors by code, times analyses, and names the knowledge base', async () => {
    await post('query GateLife { featureGate(name: "IPv6DualStack") { name } }', 'GateLife');
    await post('{ release(version: "9.9") { version } }');
    await post(
      '{ upgradeReport(from: "1.19", to: "1.20", manifest: "apiVersion: v1\\nkind: ConfigMap\\n") { documents } }',
    );
    const res = await fetch(`${base}/metrics`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/text\/plain/);
    const text = await res.text();
    expect(text).toMatch(/netkb_graphql_requests_total\{operation="GateLife",status="200"\} 1/);
    expect(text).toMatch(/netkb_graphql_requests_total\{operation="release",status="200"\} 1/);
    expect(text).toMatch(/netkb_graphql_errors_total\{code="BAD_USER_INPUT"\} 1/);
    expect(text).toMatch(/netkb_upgrade_report_duration_seconds_count 1/);
    expect(text).toMatch(/netkb_graphql_request_duration_seconds_bucket\{le="[^"]+",operation="GateLife"\}/);
    expect(text).toMatch(/netkb_knowledge_base_info\{version="[0-9a-f]{12}"\} 1/);
    expect(text).toMatch(/netkb_process_resident_memory_bytes/);
    // The process metrics, registered one by one (src/observability/prom.ts): the CPU counters are netkb's own.
    for (const name of [
      'netkb_process_start_time_seconds',
      'netkb_process_open_fds',
      'netkb_nodejs_eventloop_lag_seconds',
      'netkb_nodejs_heap_size_total_bytes',
      'netkb_nodejs_version_info',
      'netkb_nodejs_gc_duration_seconds',
    ])
      expect(text).toContain(`# TYPE ${name} `);
    const cpu = (t: string, kind: string) =>
      Number(new RegExp(`^netkb_process_cpu_${kind}seconds_total (\\S+)$`, 'm').exec(t)?.[1]);
    const [user, system, total] = ['user_', 'system_', ''].map((k) => cpu(text, k));
    expect(user).toBeGreaterThan(0);
    expect(total).toBeCloseTo(user + system, 6);
    // Counters: they only grow, by the CPU time spent meanwhile.
    for (let i = 0; i < 1e6; i++) Math.sqrt(i);
    expect(cpu(await (await fetch(`${base}/metrics`)).text(), '')).toBeGreaterThan(total);
  });
});

describe('logs', () => {
  it('writes one JSON line per request with its request id, status, duration and operation', async () => {
    const res = await post('query Releases { releases { version } }', 'Releases');
    const id = res.headers.get('x-request-id');
    await new Promise((r) => setTimeout(r, 20));
    const line = lines.find((l) => l.requestId === id);
    expect(line).toMatchObject({
      msg: 'request',
      method: 'POST',
      path: '/graphql',
      status: 200,
      operation: 'Releases',
      service: 'netkb',
    });
    expect(typeof line!.ms).toBe('number');
    expect(typeof line!.time).toBe('string');
  });
});
