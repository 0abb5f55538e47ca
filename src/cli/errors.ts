// How the command line answers an error: a refusal of the services (NetkbError) or of the command line
// itself (UsageError), or a bad environment variable (ConfigError), is the user's to fix: its message and
// an exit code. Anything else is a crash.
import { ConfigError } from '../config';
import { ERRORS, NetkbError } from '../errors';
import { UsageError } from './files';

/** Bad input or usage (every refusal's exit code in src/errors.ts's table). */
export const EXIT_BAD_INPUT = 2;

/** The exit code for an error the user can fix (a usage error or a refusal), or null for a crash. */
export function exitCodeFor(err: unknown): number | null {
  if (err instanceof UsageError || err instanceof ConfigError) return EXIT_BAD_INPUT;
  if (err instanceof NetkbError) return ERRORS[err.code].exit;
  return null;
}
