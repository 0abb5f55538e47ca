// netkb check FILE... --from X --to Y: the upgrade report of manifests, on the embedded database.
import { statSync } from 'node:fs';
import { resolve } from 'node:path';
import { formatVersion, type VersionKey } from '../kb/version';
import {
  refusingBadManifests,
  requireGatewayApiRange,
  upgradeReport,
  type GatewayApiRangeInput,
} from '../services/upgrade-report';
import { apiserverRecordReports } from '../services/apiserver-record';
import { DEFAULT_LIMITS, withoutAlreadyAtFrom } from '../analysis';
import type { KnowledgeBase } from '../kb/knowledge-base';
import { requireRange } from '../services/versions';
import { docsUrl, maxFileBytes } from '../config';
import { writeInBatches } from '../analysis/report/json-pieces';
import { countFindings } from '../analysis/report/severity';
import { FORMAT_NAMES, formatter as formatterFor } from './formats';
import type { CheckResult, FileReport, FormatContext, InputError, SkippedFile } from './formats/types';
import { EXIT_SCHEMES, errorExit, reportExit, schemeIn, type ExitScheme } from './exit-codes';
import { InputFileError, readInputs, STDIN_NAME, UsageError } from './files';
import {
  forFile,
  parseManifestArgs,
  tellErrors,
  usageExit,
  type ManifestArgs,
  type ManifestVerb,
} from './manifest-verb';
import { passedOver } from './passed-over';
import { checkOutputPath, writeOutput } from './output-file';
import { notePreliminary } from './preliminary';
import { NO_PROGRESS, progressEnabled, progressLine } from './progress';
import { packageVersion } from './version-verb';
import type { CliIo } from './io';

const CHECK_HELP = `Usage: netkb check [FILE|DIR|- ...] --from RELEASE --to RELEASE [options]

Reports what in Kubernetes manifests breaks or changes on the way from one release to another:
removed or deprecated API versions and fields, well-known labels, component flags and feature gates,
and limits such as the 64-character FQDN of Pods using setHostnameAsFQDN. Works on the embedded
database (built from seed/ when missing); no server needed.

Arguments:
  FILE            a YAML or JSON manifest (several documents and kind: List are fine)
  DIR             every *.yaml, *.yml and *.json below it, recursively (not hidden folders or
                  node_modules); files that are no manifest are passed over, see below
  -               read the manifest from standard input
  (FILE and DIR may be left out when --apiserver-metrics or --audit-log is given)

Options:
  --from RELEASE     the release the cluster runs now, e.g. 1.15 (also v1.15, 1.15.3)   [required]
  --to RELEASE       the release to upgrade to, e.g. 1.20 (a note on stderr when the
                     knowledge base marks it preliminary)                               [required]
  --format F         table (default), json, markdown, sarif (SARIF 2.1.0), junit (JUnit XML)
                     or csv (RFC 4180, one row per finding)
  --fail-on S        breaking (default), warning, info or none: which findings count for the
                     exit code (default warning with --exit-codes pluto)
  --exit-codes E     netkb (default) or pluto: the exit-code scheme, see below
  --strict           findings that say what netkb could not check (a flag or feature gate it does
                     not know, releases its sources about a gate do not reach) count for the exit
                     code too, whatever --fail-on says; without it they are info, counted apart
  --exclude GLOB     leave paths matching GLOB out of DIR walks (repeatable; not FILEs named): * and ?
                     within a name, [abc], ** for any folders; without "/" it is tried on every file
                     and folder name, with "/" on the path from DIR: --exclude 'values*.yaml'
                     --exclude 'charts/legacy' --exclude '**/testdata/**'
  --new-only         leave out the findings the cluster has already at --from (a removal or
                     deprecation of --from or before, a state that holds there: marked "already at"
                     otherwise), for planning hop by hop; the summary counts those left out, and
                     the exit code is of the findings kept
  -o, --output FILE  write the report to FILE instead of standard output (its folder must exist)
  --stdin-name NAME  the name standard input ("-") goes by in the report (default <stdin>, and
                     stdin.yaml in SARIF, which needs a file name)
  --sarif-root DIR   SARIF: artifact URIs are relative to DIR (default: the working directory);
                     point it at the repository root for GitHub code scanning
  --gateway-api FROM:TO
                     also check Gateway API objects (HTTPRoute, GRPCRoute, Gateway, ...) against the
                     CRD bundle TO, coming from bundle FROM, e.g. v1.1.0:v1.2.0 (netkb gateway-api
                     lists the bundles); their findings bite at --to and name the bundle
  --channel C        with --gateway-api: standard (default) or experimental, the bundle's channel
  --apiserver-metrics FILE
                     the API server's metrics (kubectl get --raw /metrics > FILE): every deprecated API
                     version clients requested (apiserver_requested_deprecated_apis) is checked on the
                     path, at its line of FILE
  --audit-log FILE   the API server's audit log (JSON lines): the callers (user, user agent, verbs) of
                     every deprecated API version, named in its findings; versions the metrics do not
                     name are checked at their line of FILE
  -h, --help         this text

Every file is checked; one that cannot be (unreadable, binary, invalid YAML, an unrendered Helm or Jinja
template, a kustomization, no Kubernetes object in it) is an error entry of the report, with its file,
line, column and code, and the exit code is 2 once the whole report is written. But a file a DIR walk
finds is passed over, named in the report with the reason and without changing the exit code, when it is
recognisably no manifest: none of its documents has apiVersion and kind (Chart.yaml, values files, tool
configuration), empty or only comments; a kustomization; a template in the templates/ folder of a Helm
chart (a folder holding Chart.yaml: check \`helm template\`'s output); invalid YAML or a template in which
"apiVersion" appears nowhere. A FILE named on the command line is always checked.

Exit codes (--exit-codes netkb, the default):
  0  no finding at or above --fail-on (and, with --strict, nothing left unchecked)
  1  findings at or above --fail-on (with --strict: or something not checked)
  2  bad input or usage: a file that could not be checked (listed in the report and on stderr), a path
     that does not exist, an unknown release or option, an output folder that does not exist
Exit codes (--exit-codes pluto, as Fairwinds' Pluto; --fail-on defaults to warning):
  0  no finding at or above --fail-on
  1  an error: bad input or usage, as 2 above
  2  findings at or above --fail-on, none of them breaking ("deprecated")
  3  breaking findings ("removed")

Environment: DATABASE_URL (default file:./data/netkb.db), NETKB_MAX_FILE_BYTES (default 256 MiB per file),
NETKB_DOCS_URL (where docs/ is published, for the SARIF rules' help links).

Examples:
  netkb check deploy/ --from 1.15 --to 1.20 --format sarif -o netkb.sarif
  netkb check . --from 1.29 --to 1.31 --exclude 'test/**' --exclude examples
  kubectl get --raw /metrics > metrics.txt; netkb check --apiserver-metrics metrics.txt --from 1.21 --to 1.25
  netkb check routes/ --from 1.30 --to 1.31 --gateway-api v1.1.0:v1.2.0 --channel experimental
  helm template web ./chart | netkb check - --stdin-name chart/web.yaml --from 1.21 --to 1.25 --exit-codes pluto
`;

const CHECK: ManifestVerb = {
  name: 'check',
  help: CHECK_HELP,
  options: {
    format: { type: 'string', default: 'table' },
    'exit-codes': { type: 'string', default: 'netkb' },
    'sarif-root': { type: 'string' },
    'gateway-api': { type: 'string' },
    channel: { type: 'string' },
    strict: { type: 'boolean' },
    'new-only': { type: 'boolean' },
    'apiserver-metrics': { type: 'string' },
    'audit-log': { type: 'string' },
    exclude: { type: 'string', multiple: true },
  },
  failOn: ['BREAKING', 'WARNING', 'INFO', 'NONE'],
  defaultFailOn: (values) => (values['exit-codes'] === 'pluto' ? 'warning' : 'breaking'),
  problems: (values, positionals) => [
    ...(positionals.length === 0 && values['apiserver-metrics'] === undefined && values['audit-log'] === undefined
      ? ['name at least one FILE, DIR or -, or give --apiserver-metrics or --audit-log']
      : []),
    ...(FORMAT_NAMES.includes(values.format as string) ? [] : [`--format must be one of ${FORMAT_NAMES.join(', ')}`]),
    ...((EXIT_SCHEMES as readonly string[]).includes(values['exit-codes'] as string)
      ? []
      : [`--exit-codes must be ${EXIT_SCHEMES.join(' or ')}`]),
    ...(values['sarif-root'] !== undefined && values.format !== 'sarif' ? ['--sarif-root is for --format sarif'] : []),
    ...gatewayApiProblems(values),
  ],
};

/**
 * The most objects of one file (its Helm releases' among them), as a bound on its time: a file read a piece at a
 * time holds only the findings, so 20 times the API's 50,000 (a dump of hundreds of megabytes holds tens of
 * thousands).
 */
const FILE_MAX_OBJECTS = 1_000_000;

export async function runCheck(argv: string[], io: CliIo): Promise<number> {
  const scheme: ExitScheme = schemeIn(argv);
  const args = parseManifestArgs(CHECK, argv, io, errorExit(scheme));
  if (typeof args === 'number') return args;
  const o = args.values;
  const stdinName = (o['stdin-name'] as string | undefined) ?? (o.format === 'sarif' ? 'stdin.yaml' : STDIN_NAME);

  const progress = progressEnabled(io.stderrIsTTY())
    ? progressLine(io.stderr, Date.now, process.stderr.columns || 100)
    : NO_PROGRESS;
  try {
    if (o.output) checkOutputPath(o.output as string);
    const context = o.format === 'sarif' ? sarifContext(o['sarif-root'] as string | undefined) : undefined;
    const inputs = readInputs(args.positionals, io.stdin, {
      onFile: (n, name) => progress.update(`netkb check: reading ${n} files… ${name}`),
      stdinName,
      inPieces: true,
      exclude: o.exclude as unknown as string[] | undefined,
    });
    const kb = await io.loadKb();
    const { from, to, releases: path } = requireRange(kb, o.from, o.to);
    notePreliminary('check', kb, to, io);
    const limit = maxFileBytes(process.env, true);
    const gatewayApi = gatewayApiRange(o);
    // An unknown bundle is a usage error of the whole run, not of each file.
    const bundles = gatewayApi && requireGatewayApiRange(kb, gatewayApi);
    const files: FileReport[] = [];
    const skipped: SkippedFile[] = [];
    for (const [i, input] of inputs.entries()) {
      progress.update(`netkb check: ${i + 1}/${inputs.length} files ${input.name}`);
      const { result: report, error } = input.error
        ? { result: null, error: input.error }
        : forFileInput(() =>
            upgradeReport(kb, {
              from: o.from,
              to: o.to,
              manifest: input.file ?? input.text,
              limits: { maxBytes: limit, maxObjects: FILE_MAX_OBJECTS },
              fileName: input.name,
              gatewayApi,
            }),
          );
      const passed = error && passedOver(input, error);
      if (passed) {
        skipped.push(passed);
        continue;
      }
      files.push({
        file: input.name,
        documents: report?.documents ?? 0,
        findings: report?.findings ?? [],
        coverage: report?.coverage ?? null,
        error,
      });
    }
    // The API server's record is read whole: the limit of files read whole.
    files.push(...apiserverRecordFiles(kb, o, maxFileBytes()));
    progress.finish();
    const gatewayApiChecked = bundles && {
      from: bundles.from.version,
      to: bundles.to.version,
      channel: bundles.channel,
    };
    return writeReport('check', io, scheme, args, { from, to, path }, files, gatewayApiChecked, context, skipped);
  } catch (err) {
    progress.finish();
    return errorExit(scheme, usageExit('check', err, io));
  }
}

/**
 * The report of `files` in the format asked, to standard output or --output, the errors on stderr; answers the
 * exit code (netkb check, netkb cluster). With --new-only the findings the cluster has already at `from` are left
 * out of the report and the exit code, and counted (summary.dropped).
 */
export function writeReport(
  verb: string,
  io: CliIo,
  scheme: ExitScheme,
  args: ManifestArgs,
  range: { from: VersionKey; to: VersionKey; path: VersionKey[] },
  checked: FileReport[],
  gatewayApi: CheckResult['gatewayApi'],
  context: FormatContext | undefined,
  /** Files directory walks passed over (netkb check). */
  skippedFiles: SkippedFile[] = [],
): number {
  const o = args.values;
  const newOnly = o['new-only'] === true;
  let dropped = 0;
  const files = !newOnly
    ? checked
    : checked.map((f) => {
        const kept = withoutAlreadyAtFrom(f.findings);
        dropped += kept.dropped;
        return { ...f, findings: kept.findings };
      });
  const all = files.flatMap((f) => f.findings);
  const result: CheckResult = {
    from: formatVersion(range.from),
    to: formatVersion(range.to),
    path: range.path.map(formatVersion),
    gatewayApi,
    files,
    skippedFiles,
    formatVersion,
    failOn: args.threshold,
    strict: o.strict === true,
    newOnly,
    summary: {
      ...countFindings(all),
      dropped,
      errors: files.filter((f) => f.error).length,
      skippedFiles: skippedFiles.length,
    },
  };
  const text = formatterFor(o.format as string)!(result, context);
  if (o.output) writeOutput(io, o.output as string, text);
  else if (typeof text === 'string') io.stdout(text);
  else writeInBatches(text, io.stdout);
  tellErrors(verb, files, io);
  tellSkipped(verb, skippedFiles, io);
  return reportExit(
    scheme,
    all,
    result.failOn,
    files.some((f) => f.error),
    result.strict,
  );
}

/** One line on stderr for the files directory walks passed over (the report names each, with the reason). */
function tellSkipped(verb: string, skipped: readonly SkippedFile[], io: CliIo): void {
  if (skipped.length === 0) return;
  const n = skipped.length;
  io.stderr(
    `netkb ${verb}: ${n} file${n === 1 ? '' : 's'} found in folders ${n === 1 ? 'is' : 'are'} not ` +
      `${n === 1 ? 'a manifest' : 'manifests'} and passed over (Helm values, chart files and templates, kustomizations, ` +
      `files without apiVersion and kind); the report names each with the reason\n`,
  );
}

/** forFile, where a file read in pieces may also turn out unreadable or binary when it is read whole. */
function forFileInput<T>(run: () => T): ReturnType<typeof forFile<T>> {
  try {
    return forFile(run);
  } catch (err) {
    if (err instanceof InputFileError) return { result: null, error: err.error };
    throw err;
  }
}

/** What SARIF needs beyond the report (exported for netkb cluster). */
export { sarifContext };

/**
 * The reports of --apiserver-metrics and --audit-log, one per file, as the manifests' are: a file that cannot be
 * read, or is not what it should be, is an error entry with its line.
 */
function apiserverRecordFiles(kb: KnowledgeBase, o: Record<string, unknown>, limit: number): FileReport[] {
  const read = (option: string) => {
    const path = o[option] as string | undefined;
    if (path === undefined) return undefined;
    const [input] = readInputs([path], () => '');
    return input;
  };
  const metrics = read('apiserver-metrics');
  const auditLog = read('audit-log');
  if (!metrics && !auditLog) return [];
  const errors = new Map<string, InputError>();
  for (const input of [metrics, auditLog]) if (input?.error) errors.set(input.name, input.error);
  const reports = apiserverRecordReports(
    kb,
    { from: o.from as string, to: o.to as string },
    {
      ...(metrics && !metrics.error ? { metrics } : {}),
      ...(auditLog && !auditLog.error ? { auditLog } : {}),
    },
    (file, run) => {
      const r = forFile(() => refusingBadManifests({ ...DEFAULT_LIMITS, maxBytes: limit }, run));
      if (r.error) errors.set(file, r.error);
      return r.result;
    },
  );
  const byFile = new Map(reports.map((r) => [r.file, r.report]));
  return [metrics, auditLog]
    .filter((input) => input !== undefined)
    .map((input) => {
      const report = byFile.get(input.name) ?? null;
      return {
        file: input.name,
        documents: report?.documents ?? 0,
        findings: report?.findings ?? [],
        coverage: report?.coverage ?? null,
        error: errors.get(input.name) ?? null,
      };
    });
}

const CHANNELS = ['standard', 'experimental'];

function gatewayApiProblems(values: Record<string, unknown>): string[] {
  const range = values['gateway-api'] as string | undefined;
  const channel = values.channel as string | undefined;
  return [
    ...(range !== undefined && !/^[^:\s]+:[^:\s]+$/.test(range)
      ? [`--gateway-api must be FROM:TO, two Gateway API releases such as v1.1.0:v1.2.0 (got "${range}")`]
      : []),
    ...(channel !== undefined && range === undefined ? ['--channel is for --gateway-api'] : []),
    ...(channel !== undefined && !CHANNELS.includes(channel.toLowerCase())
      ? [`--channel must be ${CHANNELS.join(' or ')} (got "${channel}")`]
      : []),
  ];
}

/** --gateway-api FROM:TO and --channel as the service takes them; null without --gateway-api. */
function gatewayApiRange(values: Record<string, unknown>): GatewayApiRangeInput | null {
  const range = values['gateway-api'] as string | undefined;
  if (range === undefined) return null;
  const [from, to] = range.split(':');
  const channel =
    (values.channel as string | undefined)?.toLowerCase() === 'experimental' ? 'EXPERIMENTAL' : 'STANDARD';
  return { from, to, channel };
}

/** What SARIF needs beyond the report; a --sarif-root that is no folder is a usage error. */
function sarifContext(root: string | undefined): FormatContext {
  const cwd = process.cwd();
  if (root !== undefined) {
    let folder = false;
    try {
      folder = statSync(resolve(cwd, root)).isDirectory();
    } catch {
      /* reported below */
    }
    if (!folder) throw new UsageError(`--sarif-root ${root}: no such folder`);
  }
  return { cwd, sarifRoot: root ?? cwd, toolVersion: packageVersion(), docsUrl: docsUrl() };
}
