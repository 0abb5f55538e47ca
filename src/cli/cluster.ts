// netkb cluster --from X --to Y: what in a running cluster breaks on the way, read from its API server (live
// objects as last applied, Helm releases' deployed manifests, the deprecated APIs clients request), reported as
// netkb check reports files: the same formats and exit codes.
import { formatVersion } from '../kb/version';
import { requireRange } from '../services/versions';
import { upgradeReport } from '../services/upgrade-report';
import { apiServer, ClusterConfigError } from '../cluster/api-server';
import { collect, type ClusterInput } from '../cluster/collect';
import { FORMAT_NAMES } from './formats';
import type { FileReport } from './formats/types';
import { EXIT_SCHEMES, errorExit, schemeIn, type ExitScheme } from './exit-codes';
import { forFile, parseManifestArgs, usageExit, type ManifestVerb } from './manifest-verb';
import { checkOutputPath } from './output-file';
import { notePreliminary } from './preliminary';
import { NO_PROGRESS, progressEnabled, progressLine } from './progress';
import { sarifContext, writeReport } from './check';
import { UsageError } from './files';
import type { CliIo } from './io';

const CLUSTER_HELP = `Usage: netkb cluster --from RELEASE --to RELEASE [--kubeconfig FILE] [--context NAME] [options]

Reports what in a running cluster breaks or changes on the way from one release to another, read from its
API server with the kubeconfig's credentials (read only: GET requests):
  - the objects of every kind whose API versions change up to --to, listed in a version the server serves
    (paged), each checked as its kubectl.kubernetes.io/last-applied-configuration says it was applied, or as
    served when it has none;
  - the deployed revision of every Helm 3 release (Secrets of type helm.sh/release.v1, ConfigMaps labelled
    owner=helm), its manifest's objects checked and named after the release;
  - /metrics: the deprecated API versions clients still request (apiserver_requested_deprecated_apis).
What the server refuses (a resource the role may not list, /metrics) is an error entry of the report, exit 2.
The role it needs: deploy/cluster-reader.yaml.

Options:
  --from RELEASE     the release the cluster runs now, e.g. 1.24                          [required]
  --to RELEASE       the release to upgrade to                                           [required]
  --kubeconfig FILE  the kubeconfig (default: $KUBECONFIG, else ~/.kube/config)
  --context NAME     the kubeconfig context (default: its current context)
  --no-helm          do not list Secrets and ConfigMaps for Helm releases (a role without list on Secrets)
  --no-metrics       do not read /metrics
  --page-size N      objects per list request (default 250)
  --format F         table (default), json, markdown, sarif, junit or csv, as netkb check
  --fail-on S        breaking (default), warning, info or none
  --exit-codes E     netkb (default) or pluto, as netkb check
  --strict           findings that say what netkb could not check count for the exit code
  --new-only         leave out what the cluster has already at --from, as netkb check
  -o, --output FILE  write the report to FILE
  -h, --help         this text

Exit codes: as netkb check (0 nothing at or above --fail-on, 1 findings, 2 a list the server refused, a
kubeconfig or context that cannot be used, or bad usage).

Examples:
  netkb cluster --from 1.24 --to 1.27
  netkb cluster --context prod --from 1.29 --to 1.31 --no-helm --format json -o cluster.json
`;

const CLUSTER: ManifestVerb = {
  name: 'cluster',
  help: CLUSTER_HELP,
  options: {
    kubeconfig: { type: 'string' },
    context: { type: 'string' },
    'no-helm': { type: 'boolean' },
    'no-metrics': { type: 'boolean' },
    'page-size': { type: 'string', default: '250' },
    format: { type: 'string', default: 'table' },
    'exit-codes': { type: 'string', default: 'netkb' },
    strict: { type: 'boolean' },
    'new-only': { type: 'boolean' },
  },
  failOn: ['BREAKING', 'WARNING', 'INFO', 'NONE'],
  defaultFailOn: (values) => (values['exit-codes'] === 'pluto' ? 'warning' : 'breaking'),
  problems: (values, positionals) => [
    ...(positionals.length > 0
      ? [`netkb cluster takes no files (got ${positionals.join(' ')}): netkb check reads files`]
      : []),
    ...(FORMAT_NAMES.includes(values.format as string) ? [] : [`--format must be one of ${FORMAT_NAMES.join(', ')}`]),
    ...((EXIT_SCHEMES as readonly string[]).includes(values['exit-codes'] as string)
      ? []
      : [`--exit-codes must be ${EXIT_SCHEMES.join(' or ')}`]),
    ...(/^[1-9]\d{0,4}$/.test(String(values['page-size']))
      ? []
      : ['--page-size must be a whole number from 1 to 99999']),
  ],
};

/** The largest page read as one input: a page holds at most --page-size objects, so this guards only bombs. */
const PAGE_MAX_BYTES = 256 * 1024 * 1024;

export async function runCluster(argv: string[], io: CliIo): Promise<number> {
  const scheme: ExitScheme = schemeIn(argv);
  const args = parseManifestArgs(CLUSTER, argv, io, errorExit(scheme));
  if (typeof args === 'number') return args;
  const o = args.values;
  const progress = progressEnabled(io.stderrIsTTY())
    ? progressLine(io.stderr, Date.now, process.stderr.columns || 100)
    : NO_PROGRESS;
  try {
    if (o.output) checkOutputPath(o.output as string);
    const context = o.format === 'sarif' ? sarifContext(undefined) : undefined;
    const kb = await io.loadKb();
    const { from, to, releases: path } = requireRange(kb, o.from, o.to);
    notePreliminary('cluster', kb, to, io);
    let server;
    try {
      server = await apiServer(o.kubeconfig as string | undefined, o.context as string | undefined);
    } catch (err) {
      if (err instanceof ClusterConfigError) throw new UsageError(err.message);
      throw err;
    }
    let inputs: ClusterInput[];
    try {
      inputs = await collect(server, kb.model.apiVersions, to, {
        helm: o['no-helm'] !== true,
        metrics: o['no-metrics'] !== true,
        pageSize: Number(o['page-size']),
        progress: (m) => progress.update(m),
      });
    } catch (err) {
      const e = err as NodeJS.ErrnoException;
      throw new UsageError(`cannot reach the API server ${server.server} (${e.code ?? e.message})`);
    }
    // The pages are one input: what is said once per input (a live object checked as served, a key netkb has no
    // record of, a kind it cannot check) is said once for the whole cluster.
    const cluster = {};
    const files: FileReport[] = inputs.map((input, i) => {
      progress.update(`netkb cluster: checking ${i + 1}/${inputs.length} ${input.name}`);
      const { result, error } = input.error
        ? { result: null, error: input.error }
        : forFile(() =>
            upgradeReport(kb, {
              from: o.from,
              to: o.to,
              manifest: input.type === 'objects' ? input.text : null,
              ...(input.type === 'metrics' ? { apiserverMetrics: input.text } : {}),
              limits: { maxBytes: PAGE_MAX_BYTES },
              input: cluster,
            }),
          );
      return {
        file: input.name,
        documents: result?.documents ?? 0,
        findings: result?.findings ?? [],
        coverage: result?.coverage ?? null,
        error,
      };
    });
    progress.finish();
    io.stderr(
      `netkb cluster: read ${inputs.length} list pages and answers of ${server.server} (context ${server.context}) for ${formatVersion(from)} -> ${formatVersion(to)}\n`,
    );
    return writeReport('cluster', io, scheme, args, { from, to, path }, files, null, context);
  } catch (err) {
    progress.finish();
    return errorExit(scheme, usageExit('cluster', err, io));
  }
}
