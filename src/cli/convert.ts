// netkb convert FILE|DIR|- ... --from X --to Y: each manifest rewritten for every release on the path, on
// the embedded database. The manifests go to stdout (or --output), what changed and what did not to stderr;
// --format json puts both in one JSON document. A file that cannot be converted does not stop the others.
import type { Finding } from '../analysis';
import type { ConversionChange } from '../convert/types';
import { formatVersion } from '../kb/version';
import { maxFileBytes } from '../config';
import { convertManifest, type ConversionReport } from '../services/convert-manifest';
import { requireRange } from '../services/versions';
import type { CliIo } from './io';
import { EXIT_BAD_INPUT } from './errors';
import { readInputs } from './files';
import { fails, type InputError, type SkippedFile } from './formats/types';
import { forFile, parseManifestArgs, tellErrors, usageExit, type ManifestVerb } from './manifest-verb';
import { checkOutputPath, writeOutput } from './output-file';
import { passedOver } from './passed-over';
import { notePreliminary } from './preliminary';

const CONVERT_HELP = `Usage: netkb convert FILE|DIR|- ... --from RELEASE --to RELEASE [options]

Rewrites a Kubernetes manifest so that every release from --from to --to accepts it: API versions that
are deprecated or removed on the way move to their successor with the field changes it needs (Ingress,
Deployment/DaemonSet/StatefulSet/ReplicaSet, NetworkPolicy, IngressClass, RBAC, EndpointSlice), deprecated
label and topology keys become their successors, and removed kube-proxy flags and feature gates are
replaced or dropped where that keeps the behaviour. Comments, key order and quoting are kept; documents
without changes come out byte for byte. What cannot be converted is left as it was and listed with the
reason and the line. Works on the embedded database; no server needed.

Arguments:
  FILE            a YAML or JSON manifest (several documents and kind: List are fine)
  DIR             every *.yaml, *.yml and *.json below it, recursively; files that are no manifest
                  (Helm values and chart templates, kustomizations, files without apiVersion and kind)
                  are passed over, as netkb check does, and named on stderr
  -               read the manifest from standard input
With several files, the converted manifests are written one after the other, each starting with a
"# Source: FILE" comment line (documents separated by ---), and --format json writes
{from, to, path, files: [{file, documents, manifest, changes, unconverted, error}], skippedFiles}. A file that cannot be
converted (unreadable, binary, invalid YAML, a template, a kustomization, no Kubernetes object) is left
out of the output and named on stderr with its line, column and code; the others are still converted.

Options:
  --from RELEASE  the release the cluster runs now, e.g. 1.15                      [required]
  --to RELEASE    the release to upgrade to, e.g. 1.22 (a note on stderr when the
                  knowledge base marks it preliminary)                             [required]
  --format F      yaml (default): the manifest on stdout, the changes on stderr;
                  json: {file, from, to, path, documents, manifest, changes, unconverted} on stdout
  --exclude GLOB  leave paths matching GLOB out of DIR walks (repeatable), as netkb check does
  -o, --output FILE  write the manifest (or the JSON) to FILE instead of stdout (its folder must exist)
  --stdin-name NAME  the name standard input ("-") goes by in messages and output (default <stdin>)
  --fail-on S     breaking (default), warning or none: which unconverted findings make the exit code 1
  -h, --help      this text

Exit codes (as netkb check):
  0  converted, nothing at or above --fail-on left unconverted
  1  something at or above --fail-on could not be converted (listed on stderr, or in the JSON)
  2  bad input or usage: a file that could not be converted (named on stderr with line and column, after
     the others were written), a path that does not exist, an unknown release or option, an output
     folder that does not exist
`;

const CONVERT: ManifestVerb = {
  name: 'convert',
  help: CONVERT_HELP,
  options: { format: { type: 'string', default: 'yaml' }, exclude: { type: 'string', multiple: true } },
  failOn: ['BREAKING', 'WARNING', 'NONE'],
  problems: (values, positionals) => [
    ...(positionals.length === 0 ? ['name at least one FILE, DIR or -'] : []),
    ...(['yaml', 'json'].includes(values.format as string) ? [] : ['--format must be yaml or json']),
  ],
};

interface Converted {
  file: string;
  report: ConversionReport | null;
  error: InputError | null;
}

export async function runConvert(argv: string[], io: CliIo): Promise<number> {
  const args = parseManifestArgs(CONVERT, argv, io);
  if (typeof args === 'number') return args;
  const o = args.values;
  try {
    if (o.output) checkOutputPath(o.output as string);
    const inputs = readInputs(args.positionals, io.stdin, {
      stdinName: o['stdin-name'] as string | undefined,
      exclude: o.exclude as unknown as string[] | undefined,
    });
    const kb = await io.loadKb();
    const { from, to, releases: path } = requireRange(kb, o.from, o.to);
    notePreliminary('convert', kb, to, io);
    const limit = maxFileBytes();
    const done: Converted[] = [];
    const skipped: SkippedFile[] = [];
    for (const input of inputs) {
      const { result, error } = input.error
        ? { result: null, error: input.error }
        : forFile(() => convertManifest(kb, o.from, o.to, input.text, { maxBytes: limit }, input.name));
      const passed = error && passedOver(input, error);
      if (passed) skipped.push(passed);
      else done.push({ file: input.name, report: result, error });
    }
    const single = inputs.length === 1 && done.length === 1 && !done[0].error ? done[0] : null;
    let out: string;
    if (o.format === 'json') {
      const range = { from: formatVersion(from), to: formatVersion(to), path: path.map(formatVersion) };
      const fileJson = (c: Converted) => ({
        file: c.file,
        ...(single ? range : {}),
        documents: c.report?.documents ?? 0,
        manifest: c.report?.manifest ?? null,
        changes: c.report?.changes ?? [],
        unconverted: (c.report?.unconverted ?? []).map((f) => ({
          ...f,
          effectiveIn: formatVersion(f.effectiveIn),
          change: f.change
            ? { version: formatVersion(f.change.version), prs: f.change.prs, sources: f.change.sources }
            : null,
        })),
        ...(single ? {} : { error: c.error }),
      });
      out = `${JSON.stringify(single ? fileJson(single) : { ...range, files: done.map(fileJson), skippedFiles: skipped }, null, 2)}\n`;
    } else {
      out = single ? single.report!.manifest : concatenated(done);
    }
    if (inputs.length > 1 || single || skipped.length > 0) {
      if (o.output) writeOutput(io, o.output as string, out);
      else io.stdout(out);
    }
    if (o.format !== 'json')
      for (const c of done)
        if (c.report)
          io.stderr(changeList(c.file, formatVersion(from), formatVersion(to), c.report.changes, c.report.unconverted));
    tellErrors('convert', done, io);
    for (const f of skipped)
      io.stderr(`netkb convert: passed over ${f.file}: ${f.message} [${f.code} at ${f.file}:${f.line}:${f.column}]\n`);
    if (done.some((c) => c.error)) return EXIT_BAD_INPUT;
    return done.some((c) => c.report!.unconverted.some((f) => fails(f, args.threshold))) ? 1 : 0;
  } catch (err) {
    return usageExit('convert', err, io);
  }
}

/** Several converted manifests as one stream: each starts with "# Source: FILE", separated by "---". */
function concatenated(done: Converted[]): string {
  let out = '';
  for (const c of done) {
    if (!c.report) continue;
    const manifest = c.report.manifest;
    if (out !== '' && !out.endsWith('\n')) out += '\n';
    if (out !== '' && !/^---(?:[ \t]|\r?$)/m.test(manifest.split('\n', 1)[0])) out += '---\n';
    out += `# Source: ${c.file}\n${manifest}`;
  }
  return out;
}

function changeList(
  file: string,
  from: string,
  to: string,
  changes: ConversionChange[],
  unconverted: Finding[],
): string {
  const name = (r: ConversionChange['resource']) =>
    `${r.kind ?? 'document'} ${r.namespace ? `${r.namespace}/` : ''}${r.name ?? ''}`.trim();
  const lines = [
    `netkb convert ${file} (${from} -> ${to}): ${changes.length} change${changes.length === 1 ? '' : 's'}, ${unconverted.length} not converted`,
  ];
  for (const c of changes) lines.push(`  changed      ${file}:${c.line}  ${name(c.resource)}: ${c.description}`);
  for (const f of unconverted)
    lines.push(
      `  ${f.severity === 'BREAKING' ? 'NOT CONVERTED' : 'not converted'} ${file}:${f.line}  ${name(f.resource)}: ${f.message}`,
    );
  return `${lines.join('\n')}\n`;
}
