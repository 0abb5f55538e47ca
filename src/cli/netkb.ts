// The netkb command line: one entry per verb, each returning its exit code.
import { closeSync, openSync, readFileSync } from 'node:fs';
import { setFlagsFromString } from 'node:v8';
import { writeInBatches } from '../analysis/report/json-pieces';
import { ConfigError, databaseFile, seedDir } from '../config';
import { ensureDatabase } from '../db/ensure';
import { displayLocation } from '../db/location';
import { loadKnowledgeBase } from '../db/load-kb';
import { KnowledgeBase } from '../kb/knowledge-base';
import type { CliIo } from './io';
import { openSearchIndex } from '../db/search';
import { writeAll } from './write-out';

type Verb = (argv: string[], io: CliIo) => Promise<number>;
// Each verb's module is loaded when it runs: a lookup does not pay for loading the analysis or the seed tools.
const COMMANDS: Record<string, { summary: string; load(): Promise<Verb> }> = {
  check: {
    summary: 'report what breaks or changes in manifests between two releases',
    load: async () => (await import('./check')).runCheck,
  },
  cluster: {
    summary: 'report what breaks in a running cluster between two releases, read from its API server',
    load: async () => (await import('./cluster')).runCluster,
  },
  convert: {
    summary: 'rewrite a manifest so every release between two releases accepts it',
    load: async () => (await import('./convert')).runConvert,
  },
  gateway: {
    summary: 'turn Ingresses into Gateway API objects (Gateway, HTTPRoutes, ReferenceGrants)',
    load: async () => (await import('./gateway')).runGateway,
  },
  import: {
    summary: "import release notes, or regenerate an index read from Kubernetes' or Gateway API's source or the KEPs",
    load: async () => (await import('./import')).runImport,
  },
  stats: {
    summary: 'count what the knowledge base holds per release and record type',
    load: async () => (await import('./stats')).runStats,
  },
  serve: { summary: 'serve the GraphQL API (as npm start does)', load: async () => (await import('./serve')).runServe },
  diff: {
    summary: 'what changes between two releases: gates, APIs, flags, notes',
    load: async () => (await import('./diff')).runDiff,
  },
  gate: {
    summary: "a feature gate's stages, releases, notes and links",
    load: async () => (await import('./gate')).runGate,
  },
  flag: {
    summary: "a component flag's life, defaults, values and replacements",
    load: async () => (await import('./flag')).runFlag,
  },
  search: {
    summary: 'full-text search over gates, flags, APIs, labels, metrics and notes',
    load: async () => (await import('./search')).runSearch,
  },
  releases: {
    summary: 'the releases the knowledge base covers, with dates and note counts',
    load: async () => (await import('./releases')).runReleases,
  },
  release: {
    summary: 'propose what a new release adds to seed/ from its sources (a review list)',
    load: async () => (await import('./release')).runRelease,
  },
  'gateway-api': {
    summary: 'the Gateway API CRD bundles: which one fits a Kubernetes release, and their kinds',
    load: async () => (await import('./gateway-api-verb')).runGatewayApi,
  },
};

const HELP = `Usage: netkb COMMAND [options]
       netkb --version   (-V): netkb's version and the knowledge base it uses

Commands:
${Object.entries(COMMANDS)
  .map(([name, c]) => `  ${name.padEnd(13)}${c.summary}`)
  .join('\n')}

Run netkb COMMAND --help for a command's options. Every command but serve works on the embedded
database (DATABASE_URL, default ./data/netkb.db, built from seed/ when missing; release reads seed/
itself); no server needed.
Exit codes: 0 answered, 2 bad input or usage (check: 1 when findings reach --fail-on; --exit-codes pluto
for Pluto's 0/1/2/3).
`;

async function loadKb(): Promise<KnowledgeBase> {
  const file = databaseFile();
  const ensured = await ensureDatabase(file, seedDir());
  if (ensured.rebuilt) process.stderr.write(`netkb: built ${displayLocation(file)} from seed/ (${ensured.reason})\n`);
  // From the snapshot file beside the database when it is current: Prisma is not loaded then (db/load-kb.ts).
  return new KnowledgeBase((await loadKnowledgeBase(file)).model);
}

/**
 * The reader went away (`netkb check … | head`): stop quietly with the code of a process ended by SIGPIPE,
 * as Unix tools do, instead of a stack trace. (Output goes to fd 1 through writeAll, not process.stdout,
 * which is not even opened: that saves its stream's set-up too.)
 */
function readerGone(err: unknown): never {
  if ((err as NodeJS.ErrnoException).code !== 'EPIPE') throw err;
  process.exit(128 + 13);
}

/**
 * Keeps the garbage collector's young generation at its starting size (1 MiB semi-spaces) instead of letting
 * it grow to 16 MiB: a check allocates much and keeps little, and young objects then stay in the processor's
 * caches: large checks run faster, a one-object check is unchanged (measured: docs/performance.md, "V8's young
 * generation"). V8 reads this flag whenever it resizes
 * the young generation, so setting it after start takes effect; not for `serve`, whose requests keep more alive.
 */
function keepYoungGenerationSmall(): void {
  setFlagsFromString('--semi-space-growth-factor=1');
}

export async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (name !== 'serve') keepYoungGenerationSmall();
  const io: CliIo = {
    dbFile: () => databaseFile(),
    stdout: (t) => {
      try {
        writeAll(1, t);
      } catch (err) {
        readerGone(err);
      }
    },
    stderr: (t) => process.stderr.write(t),
    stdin: () => readFileSync(0, 'utf8'),
    writeFile: (p, pieces) => {
      const fd = openSync(p, 'w');
      try {
        writeInBatches(pieces, (text) => writeAll(fd, text));
      } finally {
        closeSync(fd);
      }
    },
    loadKb,
    loadSearcher: () => openSearchIndex(databaseFile()),
    stderrIsTTY: () => Boolean(process.stderr.isTTY),
  };
  if (!name || name === '--help' || name === '-h' || name === 'help') {
    io.stdout(HELP);
    return name ? 0 : 2;
  }
  if (name === '--version' || name === '-V') {
    io.stdout((await import('./version-verb')).versionText());
    return 0;
  }
  const command = COMMANDS[name];
  if (!command) {
    io.stderr(`netkb: unknown command "${name}"\n\n${HELP}`);
    return 2;
  }
  try {
    return await (
      await command.load()
    )(rest, io);
  } catch (err) {
    // A bad seed record or environment variable is told without a stack: the user's to fix.
    const known = (err instanceof Error && err.name === 'SeedValidationError') || err instanceof ConfigError;
    io.stderr(
      `netkb ${name}: ${known ? err.message : err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`,
    );
    return 2;
  }
}

if (require.main === module) {
  void main(process.argv.slice(2)).then((code) => {
    process.exitCode = code;
  });
}
