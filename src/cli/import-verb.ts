// What the `netkb import ...` verbs that regenerate one file of seed/generated/ share: their arguments (the
// source paths they name, --out, --config), the seed's generated/ folder as the default, and one way of
// answering a bad source (exit 2 with the reason) instead of a stack trace.
import { join } from 'node:path';
import { seedDir } from '../config';
import type { CliIo } from './io';
import { parseVerbArgs } from './verb-args';

/** The errors an importer throws for a source it cannot read: answered with the message and exit code 2. */
const SOURCE_ERRORS = new Set(['SourceConfigError', 'SourceRepoError', 'SourceFormatError']);

interface ImportVerb {
  /** e.g. "import gate-notes" */
  name: string;
  help: string;
  /** The positional arguments' names, in order, e.g. ["PAGE", "API_REPO"]: exactly these are wanted. */
  positionals: string[];
  /** Does the import; answers what to print (what was read, the file written). */
  run(args: { positionals: string[]; out: string; config: string | undefined; generated: string }): Promise<string>;
}

export async function runImportVerb(verb: ImportVerb, argv: string[], io: CliIo): Promise<number> {
  const parsed = parseVerbArgs(
    { name: verb.name, help: verb.help },
    argv,
    { out: { type: 'string' }, config: { type: 'string' } },
    io,
  );
  if (typeof parsed === 'number') return parsed;
  if (parsed.positionals.length !== verb.positionals.length) {
    const wanted =
      verb.positionals.length === 1 ? `exactly one ${verb.positionals[0]}` : verb.positionals.join(' and ');
    io.stderr(`netkb ${verb.name}: name ${wanted}\n\n${verb.help}`);
    return 2;
  }
  const generated = join(seedDir(), 'generated');
  try {
    const said = await verb.run({
      positionals: parsed.positionals,
      out: parsed.values.out ?? generated,
      config: parsed.values.config,
      generated,
    });
    io.stdout(`${said}next: review the diff, then npm run seed:check\n`);
    return 0;
  } catch (err) {
    const e = err as Error;
    if (SOURCE_ERRORS.has(e.name) || e instanceof SyntaxError) {
      io.stderr(`netkb ${verb.name}: ${e.message}\n`);
      return 2;
    }
    throw err;
  }
}
