// The netkb command line: one entry per verb, each returning its exit code.
import { readFileSync, writeFileSync } from 'node:fs';
import { databaseFile, seedDir } from '../config';
import { ensureDatabase } from '../db/ensure';
import { readKnowledgeBase } from '../db/read-kb';
import { KnowledgeBase } from '../kb/knowledge-base';
import { SeedValidationError } from '../../seed/lib/load';
import { CHECK_HELP, runCheck, type CliIo } from './check';
import { IMPORT_HELP, runImport } from './import';
import { STATS_HELP, runStats } from './stats';
import { SERVE_HELP, runServe } from './serve';
import { DIFF_HELP, runDiff } from './diff';
import { GATE_HELP, runGate } from './gate';
import { FLAG_HELP, runFlag } from './flag';
import { SEARCH_HELP, runSearch } from './search';
import { RELEASES_HELP, runReleases } from './releases';
import { SearchIndex } from '../db/search-index';

const COMMANDS: Record<string, { summary: string; help: string; run(argv: string[], io: CliIo): Promise<number> }> = {
  check: { summary: 'report what breaks or changes in manifests between two releases', help: CHECK_HELP, run: runCheck },
  import: { summary: 'import an official release-notes file (markdown or JSON) for a new release', help: IMPORT_HELP, run: runImport },
  stats: { summary: 'count what the knowledge base holds per release and record type', help: STATS_HELP, run: runStats },
  serve: { summary: 'serve the GraphQL API (as npm start does)', help: SERVE_HELP, run: runServe },
  diff: { summary: 'what changes between two releases: gates, APIs, flags, notes', help: DIFF_HELP, run: runDiff },
  gate: { summary: "a feature gate's stages, releases, notes and links", help: GATE_HELP, run: runGate },
  flag: { summary: "a component flag's life, defaults, values and replacements", help: FLAG_HELP, run: runFlag },
  search: { summary: 'full-text search over gates, flags, APIs, labels, metrics and notes', help: SEARCH_HELP, run: runSearch },
  releases: { summary: 'the releases the knowledge base covers, with dates and note counts', help: RELEASES_HELP, run: runReleases },
};

const HELP = `Usage: netkb COMMAND [options]

Commands:
${Object.entries(COMMANDS).map(([name, c]) => `  ${name.padEnd(10)}${c.summary}`).join('\n')}

Run netkb COMMAND --help for a command's options. Every command but serve works on the embedded
database (DATABASE_URL, default ./data/netkb.db, built from seed/ when missing); no server needed.
Exit codes: 0 answered, 2 bad input or usage (check: 1 when findings reach --fail-on).
`;

async function loadKb(): Promise<KnowledgeBase> {
  const file = databaseFile();
  const ensured = await ensureDatabase(file, seedDir());
  if (ensured.rebuilt) process.stderr.write(`netkb: built ${file} from seed/ (${ensured.reason})\n`);
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
    loadSearcher: () => new SearchIndex(databaseFile()),
    stderrIsTTY: () => Boolean(process.stderr.isTTY),
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
