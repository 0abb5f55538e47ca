// The body of a GraphQL request, read whole: refused with 413 over the size limit (before reading it, when
// Content-Length says so) and with 400 when it claims to be JSON and is not.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { ErrorCode } from '../errors';
import { sendJson } from './send-json';

class BodyTooLargeError extends Error {}

/** The body, parsed when its content type is JSON; null when the refusal has been sent instead. */
export async function readGraphQLBody(
  req: IncomingMessage,
  res: ServerResponse,
  maxBodyBytes: number,
): Promise<{ body: unknown } | null> {
  let raw: string;
  try {
    raw = await readBody(req, maxBodyBytes);
  } catch (err) {
    if (err instanceof BodyTooLargeError) {
      sendJson(res, 413, {
        errors: [
          { message: `request body over ${maxBodyBytes} bytes`, extensions: { code: ErrorCode.PAYLOAD_TOO_LARGE } },
        ],
      });
      return null;
    }
    throw err;
  }
  const contentType = req.headers['content-type'] ?? '';
  if (raw.length > 0 && contentType.includes('json')) {
    try {
      return { body: JSON.parse(raw) };
    } catch {
      sendJson(res, 400, {
        errors: [{ message: 'the request body is not valid JSON', extensions: { code: ErrorCode.BAD_USER_INPUT } }],
      });
      return null;
    }
  }
  return { body: raw };
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
