// Every successful read of the knowledge base is a pure function of it: cacheable, and a GET revalidated by
// an ETag bound to the knowledge base's version. Answers about a user's manifest are not (USER_CONTENT). Set here rather than by Apollo's cache-control plugin, whose
// per-field hook costs every lookup.
import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RequestTrace } from '../graphql/context';
import type { Encoding } from './compression';

export const CACHEABLE = 'max-age=300, public';
/** For answers that carry a user's own content: kept by no cache, shared or private. */
const USER_CONTENT = 'private, no-store';

/**
 * Sets Cache-Control and the knowledge base's version on Apollo's answer; whether it may be cached. A GET
 * whose operation selects a field marked @userContent (the trace says so: graphql/plugins/mark-user-content.ts)
 * is never cacheable: its URL holds the user's manifest and its answer what netkb found in it. POST answers
 * are not kept by shared caches and keep the lookups' header.
 */
export function setCachingHeaders(
  res: ServerResponse,
  trace: RequestTrace,
  kbVersion: string,
  method: string | undefined,
): boolean {
  const userContent = method === 'GET' && trace.userContent === true;
  const cacheable =
    !userContent && trace.operationType === 'query' && res.statusCode === 200 && trace.errorCodes.length === 0;
  res.setHeader('cache-control', userContent ? USER_CONTENT : cacheable ? CACHEABLE : 'no-store');
  res.setHeader('netkb-kb-version', kbVersion);
  return cacheable;
}

/**
 * Sets the ETag of a cacheable GET answer; answers 304 (and says so) when the client holds it already. A
 * compressed answer is another representation, with its own ETag (the encoding added).
 */
export function answeredNotModified(
  req: IncomingMessage,
  res: ServerResponse,
  kbVersion: string,
  search: string,
  encoding: Encoding | null,
): boolean {
  const hash = createHash('sha1').update(search).digest('hex').slice(0, 16);
  const etag = `"${kbVersion}-${hash}${encoding ? `-${encoding}` : ''}"`;
  res.setHeader('etag', etag);
  if (req.headers['if-none-match'] !== etag) return false;
  res.statusCode = 304;
  res.end();
  return true;
}
