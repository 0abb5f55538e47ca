// The shared shape of the read-only verbs (diff, gate, flag, search, releases): parse the arguments,
// answer --help, check the format, load the knowledge base, answer, print in the chosen format, and map
// bad input to exit code 2. Each verb file only says what it asks and how its answer looks.
import { parseArgs, type ParseArgsConfig } from 'node:util';
import type { KnowledgeBase } from '../kb/knowledge-base';
import type { CliIo } from './io';
import { EXIT_BAD_INPUT, exitCodeFor } from './errors';
import { UsageError } from './files';

const LOOKUP_FORMATS = ['table', 'json', 'markdown'] as const;

type Options = Record<string, string | boolean | undefined>;

interface LookupVerb<R> {
  name: string;
  help: string;
  /** Names of the positional arguments, for the "missing" message; `rest` joins everything after them. */
  positionals: string[];
  rest?: boolean;
  /** Arguments that look like options but are not this verb's (e.g. --conntrack-max) are positionals. */
  dashedPositionals?: boolean;
  options?: NonNullable<ParseArgsConfig['options']>;
  answer(kb: KnowledgeBase, args: string[], options: Options, io: CliIo): R | Promise<R>;
  table(r: R): string;
  json(r: R): unknown;
  markdown(r: R): string;
}

export function lookupVerb<R>(verb: LookupVerb<R>): (argv: string[], io: CliIo) => Promise<number> {
  return async (argv, io) => {
    const fail = (message: string, code = EXIT_BAD_INPUT) => {
      io.stderr(`netkb ${verb.name}: ${message}\nRun netkb ${verb.name} --help for usage.\n`);
      return code;
    };
    const config: NonNullable<ParseArgsConfig['options']> = {
      ...verb.options,
      format: { type: 'string', default: 'table' },
      help: { type: 'boolean', short: 'h' },
    };
    let parsed;
    try {
      parsed = parseArgs({
        args: verb.dashedPositionals ? separatePositionals(argv, config) : argv,
        allowPositionals: true,
        strict: true,
        options: config,
      });
    } catch (err) {
      return fail((err as Error).message);
    }
    const options = parsed.values as Options;
    if (options.help) {
      io.stdout(verb.help);
      return 0;
    }
    const format = options.format as string;
    const problems: string[] = [];
    if (!(LOOKUP_FORMATS as readonly string[]).includes(format))
      problems.push(`--format must be one of ${LOOKUP_FORMATS.join(', ')} (got "${format}")`);
    const given = parsed.positionals;
    const missing = verb.positionals.slice(given.length);
    if (missing.length > 0) problems.push(`missing ${missing.join(' and ')}`);
    if (!verb.rest && given.length > verb.positionals.length)
      problems.push(
        `unexpected argument${given.length - verb.positionals.length === 1 ? '' : 's'}: ${given.slice(verb.positionals.length).join(' ')}`,
      );
    if (problems.length > 0) return fail(problems.join('; '));
    const args =
      verb.rest && given.length > 0
        ? [...given.slice(0, verb.positionals.length - 1), given.slice(verb.positionals.length - 1).join(' ')]
        : given;
    try {
      const answer = await verb.answer(await io.loadKb(), args, options, io);
      const text =
        format === 'json'
          ? JSON.stringify(verb.json(answer), null, 2) + '\n'
          : format === 'markdown'
            ? verb.markdown(answer)
            : verb.table(answer);
      io.stdout(text.endsWith('\n') ? text : `${text}\n`);
      return 0;
    } catch (err) {
      const code = exitCodeFor(err);
      if (code !== null) return fail((err as Error).message, code);
      throw err;
    }
  };
}

/** An optional integer option, e.g. --max-length 1000 or --first 5. */
export function intOption(options: Options, name: string): number | undefined {
  const raw = options[name];
  if (raw === undefined) return undefined;
  if (typeof raw !== 'string' || !/^\d+$/.test(raw))
    throw new UsageError(`--${name} must be a whole number (got "${String(raw)}")`);
  return Number(raw);
}

/** Moves every argument that is not one of the known options (or an option's value) after "--". */
function separatePositionals(argv: string[], config: NonNullable<ParseArgsConfig['options']>): string[] {
  const options: string[] = [];
  const positionals: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--') {
      positionals.push(...argv.slice(i + 1));
      break;
    }
    const m = /^--([^=]+)(=.*)?$/.exec(arg) ?? /^-([^-])$/.exec(arg);
    const name = m
      ? arg.startsWith('--')
        ? m[1]
        : Object.keys(config).find((k) => config[k].short === m[1])
      : undefined;
    if (!name || !config[name]) {
      positionals.push(arg);
      continue;
    }
    options.push(arg);
    if (config[name].type === 'string' && !m![2] && i + 1 < argv.length) options.push(argv[++i]);
  }
  return [...options, '--', ...positionals];
}
