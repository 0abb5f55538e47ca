// The opening every verb shares: its options read strictly with positionals allowed and -h/--help added;
// an option it does not know is one line and its help on stderr (the usage exit code), --help its help on
// stdout (0).
import { parseArgs, type ParseArgsConfig } from 'node:util';
import type { CliIo } from './io';

type Options = NonNullable<ParseArgsConfig['options']>;
const HELP = { help: { type: 'boolean', short: 'h' } } as const;

type VerbArgs<O extends Options> = ReturnType<
  typeof parseArgs<{ options: O & typeof HELP; allowPositionals: true; strict: true }>
>;

/** The parsed arguments, or the exit code when the run ends here (a usage error, or --help). */
export function parseVerbArgs<O extends Options>(
  verb: { name: string; help: string },
  argv: string[],
  options: O,
  io: Pick<CliIo, 'stdout' | 'stderr'>,
  usageCode = 2,
): VerbArgs<O> | number {
  let parsed: VerbArgs<O>;
  try {
    parsed = parseArgs({ args: argv, allowPositionals: true, strict: true, options: { ...options, ...HELP } });
  } catch (err) {
    io.stderr(`netkb ${verb.name}: ${(err as Error).message}\n\n${verb.help}`);
    return usageCode;
  }
  if ((parsed.values as { help?: boolean }).help) {
    io.stdout(verb.help);
    return 0;
  }
  return parsed;
}
