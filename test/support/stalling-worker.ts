// Analysis workers whose timing the test decides, for PoolOptions.startWorker: a real analysis, however large,
// may finish within any time a test could choose, so time budgets and concurrency are proven with
// - a worker that says it is ready, takes jobs and never answers (`stalling`): only the pool's budget ends it;
// - a real worker that, on its first job, tells the test and then blocks its thread until the test releases
//   it (`holding`): the job is in a busy worker for as long as the test needs, then answered for real.
import { Worker } from 'node:worker_threads';
import { startAnalysisWorker, type PoolOptions } from '../../src/services/analysis-pool';

const NEVER_ANSWERS = `
const { parentPort } = require('node:worker_threads');
parentPort.postMessage({ ready: true });
parentPort.on('message', () => undefined);
`;

// Runs before the worker's own module: its job listener is wrapped so that the first job announces itself
// ({ heldJob: id }) and waits on the shared gate until the test opens it.
const HOLD_FIRST_JOB = `
const threads = require('node:worker_threads');
const gate = new Int32Array(threads.workerData.holdGate);
const port = threads.parentPort;
const listen = port.on.bind(port);
let held = false;
port.on = (event, listener) =>
  listen(event, event !== 'message' ? listener : (message) => {
    if (!held && message && typeof message.manifest === 'string') {
      held = true;
      port.postMessage({ heldJob: message.id });
      Atomics.wait(gate, 0, 0);
    }
    return listener(message);
  });
`;

export interface TimedWorkers {
  /** For PoolOptions.startWorker. */
  startWorker: NonNullable<PoolOptions['startWorker']>;
  /** While true, each worker started takes its jobs and never answers them. */
  stalling: boolean;
  /** While true, each worker started is real but holds its first job until release(). */
  holding: boolean;
  /** The never-answering workers started so far, each with the promise of its exit (the pool stops it). */
  stalled: { worker: Worker; exit: Promise<number> }[];
  /** Resolves when a holding worker has taken its first job and blocked. */
  held: Promise<void>;
  /** Resolves when `count` holding workers have each taken their first job and blocked. */
  heldBy(count: number): Promise<void>;
  /** Lets every holding worker go on with its job. */
  release(): void;
}

export function stallingWorkers(): TimedWorkers {
  const gate = new SharedArrayBuffer(4);
  let holders = 0;
  const waiting: { count: number; resolve: () => void }[] = [];
  const heldOne = () => {
    holders += 1;
    for (const w of waiting.filter((x) => x.count <= holders)) w.resolve();
  };
  const heldBy = (count: number) =>
    new Promise<void>((resolve) => {
      waiting.push({ count, resolve });
      if (holders >= count) resolve();
    });
  const state: TimedWorkers = {
    stalling: false,
    holding: false,
    stalled: [],
    held: heldBy(1),
    heldBy,
    release: () => {
      const word = new Int32Array(gate);
      Atomics.store(word, 0, 1);
      Atomics.notify(word, 0);
    },
    startWorker: (knowledge) => {
      if (state.holding) {
        const worker = startAnalysisWorker(
          { ...knowledge, holdGate: gate } as unknown as Parameters<typeof startAnalysisWorker>[0],
          HOLD_FIRST_JOB,
        );
        worker.on('message', (m: { heldJob?: number }) => {
          if (m.heldJob !== undefined) heldOne();
        });
        return worker;
      }
      if (!state.stalling) return startAnalysisWorker(knowledge);
      const worker = new Worker(NEVER_ANSWERS, { eval: true });
      state.stalled.push({ worker, exit: new Promise((resolve) => worker.once('exit', resolve)) });
      return worker;
    },
  };
  return state;
}
