// The netkb command line: one entry per verb, each returning its exit code.
import { readFileSync, writeFileSync } from 'node:fs';
import { databaseFile, seedDir } from '../config';
import { ensureDatabase } from '../db/ensure';
import { displayLocation } from '../db/location';
import { readKnowledgeBase } from '../db/read-kb';
import { KnowledgeBase } from '../kb/knowledge-base';
import { SeedValidationError } from '../../seed/lib/load';
import { CHECK_HELP, runCheck, type CliIo } from './check';
import { IMPORT_HELP, runImport } from './import';
import { STATS_HELP, runStats } from './stats';

const COMMANDS: Record<string, { summary: string; help: string; run(argv: string[], io: CliIo): Promise<number> }> = {
  check: { summary: 'report what breaks or changes in manifests between two releases', help: CHECK_HELP, run: runCheck },
  import: { summary: 'import an official release-notes file (markdown or JSON) for a new release', help: IMPORT_HELP, run: runImport },
  stats: { summary: 'count what the knowledge base holds per release and record type', help: STATS_HELP, run: runStats },
};

const HELP = `Usage: netkb COMMAND [options]

Commands:
${Object.entries(COMMANDS).map(([name, c]) => `  ${name.padEnd(8)}${c.summary}`).join('\n')}

Run netkb COMMAND --help for a command's options.
`;

async function loadKb(): Promise<KnowledgeBase> {
  const file = databaseFile();
  const ensured = await ensureDatabase(file, seedDir());
  if (ensured.rebuilt) process.stderr.write(`netkb: built ${displayLocation(file)} from seed/ (${ensured.reason})\n`);
  return new KnowledgeBase(await readKnowledgeBase(file));
}

export async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  const io: CliIo = {
    dbFile: () => databaseFile(),
    stdout: (t) => process.stdout.write(t),
    stderr: (t) => process.stderr.write(t),
    stdin: () => readFileSync(0, 'utf8'),
    writeFile: (p, t) => writeFileSync(p, t),
    loadKb,
  };
  if (!name || name === '--help' || name === '-h' || name === 'help') { io.stdout(HELP); return name ? 0 : 2; }
  const command = COMMANDS[name];
  if (!command) { io.stderr(`netkb: unknown command "${name}"\n\n${HELP}`); return 2; }
  try {
    return await command.run(rest, io);
  } catch (err) {
    io.stderr(`netkb ${name}: ${err instanceof SeedValidationError ? err.message : err instanceof Error ? err.stack ?? err.message : String(err)}\n`);
    return 2;
  }
}

if (require.main === module) {
  main(process.argv.slice(2)).then((code) => { process.exitCode = code; });
}
