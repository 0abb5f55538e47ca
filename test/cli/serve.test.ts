// netkb serve as a process: serves GraphQL like npm start (same logs, same endpoints, --port/--host),
// stops cleanly on SIGTERM, and refuses a bad environment with exit 2, as `npm start` (dist/src/main.js) does.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { projectRoot } from '../../src/config';
import { builtCli } from '../support/build';
import { seededDatabase } from '../support/http';
import { runNode } from '../support/cli';
import { announcedPort, collectOutput } from '../support/serve-process';

jest.setTimeout(120_000);

it('serves /graphql and /healthz on the port it was given (0: a free one) and exits 0 on SIGTERM', async () => {
  // --port and --host take the place of PORT and HOST: these bad values are not even read.
  const child = spawn(process.execPath, [builtCli(), 'serve', '--port', '0', '--host', '127.0.0.1'], {
    cwd: projectRoot(),
    env: {
      ...process.env,
      DATABASE_URL: `file:${seededDatabase()}`,
      NODE_ENV: 'production',
      NETKB_ANALYSIS_WORKERS: '1',
      PORT: 'not-a-port',
      HOST: 'not a host',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output = collectOutput(child);
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  try {
    const port = await announcedPort(child, output);
    expect(port).toBeGreaterThan(0);
    expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200);
    const res = await fetch(`http://127.0.0.1:${port}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        query: '{ featureGate(name: "NFTablesProxyMode") { removedIn lifecycle { stage since } } }',
      }),
    });
    const body = (await res.json()) as any;
    expect(body.data.featureGate.lifecycle.map((s: any) => `${s.stage} ${s.since}`)).toEqual([
      'ALPHA 1.29',
      'BETA 1.31',
      'GA 1.33',
    ]);
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(output()).toMatch(/SIGTERM: finishing in-flight requests/);
  } finally {
    if (child.exitCode === null) child.kill('SIGKILL');
  }
});

it('exit 2 for a bad environment variable, naming it', async () => {
  const r = await runNode([builtCli(), 'serve'], {
    DATABASE_URL: `file:${seededDatabase()}`,
    NETKB_ANALYSIS_WORKERS: 'many',
  });
  expect(r.code).toBe(2);
  expect(r.stderr).toMatch(/^netkb serve: NETKB_ANALYSIS_WORKERS/);
});

const LOG_LEVEL_REFUSED =
  'NETKB_LOG_LEVEL "loud" is not a log level: use one of fatal, error, warn, info, debug, trace, silent';

it('npm start: NETKB_LOG_LEVEL=loud stops start-up with one line naming it and exit 2, no stack trace', async () => {
  const r = await runNode([join(projectRoot(), 'dist', 'src', 'main.js')], {
    DATABASE_URL: `file:${seededDatabase()}`,
    NETKB_LOG_LEVEL: 'loud',
  });
  expect(r.code).toBe(2);
  expect(r.stderr).toBe(`netkb: cannot start: ${LOG_LEVEL_REFUSED}\n`);
  expect(r.stdout).toBe('');
});

it.each([
  [{ NETKB_LOG_LEVEL: 'loud' }, [], LOG_LEVEL_REFUSED],
  [{ NODE_ENV: 'prod' }, [], 'NODE_ENV "prod" is not one of production, development, test (or unset)'],
  [
    {},
    ['--host', 'local host'],
    '--host must be an IP address or a host name, e.g. 0.0.0.0, ::, 127.0.0.1 or localhost (got "local host")',
  ],
  [{ PORT: '80a' }, [], 'PORT must be a whole number from 0 to 65535 (got "80a")'],
] as [Record<string, string>, string[], string][])(
  'netkb serve: %j %j stops with exit 2 and one line naming it',
  async (env, args, message) => {
    const r = await runNode([builtCli(), 'serve', ...args], { DATABASE_URL: `file:${seededDatabase()}`, ...env });
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(`netkb serve: ${message}\n`);
  },
);
