import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ServerMetrics } from '../observability/metrics';
import { sendJson } from './send-json';

/** GET /metrics: the Prometheus exposition of the server's registry. */
export async function serveMetrics(req: IncomingMessage, res: ServerResponse, metrics: ServerMetrics): Promise<void> {
  if (req.method !== 'GET') return sendJson(res, 405, { error: 'use GET' });
  const text = await metrics.registry.metrics();
  res.writeHead(200, { 'content-type': metrics.registry.contentType });
  res.end(text);
}
