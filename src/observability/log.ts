// Structured JSON logs (pino). The server logs one line per request with its request id; errors with stacks.
import pino, { type DestinationStream, type Logger } from 'pino';

export type { Logger };

/** A JSON logger at `level` (the server's comes from NETKB_LOG_LEVEL, checked by config.ts's logLevel). */
export function createLogger(level: string, destination?: DestinationStream): Logger {
  const options = { level, base: { service: 'netkb' }, timestamp: pino.stdTimeFunctions.isoTime };
  return destination ? pino(options, destination) : pino(options);
}

/** A logger that drops everything: the default for servers started by tests and tools. */
export const silentLogger: Logger = pino({ level: 'silent' });
