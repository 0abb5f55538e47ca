// Runs upgradeReport, convertManifest and ingressToGateway in worker threads, so one large manifest
// cannot stall the event loop that serves every other request, and gives each analysis a time budget:
// past it the worker is stopped and the request answers TIMEOUT.
//
// Workers start when analyses arrive (up to `size`) and stop after `idleMs` without work: each holds a
// copy of the knowledge base and a V8 heap (docs/performance.md),
// which a server answering only lookups should not carry. start() proves once that a worker can start,
// then lets it go.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { DEFAULT_LIMITS } from '../analysis/reader/manifest-types';
import { ErrorCode, NetkbError } from '../errors';
import type { KnowledgeBase } from '../kb/knowledge-base';
import type { Control, Job, Reply, WorkerKnowledge } from './analysis-worker';
import type { AnalysisRunner, ApiserverRecordInput } from './analysis-runner';
import type { GatewayApiRangeInput, UpgradeReport } from './upgrade-report';
import type { ConversionReport } from './convert-manifest';
import type { GatewayConversionResult } from '../convert/gateway/plan';
import type { GatewayConversionRequest } from './ingress-to-gateway';

/**
 * A worker's young generation (V8's nursery) is capped at 8 MiB: by default it grows to 48 MiB per worker
 * under a large analysis and stays that size while the worker waits for work. Measured on the bench's
 * manifests (docs/performance.md): two workers after 2,000-object analyses held 153 MiB of RSS with the
 * default and 98 MiB with the cap; 10,000-object analyses took the same time either way.
 */
const WORKER_LIMITS = { maxYoungGenerationSizeMb: 8 };

/** Findings as a worker sends them, each change key replaced by the knowledge base's change again. */
function linked<F extends { change: string | null }>(kb: KnowledgeBase, findings: F[]) {
  return findings.map((f) => ({ ...f, change: f.change ? (kb.change(f.change) ?? null) : null }));
}

function knowledgeOf(kb: KnowledgeBase, serialized: Uint8Array | undefined): WorkerKnowledge {
  return serialized ? { serialized } : { model: kb.model };
}

export interface PoolOptions {
  size: number;
  timeoutMs: number;
  /** Stop a worker after this long without work (default 60 s). */ idleMs?: number;
  /**
   * Starts one worker with the knowledge it is given (default: startAnalysisWorker). The tests give workers
   * that never answer or that hold a job until told, so that time budgets and concurrency are proven without
   * guessing how fast this machine analyses.
   */
  startWorker?: (knowledge: WorkerKnowledge | null) => Worker;
}

/**
 * Starts the analysis worker (analysis-worker.ts) with the knowledge base it is to hold. `prelude`: code the
 * worker thread runs before the worker's own module (tests use it to hold a job at a point they choose).
 */
export function startAnalysisWorker(workerData: WorkerKnowledge | null, prelude = ''): Worker {
  const compiled = join(__dirname, 'analysis-worker.js');
  if (existsSync(compiled) && !prelude) return new Worker(compiled, { workerData, resourceLimits: WORKER_LIMITS });
  // From sources (tests, tsx) the worker is TypeScript: load it through tsx's loader.
  const load = existsSync(compiled)
    ? `require(${JSON.stringify(compiled)});`
    : `require('tsx/cjs'); require(${JSON.stringify(join(__dirname, 'analysis-worker.ts'))});`;
  return new Worker(`${prelude}\n${load}`, { eval: true, workerData, resourceLimits: WORKER_LIMITS });
}

interface Slot {
  worker: Worker;
  ready: Promise<void>;
  busy: boolean;
  started: boolean;
  idle: NodeJS.Timeout | null;
}
interface Pending {
  job: Job;
  resolve(r: Reply): void;
  reject(e: Error): void;
}

export class AnalysisPool implements AnalysisRunner {
  private slots: Slot[] = [];
  private queue: Pending[] = [];
  private nextId = 1;
  private closed = false;
  /** What a worker is given: the snapshot file's bytes when known (it deserializes them itself), else the model. */
  private knowledge: WorkerKnowledge | null = null;
  private started = false;

  constructor(private readonly options: PoolOptions) {}

  /**
   * Takes this knowledge base and proves a worker can start with it (then stops that worker). `serialized`:
   * the snapshot file's v8-serialized bytes, when at hand: a worker then deserializes them on its own thread
   * instead of the main thread copying the object graph for it, once per worker (docs/performance.md).
   */
  async start(kb: KnowledgeBase, serialized?: Uint8Array): Promise<void> {
    this.knowledge = knowledgeOf(kb, serialized);
    const probe = this.spawn();
    try {
      await probe.ready;
    } finally {
      await probe.worker.terminate();
    }
    this.started = true;
  }

  /** Whether the pool can take work (what /readyz waits for). */
  ready(): boolean {
    return this.started;
  }

  /** Workers running now (they start on demand and stop when idle). */
  get running(): number {
    return this.slots.length;
  }

  /** Runs the analysis in a worker and maps the findings' changes back onto `kb`'s objects. */
  async upgradeReport(
    kb: KnowledgeBase,
    from: string,
    to: string,
    manifest: string | null,
    maxBytes: number,
    gatewayApi?: GatewayApiRangeInput | null,
    record?: ApiserverRecordInput,
  ): Promise<UpgradeReport> {
    const reply = await this.run({
      id: this.nextId++,
      op: 'upgradeReport',
      from,
      to,
      manifest,
      maxBytes,
      gatewayApi,
      record,
    });
    if (!('ok' in reply)) throw new Error('the analysis worker answered another kind of job');
    return { ...reply.ok, findings: linked(kb, reply.ok.findings) };
  }

  /** Runs convertManifest in a worker, with the same time budget as upgradeReport. */
  async convertManifest(
    kb: KnowledgeBase,
    from: string,
    to: string,
    manifest: string,
    maxBytes: number,
  ): Promise<ConversionReport> {
    const reply = await this.run({ id: this.nextId++, op: 'convertManifest', from, to, manifest, maxBytes });
    if (!('converted' in reply)) throw new Error('the analysis worker answered another kind of job');
    return { ...reply.converted, unconverted: linked(kb, reply.converted.unconverted) };
  }

  /** Runs ingressToGateway in a worker, with the same time budget as upgradeReport. */
  async ingressToGateway(kb: KnowledgeBase, request: GatewayConversionRequest): Promise<GatewayConversionResult> {
    const { manifest, ...gateway } = request;
    const reply = await this.run({
      id: this.nextId++,
      op: 'ingressToGateway',
      from: '',
      to: '',
      manifest,
      maxBytes: request.limits?.maxBytes ?? DEFAULT_LIMITS.maxBytes,
      gateway,
    });
    if (!('gateway' in reply)) throw new Error('the analysis worker answered another kind of job');
    return { ...reply.gateway, unconverted: linked(kb, reply.gateway.unconverted) };
  }

  private async run(job: Job): Promise<Reply> {
    const reply = await new Promise<Reply>((resolve, reject) => {
      this.queue.push({ job, resolve, reject });
      this.dispatch();
    });
    if ('clientError' in reply)
      throw new NetkbError(reply.clientError.code, reply.clientError.message, reply.clientError.facts);
    if ('crash' in reply) throw new Error(`analysis failed in a worker: ${reply.crash}`);
    return reply;
  }

  /** Gives every worker the new knowledge base (after an import). */
  async reload(kb: KnowledgeBase, serialized?: Uint8Array): Promise<void> {
    const knowledge = (this.knowledge = knowledgeOf(kb, serialized));
    await Promise.all(
      this.slots.map((s) =>
        s.ready.then(
          () =>
            new Promise<void>((resolve) => {
              const id = this.nextId++;
              const onMessage = (m: { reloaded?: number }) => {
                if (m.reloaded === id) {
                  s.worker.off('message', onMessage);
                  resolve();
                }
              };
              s.worker.on('message', onMessage);
              s.worker.postMessage({ type: 'reload', id, ...knowledge } satisfies Control);
            }),
        ),
      ),
    );
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const s of this.slots) if (s.idle) clearTimeout(s.idle);
    for (const p of this.queue.splice(0)) p.reject(new Error('the analysis pool is closed'));
    await Promise.all(this.slots.map((s) => s.worker.terminate()));
  }

  private spawn(): Slot {
    const worker = (this.options.startWorker ?? startAnalysisWorker)(this.knowledge);
    const slot: Slot = { worker, busy: true, started: false, ready: Promise.resolve(), idle: null };
    slot.ready = new Promise<void>((resolve, reject) => {
      const onMessage = (m: { ready?: boolean; fatal?: string }) => {
        if (m.ready) {
          worker.off('message', onMessage);
          slot.busy = false;
          slot.started = true;
          resolve();
          this.dispatch();
        }
        if (m.fatal) reject(new Error(`analysis worker could not start: ${m.fatal}`));
      };
      worker.on('message', onMessage);
      worker.once('error', reject);
    });
    slot.ready.catch(() => undefined);
    return slot;
  }

  private dispatch(): void {
    if (this.closed) return;
    // Free or still starting: each will take a job as soon as it can.
    const capacity = this.slots.filter((s) => !s.busy || !s.started).length;
    const wanted = Math.min(this.options.size - this.slots.length, this.queue.length - capacity);
    for (let n = 0; n < wanted; n++) {
      const slot = this.spawn();
      this.slots.push(slot);
      slot.ready.catch((err: Error) => {
        this.remove(slot);
        this.queue.shift()?.reject(err);
        this.dispatch();
      });
    }
    for (const slot of this.slots) {
      if (slot.busy || this.queue.length === 0) continue;
      const pending = this.queue.shift()!;
      slot.busy = true;
      if (slot.idle) clearTimeout(slot.idle);
      slot.idle = null;
      const timer = setTimeout(() => {
        slot.worker.off('message', onMessage);
        this.remove(slot);
        void slot.worker.terminate();
        pending.reject(
          new NetkbError(
            ErrorCode.TIMEOUT,
            `the analysis took longer than ${this.options.timeoutMs} ms and was stopped; check fewer or smaller files at a time`,
            { timeoutMs: this.options.timeoutMs },
          ),
        );
        this.dispatch();
      }, this.options.timeoutMs);
      const onMessage = (reply: Reply) => {
        if (reply.id !== pending.job.id) return;
        clearTimeout(timer);
        slot.worker.off('message', onMessage);
        slot.busy = false;
        pending.resolve(reply);
        this.dispatch();
      };
      slot.worker.on('message', onMessage);
      slot.worker.postMessage(pending.job);
    }
    // A worker that started after the queue emptied waits for work like any other idle one.
    for (const slot of this.slots) if (slot.started && !slot.busy && !slot.idle) this.retireWhenIdle(slot);
  }

  private retireWhenIdle(slot: Slot): void {
    slot.idle = setTimeout(() => {
      if (slot.busy) return;
      this.remove(slot);
      void slot.worker.terminate();
    }, this.options.idleMs ?? 60_000);
    slot.idle.unref();
  }

  private remove(slot: Slot): void {
    const i = this.slots.indexOf(slot);
    if (i !== -1) this.slots.splice(i, 1);
  }
}
