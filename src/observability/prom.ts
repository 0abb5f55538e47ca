// prom-client's classes and process metrics, each from its own module. Its index loads every metric type,
// the push gateway, cluster aggregation and, for the CPU counters' exemplars, OpenTelemetry's API: many
// more modules, and a visible part of the server's start-up (docs/performance.md). prom-client
// is pinned to one version in package.json: these are the files of that version.
import { createRequire } from 'node:module';
import type * as PromClient from 'prom-client';

const load = createRequire(__filename);

export const Registry = load('prom-client/lib/registry') as typeof PromClient.Registry;
export const Counter = load('prom-client/lib/counter') as typeof PromClient.Counter;
export const Gauge = load('prom-client/lib/gauge') as typeof PromClient.Gauge;
export const Histogram = load('prom-client/lib/histogram') as typeof PromClient.Histogram;
export type Registry = PromClient.Registry;
export type Gauge = PromClient.Gauge;

type ProcessMetric = (registry: Registry, config: { prefix: string; eventLoopMonitoringPrecision: number }) => void;

/** What collectDefaultMetrics registers, in its order, but for the CPU counters (processCpu below). */
const PROCESS_METRICS = [
  'processStartTime',
  'osMemoryHeap',
  'processOpenFileDescriptors',
  'processMaxFileDescriptors',
  'eventLoopLag',
  ...(typeof process.getActiveResourcesInfo === 'function' ? ['processResources'] : []),
  'processHandles',
  'processRequests',
  'heapSizeAndUsed',
  'heapSpacesSizeAndUsed',
  'version',
  'gc',
];

/** The process metrics of collectDefaultMetrics, names prefixed with `prefix`. */
export function collectProcessMetrics(registry: Registry, prefix: string): void {
  processCpu(registry, prefix);
  for (const name of PROCESS_METRICS)
    (load(`prom-client/lib/metrics/${name}`) as ProcessMetric)(registry, { prefix, eventLoopMonitoringPrecision: 10 });
}

/** process_cpu_user_seconds_total, process_cpu_system_seconds_total and their sum, from process.cpuUsage(). */
function processCpu(registry: Registry, prefix: string): void {
  let last = process.cpuUsage();
  const user = new Counter({
    name: `${prefix}process_cpu_user_seconds_total`,
    help: 'CPU time the process spent in user mode, in seconds',
    registers: [registry],
    collect() {
      const now = process.cpuUsage();
      const userSeconds = (now.user - last.user) / 1e6;
      const systemSeconds = (now.system - last.system) / 1e6;
      last = now;
      user.inc(userSeconds);
      system.inc(systemSeconds);
      total.inc(userSeconds + systemSeconds);
    },
  });
  const system = new Counter({
    name: `${prefix}process_cpu_system_seconds_total`,
    help: 'CPU time the process spent in kernel mode, in seconds',
    registers: [registry],
  });
  const total = new Counter({
    name: `${prefix}process_cpu_seconds_total`,
    help: 'CPU time the process spent in user and kernel mode, in seconds',
    registers: [registry],
  });
}
