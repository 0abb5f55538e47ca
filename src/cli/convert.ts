// netkb convert FILE --from X --to Y: the manifest rewritten for every release on the path, on the
// embedded database. The manifest goes to stdout (or --output), what changed and what did not to stderr;
// --format json puts both in one JSON document.
import type { Finding } from '../analysis';
import type { ConversionChange } from '../convert/types';
import { formatVersion } from '../kb/version';
import { maxManifestBytes } from '../config';
import { convertManifest } from '../services/convert-manifest';
import type { CliIo } from './check';
import { readInputs, UsageError } from './files';
import { fails } from './formats/types';
import { forFile, parseManifestArgs, usageExit, type ManifestVerb } from './manifest-verb';

export const CONVERT_HELP = `Usage: netkb convert FILE|- --from RELEASE --to RELEASE [options]

Rewrites a Kubernetes manifest so that every release from --from to --to accepts it: API versions that
are deprecated or removed on the way move to their successor with the field changes it needs (Ingress,
Deployment/DaemonSet/StatefulSet/ReplicaSet, NetworkPolicy, IngressClass, RBAC, EndpointSlice), deprecated
label and topology keys become their successors, and removed kube-proxy flags and feature gates are
replaced or dropped where that keeps the behaviour. Comments, key order and quoting are kept; documents
without changes come out byte for byte. What cannot be converted is left as it was and listed with the
reason and the line. Works on the embedded database; no server needed.

Arguments:
  FILE            a YAML or JSON manifest (several documents and kind: List are fine)
  -               read the manifest from standard input

Options:
  --from RELEASE  the release the cluster runs now, e.g. 1.15                      [required]
  --to RELEASE    the release to upgrade to, e.g. 1.22                             [required]
  --format F      yaml (default): the manifest on stdout, the changes on stderr;
                  json: {from, to, path, documents, manifest, changes, unconverted} on stdout
  -o, --output FILE  write the manifest (or the JSON) to FILE instead of stdout
  --fail-on S     breaking (default), warning or none: which unconverted findings make the exit code 1
  -h, --help      this text

Exit codes (as netkb check):
  0  converted, nothing at or above --fail-on left unconverted
  1  something at or above --fail-on could not be converted (listed on stderr, or in the JSON)
  2  bad input or usage: unreadable file, invalid YAML (line and column named), unknown release

Example:
  netkb convert ingress.yaml --from 1.19 --to 1.22 -o ingress.v1.yaml
`;

const CONVERT: ManifestVerb = {
  name: 'convert',
  help: CONVERT_HELP,
  options: { format: { type: 'string', default: 'yaml' }, output: { type: 'string', short: 'o' } },
  failOn: ['BREAKING', 'WARNING', 'NONE'],
  problems: (values, positionals) => [
    ...(positionals.length !== 1 ? ['name exactly one FILE or -'] : []),
    ...(['yaml', 'json'].includes(values.format as string) ? [] : ['--format must be yaml or json']),
  ],
};

export async function runConvert(argv: string[], io: CliIo): Promise<number> {
  const args = parseManifestArgs(CONVERT, argv, io);
  if (typeof args === 'number') return args;
  const o = args.values;
  try {
    const [input] = readInputs(args.positionals, io.stdin);
    if (!input) throw new UsageError(`${args.positionals[0]}: no manifest found`);
    const kb = await io.loadKb();
    const result = forFile(input.name, () =>
      convertManifest(kb, o.from, o.to, input.text, { maxBytes: maxManifestBytes() }),
    );
    const failing = result.unconverted.some((f) => fails(f, args.threshold));
    if (o.format === 'json') {
      const json = `${JSON.stringify(
        {
          file: input.name,
          from: formatVersion(result.from),
          to: formatVersion(result.to),
          path: result.path.map(formatVersion),
          documents: result.documents,
          manifest: result.manifest,
          changes: result.changes,
          unconverted: result.unconverted.map((f) => ({
            ...f,
            effectiveIn: formatVersion(f.effectiveIn),
            change: f.change
              ? { version: formatVersion(f.change.version), prs: f.change.prs, sources: f.change.sources }
              : null,
          })),
        },
        null,
        2,
      )}\n`;
      if (o.output) io.writeFile(o.output as string, json);
      else io.stdout(json);
    } else {
      if (o.output) io.writeFile(o.output as string, result.manifest);
      else io.stdout(result.manifest);
      io.stderr(
        changeList(
          input.name,
          formatVersion(result.from),
          formatVersion(result.to),
          result.changes,
          result.unconverted,
        ),
      );
    }
    return failing ? 1 : 0;
  } catch (err) {
    return usageExit('convert', err, io);
  }
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
