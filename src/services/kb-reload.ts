// Keeps a replica's in-memory knowledge base in step with the shared database: polls the database's
// knowledge-base fingerprint and reloads when it differs from the one the served state was loaded at
// (another replica imported notes, or seeded a new seed/). The reload itself is the server's: it reads
// the whole knowledge base in one consistent read and swaps it in atomically for new requests.
import type { Logger } from '../observability/log';

interface FingerprintSource {
  read(): Promise<string>;
}
interface Reloadable {
  reload(): Promise<void>;
  fingerprint(): string | undefined;
}
interface ReloadWatch {
  stop(): void;
  /** One check now (tests, shutdown); resolves when done. */ checkNow(): Promise<boolean>;
}

export function watchKnowledgeBase(options: {
  source: FingerprintSource;
  server: Reloadable;
  intervalMs: number;
  logger: Logger;
}): ReloadWatch {
  const { source, server, intervalMs, logger } = options;
  let timer: NodeJS.Timeout | null = null;
  let stopped = false;
  let failing = false;

  async function checkNow(): Promise<boolean> {
    try {
      const now = await source.read();
      if (failing) logger.info('knowledge-base version check works again');
      failing = false;
      if (!now || now === server.fingerprint()) return false;
      logger.info({ fingerprint: now.slice(0, 24) }, 'the knowledge base changed in the database: reloading');
      await server.reload();
      return true;
    } catch (err) {
      // The database may be restarting: keep serving what we have and try again at the next tick.
      if (!failing) logger.warn({ err }, 'knowledge-base version check failed; serving the loaded knowledge base');
      failing = true;
      return false;
    }
  }

  const tick = () => {
    timer = setTimeout(() => {
      void checkNow().finally(() => {
        if (!stopped) tick();
      });
    }, intervalMs);
    timer.unref();
  };
  if (intervalMs > 0) tick();
  return {
    checkNow,
    stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
    },
  };
}
