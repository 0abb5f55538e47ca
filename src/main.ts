// npm start: makes sure the database exists and matches seed/ (building it if not), loads the knowledge
// base into memory and serves GraphQL on PORT (default 4000) at /graphql, with GET /healthz.
import { adminToken, analysisTimeoutMs, analysisWorkers, ConfigError, databaseLocation, host, maxManifestBytes, port, reloadIntervalMs, seedDir } from './config';
import { ensureDatabase } from './db/ensure';
import { openKbVersionProbe } from './db/kb-version';
import { displayLocation } from './db/location';
import { readKnowledgeBase } from './db/read-kb';
import { openSearchIndex } from './db/search';
import { KnowledgeBase } from './kb/knowledge-base';
import { startServer } from './server';
import { AnalysisPool } from './services/analysis-pool';
import { watchKnowledgeBase } from './services/kb-reload';
import { createLogger } from './observability/log';
import { ServerMetrics } from './observability/metrics';
import { SeedValidationError } from '../seed/lib/load';

const logger = createLogger();
const log = (msg: string) => logger.info(msg);

async function main(): Promise<void> {
  // Every setting is read and checked before any work, so a bad one stops start-up with a clear message.
  const file = databaseLocation();
  const listenPort = port();
  const listenHost = host();
  const manifestLimit = maxManifestBytes();
  const token = adminToken();
  const workers = analysisWorkers();
  const timeoutMs = analysisTimeoutMs();
  const reloadEvery = reloadIntervalMs();
  const shown = displayLocation(file);
  const ensured = await ensureDatabase(file, seedDir());
  log(ensured.rebuilt ? `built ${shown} from seed/ (${ensured.reason})` : `using ${shown} (seed ${ensured.seedHash.slice(0, 12)})`);
  const versions = openKbVersionProbe(file);
  // The fingerprint is read before the data: a change committed while loading triggers one more reload.
  const load = async () => {
    const fingerprint = await versions.read();
    return { kb: new KnowledgeBase(await readKnowledgeBase(file)), searcher: openSearchIndex(file), fingerprint };
  };
  const { kb, searcher, fingerprint } = await load();
  const analysisPool = new AnalysisPool({ size: workers, timeoutMs });
  // The workers warm up while the server already answers; /readyz waits for them, analyses queue.
  const warming = analysisPool.start(kb).catch((err) => { logger.error({ err }, 'analysis workers could not start'); process.exit(1); });
  const server = await startServer({
    kb, searcher, fingerprint, load, port: listenPort, host: listenHost, maxManifestBytes: manifestLimit,
    admin: token ? { token, dbFile: file, load } : undefined,
    logger, metrics: new ServerMetrics(), analysisPool,
  });
  if (token) log('writes enabled: importReleaseNotes requires the admin token');
  const watch = watchKnowledgeBase({ source: versions, server, intervalMs: reloadEvery, logger });
  if (reloadEvery > 0) log(`checking the database for knowledge-base changes every ${reloadEvery} ms`);
  void warming.then(() => log(`${workers} analysis workers ready`));
  log(`serving ${kb.releases.length} releases, ${kb.featureGates.length} feature gates, ${kb.changes.length} changes at http://localhost:${server.port}/graphql`);

  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    log(`${signal}: finishing in-flight requests`);
    watch.stop();
    versions.close();
    server.stop().then(() => process.exit(0), () => process.exit(1));
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}

main().catch((err) => {
  const known = err instanceof SeedValidationError || err instanceof ConfigError;
  process.stderr.write(`netkb: cannot start: ${known ? err.message : err instanceof Error ? err.stack ?? err.message : String(err)}\n`);
  process.exit(1);
});
