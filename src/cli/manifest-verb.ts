// What netkb check and netkb convert share: the options --from, --to, --fail-on, -o/--output, --stdin-name
// and --help, their checks and messages, how a refused manifest becomes an error entry of its file (the
// run goes on with the other files, and ends with exit code 2), and how an error about the arguments
// becomes exit code 2 (or the code the verb's exit-code scheme gives it).
import type { ParseArgsConfig } from 'node:util';
import type { Severity } from '../analysis';
import type { CliIo } from './io';
import { NetkbError } from '../errors';
import { EXIT_BAD_INPUT, exitCodeFor } from './errors';
import type { InputError } from './formats/types';
import { parseVerbArgs } from './verb-args';

export interface ManifestVerb {
  /** "check" or "convert". */
  name: string;
  help: string;
  /** Options besides from, to, fail-on, output, stdin-name and help. */
  options: NonNullable<ParseArgsConfig['options']>;
  /** The --fail-on values the verb takes (upper case, NONE among them). */
  failOn: string[];
  /** --fail-on when not given (lower case); breaking unless the verb says otherwise. */
  defaultFailOn?(values: Record<string, unknown>): string;
  /** Problems with the verb's own options and arguments, in words for the user. */
  problems(values: Record<string, unknown>, positionals: string[]): string[];
}

export interface ManifestArgs {
  values: Record<string, string | boolean | undefined> & { from: string; to: string };
  positionals: string[];
  /** The --fail-on threshold. */
  threshold: Severity | 'none';
}

/**
 * The parsed arguments, or the exit code when the verb has answered already (help, or a usage error:
 * `usageCode`, 2 unless the verb's exit-code scheme says otherwise).
 */
export function parseManifestArgs(
  verb: ManifestVerb,
  argv: string[],
  io: CliIo,
  usageCode: number = EXIT_BAD_INPUT,
): ManifestArgs | number {
  const parsed = parseVerbArgs(
    verb,
    argv,
    {
      from: { type: 'string' },
      to: { type: 'string' },
      'fail-on': { type: 'string' },
      output: { type: 'string', short: 'o' },
      'stdin-name': { type: 'string' },
      ...verb.options,
    },
    io,
    usageCode,
  );
  if (typeof parsed === 'number') return parsed;
  const values = parsed.values as Record<string, string | boolean | undefined>;
  const problems: string[] = [];
  if (!values.from) problems.push('--from is required');
  if (!values.to) problems.push('--to is required');
  if (values['stdin-name'] !== undefined && !String(values['stdin-name']).trim())
    problems.push('--stdin-name must not be empty');
  if (values.output !== undefined && !String(values.output).trim()) problems.push('--output must name a file');
  problems.push(...verb.problems(values, parsed.positionals));
  const failOn = String(values['fail-on'] ?? verb.defaultFailOn?.(values) ?? 'breaking').toUpperCase();
  if (!verb.failOn.includes(failOn))
    problems.push(`--fail-on must be ${listOf(verb.failOn.map((f) => f.toLowerCase()))}`);
  if (problems.length > 0) {
    io.stderr(`netkb ${verb.name}: ${problems.join('; ')}\nRun netkb ${verb.name} --help for usage.\n`);
    return usageCode;
  }
  return {
    values: values as ManifestArgs['values'],
    positionals: parsed.positionals,
    threshold: failOn === 'NONE' ? 'none' : (failOn as Severity),
  };
}

/**
 * Runs a service on one input: its result, or the error entry when the service refused the manifest
 * (invalid YAML, a template, binary data, over a limit). Anything else (an unknown release) is thrown.
 */
export function forFile<T>(run: () => T): { result: T; error: null } | { result: null; error: InputError } {
  try {
    return { result: run(), error: null };
  } catch (err) {
    if (!(err instanceof NetkbError) || err.argument !== 'manifest') throw err;
    const at = (k: string) => (typeof err.details[k] === 'number' ? (err.details[k] as number) : 1);
    return {
      result: null,
      error: {
        code: err.code,
        message: err.message.replace(/^manifest: /, ''),
        line: at('line'),
        column: at('column'),
      },
    };
  }
}

/** The error entries on stderr as well, one line each ("file:line:column: CODE message"), e.g. for --output. */
export function tellErrors(verb: string, errors: { file: string; error?: InputError | null }[], io: CliIo): void {
  for (const { file, error } of errors)
    if (error)
      io.stderr(`netkb ${verb}: ${file}: ${error.message} [${error.code} at ${file}:${error.line}:${error.column}]\n`);
}

/** The exit code (2, see errors.ts) with the message for a usage error or a refusal; anything else is rethrown. */
export function usageExit(verb: string, err: unknown, io: CliIo): number {
  const code = exitCodeFor(err);
  if (code === null) throw err;
  io.stderr(`netkb ${verb}: ${(err as Error).message}\n`);
  return code;
}

/** ["breaking", "warning", "none"] -> "breaking, warning or none" */
function listOf(words: string[]): string {
  return words.length === 1 ? words[0] : `${words.slice(0, -1).join(', ')} or ${words[words.length - 1]}`;
}
