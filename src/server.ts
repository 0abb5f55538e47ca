// The HTTP server: GraphQL at /graphql (Apollo Server 5 through its documented integration API,
// executeHTTPGraphQLRequest), the probes, /metrics and the dashboard, on plain node:http. Routing, body
// limits and caching are in src/http/; netkb's Apollo plugins in src/graphql/plugins/.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { ApolloServer } from '@apollo/server';
import {
  ApolloServerPluginCacheControlDisabled,
  ApolloServerPluginInlineTraceDisabled,
  ApolloServerPluginLandingPageDisabled,
} from '@apollo/server/plugin/disabled';
import { ApolloServerPluginDrainHttpServer } from '@apollo/server/plugin/drainHttpServer';
import type { KnowledgeBase } from './kb/knowledge-base';
import type { Searcher } from './services/search';
import type { Context, RequestTrace } from './graphql/context';
import { buildResolvers } from './resolvers';
import { loadTypeDefs } from './schema';
import { projectRoot, serverMode, type ServerMode } from './config';
import { requestListener } from './http/router';
import { staticFiles } from './http/static-files';
import { executableSchema } from './graphql/executable-schema';
import { DEFAULT_QUERY_LIMITS, type QueryLimits } from './graphql/query-limits';
import { PreparedQueries } from './graphql/prepared-queries';
import { keepPreparedQueries } from './graphql/plugins/keep-prepared-queries';
import { maskUnexpectedErrors } from './graphql/plugins/mask-unexpected-errors';
import { operationLimitChecker, operationLimits } from './graphql/plugins/operation-limits';
import { markUserContent } from './graphql/plugins/mark-user-content';
import { refuseMissingRootTypes } from './graphql/plugins/refuse-missing-root-types';
import { traceOperation } from './graphql/plugins/trace-operation';
import { silentLogger, type Logger } from './observability/log';
import { ServerMetrics } from './observability/metrics';
import type { AnalysisPool } from './services/analysis-pool';
import { inlineRunner } from './services/analysis-runner';
import type { KbState } from './http/kb-state';

interface ServerOptions {
  kb: KnowledgeBase;
  searcher: Searcher & { close?(): void; ready?(): boolean | Promise<boolean> };
  /** The fingerprint the initial state was loaded at. */
  fingerprint?: string;
  /** Reads the knowledge base again (reload()); defaults to admin.load. */
  load?(): Promise<KbState>;
  /** Enables the admin mutation: the token to require, the database to write, how to read it again. */
  admin?: { token: string; dbFile: string; load(): Promise<KbState> };
  port: number;
  host?: string;
  /** Largest manifest upgradeReport accepts, in bytes (default 5 MiB). */
  maxManifestBytes?: number;
  /** Largest request body accepted, in bytes (default: room for the largest manifest, JSON-escaped). */
  maxBodyBytes?: number;
  /** Limits on operations (depth, aliases, directives, cost, tokens). */
  queryLimits?: Partial<QueryLimits>;
  /** Where unexpected errors are logged with their stack; default: the logger. */
  logError?(requestId: string, error: unknown): void;
  /** Structured logs: one line per request; default silent. */
  logger?: Logger;
  /** Prometheus metrics served at /metrics; default: a fresh registry without process metrics. */
  metrics?: ServerMetrics;
  /** Worker threads for upgradeReport; without it the analysis runs in-line. */
  analysisPool?: AnalysisPool;
  /** The built dashboard and explorer (default: dist/web of the project). */
  webDir?: string;
  /** The dashboard's public address (NETKB_PUBLIC_URL), linked from chat messages; default none. */
  publicUrl?: string | null;
  /** Origins whose pages may call /graphql cross-origin (NETKB_CORS_ORIGINS, config.ts); default none. */
  corsOrigins?: readonly string[];
  /** NODE_ENV and NETKB_INTROSPECTION, read by config.ts (default: from the environment now). */
  mode?: ServerMode;
}

export interface RunningServer {
  url: string;
  port: number;
  server: Server;
  stop(): Promise<void>;
  /** Reads the knowledge base again and swaps it in for new requests (one reload at a time). */
  reload(): Promise<void>;
  /** The fingerprint the served knowledge base was loaded at. */
  fingerprint(): string | undefined;
}

const DEFAULT_MAX_MANIFEST_BYTES = 5 * 1024 * 1024;

export async function startServer(options: ServerOptions): Promise<RunningServer> {
  const maxManifestBytes = options.maxManifestBytes ?? DEFAULT_MAX_MANIFEST_BYTES;
  const maxBodyBytes = options.maxBodyBytes ?? 2 * maxManifestBytes + 1024 * 1024;
  const httpServer = createServer();
  const admin = options.admin ?? null;
  // The knowledge base is replaced whole after an import; each request keeps the one it started with.
  let state: KbState = { kb: options.kb, searcher: options.searcher, fingerprint: options.fingerprint };
  const load = options.load ?? admin?.load;
  let reloading: Promise<void> = Promise.resolve();
  // Reloads run one after the other: an import here and a change seen from another replica may overlap.
  const reload = (): Promise<void> => {
    const next = reloading
      .catch(() => undefined)
      .then(async () => {
        if (!load) throw new Error('this server was started without a way to read the knowledge base again');
        const previous = state;
        state = await load();
        await options.analysisPool?.reload(state.kb, state.serialized);
        metrics.servingVersion(state.kb.version);
        // Requests that started before the swap may still search the old index for a moment.
        setTimeout(() => previous.searcher.close?.(), 30_000).unref();
      });
    reloading = next;
    return next;
  };
  const adminAccess = admin && { token: admin.token, dbFile: admin.dbFile, reload };
  const limits = { ...DEFAULT_QUERY_LIMITS, ...options.queryLimits };
  const logger = options.logger ?? silentLogger;
  const web = staticFiles(options.webDir ?? join(projectRoot(), 'dist', 'web'));
  const metrics = options.metrics ?? new ServerMetrics(false);
  metrics.servingVersion(options.kb.version);
  const pool = options.analysisPool;
  if (pool) metrics.countWorkers(() => pool.running);
  const prepared = new PreparedQueries();
  const limitChecker = operationLimitChecker(limits);
  const logError =
    options.logError ?? ((requestId: string, err: unknown) => logger.error({ requestId, err }, 'request failed'));
  const mode = options.mode ?? serverMode();
  const apollo = new ApolloServer<Context>({
    schema: executableSchema(loadTypeDefs({ admin: admin !== null }), buildResolvers({ admin: admin !== null })),
    includeStacktraceInErrorResponses: mode.development,
    introspection: mode.introspection,
    // main.ts handles SIGTERM/SIGINT itself: Apollo's own handlers would race it and swallow the exit.
    stopOnTerminationSignals: false,
    hideSchemaDetailsFromClientErrors: mode.production,
    parseOptions: { maxTokens: limits.maxTokens },
    plugins: [
      // Apollo installs its cache-control plugin unless told not to; its per-field hook wraps every
      // resolver. netkb sets Cache-Control itself (src/http/caching.ts).
      ApolloServerPluginCacheControlDisabled(),
      ApolloServerPluginLandingPageDisabled(),
      // Apollo loads its inline-trace plugin (and the usage-reporting protobufs) at start unless told not
      // to, at a cost to start-up; it would only act if this schema were a federated subgraph, which it is not.
      ApolloServerPluginInlineTraceDisabled(),
      ApolloServerPluginDrainHttpServer({ httpServer }),
      refuseMissingRootTypes,
      operationLimits(limitChecker),
      maskUnexpectedErrors(logError, mode.development),
      traceOperation,
      markUserContent,
      keepPreparedQueries(prepared),
    ],
  });
  await apollo.start();
  const contextFor = (req: IncomingMessage, requestId: string, trace: RequestTrace) => async (): Promise<Context> => ({
    kb: state.kb,
    searcher: state.searcher,
    maxManifestBytes,
    authorization: req.headers.authorization ?? null,
    admin: adminAccess,
    requestId,
    trace,
    metrics,
    runner: options.analysisPool ?? inlineRunner,
    publicUrl: options.publicUrl ?? null,
  });

  httpServer.on(
    'request',
    requestListener({
      state: () => state,
      metrics,
      logger,
      analysisPool: options.analysisPool,
      web,
      graphql: {
        apollo,
        fastPath: { prepared, limits: limitChecker, metrics },
        maxBodyBytes,
        kbVersion: () => state.kb.version.slice(0, 12),
        context: contextFor,
      },
      corsOrigins: new Set(options.corsOrigins ?? []),
    }),
  );

  await new Promise<void>((resolve, reject) => {
    httpServer.once('error', reject);
    httpServer.listen(options.port, options.host ?? '0.0.0.0', () => resolve());
  });
  const port = (httpServer.address() as AddressInfo).port;
  return {
    url: `http://localhost:${port}/graphql`,
    port,
    server: httpServer,
    stop: async () => {
      await apollo.stop();
      await options.analysisPool?.close();
      state.searcher.close?.();
    },
    reload,
    fingerprint: () => state.fingerprint,
  };
}
