// The generated GraphQL types (codegen.ts) are committed: a schema or dashboard-query change without
// `npm run codegen` fails here, naming the stale file. The generator runs in memory (generate(config, false)),
// nothing is written. It runs in a worker thread because @graphql-codegen/cli loads ES modules (yargs, listr2)
// that Jest's module system cannot require; Node's own loader in the worker can.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import config from '../../codegen';

const root = join(__dirname, '..', '..');

interface Output {
  filename: string;
  content: string;
}

const GENERATE = `
const { parentPort, workerData } = require('node:worker_threads');
const { createRequire } = require('node:module');
const { pathToFileURL } = require('node:url');
const cli = createRequire(workerData.cwd + '/package.json').resolve('@graphql-codegen/cli');
import(pathToFileURL(cli).href)
  .then(({ generate }) => generate(workerData, false))
  .then((outputs) => parentPort.postMessage(outputs.map(({ filename, content }) => ({ filename, content }))));
`;

function generateInWorker(): Promise<Output[]> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(GENERATE, { eval: true, workerData: { ...config, cwd: root } });
    worker.once('message', (outputs: Output[]) => {
      resolve(outputs);
      void worker.terminate();
    });
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`the codegen worker exited with ${code} before answering`)));
  });
}

test('the committed generated GraphQL types are what `npm run codegen` writes', async () => {
  const outputs = await generateInWorker();
  expect(outputs.map((o) => o.filename).sort()).toEqual(Object.keys(config.generates).sort());
  for (const { filename, content } of outputs) {
    if (readFileSync(join(root, filename), 'utf8') !== content)
      throw new Error(`${filename} is stale: run \`npm run codegen\` and commit the result`);
  }
}, 60000);
