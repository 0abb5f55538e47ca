// upgradeReport in worker threads: same answers as in-line, other requests are not held up by a large
// manifest, and an analysis over its time budget answers TIMEOUT while the server carries on.
import { serialize } from 'node:v8';
import { openSearchIndex } from '../../src/db/search';
import { AnalysisPool, type PoolOptions } from '../../src/services/analysis-pool';
import { startServer, type RunningServer } from '../../src/server';
import { seededDatabase, startTestServer } from '../support/http';
import { stallingWorkers } from '../support/stalling-worker';
import { testKnowledgeBase } from '../support/knowledge-base';

jest.setTimeout(120_000);

const REPORT =
  'query($m: String!) { upgradeReport(from: "1.15", to: "1.22", manifest: $m) { documents summary { breaking warning info } findings { ruleId line effectiveIn change { version prs } } } }';
const objects = (n: number) =>
  Array.from(
    { length: n },
    (_, i) =>
      `apiVersion: extensions/v1beta1\nkind: Ingress\nmetadata: {name: i${i}}\nspec: {backend: {serviceName: s, servicePort: 80}}\n`,
  ).join('---\n');

async function withPool(
  options: Omit<PoolOptions, 'size'> | number,
  fn: (url: string) => Promise<void>,
): Promise<void> {
  const file = seededDatabase();
  const kb = await testKnowledgeBase(file);
  const pool = new AnalysisPool({ size: 2, ...(typeof options === 'number' ? { timeoutMs: options } : options) });
  await pool.start(kb);
  const running: RunningServer = await startServer({
    kb,
    searcher: openSearchIndex(file),
    port: 0,
    host: '127.0.0.1',
    analysisPool: pool,
  });
  try {
    await fn(`http://127.0.0.1:${running.port}/graphql`);
  } finally {
    await running.stop();
  }
}

const post = async (url: string, query: string, variables?: Record<string, unknown>) => {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query, variables }),
  });
  return { status: res.status, body: (await res.json()) as any };
};

describe('analysis in worker threads', () => {
  it('answers exactly as the in-line analysis does, release notes included', async () => {
    const inline = await startTestServer();
    const manifest = objects(3);
    const expected = await inline.data(REPORT, { m: manifest });
    await inline.close();
    await withPool(10_000, async (url) => {
      const got = await post(url, REPORT, { m: manifest });
      expect(got.body).toEqual({ data: expected });
      expect(got.body.data.upgradeReport.findings[0].change).not.toBeNull();
    });
  });

  it('keeps serving lookups while a large manifest is analysed', async () => {
    // The analysis's worker holds the job until the lookup is answered: the order is the test's, not the
    // machine's speed.
    const workers = stallingWorkers();
    await withPool({ timeoutMs: 60_000, startWorker: workers.startWorker }, async (url) => {
      workers.holding = true;
      const order: string[] = [];
      const big = post(url, REPORT, { m: objects(4000) }).then((r) => {
        order.push('report');
        return r;
      });
      await workers.held;
      const lookup = await post(url, '{ featureGate(name: "IPv6DualStack") { removedIn } }');
      order.push('lookup');
      expect(lookup.body.data.featureGate.removedIn).toBe('1.25');
      workers.release();
      const report = await big;
      expect(report.body.data.upgradeReport.documents).toBe(4000);
      expect(order).toEqual(['lookup', 'report']);
    });
  });

  it('stops an analysis over its time budget with TIMEOUT, and answers the next one', async () => {
    // The first analysis goes to a worker that never answers (it cannot finish within any budget, however fast
    // the machine); the pool stops that worker, and a new real one answers the next request.
    const workers = stallingWorkers();
    await withPool({ timeoutMs: 150, startWorker: workers.startWorker }, async (url) => {
      workers.stalling = true;
      const slow = await post(url, REPORT, { m: objects(1) });
      expect(slow.status).toBe(503);
      expect(slow.body.errors[0].extensions).toMatchObject({ code: 'TIMEOUT', timeoutMs: 150 });
      expect(workers.stalled).toHaveLength(1);
      await workers.stalled[0].exit;
      workers.stalling = false;
      const next = await post(url, REPORT, { m: objects(1) });
      expect(next.body.data.upgradeReport.summary.breaking).toBe(1);
      expect(workers.stalled).toHaveLength(1);
    });
  });

  it('starts workers when analyses arrive and stops them when idle', async () => {
    const file = seededDatabase();
    const kb = await testKnowledgeBase(file);
    const pool = new AnalysisPool({ size: 2, timeoutMs: 10_000, idleMs: 300 });
    await pool.start(kb);
    try {
      expect(pool.ready()).toBe(true);
      expect(pool.running).toBe(0);
      const reports = await Promise.all(
        [1, 2, 3].map(() => pool.upgradeReport(kb, '1.15', '1.22', objects(2), 1 << 20)),
      );
      expect(reports.map((r) => r.summary.breaking)).toEqual([2, 2, 2]);
      expect(pool.running).toBe(2);
      const deadline = Date.now() + 10_000;
      while (pool.running > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      expect(pool.running).toBe(0);
      expect((await pool.upgradeReport(kb, '1.15', '1.22', objects(1), 1 << 20)).summary.breaking).toBe(1);
    } finally {
      await pool.close();
    }
  });

  it('counts the running workers in /metrics (netkb_analysis_workers): none, then as many as analyses ran at once', async () => {
    // Both workers hold their first job until the test has counted them: three analyses are then running or
    // queued at once, whatever the speed of the machine.
    const held = stallingWorkers();
    const server = await startTestServer({
      analysisPool: { size: 2, timeoutMs: 30_000, idleMs: 60_000, startWorker: held.startWorker },
    });
    const workers = async () => {
      const text = await (await fetch(`${server.base}/metrics`)).text();
      return Number(/^netkb_analysis_workers (\d+)$/m.exec(text)?.[1]);
    };
    try {
      expect(await workers()).toBe(0);
      held.holding = true;
      const pending = Promise.all([1, 2, 3].map(() => server.data(REPORT, { m: objects(200) })));
      await held.heldBy(2);
      expect(await workers()).toBe(2);
      held.release();
      const answers = await pending;
      expect(answers.map((a) => a.upgradeReport.documents)).toEqual([200, 200, 200]);
      expect(await workers()).toBe(2);
    } finally {
      await server.close();
    }
  });

  it("answers the same from the snapshot's serialized bytes (the snapshot file's) as from the snapshot, reloads included", async () => {
    const file = seededDatabase();
    const kb = await testKnowledgeBase(file);
    const manifest = objects(3);
    const answers: unknown[] = [];
    for (const serialized of [undefined, new Uint8Array(serialize(kb.model))]) {
      const pool = new AnalysisPool({ size: 1, timeoutMs: 30_000 });
      await pool.start(kb, serialized);
      try {
        answers.push(await pool.upgradeReport(kb, '1.15', '1.22', manifest, 1 << 20));
        await pool.reload(kb, serialized);
        answers.push(await pool.upgradeReport(kb, '1.15', '1.22', manifest, 1 << 20));
      } finally {
        await pool.close();
      }
    }
    expect((answers[0] as { findings: unknown[] }).findings.length).toBeGreaterThan(0);
    expect(answers[1]).toEqual(answers[0]);
    expect(answers[2]).toEqual(answers[0]);
    expect(answers[3]).toEqual(answers[0]);
    // Bytes that are not a snapshot: the worker cannot start, and start() says so.
    const broken = new AnalysisPool({ size: 1, timeoutMs: 30_000 });
    await expect(broken.start(kb, new Uint8Array([1, 2, 3]))).rejects.toThrow();
    await broken.close();
  });

  it('passes client errors through unchanged', async () => {
    await withPool(10_000, async (url) => {
      const bad = await post(url, REPORT, { m: 'a: [unclosed' });
      expect(bad.body.errors[0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', line: 1 });
    });
  });
});
