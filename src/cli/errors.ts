// How the command line answers an error: a refusal of the services (NetkbError) or of the command line
// itself (UsageError), or a bad environment variable (ConfigError), is the user's to fix: its message and
// an exit code. Anything else is a crash.
import { ConfigError } from '../config';
import { ErrorCode, NetkbError } from '../errors';
import { UsageError } from './files';

/** Bad input or usage. */
export const EXIT_BAD_INPUT = 2;

/** The exit code of each refusal; the command line meets only bad input and limits, the rest are here for completeness. */
const EXIT_CODES: Record<ErrorCode, number> = {
  [ErrorCode.BAD_USER_INPUT]: EXIT_BAD_INPUT,
  [ErrorCode.NOT_FOUND]: EXIT_BAD_INPUT,
  [ErrorCode.PAYLOAD_TOO_LARGE]: EXIT_BAD_INPUT,
  [ErrorCode.MANIFEST_TOO_COMPLEX]: EXIT_BAD_INPUT,
  [ErrorCode.TEMPLATE_NOT_RENDERED]: EXIT_BAD_INPUT,
  [ErrorCode.KUSTOMIZATION]: EXIT_BAD_INPUT,
  [ErrorCode.NOT_A_MANIFEST]: EXIT_BAD_INPUT,
  [ErrorCode.BINARY_INPUT]: EXIT_BAD_INPUT,
  [ErrorCode.UNAUTHENTICATED]: EXIT_BAD_INPUT,
  [ErrorCode.QUERY_TOO_COMPLEX]: EXIT_BAD_INPUT,
  [ErrorCode.TIMEOUT]: EXIT_BAD_INPUT,
  [ErrorCode.FORBIDDEN]: EXIT_BAD_INPUT,
  [ErrorCode.INTERNAL_SERVER_ERROR]: EXIT_BAD_INPUT,
};

/** The exit code for an error the user can fix (a usage error or a refusal), or null for a crash. */
export function exitCodeFor(err: unknown): number | null {
  if (err instanceof UsageError || err instanceof ConfigError) return EXIT_BAD_INPUT;
  if (err instanceof NetkbError) return EXIT_CODES[err.code];
  return null;
}
