// The HTTP server: GraphQL at /graphql (Apollo Server 5 through its documented integration API,
// executeHTTPGraphQLRequest) and GET /healthz, on plain node:http.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ApolloServer, HeaderMap, type ApolloServerPlugin } from '@apollo/server';
import { GraphQLError, Kind, getNamedType, getNullableType, isListType, isObjectType, type FragmentDefinitionNode, type GraphQLSchema, type OperationDefinitionNode } from 'graphql';
import { createHash, randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { ApolloServerPluginCacheControlDisabled, ApolloServerPluginLandingPageDisabled } from '@apollo/server/plugin/disabled';
import { ApolloServerPluginDrainHttpServer } from '@apollo/server/plugin/drainHttpServer';
import type { KnowledgeBase } from './kb/knowledge-base';
import type { Searcher } from './services/search';
import type { Context } from './resolvers/context';
import { buildResolvers } from './resolvers';
import { loadTypeDefs } from './schema';
import { ErrorCode } from './errors';
import { introspectionEnabled, isDevelopment, isProduction, projectRoot } from './config';
import { staticFiles } from './http/static-files';
import { checkLimits, DEFAULT_QUERY_LIMITS, measureOperation, type QueryLimits } from './graphql/query-limits';
import { maskUnexpectedErrors } from './graphql/errors';
import { silentLogger, type Logger } from './observability/log';
import { ServerMetrics } from './observability/metrics';
import type { RequestTrace } from './resolvers/context';
import type { AnalysisPool } from './services/analysis-pool';
import { PreparedQueries, runPrepared, traceName } from './graphql/prepared-queries';

export interface KbState {
  kb: KnowledgeBase;
  searcher: Searcher & { close?(): void; ready?(): boolean | Promise<boolean> };
  /** The database's knowledge-base fingerprint read before this state was loaded (db/kb-version.ts). */
  fingerprint?: string;
}

export interface ServerOptions {
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

export const DEFAULT_MAX_MANIFEST_BYTES = 5 * 1024 * 1024;

class BodyTooLargeError extends Error {}

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
    const next = reloading.catch(() => undefined).then(async () => {
      if (!load) throw new Error('this server was started without a way to read the knowledge base again');
      const previous = state;
      state = await load();
      await options.analysisPool?.reload(state.kb);
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
  const prepared = new PreparedQueries();
  const limitChecker = operationLimitChecker(limits);
  const logError = options.logError ?? ((requestId: string, err: unknown) => logger.error({ requestId, err }, 'request failed'));
  const apollo = new ApolloServer<Context>({
    typeDefs: loadTypeDefs({ admin: admin !== null }),
    resolvers: buildResolvers({ admin: admin !== null }) as never,
    includeStacktraceInErrorResponses: isDevelopment(),
    introspection: introspectionEnabled(),
    // main.ts handles SIGTERM/SIGINT itself: Apollo's own handlers would race it and swallow the exit.
    stopOnTerminationSignals: false,
    hideSchemaDetailsFromClientErrors: isProduction(),
    parseOptions: { maxTokens: limits.maxTokens },
    plugins: [
      // Apollo installs its cache-control plugin unless told not to; its per-field hook wraps every
      // resolver. netkb sets Cache-Control itself (see handle()).
      ApolloServerPluginCacheControlDisabled(),
      ApolloServerPluginLandingPageDisabled(), ApolloServerPluginDrainHttpServer({ httpServer }), refuseMissingRootTypes, operationLimits(limitChecker),
      maskUnexpectedErrors(logError, isDevelopment()),
      traceOperation,
      prepared.plugin() as ApolloServerPlugin<Context>,
    ],
  });
  await apollo.start();
  const contextFor = (req: IncomingMessage, requestId: string, trace: RequestTrace) => async (): Promise<Context> => ({
    kb: state.kb, searcher: state.searcher, maxManifestBytes, authorization: req.headers.authorization ?? null, admin: adminAccess, requestId,
    trace, metrics, analysis: options.analysisPool ?? null,
  });

  httpServer.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const started = process.hrtime.bigint();
    const trace: RequestTrace = { operation: null, operationType: null, errorCodes: [] };
    res.on('finish', () => {
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      const path = (req.url ?? '/').split('?')[0];
      // The explorer page (text/html at /graphql) is not a GraphQL request: it stays out of those metrics.
      if (path === '/graphql' && !String(res.getHeader('content-type') ?? '').startsWith('text/html')) {
        const operation = trace.operation ?? 'unknown';
        metrics.requests.inc({ operation, status: String(res.statusCode) });
        metrics.duration.observe({ operation }, seconds);
        for (const code of trace.errorCodes) metrics.errors.inc({ code });
      }
      if (logger.isLevelEnabled('info')) logger.info({ requestId: res.getHeader('x-request-id'), method: req.method, path, status: res.statusCode, ms: Math.round(seconds * 1e4) / 10, operation: trace.operation ?? undefined, errors: trace.errorCodes.length > 0 ? trace.errorCodes : undefined }, 'request');
    });
    handle(req, res, trace).catch((err) => {
      if (!res.headersSent) sendJson(res, 500, { errors: [{ message: 'internal error', extensions: { code: ErrorCode.INTERNAL_SERVER_ERROR } }] });
      else res.destroy(err as Error);
    });
  });

  const GRAPHQL_URL: Readonly<URL> = new URL('/graphql', 'http://localhost');

  async function handle(req: IncomingMessage, res: ServerResponse, trace: RequestTrace): Promise<void> {
    // The API's own path, as nearly every request has it, needs no URL parsing.
    const url = req.url === '/graphql' ? GRAPHQL_URL : new URL(req.url ?? '/', 'http://localhost');
    const requestId = randomUUID();
    res.setHeader('x-request-id', requestId);
    if (url.pathname === '/metrics') {
      if (req.method !== 'GET') return sendJson(res, 405, { error: 'use GET' });
      const text = await metrics.registry.metrics();
      res.writeHead(200, { 'content-type': metrics.registry.contentType });
      res.end(text);
      return;
    }
    if (url.pathname === '/readyz') {
      if (req.method !== 'GET' && req.method !== 'HEAD') return sendJson(res, 405, { error: 'use GET' });
      const ready = state.kb.releases.length > 0 && ((await state.searcher.ready?.()) ?? true) && (options.analysisPool?.ready() ?? true);
      return sendJson(res, ready ? 200 : 503, { status: ready ? 'ready' : 'not ready', kbVersion: state.kb.version.slice(0, 12), releases: state.kb.releases.length });
    }
    if (url.pathname === '/healthz') {
      if (req.method !== 'GET' && req.method !== 'HEAD') return sendJson(res, 405, { error: 'use GET' });
      return sendJson(res, 200, { status: 'ok', kbVersion: state.kb.version.slice(0, 12) });
    }
    const readOnly = req.method === 'GET' || req.method === 'HEAD';
    if (url.pathname !== '/graphql') {
      if (readOnly && await web.serve(req, res, url.pathname)) return;
      return sendJson(res, 404, { error: `nothing at ${url.pathname}: GraphQL is at /graphql, the dashboard at /` });
    }
    // A browser opening /graphql gets the explorer; GET with a query (or a persisted query) stays the JSON API.
    if (req.method === 'GET' && (req.headers.accept ?? '').includes('text/html') && !url.searchParams.has('query') && !url.searchParams.has('extensions')) {
      if (await web.page(req, res, 'explorer.html')) return;
    }

    let raw: string;
    try {
      raw = await readBody(req, maxBodyBytes);
    } catch (err) {
      if (err instanceof BodyTooLargeError) {
        return sendJson(res, 413, { errors: [{ message: `request body over ${maxBodyBytes} bytes`, extensions: { code: ErrorCode.PAYLOAD_TOO_LARGE } }] });
      }
      throw err;
    }
    const contentType = req.headers['content-type'] ?? '';
    let body: unknown = raw;
    if (raw.length > 0 && contentType.includes('json')) {
      try {
        body = JSON.parse(raw);
      } catch {
        return sendJson(res, 400, { errors: [{ message: 'the request body is not valid JSON', extensions: { code: ErrorCode.BAD_USER_INPUT } }] });
      }
    }
    const kbVersion = state.kb.version.slice(0, 12);
    // A query Apollo has answered cleanly before runs straight on graphql-js (see prepared-queries.ts).
    const match = req.method === 'POST' && contentType.startsWith('application/json') ? prepared.match(body, req.headers.accept) : null;
    if (match && limitChecker.passes(match.prepared.schema, match.prepared.operation, match.prepared.fragments, match.request.variables)) {
      const text = await runPrepared(match.prepared, match.request, await contextFor(req, requestId, trace)());
      metrics.prepared.inc({ result: text === null ? 'fallback' : 'hit' });
      if (text !== null) {
        trace.operation = match.prepared.traceName;
        trace.operationType = 'query';
        res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'max-age=300, public', 'netkb-kb-version': kbVersion, 'content-length': Buffer.byteLength(text) });
        res.end(text);
        return;
      }
    }
    const headers = new HeaderMap();
    for (const [key, value] of Object.entries(req.headers)) {
      if (value !== undefined) headers.set(key, Array.isArray(value) ? value.join(', ') : value);
    }
    const result = await apollo.executeHTTPGraphQLRequest({
      httpGraphQLRequest: { method: (req.method ?? 'GET').toUpperCase(), headers, search: url.search, body },
      context: contextFor(req, requestId, trace),
    });
    for (const [key, value] of result.headers) res.setHeader(key, value);
    res.statusCode = result.status ?? 200;
    // Every successful read is a pure function of the knowledge base: cacheable, revalidated by ETag.
    // Set here rather than by Apollo's cache-control plugin, whose per-field hook costs every lookup.
    const cacheable = trace.operationType === 'query' && res.statusCode === 200 && trace.errorCodes.length === 0;
    res.setHeader('cache-control', cacheable ? 'max-age=300, public' : 'no-store');
    res.setHeader('netkb-kb-version', kbVersion);
    if (result.body.kind === 'complete') {
      // GET answers that may be cached carry an ETag bound to the knowledge base's version.
      if (req.method === 'GET' && cacheable) {
        const etag = `"${kbVersion}-${createHash('sha1').update(url.search).digest('hex').slice(0, 16)}"`;
        res.setHeader('etag', etag);
        if (req.headers['if-none-match'] === etag) {
          res.statusCode = 304;
          res.end();
          return;
        }
      }
      res.end(result.body.string);
    } else {
      for await (const chunk of result.body.asyncIterator) res.write(chunk);
      res.end();
    }
  }

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

/** graphql-js reports a mutation against a schema without Mutation as an internal error; it is the client's. */
const refuseMissingRootTypes: ApolloServerPlugin<Context> = {
  async requestDidStart() {
    return {
      async didResolveOperation({ operation, schema }) {
        if (operation?.operation === 'mutation' && !schema.getMutationType()) {
          throw new GraphQLError('writes are disabled on this server: it runs without NETKB_ADMIN_TOKEN, so there are no mutations', {
            extensions: { code: ErrorCode.FORBIDDEN, http: { status: 403 } },
          });
        }
        if (operation?.operation === 'subscription') {
          throw new GraphQLError('netkb has no subscriptions', { extensions: { code: ErrorCode.BAD_USER_INPUT, http: { status: 400 } } });
        }
      },
    };
  },
};

/** Names the operation (for logs and metrics) and collects the error codes of the answer. */
const traceOperation: ApolloServerPlugin<Context> = {
  async requestDidStart() {
    return {
      async didResolveOperation({ operation, operationName, contextValue }) {
        contextValue.trace.operation = operation ? traceName(operation, operationName ?? null) : operationName ?? null;
        contextValue.trace.operationType = operation?.operation ?? null;
      },
      async willSendResponse({ response, contextValue }) {
        if (response.body.kind !== 'single') return;
        for (const e of response.body.singleResult.errors ?? []) contextValue.trace.errorCodes.push(String(e.extensions?.code ?? 'UNKNOWN'));
      },
    };
  },
};

/** Measures an operation against the depth, alias, directive and cost limits; throws the GraphQLError that refuses it. */
function operationLimitChecker(limits: QueryLimits) {
  let listFields: Set<string> | null = null;
  const check = (schema: GraphQLSchema, operation: OperationDefinitionNode, fragments: Record<string, FragmentDefinitionNode>, variables: Record<string, unknown>) => {
    listFields ??= listFieldNames(schema);
    checkLimits(measureOperation(operation, fragments, listFields, variables), limits);
  };
  return {
    check,
    /** Whether the operation is within the limits (Apollo answers it with the refusal otherwise). */
    passes(...args: Parameters<typeof check>): boolean {
      try {
        check(...args);
        return true;
      } catch {
        return false;
      }
    },
  };
}

/** Refuses operations over the limits before they run. */
function operationLimits(checker: ReturnType<typeof operationLimitChecker>): ApolloServerPlugin<Context> {
  return {
    async requestDidStart() {
      return {
        async didResolveOperation({ operation, document, schema, request }) {
          if (!operation) return;
          const fragments = Object.fromEntries(document.definitions.filter((d): d is FragmentDefinitionNode => d.kind === Kind.FRAGMENT_DEFINITION).map((d) => [d.name.value, d]));
          checker.check(schema, operation, fragments, request.variables ?? {});
        },
      };
    },
  };
}

/** Names of fields that return a list or a connection: what multiplies the cost of what is below them. */
function listFieldNames(schema: GraphQLSchema): Set<string> {
  const names = new Set<string>();
  for (const type of Object.values(schema.getTypeMap())) {
    if (!isObjectType(type) || type.name.startsWith('__')) continue;
    for (const field of Object.values(type.getFields())) {
      const named = getNamedType(field.type);
      if (field.name !== 'edges' && (isListType(getNullableType(field.type)) || named.name.endsWith('Connection'))) names.add(field.name);
    }
  }
  return names;
}

function sendJson(res: ServerResponse, status: number, payload: unknown): void {
  const text = JSON.stringify(payload);
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

function readBody(req: IncomingMessage, limit: number): Promise<string> {
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > limit) {
    req.resume();
    return Promise.reject(new BodyTooLargeError());
  }
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        req.removeAllListeners('data');
        req.resume();
        reject(new BodyTooLargeError());
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}
