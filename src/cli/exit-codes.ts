// The exit codes of netkb check, in two schemes (--exit-codes):
// - netkb (default): 0 nothing at or above --fail-on, 1 findings at or above it, 2 bad input or usage;
// - pluto, for pipelines ported from Fairwinds' Pluto (docs/advanced.md "CI Pipelines", GetReturnCode in
//   pkg/api/output.go): 0 nothing found, 1 an error, 2 deprecations found (nothing removed), 3 something
//   removed found. Breaking findings stand for Pluto's "removed", the others at or above --fail-on for its
//   "deprecated"; --fail-on defaults to warning there, as Pluto counts deprecations unless told not to.
import type { Finding } from '../analysis';
import { EXIT_BAD_INPUT } from './errors';
import { fails } from './formats/types';
import type { ManifestArgs } from './manifest-verb';

export const EXIT_SCHEMES = ['netkb', 'pluto'] as const;
export type ExitScheme = (typeof EXIT_SCHEMES)[number];

/**
 * The scheme --exit-codes names in argv, read before the arguments are parsed so that a usage error
 * already exits by it (Pluto's 1, not netkb's 2). Anything but "pluto" is netkb's (an unknown value is
 * then refused as a usage error).
 */
export function schemeIn(argv: string[]): ExitScheme {
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--') break;
    const value = argv[i] === '--exit-codes' ? argv[i + 1] : /^--exit-codes=(.*)$/.exec(argv[i])?.[1];
    if (value !== undefined) return value === 'pluto' ? 'pluto' : 'netkb';
  }
  return 'netkb';
}

/** The exit code for bad input or usage (the netkb code of the error, 2). */
export function errorExit(scheme: ExitScheme, code: number = EXIT_BAD_INPUT): number {
  return scheme === 'pluto' ? 1 : code;
}

/** The exit code of a written report: an input that could not be read wins, then the findings. */
export function reportExit(
  scheme: ExitScheme,
  findings: Finding[],
  threshold: ManifestArgs['threshold'],
  unreadable: boolean,
  strict = false,
): number {
  if (unreadable) return errorExit(scheme);
  const counted = findings.filter((f) => fails(f, threshold, strict));
  if (scheme === 'netkb') return counted.length > 0 ? 1 : 0;
  if (counted.some((f) => f.severity === 'BREAKING')) return 3;
  return counted.length > 0 ? 2 : 0;
}
