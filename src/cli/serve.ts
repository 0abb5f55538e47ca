// netkb serve: the GraphQL server of `npm start` (same environment variables), from the command line.
import { parseArgs } from 'node:util';
import { ConfigError, serverSettings, type ServerSettings } from '../config';
import type { CliIo } from './io';

const SERVE_HELP = `Usage: netkb serve [--port N] [--host ADDRESS]

Serves the GraphQL API exactly as npm start does: makes sure the database exists and matches seed/
(building it when needed), loads the knowledge base and serves /graphql, /healthz, /readyz and /metrics
until SIGTERM or SIGINT. Logs are JSON lines on standard output.

Options:
  --port N          HTTP port, 0 picks a free one (default: PORT, else 4000)
  --host ADDRESS    listen address (default: HOST, else 0.0.0.0)
  -h, --help        this text

Every other setting comes from the environment variables of npm start (docs/configuration.md).

Exit codes: 0 stopped cleanly, 1 could not start (e.g. a bad seed record), 2 bad input (unknown option,
a port that is not 0-65535, a host that is not an address or name, a bad environment variable).
`;

export async function runServe(argv: string[], io: CliIo): Promise<number> {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      strict: true,
      options: { port: { type: 'string' }, host: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
    }));
  } catch (err) {
    io.stderr(`netkb serve: ${(err as Error).message}\nRun netkb serve --help for usage.\n`);
    return 2;
  }
  if (values.help) {
    io.stdout(SERVE_HELP);
    return 0;
  }
  // Every setting, --port and --host in place of PORT and HOST, checked before the server is even loaded.
  let settings: ServerSettings;
  try {
    settings = serverSettings(process.env, { port: values.port, host: values.host });
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    io.stderr(`netkb serve: ${err.message}\n`);
    return 2;
  }
  // Loaded here so that the other verbs do not load the server.
  const { serve } = await import('../main');
  try {
    await serve(settings);
  } catch (err) {
    if (err instanceof ConfigError) {
      io.stderr(`netkb serve: ${err.message}\n`);
      return 2;
    }
    io.stderr(`netkb serve: cannot start: ${err instanceof Error ? err.message : String(err)}\n`);
    return 1;
  }
  // Serving: the process lives on until a signal stops the server (main.ts exits then).
  return 0;
}
