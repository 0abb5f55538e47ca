// Cross-origin calls of /graphql from the origins NETKB_CORS_ORIGINS lists (config.ts), and from no other:
// their preflight requests are answered with the Access-Control-* headers a browser needs, their answers
// carry Access-Control-Allow-Origin. Everything else is left as same-origin only, and Apollo's CSRF
// prevention still refuses any simple cross-origin request (one a browser sends without a preflight): a
// listed origin passes it only by sending JSON or Apollo's preflight header, which it may now do.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { sendJson } from './send-json';

const ALLOW_METHODS = 'GET, POST';
// What the dashboard and Apollo's clients send: JSON bodies, the admin token, Apollo's CSRF-prevention headers.
const ALLOW_HEADERS = 'content-type, authorization, apollo-require-preflight, x-apollo-operation-name';
// Besides the CORS-safelisted ones, the headers a cross-origin script may read.
const EXPOSE_HEADERS = 'etag, netkb-kb-version, x-request-id';
// Browsers cap this (Chromium at 2 hours); 10 minutes keeps a changed setting from lingering.
const MAX_AGE_SECONDS = '600';

/**
 * Applies the CORS policy to a /graphql request. Answers a preflight (OPTIONS with
 * Access-Control-Request-Method) itself and returns true: 204 with the Access-Control-* headers for a listed
 * origin (the browser itself refuses a method or header the answer does not list), 403 with none for any
 * other. For any other request, sets Access-Control-Allow-Origin when the
 * origin is listed and returns false.
 */
export function answeredCors(req: IncomingMessage, res: ServerResponse, origins: ReadonlySet<string>): boolean {
  const origin = req.headers.origin;
  const listed = origin !== undefined && origins.has(origin);
  // With origins listed, the same URL answers differently per Origin: a cache must keep them apart.
  if (origins.size > 0) res.setHeader('vary', 'Origin');
  const requestedMethod = req.headers['access-control-request-method'];
  if (req.method !== 'OPTIONS' || requestedMethod === undefined) {
    if (listed) {
      res.setHeader('access-control-allow-origin', origin);
      res.setHeader('access-control-expose-headers', EXPOSE_HEADERS);
    }
    return false;
  }
  if (!listed) {
    sendJson(res, 403, {
      error:
        origin === undefined
          ? 'a preflight request needs an Origin header'
          : `cross-origin requests from ${origin} are not allowed: the server lists the origins it accepts in NETKB_CORS_ORIGINS`,
    });
    return true;
  }
  res.writeHead(204, {
    'access-control-allow-origin': origin,
    'access-control-allow-methods': ALLOW_METHODS,
    'access-control-allow-headers': ALLOW_HEADERS,
    'access-control-max-age': MAX_AGE_SECONDS,
  });
  res.end();
  return true;
}
