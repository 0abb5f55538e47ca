import type { ServerResponse } from 'node:http';

/** The server's own JSON answers (probes, refusals before Apollo), with their length. */
export function sendJson(res: ServerResponse, status: number, payload: unknown): void {
  const text = JSON.stringify(payload);
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(text),
  });
  res.end(text);
}
