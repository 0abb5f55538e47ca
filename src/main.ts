// npm start: makes sure the database exists and matches seed/ (building it if not), loads the knowledge
// base into memory and serves GraphQL on PORT (default 4000) at /graphql, with GET /healthz. Its settings
// come from config.ts's serverSettings.
import { ConfigError, serverSettings, type ServerSettings } from './config';
import { ensureDatabase } from './db/ensure';
import { openKbVersionProbe } from './db/kb-fingerprint';
import { displayLocation } from './db/location';
import { loadKnowledgeBase } from './db/load-kb';
import { readKnowledgeBaseAndFingerprintInChild } from './db/read-kb-process';
import { openSearchIndex } from './db/search';
import { KnowledgeBase } from './kb/knowledge-base';
import { createLogger } from './observability/log';
import { ServerMetrics } from './observability/metrics';

/**
 * Starts the server; resolves once it listens. Also `netkb serve`, which passes its options in `settings`.
 * Every setting is read and checked (config.ts) before any work, so a bad one stops start-up with a message
 * naming it, before even the logger exists.
 */
export async function serve(settings: ServerSettings = serverSettings()): Promise<void> {
  const {
    database: file,
    port: listenPort,
    host: listenHost,
    maxManifestBytes: manifestLimit,
    adminToken: token,
    analysisWorkers: workers,
    analysisTimeoutMs: timeoutMs,
    analysisIdleMs: idleMs,
    reloadIntervalMs: reloadEvery,
    publicUrl: dashboardUrl,
    corsOrigins: allowedOrigins,
  } = settings;
  const logger = createLogger(settings.logLevel);
  const log = (msg: string) => logger.info(msg);
  const shown = displayLocation(file);
  const ensured = await ensureDatabase(file, settings.seedDir);
  log(
    ensured.rebuilt
      ? `built ${shown} from seed/ (${ensured.reason})`
      : `using ${shown} (seed ${ensured.seedHash.slice(0, 12)})`,
  );
  const versions = openKbVersionProbe(file);
  // From the snapshot file beside the database when it is at the database's version; otherwise read in a
  // child process, so the server never loads Prisma nor keeps what it allocates (read-kb-process.ts), and
  // the snapshot file is written for the next start. The fingerprint is the version of the data loaded:
  // a change committed meanwhile triggers one more reload.
  const load = async () => {
    const { model, serialized, fingerprint } = await loadKnowledgeBase(file, readKnowledgeBaseAndFingerprintInChild);
    return { kb: new KnowledgeBase(model), serialized, searcher: openSearchIndex(file), fingerprint };
  };
  // The server's modules (Apollo, graphql-js, the analysis) load while the child process reads.
  const [{ kb, serialized, searcher, fingerprint }, { startServer }, { AnalysisPool }, { watchKnowledgeBase }] =
    await Promise.all([load(), import('./server'), import('./services/analysis-pool'), import('./services/kb-reload')]);
  const analysisPool = new AnalysisPool({ size: workers, timeoutMs, idleMs });
  const server = await startServer({
    kb,
    searcher,
    fingerprint,
    load,
    port: listenPort,
    host: listenHost,
    maxManifestBytes: manifestLimit,
    admin: token ? { token, dbFile: file, load } : undefined,
    logger,
    metrics: new ServerMetrics(),
    analysisPool,
    publicUrl: dashboardUrl,
    corsOrigins: allowedOrigins,
    mode: settings.mode,
  });
  // One worker starts (and stops) once the server answers, to prove workers can start; /readyz waits for
  // that. Started after listening: on a small machine its start would compete with the server's for the
  // CPU. Workers then start with the analyses that need them.
  const warming = analysisPool.start(kb, serialized).catch((err) => {
    logger.error({ err }, 'analysis workers could not start');
    process.exit(1);
  });
  if (token) log('writes enabled: importReleaseNotes requires the admin token');
  if (allowedOrigins.length > 0) log(`cross-origin requests allowed from ${allowedOrigins.join(', ')}`);
  const watch = watchKnowledgeBase({ source: versions, server, intervalMs: reloadEvery, logger });
  if (reloadEvery > 0) log(`checking the database for knowledge-base changes every ${reloadEvery} ms`);
  void warming.then(() => log(`analysis workers can start (up to ${workers}, stopped after ${idleMs} ms idle)`));
  log(
    `serving ${kb.releases.length} releases, ${kb.featureGates.length} feature gates, ${kb.changes.length} changes at http://localhost:${server.port}/graphql`,
  );

  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    log(`${signal}: finishing in-flight requests`);
    watch.stop();
    versions.close();
    server.stop().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}

/** npm start's exit code for a bad setting, as netkb serve's and every verb's for bad input (docs/configuration.md). */
const EXIT_BAD_SETTING = 2;

if (require.main === module) {
  // The settings are read apart from start-up so that a bad one is told as such: no stack, exit 2.
  let settings: ServerSettings;
  try {
    settings = serverSettings();
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    process.stderr.write(`netkb: cannot start: ${err.message}\n`);
    process.exit(EXIT_BAD_SETTING);
  }
  serve(settings).catch((err) => {
    const known = (err instanceof Error && err.name === 'SeedValidationError') || err instanceof ConfigError;
    process.stderr.write(
      `netkb: cannot start: ${known ? err.message : err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`,
    );
    process.exit(err instanceof ConfigError ? EXIT_BAD_SETTING : 1);
  });
}
