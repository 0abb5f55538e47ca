// Every successful read is a pure function of the knowledge base: cacheable, and a GET revalidated by an
// ETag bound to the knowledge base's version. Set here rather than by Apollo's cache-control plugin, whose
// per-field hook costs every lookup.
import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RequestTrace } from '../resolvers/context';

export const CACHEABLE = 'max-age=300, public';

/** Sets Cache-Control and the knowledge base's version on Apollo's answer; whether it may be cached. */
export function setCachingHeaders(res: ServerResponse, trace: RequestTrace, kbVersion: string): boolean {
  const cacheable = trace.operationType === 'query' && res.statusCode === 200 && trace.errorCodes.length === 0;
  res.setHeader('cache-control', cacheable ? CACHEABLE : 'no-store');
  res.setHeader('netkb-kb-version', kbVersion);
  return cacheable;
}

/** Sets the ETag of a cacheable GET answer; answers 304 (and says so) when the client holds it already. */
export function answeredNotModified(
  req: IncomingMessage,
  res: ServerResponse,
  kbVersion: string,
  search: string,
): boolean {
  const etag = `"${kbVersion}-${createHash('sha1').update(search).digest('hex').slice(0, 16)}"`;
  res.setHeader('etag', etag);
  if (req.headers['if-none-match'] !== etag) return false;
  res.statusCode = 304;
  res.end();
  return true;
}
