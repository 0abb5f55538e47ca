// Load: a real server process under a fixed concurrency of mixed lookups and manifest checks for
// NETKB_LOAD_SECONDS (default 60). Asserts no errors and bounded memory growth, and prints the figures.
import { spawn, type ChildProcess } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { projectRoot } from '../../src/config';
import { seededDatabase } from '../support/http';

const SECONDS = Number(process.env.NETKB_LOAD_SECONDS ?? 60);
jest.setTimeout((SECONDS + 90) * 1000);

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });

async function rss(base: string): Promise<number> {
  const text = await (await fetch(`${base}/metrics`)).text();
  return Number(/^netkb_process_resident_memory_bytes (\d+)/m.exec(text)![1]);
}

let dir: string;
let child: ChildProcess;
let base: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'netkb-load-'));
  copyFileSync(seededDatabase(), join(dir, 'netkb.db'));
  const port = await freePort();
  child = spawn(process.execPath, ['--import', 'tsx', join(projectRoot(), 'src', 'main.ts')], {
    env: {
      ...process.env,
      DATABASE_URL: `file:${join(dir, 'netkb.db')}`,
      PORT: String(port),
      HOST: '127.0.0.1',
      NETKB_LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
    },
    stdio: 'ignore',
  });
  base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      if ((await fetch(`${base}/readyz`)).status === 200) break;
    } catch {
      /* starting */
    }
    if (Date.now() > deadline) throw new Error('the server did not become ready');
    await new Promise((r) => setTimeout(r, 200));
  }
});

afterAll(async () => {
  child.kill('SIGTERM');
  await new Promise((r) => child.on('exit', r));
  rmSync(dir, { recursive: true, force: true });
});

it(`serves ${SECONDS} s of mixed queries and manifest checks without an error, in bounded memory`, async () => {
  const manifest = readFileSync(
    join(projectRoot(), 'test', 'fixtures', 'real-world', 'ingress-controller-2019.yaml'),
    'utf8',
  );
  const bodies = [
    {
      query: '{ featureGate(name: "IPv6DualStack") { name lifecycle { stage defaultEnabled since until } removedIn } }',
    },
    { query: '{ flag(component: "kube-proxy", name: "--proxy-mode") { removedIn values { value removedIn } } }' },
    {
      query:
        '{ diff(from: "1.15", to: "1.20") { featureGates { gate { name } version } removedApiVersions { apiVersion kind } } }',
    },
    {
      query: '{ changes(first: 50, filter: { sigs: ["Network"] }) { totalCount edges { node { version summary } } } }',
    },
    {
      query:
        'query($m: String!) { upgradeReport(from: "1.15", to: "1.22", manifest: $m) { summary { breaking warning info } } }',
      variables: { m: manifest },
    },
  ].map((b) => JSON.stringify(b));

  // The warm-up sends every kind of request once at least: the server loads the modules of the analysis and
  // of the other operations on first use, which is start-up, not growth under load.
  let w = 0;
  const warm = await autocannon({
    url: `${base}/graphql`,
    connections: 4,
    duration: 2,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    requests: [{ setupRequest: (req) => ({ ...req, body: bodies[w++ % bodies.length] }) }],
  });
  expect(warm.errors).toBe(0);
  const before = await rss(base);
  let i = 0;
  const result = await autocannon({
    url: `${base}/graphql`,
    connections: 8,
    duration: SECONDS,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    requests: [{ setupRequest: (req) => ({ ...req, body: bodies[i++ % bodies.length] }) }],
  });
  const after = await rss(base);
  const growthMb = (after - before) / 1024 / 1024;
  process.stdout.write(
    `load: ${result.requests.total} requests in ${SECONDS} s (${Math.round(result.requests.average)}/s), ` +
      `latency p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, errors ${result.errors}, non-2xx ${result.non2xx}, ` +
      `RSS ${Math.round(before / 1048576)} -> ${Math.round(after / 1048576)} MiB\n`,
  );
  expect(result.errors).toBe(0);
  expect(result.timeouts).toBe(0);
  expect(result.non2xx).toBe(0);
  expect(result.requests.total).toBeGreaterThan(SECONDS * 20);
  expect(growthMb).toBeLessThan(200);
  expect((await fetch(`${base}/healthz`)).status).toBe(200);
});
