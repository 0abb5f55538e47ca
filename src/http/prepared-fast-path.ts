// The prepared-query fast path: a repeat of a query Apollo has answered cleanly runs straight on graphql-js
// (src/graphql/prepared-queries.ts), skipping Apollo's request pipeline.
//
// The rule: it must answer byte for byte as Apollo does (the same body, with the same content-type,
// cache-control, netkb-kb-version and encoding), so that no client can tell which path answered; whatever it cannot
// answer exactly so (another media type, a limit exceeded, an error) it leaves to Apollo. The test that
// checks it: "prepared queries › answers a repeat exactly as Apollo answered the first time, and counts
// the hit", in test/http/prepared-queries.test.ts.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { OperationLimitChecker } from '../graphql/plugins/operation-limits';
import { runPrepared, type PreparedQueries } from '../graphql/prepared-queries';
import type { ServerMetrics } from '../observability/metrics';
import type { Context, RequestTrace } from '../graphql/context';
import { CACHEABLE } from './caching';
import { endText, negotiate } from './compression';

export interface FastPath {
  prepared: PreparedQueries;
  limits: OperationLimitChecker;
  metrics: ServerMetrics;
}

/** Answers a repeat of a prepared query; false, with nothing sent, when Apollo must answer. */
export async function answerPrepared(
  req: IncomingMessage,
  res: ServerResponse,
  body: unknown,
  fast: FastPath,
  kbVersion: string,
  context: () => Promise<Context>,
  trace: RequestTrace,
): Promise<boolean> {
  const contentType = req.headers['content-type'] ?? '';
  const match =
    req.method === 'POST' && contentType.startsWith('application/json')
      ? fast.prepared.match(body, req.headers.accept)
      : null;
  if (
    !match ||
    !fast.limits.passes(
      match.prepared.schema,
      match.prepared.operation,
      match.prepared.fragments,
      match.request.variables,
    )
  )
    return false;
  const text = await runPrepared(match.prepared, match.request, await context());
  fast.metrics.prepared.inc({ result: text === null ? 'fallback' : 'hit' });
  if (text === null) return false;
  trace.operation = match.prepared.traceName;
  trace.operationType = 'query';
  res.statusCode = 200;
  res.setHeader('content-type', 'application/json; charset=utf-8');
  res.setHeader('cache-control', CACHEABLE);
  res.setHeader('netkb-kb-version', kbVersion);
  // Compressed as Apollo's answers are, by the same function.
  await endText(res, text, negotiate(req, res, Buffer.byteLength(text)));
  return true;
}
