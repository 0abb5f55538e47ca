// When a response is finished: the GraphQL metrics (requests, duration, errors by code) and one log line.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Logger } from '../observability/log';
import type { ServerMetrics } from '../observability/metrics';
import type { RequestTrace } from '../graphql/context';

/** A fresh trace for the request, which the GraphQL layer fills; read once the response is finished. */
export function traceRequest(
  req: IncomingMessage,
  res: ServerResponse,
  metrics: ServerMetrics,
  logger: Logger,
): RequestTrace {
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
    if (logger.isLevelEnabled('info'))
      logger.info(
        {
          requestId: res.getHeader('x-request-id'),
          method: req.method,
          path,
          status: res.statusCode,
          ms: Math.round(seconds * 1e4) / 10,
          operation: trace.operation ?? undefined,
          errors: trace.errorCodes.length > 0 ? trace.errorCodes : undefined,
        },
        'request',
      );
  });
  return trace;
}
