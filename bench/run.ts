// npm run bench: netkb's speed as ratios against floors measured in the same run on the same machine.
// 1 lookups over HTTP (netkb vs a bare graphql-js server), 2 analysis throughput (upgradeReport vs
// js-yaml's loadAll of the same bytes), 3 start-up and seed build, 4 memory, 5 convert against check on
// ~20 MB (time and peak memory, each in a process of its own). Prints a table with
// PASS/FAIL per target and writes bench/results.json. Not a test: it does not gate CI.
import { spawn, execSync, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { loadAll } from 'js-yaml';
import { loadSeed } from '../src/seed/load';
import { projectRoot, seedDir } from '../src/config';
import { writeSeed } from '../src/db/write-seed';
import { clusterDump, manifest } from './manifests';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
/** BENCH_ONLY=cli: only start-up and the command-line figures (a minute instead of several). */
const ONLY_CLI = process.env.BENCH_ONLY === 'cli';
/** Objects of the convert benchmark's manifest: about 20 MB of generated YAML. */
const CONVERT_OBJECTS = 100_000;
const root = projectRoot();
const dir = mkdtempSync(join(tmpdir(), 'netkb-bench-'));
const db = join(dir, 'netkb.db');

// The analysis runs from dist/ (compiled by tsc, as `npm start` and `netkb` run it), not through tsx,
// whose transform wraps every function created at run time in a naming helper.
const dist = (path: string) => require(join(root, 'dist', 'src', path));
const { readKnowledgeBase } = dist('db/read-kb.js') as typeof import('../src/db/read-kb');
const { KnowledgeBase } = dist('kb/knowledge-base.js') as typeof import('../src/kb/knowledge-base');
const { upgradeReport } = dist('services/upgrade-report.js') as typeof import('../src/services/upgrade-report');

const QUERIES: Record<string, string> = {
  featureGate:
    '{ featureGate(name: "IPv6DualStack") { name summary lifecycle { stage defaultEnabled lockedToDefault since until } removedIn } }',
  flag: '{ flag(component: "kube-proxy", name: "--proxy-mode") { name removedIn values { value deprecatedIn removedIn replacement } defaults { value since } } }',
  diff: '{ diff(from: "1.15", to: "1.20") { featureGates { gate { name } version after { stage } } removedApiVersions { apiVersion kind } removedFlags { name } deprecatedFlags { name } } }',
  changesPage: '{ changes(first: 50) { totalCount edges { node { version kind summary prs } } } }',
};

function startProcess(
  args: string[],
  env: Record<string, string>,
  ready: (line: string) => boolean,
): Promise<{ child: ChildProcess; ms: number }> {
  const started = performance.now();
  const child = spawn(process.execPath, ['--import', 'tsx', ...args], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    child.stdout!.on('data', (d) => {
      if (String(d).split('\n').some(ready)) resolve({ child, ms: performance.now() - started });
    });
    child.on('exit', (code) => reject(new Error(`${args.join(' ')} exited with ${code}`)));
  });
}

async function waitHealthy(port: number): Promise<number> {
  const started = performance.now();
  for (;;) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/healthz`)).status === 200) return performance.now() - started;
    } catch {
      /* starting */
    }
    await new Promise((r) => setTimeout(r, 10));
  }
}

async function load(port: number, query: string, seconds = SECONDS) {
  const r = await autocannon({
    url: `http://127.0.0.1:${port}/graphql`,
    connections: 8,
    duration: seconds,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query }),
  });
  return { rps: Math.round(r.requests.average), p50: r.latency.p50, p99: r.latency.p99, errors: r.errors + r.non2xx };
}

async function rss(port: number): Promise<number> {
  const text = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
  return Number(/^netkb_process_resident_memory_bytes (\d+)/m.exec(text)?.[1] ?? 0) / 1048576;
}

/** CPU time of one run of fn in ms. */
const cpuMs = (fn: () => unknown) => {
  const started = process.cpuUsage();
  fn();
  const used = process.cpuUsage(started);
  return (used.user + used.system) / 1000;
};

/**
 * CPU times of `ours` and `floor` in ms, each the best of `repeat` runs, taken in turns (ours, floor,
 * ours, ...) so that both see the same spells of a busy machine.
 */
const timeInTurns = (ours: () => unknown, floor: () => unknown, repeat: number) => {
  ours();
  floor();
  const best = { ours: Infinity, floor: Infinity };
  for (let i = 0; i < repeat; i++) {
    best.ours = Math.min(best.ours, cpuMs(ours));
    best.floor = Math.min(best.floor, cpuMs(floor));
  }
  return best;
};

/** Wall time of a whole command in ms, the best of `repeat` runs. */
const command = (args: string[], repeat: number, env: Record<string, string> = {}) => {
  let best = Infinity;
  for (let i = 0; i < repeat; i++) {
    const started = performance.now();
    execSync([process.execPath, ...args].map((a) => JSON.stringify(a)).join(' '), {
      cwd: root,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    best = Math.min(best, performance.now() - started);
  }
  return best;
};

/** One whole process: wall time in ms and peak RSS in MiB (bench/peak-rss.cjs, preloaded into ours and the floor's). */
const processRun = (args: string[], env: Record<string, string> = {}) => {
  const rssFile = join(dir, `rss-${process.pid}`);
  const started = performance.now();
  const r = spawnSync(process.execPath, ['--require', join(root, 'bench', 'peak-rss.cjs'), ...args], {
    cwd: root,
    env: { ...process.env, ...env, BENCH_RSS_FILE: rssFile },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const ms = performance.now() - started;
  if (r.status !== 0 && r.status !== 1) throw new Error(`${args.join(' ')} exited with ${r.status}: ${r.stderr}`);
  return { ms, rssMiB: Number(readFileSync(rssFile, 'utf8')) / 1024 };
};

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/**
 * Whole processes, ours and the floor's in turns after one warm-up of each (the file cache, not the
 * JIT: every run is a new process): median wall time and median peak RSS of `repeat` runs.
 */
const processesInTurns = (ours: string[], floor: string[], env: Record<string, string>, repeat = 5) => {
  processRun(ours, env);
  processRun(floor);
  const runs = { ours: [] as ReturnType<typeof processRun>[], floor: [] as ReturnType<typeof processRun>[] };
  for (let i = 0; i < repeat; i++) {
    runs.ours.push(processRun(ours, env));
    runs.floor.push(processRun(floor));
  }
  const sum = (rs: ReturnType<typeof processRun>[]) => ({
    ms: Math.round(median(rs.map((r) => r.ms))),
    rssMiB: Math.round(median(rs.map((r) => r.rssMiB))),
  });
  return { ours: sum(runs.ours), floor: sum(runs.floor) };
};

/** A process that only loads `file` with js-yaml: the floor of the command-line figures. */
const jsYamlProcess = (file: string) => [
  '-e',
  `require(${JSON.stringify(require.resolve('js-yaml'))}).loadAll(require('node:fs').readFileSync(${JSON.stringify(file)}, 'utf8'))`,
];

/** The command-line figures: check of a one-Ingress file, gate, diff, against a js-yaml process on that file. */
function commandLine(targets: [string, boolean, string][]): Record<string, unknown> {
  const small = join(dir, 'one-ingress.yaml');
  writeFileSync(
    small,
    'apiVersion: extensions/v1beta1\nkind: Ingress\nmetadata: {name: web}\nspec:\n  backend: {serviceName: web, servicePort: 80}\n',
  );
  const env = { DATABASE_URL: `file:${db}` };
  const netkb = join(root, 'bin', 'netkb');
  // The first run builds the snapshot file beside the database if a release has none yet: not measured.
  processRun([netkb, 'check', small, '--from', '1.15', '--to', '1.22', '--fail-on', 'none'], env);
  const verbs: Record<string, string[]> = {
    check: ['check', small, '--from', '1.15', '--to', '1.22', '--format', 'json', '--fail-on', 'none'],
    gate: ['gate', 'IPv6DualStack'],
    diff: ['diff', '1.15', '1.20'],
  };
  const out: Record<string, unknown> = { check10000: check10000(env, targets), checkDump: checkDump(env, targets) };
  for (const [name, args] of Object.entries(verbs)) {
    const { ours, floor } = processesInTurns([netkb, ...args], jsYamlProcess(small), env);
    const time = ours.ms / floor.ms;
    const memory = ours.rssMiB / floor.rssMiB;
    out[name] = {
      netkb: ours,
      floor,
      timeRatio: Math.round(time * 100) / 100,
      rssRatio: Math.round(memory * 100) / 100,
    };
    targets.push([
      `netkb ${name} (small) <= 2.5x a js-yaml process's time`,
      time <= 2.5,
      `${time.toFixed(2)}x (${ours.ms} vs ${floor.ms} ms)`,
    ]);
    if (name === 'check')
      targets.push([
        'netkb check (small) <= 2x its peak memory',
        memory <= 2,
        `${memory.toFixed(2)}x (${ours.rssMiB} vs ${floor.rssMiB} MiB)`,
      ]);
  }
  return out;
}

/**
 * `netkb check` on a file of 10,000 objects (`--format json`, to /dev/null), against a process that only
 * loads it with js-yaml: wall time, best of 5, in turns.
 */
function check10000(env: Record<string, string>, targets: [string, boolean, string][]) {
  const file = join(dir, 'manifest-10000.yaml');
  writeFileSync(file, manifest(10000));
  const args = [join(root, 'bin', 'netkb'), 'check', file, '--from', '1.15', '--to', '1.22', '--format', 'json'];
  let ours = Infinity;
  let floor = Infinity;
  for (let i = 0; i < 5; i++) {
    ours = Math.min(ours, command([...args, '--fail-on', 'none'], 1, env));
    floor = Math.min(floor, command(jsYamlProcess(file), 1));
  }
  targets.push([
    'netkb check, 10,000 objects <= 2x a js-yaml process',
    ours <= 2 * floor,
    `${(ours / floor).toFixed(2)}x (${Math.round(ours)} vs ${Math.round(floor)} ms)`,
  ]);
  return {
    ms: Math.round(ours),
    objectsPerSecond: Math.round(10000 / (ours / 1000)),
    floorMs: Math.round(floor),
    ratio: Math.round((ours / floor) * 100) / 100,
  };
}

/**
 * `netkb check` on a cluster dump of 20,000 live objects and 200 Helm release Secrets (13 MB, within the CLI's
 * file limit), against a process that only loads it with js-yaml: wall time and
 * peak RSS, the median of 3 runs in turns.
 */
function checkDump(env: Record<string, string>, targets: [string, boolean, string][]) {
  const file = join(dir, 'cluster-dump-20000.yaml');
  writeFileSync(file, clusterDump(20000, 200));
  const args = [join(root, 'bin', 'netkb'), 'check', file, '--from', '1.15', '--to', '1.25', '--format', 'json'];
  const { ours, floor } = processesInTurns([...args, '--fail-on', 'none'], jsYamlProcess(file), env, 3);
  const ratio = ours.ms / floor.ms;
  targets.push([
    'netkb check, a 20,000-object dump with 200 Helm releases <= 3x a js-yaml process',
    ratio <= 3,
    `${ratio.toFixed(2)}x (${ours.ms} vs ${floor.ms} ms; peak ${ours.rssMiB} vs ${floor.rssMiB} MiB)`,
  ]);
  return { netkb: ours, floor, ratio: Math.round(ratio * 100) / 100, memory: dumpMemory(env, targets) };
}

/**
 * Peak RSS of `netkb check` on dumps of 10,000 and 40,000 live objects whose findings do not grow with them (every
 * last-applied configuration current; 100 and 400 Helm releases): read a piece at a time, the larger input must
 * not take memory in proportion. The median of 3 runs each.
 */
function dumpMemory(env: Record<string, string>, targets: [string, boolean, string][]) {
  const peak = (objects: number) => {
    const file = join(dir, `cluster-dump-current-${objects}.yaml`);
    writeFileSync(file, clusterDump(objects, objects / 100, true));
    const args = [join(root, 'bin', 'netkb'), 'check', file, '--from', '1.15', '--to', '1.25', '--format', 'json'];
    const runs = [0, 1, 2].map(() => processRun([...args, '--fail-on', 'none'], env).rssMiB);
    return { rssMiB: Math.round(median(runs)), megabytes: Math.round(statSync(file).size / 1e6) };
  };
  const small = peak(10000);
  const large = peak(40000);
  const ratio = large.rssMiB / small.rssMiB;
  targets.push([
    'netkb check, a 4x larger dump (40,000 vs 10,000 objects) <= 1.5x the peak memory',
    ratio <= 1.5,
    `${ratio.toFixed(2)}x (${large.rssMiB} MiB for ${large.megabytes} MB vs ${small.rssMiB} MiB for ${small.megabytes} MB)`,
  ]);
  return { small, large, ratio: Math.round(ratio * 100) / 100 };
}

/**
 * The analysis workers' memory: the server's RSS with NETKB_ANALYSIS_WORKERS (2) workers running, after
 * lookups and analyses of 2,000 objects that kept both workers busy at once, and again once the workers
 * stopped (idle after 4 s). The difference is what the workers held; it must stay under the server's own
 * RSS (what is left without them). Conservative: the main thread's garbage from the analyses' answers,
 * collected meanwhile, counts as the workers'.
 */
async function workerMemory(
  serverEnv: Record<string, string | undefined>,
  port: number,
  targets: [string, boolean, string][],
) {
  const size = 2;
  const child = spawn(process.execPath, [join(root, 'dist', 'src', 'main.js')], {
    env: { ...serverEnv, NETKB_ANALYSIS_WORKERS: String(size), NETKB_ANALYSIS_IDLE_MS: '4000' },
    stdio: 'ignore',
  });
  try {
    await waitHealthy(port);
    while ((await fetch(`http://127.0.0.1:${port}/readyz`)).status !== 200) await new Promise((r) => setTimeout(r, 20));
    for (const query of Object.values(QUERIES)) await load(port, query, 1);
    const running = async () =>
      Number(
        /^netkb_analysis_workers (\d+)$/m.exec(await (await fetch(`http://127.0.0.1:${port}/metrics`)).text())?.[1],
      );
    if ((await running()) !== 0) throw new Error('an analysis worker runs before any analysis was asked for');
    const query = 'query($m: String!) { upgradeReport(from: "1.15", to: "1.22", manifest: $m) { documents } }';
    const body = JSON.stringify({ query, variables: { m: manifest(2000) } });
    for (let round = 0; round < 2; round++)
      await Promise.all(
        Array.from({ length: size * 2 }, () =>
          fetch(`http://127.0.0.1:${port}/graphql`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body,
          }).then((r) => r.json()),
        ),
      );
    const workers = await running();
    if (workers !== size) throw new Error(`${workers} analysis workers ran, not ${size}`);
    const withWorkersMiB = await rss(port);
    const deadline = Date.now() + 30_000;
    while ((await running()) > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
    if ((await running()) > 0) throw new Error('the analysis workers did not stop when idle');
    await new Promise((r) => setTimeout(r, 500));
    const serverMiB = await rss(port);
    const workersMiB = withWorkersMiB - serverMiB;
    targets.push([
      `${size} analysis workers' RSS <= the server's own`,
      workersMiB <= serverMiB,
      `${Math.round(workersMiB)} MiB (${Math.round(workersMiB / size)} each) vs ${Math.round(serverMiB)} MiB`,
    ]);
    return {
      workers: size,
      serverMiB: Math.round(serverMiB),
      withWorkersMiB: Math.round(withWorkersMiB),
      perWorkerMiB: Math.round(workersMiB / size),
    };
  } finally {
    await stopProcess(child);
  }
}

/** Stops a process we started and waits for it to exit (its port is then free for the next start). */
function stopProcess(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

async function main(): Promise<void> {
  const results: Record<string, unknown> = {};
  const targets: [string, boolean, string][] = [];

  // 3b. Building the database from seed/.
  const seedStarted = performance.now();
  await writeSeed(loadSeed(seedDir()), db);
  const seedMs = performance.now() - seedStarted;

  // 3a. Start-up to /healthz with an existing database.
  const port = 41000 + Math.floor(Math.random() * 2000);
  const serverEnv = {
    ...process.env,
    DATABASE_URL: `file:${db}`,
    PORT: String(port),
    HOST: '127.0.0.1',
    NODE_ENV: 'production',
    NETKB_LOG_LEVEL: 'silent',
  };
  const startServer = () =>
    spawn(process.execPath, [join(root, 'dist', 'src', 'main.js')], { env: serverEnv, stdio: 'ignore' });
  // The first start after a seed may build the snapshot file: started and stopped once before measuring.
  const first = startServer();
  await waitHealthy(port);
  await stopProcess(first);
  // The median of 5 starts: one start is one sample of a machine that may be busy for a moment.
  const starts: number[] = [];
  for (let i = 0; i < 5; i++) {
    const started = performance.now();
    const child = startServer();
    await waitHealthy(port);
    starts.push(Math.round(performance.now() - started));
    await stopProcess(child);
  }
  const startupMs = median(starts);
  results.startup = { toHealthyMs: startupMs, starts, seedBuildMs: Math.round(seedMs) };
  targets.push([
    'start-up to /healthz <= 0.5 s (median of 5)',
    startupMs <= 500,
    `${startupMs} ms (${[...starts].sort((a, b) => a - b).join(', ')})`,
  ]);
  targets.push(['seed build <= 10 s', seedMs <= 10_000, `${Math.round(seedMs)} ms`]);
  results.workers = await workerMemory(serverEnv, port, targets);
  results.cli = commandLine(targets);
  if (ONLY_CLI) return report(results, targets);
  const netkb = startServer();
  await waitHealthy(port);

  // 1. Lookups: netkb and the floor, one after the other on the same machine.
  const floorPort = port + 1;
  const floor = await startProcess(
    [join(root, 'bench', 'floor-server.ts')],
    { BENCH_DB: db, PORT: String(floorPort) },
    (l) => l === 'ready',
  );
  const lookups: Record<string, unknown> = {};
  let peakRss = 0;
  // Warm-up: both servers answer every query for 2 s first, so the figures are steady-state throughput,
  // not the JIT compiling the first query measured (which ran on whichever server came second).
  for (const query of Object.values(QUERIES)) {
    await load(floorPort, query, 2);
    await load(port, query, 2);
  }
  for (const [name, query] of Object.entries(QUERIES)) {
    const f = await load(floorPort, query);
    const n = await load(port, query);
    peakRss = Math.max(peakRss, await rss(port));
    const ratio = n.rps / f.rps;
    lookups[name] = { netkb: n, floor: f, ratio: Math.round(ratio * 100) / 100 };
    targets.push([
      `lookup ${name} >= 70 % of floor req/s`,
      ratio >= 0.7,
      `${Math.round(ratio * 100)} % (${n.rps} vs ${f.rps} req/s)`,
    ]);
  }
  results.lookups = lookups;
  targets.push(['RSS under lookup load <= 200 MiB', peakRss <= 200, `${Math.round(peakRss)} MiB`]);
  netkb.kill('SIGTERM');
  floor.child.kill('SIGTERM');

  // 2. Analysis throughput, in this process on one core.
  const kb = new KnowledgeBase(await readKnowledgeBase(db));
  const analysis: Record<string, unknown> = {};
  const perSize: Record<number, number> = {};
  const floorPerSize: Record<number, number> = {};
  for (const n of [10, 100, 1000, 10000]) {
    const text = manifest(n);
    const repeat = n >= 10000 ? 9 : n >= 1000 ? 9 : 20;
    const { ours, floor: floorMs } = timeInTurns(
      () => upgradeReport(kb, { from: '1.15', to: '1.22', manifest: text, limits: { maxBytes: 64 * 1024 * 1024 } }),
      () => loadAll(text),
      repeat,
    );
    perSize[n] = ours;
    floorPerSize[n] = floorMs;
    analysis[n] = {
      ms: Math.round(ours * 10) / 10,
      objectsPerSecond: Math.round(n / (ours / 1000)),
      floorMs: Math.round(floorMs * 10) / 10,
      ratio: Math.round((ours / floorMs) * 100) / 100,
    };
    if (n === 10000) {
      targets.push([
        'upgradeReport <= 2x js-yaml on 10,000 objects',
        ours <= 2 * floorMs,
        `${(ours / floorMs).toFixed(1)}x`,
      ]);
      targets.push([
        'upgradeReport >= 15,000 objects/s',
        n / (ours / 1000) >= 15000,
        `${Math.round(n / (ours / 1000))} objects/s`,
      ]);
    }
  }
  const slope = perSize[10000] / perSize[1000];
  analysis.slope1000to10000 = Math.round(slope * 10) / 10;
  // For context: the floor's own slope on the same machine (js-yaml is not perfectly linear either once
  // 10,000 documents outgrow the garbage collector's young generation).
  const floorSlope = floorPerSize[10000] / floorPerSize[1000];
  analysis.floorSlope1000to10000 = Math.round(floorSlope * 10) / 10;
  targets.push([
    'linear from 1,000 to 10,000 objects (slope <= 12)',
    slope <= 12,
    `x${slope.toFixed(1)} for x10 objects (js-yaml x${floorSlope.toFixed(1)})`,
  ]);
  results.analysis = analysis;
  // 5. convert against check on a generated ~20 MB manifest, each run in a process of its own (its peak
  // RSS is its own), in turns, best of 2: CPU time and peak memory, as ratios to check's.
  const big = join(dir, 'manifest-20mb.yaml');
  writeFileSync(big, manifest(CONVERT_OBJECTS));
  const child = (mode: 'check' | 'convert') =>
    JSON.parse(
      execSync(
        [process.execPath, '--expose-gc', '--import', 'tsx', join(root, 'bench', 'convert-child.ts'), mode, db, big]
          .map((a) => JSON.stringify(a))
          .join(' '),
        { cwd: root, stdio: ['ignore', 'pipe', 'inherit'], maxBuffer: 1024 * 1024 },
      ).toString(),
    ) as { cpuMs: number; wallMs: number; rssBeforeMiB: number; peakRssMiB: number };
  const runs = { check: [] as ReturnType<typeof child>[], convert: [] as ReturnType<typeof child>[] };
  for (let i = 0; i < 2; i++) {
    runs.check.push(child('check'));
    runs.convert.push(child('convert'));
  }
  const best = (rs: ReturnType<typeof child>[]) => ({
    cpuMs: Math.min(...rs.map((r) => r.cpuMs)),
    peakRssMiB: Math.min(...rs.map((r) => r.peakRssMiB)),
    growthMiB: Math.min(...rs.map((r) => r.peakRssMiB - r.rssBeforeMiB)),
  });
  const check = best(runs.check);
  const conv = best(runs.convert);
  results.convert = {
    objects: CONVERT_OBJECTS,
    megabytes: Math.round(manifest(CONVERT_OBJECTS).length / 1e5) / 10,
    check,
    convert: conv,
    cpuRatio: Math.round((conv.cpuMs / check.cpuMs) * 100) / 100,
    peakRssRatio: Math.round((conv.peakRssMiB / check.peakRssMiB) * 100) / 100,
    growthRatio: Math.round((conv.growthMiB / check.growthMiB) * 100) / 100,
  };
  targets.push([
    'convert peak RSS <= 3x check on ~20 MB',
    conv.peakRssMiB <= 3 * check.peakRssMiB,
    `${(conv.peakRssMiB / check.peakRssMiB).toFixed(1)}x (${conv.peakRssMiB} vs ${check.peakRssMiB} MiB)`,
  ]);
  targets.push([
    'convert CPU time <= 10x check on ~20 MB',
    conv.cpuMs <= 10 * check.cpuMs,
    `${(conv.cpuMs / check.cpuMs).toFixed(1)}x (${conv.cpuMs} vs ${check.cpuMs} ms)`,
  ]);

  const memBefore = process.memoryUsage().rss;
  upgradeReport(kb, { from: '1.15', to: '1.22', manifest: manifest(10000), limits: { maxBytes: 64 * 1024 * 1024 } });
  results.analysisPeakRssMiB = Math.round(Math.max(memBefore, process.memoryUsage().rss) / 1048576);

  let details = '\nanalysis (objects/s, ratio to js-yaml):';
  for (const n of [10, 100, 1000, 10000]) {
    const a = analysis[n] as { objectsPerSecond: number; ratio: number };
    details += ` ${n}: ${a.objectsPerSecond} (${a.ratio}x)`;
  }
  details += '\n';
  details += `convert, ${CONVERT_OBJECTS} objects: ${conv.cpuMs} ms CPU, peak ${conv.peakRssMiB} MiB (+${conv.growthMiB}); check: ${check.cpuMs} ms, peak ${check.peakRssMiB} MiB (+${check.growthMiB})\n`;
  report(results, targets, details);
}

function report(results: Record<string, unknown>, targets: [string, boolean, string][], details = ''): void {
  let commit = 'unknown';
  try {
    commit = execSync('git rev-parse --short HEAD', { cwd: root }).toString().trim();
  } catch {
    /* not a checkout */
  }
  const machine = {
    cpus: cpus().length,
    model: cpus()[0]?.model,
    memoryGiB: Math.round(totalmem() / 2 ** 30),
    node: process.version,
  };
  // A BENCH_ONLY=cli run keeps the last full run's figures in results.json.
  writeFileSync(
    join(root, 'bench', ONLY_CLI ? 'results-cli.json' : 'results.json'),
    JSON.stringify(
      {
        date: new Date().toISOString(),
        commit,
        machine,
        seconds: SECONDS,
        results,
        targets: targets.map(([name, pass, value]) => ({ name, pass, value })),
      },
      null,
      2,
    ) + '\n',
  );
  process.stdout.write(
    `netkb bench (${commit}, ${machine.cpus} x ${machine.model}, Node ${machine.node}, ${SECONDS} s per load run)\n\n`,
  );
  for (const [name, pass, value] of targets)
    process.stdout.write(`${pass ? 'PASS' : 'FAIL'}  ${name.padEnd(52)} ${value}\n`);
  process.stdout.write(details);
  const { check10000: big, ...cli } = results.cli as Record<
    string,
    { netkb: { ms: number; rssMiB: number }; floor: { ms: number; rssMiB: number } }
  > & { check10000: { ms: number; objectsPerSecond: number; floorMs: number } };
  process.stdout.write('\ncommand line (median ms / peak MiB; js-yaml process on the same small file):');
  for (const [verb, r] of Object.entries(cli))
    process.stdout.write(` ${verb} ${r.netkb.ms} ms / ${r.netkb.rssMiB} MiB;`);
  process.stdout.write(` floor ${cli.check.floor.ms} ms / ${cli.check.floor.rssMiB} MiB\n`);
  process.stdout.write(
    `netkb check, 10,000 objects: ${big.ms} ms, ${big.objectsPerSecond} objects/s (a js-yaml process: ${big.floorMs} ms)\n`,
  );
  process.stdout.write(`\nFigures in bench/${ONLY_CLI ? 'results-cli.json' : 'results.json'}.\n`);
  rmSync(dir, { recursive: true, force: true });
  process.exit(0);
}

void main();
