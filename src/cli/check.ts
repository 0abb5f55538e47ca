// netkb check FILE... --from X --to Y: the upgrade report of manifests, on the embedded database.
import { formatVersion } from '../kb/version';
import type { KnowledgeBase } from '../kb/knowledge-base';
import { upgradeReport } from '../services/upgrade-report';
import { requireRange } from '../services/versions';
import type { Searcher } from '../services/search';
import { maxManifestBytes } from '../config';
import { FORMATS } from './formats';
import { fails, type CheckResult, type FileReport } from './formats/types';
import { EXIT_BAD_INPUT } from './errors';
import { readInputs } from './files';
import { forFile, parseManifestArgs, tellErrors, usageExit, type ManifestVerb } from './manifest-verb';
import { NO_PROGRESS, progressEnabled, progressLine } from './progress';

export const CHECK_HELP = `Usage: netkb check FILE|DIR|- ... --from RELEASE --to RELEASE [options]

Reports what in Kubernetes manifests breaks or changes on the way from one release to another:
removed or deprecated API versions and fields, well-known labels, component flags and feature gates,
and limits such as the 64-character FQDN of Pods using setHostnameAsFQDN. Works on the embedded
database (built from seed/ when missing); no server needed.

Arguments:
  FILE            a YAML or JSON manifest (several documents and kind: List are fine)
  DIR             every *.yaml, *.yml and *.json below it, recursively
  -               read the manifest from standard input

Options:
  --from RELEASE  the release the cluster runs now, e.g. 1.15 (also v1.15, 1.15.3)   [required]
  --to RELEASE    the release to upgrade to, e.g. 1.20                                [required]
  --format F      table (default), json, markdown, sarif (SARIF 2.1.0) or junit (JUnit XML)
  --fail-on S     breaking (default), warning, info or none: which findings make the exit code 1
  --output FILE   write the report to FILE instead of standard output
  -h, --help      this text

Every file is checked; one that cannot be (unreadable, binary, invalid YAML, an unrendered Helm or Jinja
template, a kustomization, no Kubernetes object in it) is an error entry of the report, with its file,
line, column and code, and the exit code is 2 once the whole report is written.

Exit codes:
  0  no finding at or above --fail-on
  1  findings at or above --fail-on
  2  bad input or usage: a file that could not be checked (listed in the report and on stderr), a path
     that does not exist, an unknown release or option

Environment: DATABASE_URL (default file:./data/netkb.db), NETKB_MAX_MANIFEST_BYTES (default 5 MiB per file).

Example:
  netkb check deploy/ --from 1.15 --to 1.20 --format sarif --output netkb.sarif
`;

export interface CliIo {
  stdout(text: string): void;
  stderr(text: string): void;
  stdin(): string;
  writeFile(path: string, text: string): void;
  loadKb(): Promise<KnowledgeBase>;
  /** The database file the knowledge base is read from (and imports are written to). */
  dbFile(): string;
  /** The full-text index of that file (after loadKb, which builds the file when missing). */
  loadSearcher(): Searcher & { close(): void };
  /** Whether standard error is a terminal (progress is shown only then). */
  stderrIsTTY(): boolean;
}

const CHECK: ManifestVerb = {
  name: 'check',
  help: CHECK_HELP,
  options: { format: { type: 'string', default: 'table' }, output: { type: 'string' } },
  failOn: ['BREAKING', 'WARNING', 'INFO', 'NONE'],
  problems: (values, positionals) => [
    ...(positionals.length === 0 ? ['name at least one FILE, DIR or -'] : []),
    ...(FORMATS[values.format as string] ? [] : [`--format must be one of ${Object.keys(FORMATS).join(', ')}`]),
  ],
};

export async function runCheck(argv: string[], io: CliIo): Promise<number> {
  const args = parseManifestArgs(CHECK, argv, io);
  if (typeof args === 'number') return args;
  const o = args.values;
  const formatter = FORMATS[o.format as string];

  const progress = progressEnabled(io.stderrIsTTY())
    ? progressLine(io.stderr, Date.now, process.stderr.columns || 100)
    : NO_PROGRESS;
  try {
    const inputs = readInputs(args.positionals, io.stdin, (n, name) =>
      progress.update(`netkb check: reading ${n} files… ${name}`),
    );
    const kb = await io.loadKb();
    const { from, to, releases: path } = requireRange(kb, o.from, o.to);
    const limit = maxManifestBytes();
    const files: FileReport[] = [];
    for (const [i, input] of inputs.entries()) {
      progress.update(`netkb check: ${i + 1}/${inputs.length} files ${input.name}`);
      const { result: report, error } = input.error
        ? { result: null, error: input.error }
        : forFile(() => upgradeReport(kb, o.from, o.to, input.text, { maxBytes: limit }, input.name));
      files.push({
        file: input.name,
        documents: report?.documents ?? 0,
        findings: report?.findings ?? [],
        error,
      });
    }
    progress.finish();
    const all = files.flatMap((f) => f.findings);
    const result: CheckResult = {
      from: formatVersion(from),
      to: formatVersion(to),
      path: path.map(formatVersion),
      files,
      formatVersion,
      failOn: args.threshold,
      summary: {
        breaking: all.filter((f) => f.severity === 'BREAKING').length,
        warning: all.filter((f) => f.severity === 'WARNING').length,
        info: all.filter((f) => f.severity === 'INFO').length,
        errors: files.filter((f) => f.error).length,
      },
    };
    const text = formatter(result);
    if (o.output) io.writeFile(o.output as string, text);
    else io.stdout(text);
    tellErrors('check', files, io);
    if (files.some((f) => f.error)) return EXIT_BAD_INPUT;
    return all.some((f) => fails(f, result.failOn)) ? 1 : 0;
  } catch (err) {
    progress.finish();
    return usageExit('check', err, io);
  }
}
