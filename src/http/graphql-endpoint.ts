// GET and POST /graphql: the body read within its limit, a repeat of a prepared query answered on the
// fast path, anything else by Apollo (executeHTTPGraphQLRequest, whose CSRF prevention stays on), with
// netkb's caching headers, compressed for clients that accept it (compression.ts).
import type { IncomingMessage, ServerResponse } from 'node:http';
import { HeaderMap, type ApolloServer } from '@apollo/server';
import type { Context, RequestTrace } from '../graphql/context';
import { answeredNotModified, setCachingHeaders } from './caching';
import { endText, negotiate } from './compression';
import { answerPrepared, type FastPath } from './prepared-fast-path';
import { readGraphQLBody } from './request-body';

export interface GraphQLEndpoint {
  apollo: ApolloServer<Context>;
  fastPath: FastPath;
  maxBodyBytes: number;
  /** The served knowledge base's version, as the netkb-kb-version header gives it. */
  kbVersion(): string;
  /** The request's context, built when the operation runs. */
  context(req: IncomingMessage, requestId: string, trace: RequestTrace): () => Promise<Context>;
}

export async function serveGraphQL(
  req: IncomingMessage,
  res: ServerResponse,
  url: Readonly<URL>,
  requestId: string,
  trace: RequestTrace,
  endpoint: GraphQLEndpoint,
): Promise<void> {
  const read = await readGraphQLBody(req, res, endpoint.maxBodyBytes);
  if (!read) return;
  const { body } = read;
  const kbVersion = endpoint.kbVersion();
  if (
    await answerPrepared(req, res, body, endpoint.fastPath, kbVersion, endpoint.context(req, requestId, trace), trace)
  )
    return;
  const headers = new HeaderMap();
  for (const [key, value] of Object.entries(req.headers)) {
    if (value !== undefined) headers.set(key, Array.isArray(value) ? value.join(', ') : value);
  }
  const result = await endpoint.apollo.executeHTTPGraphQLRequest({
    httpGraphQLRequest: { method: (req.method ?? 'GET').toUpperCase(), headers, search: url.search, body },
    context: endpoint.context(req, requestId, trace),
  });
  for (const [key, value] of result.headers) res.setHeader(key, value);
  res.statusCode = result.status ?? 200;
  const cacheable = setCachingHeaders(res, trace, kbVersion, req.method);
  if (result.body.kind === 'complete') {
    const text = result.body.string;
    const encoding = negotiate(req, res, Buffer.byteLength(text));
    if (req.method === 'GET' && cacheable && answeredNotModified(req, res, kbVersion, url.search, encoding)) return;
    await endText(res, text, encoding);
  } else {
    // Incremental delivery (@defer) goes as Apollo streams it, uncompressed.
    for await (const chunk of result.body.asyncIterator) res.write(chunk);
    res.end();
  }
}
