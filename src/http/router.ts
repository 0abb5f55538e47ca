// Where each request goes: /metrics, /readyz, /healthz, /graphql (the explorer page for a browser that
// opens it), and the dashboard's files for anything else. Every answer carries an x-request-id.
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { ErrorCode } from '../errors';
import type { Logger } from '../observability/log';
import type { ServerMetrics } from '../observability/metrics';
import type { RequestTrace } from '../graphql/context';
import type { KbState } from './kb-state';
import type { AnalysisPool } from '../services/analysis-pool';
import { answeredCors } from './cors';
import { serveGraphQL, type GraphQLEndpoint } from './graphql-endpoint';
import { serveHealth, serveReadiness } from './health-checks';
import { serveMetrics } from './metrics-endpoint';
import { traceRequest } from './request-log';
import { sendJson } from './send-json';
import type { StaticFiles } from './static-files';

export interface Routes {
  /** The knowledge base served now (a reload replaces it whole). */
  state(): KbState;
  metrics: ServerMetrics;
  logger: Logger;
  analysisPool?: AnalysisPool;
  web: StaticFiles;
  graphql: GraphQLEndpoint;
  /** Origins whose pages may call /graphql cross-origin (NETKB_CORS_ORIGINS); empty: same origin only. */
  corsOrigins: ReadonlySet<string>;
}

export function requestListener(routes: Routes): (req: IncomingMessage, res: ServerResponse) => void {
  return (req, res) => {
    const trace = traceRequest(req, res, routes.metrics, routes.logger);
    route(req, res, trace, routes).catch((err) => {
      if (!res.headersSent)
        sendJson(res, 500, {
          errors: [{ message: 'internal error', extensions: { code: ErrorCode.INTERNAL_SERVER_ERROR } }],
        });
      else res.destroy(err as Error);
    });
  };
}

const GRAPHQL_URL: Readonly<URL> = new URL('/graphql', 'http://localhost');

async function route(req: IncomingMessage, res: ServerResponse, trace: RequestTrace, routes: Routes): Promise<void> {
  // The API's own path, as nearly every request has it, needs no URL parsing.
  const url = req.url === '/graphql' ? GRAPHQL_URL : new URL(req.url ?? '/', 'http://localhost');
  const requestId = randomUUID();
  res.setHeader('x-request-id', requestId);
  if (url.pathname === '/metrics') return serveMetrics(req, res, routes.metrics);
  if (url.pathname === '/readyz') return serveReadiness(req, res, routes.state, routes.analysisPool);
  if (url.pathname === '/healthz') return serveHealth(req, res, routes.state);
  const readOnly = req.method === 'GET' || req.method === 'HEAD';
  if (url.pathname !== '/graphql') {
    if (readOnly && (await routes.web.serve(req, res, url.pathname))) return;
    return sendJson(res, 404, { error: `nothing at ${url.pathname}: GraphQL is at /graphql, the dashboard at /` });
  }
  if (answeredCors(req, res, routes.corsOrigins)) return;
  // A browser opening /graphql gets the explorer; GET with a query (or a persisted query) stays the JSON API.
  if (
    req.method === 'GET' &&
    (req.headers.accept ?? '').includes('text/html') &&
    !url.searchParams.has('query') &&
    !url.searchParams.has('extensions')
  ) {
    if (await routes.web.page(req, res, 'explorer.html')) return;
  }
  return serveGraphQL(req, res, url, requestId, trace, routes.graphql);
}
