// netkb gateway FILE|- [--provider ingress-nginx] [--gateway-class NAME] [--ingress-class NAME]
// [--gateway-api TAG [--channel C]] [--implementation ID [--implementation-version TAG]]
// [-o OUT]: the Ingresses of a manifest
// as Gateway API objects, on the embedded database. The objects go to stdout (or --output), what was made from
// which line and what was not converted to stderr; --format json puts all three in one JSON document.
import { statSync } from 'node:fs';
import type { Severity } from '../analysis';
import type { GatewayConversionResult } from '../convert/gateway/plan';
import { formatVersion } from '../kb/version';
import { maxFileBytes } from '../config';
import { NetkbError } from '../errors';
import type { KnowledgeBase } from '../kb/knowledge-base';
import { findGatewayApiRelease } from '../services/gateway-api';
import { ingressToGateway, type IngressProvider } from '../services/ingress-to-gateway';
import type { CliIo } from './io';
import { EXIT_BAD_INPUT } from './errors';
import { readInputs, UsageError } from './files';
import { fails } from './formats/types';
import { forFile, tellErrors, usageExit } from './manifest-verb';
import { checkOutputPath, writeOutput } from './output-file';
import { parseVerbArgs } from './verb-args';

const GATEWAY_HELP = `Usage: netkb gateway FILE|- [options]

Turns the Ingresses of a manifest into Gateway API objects: one Gateway per ingress class (an HTTP listener
per host, an HTTPS listener per host with a TLS secret), one HTTPRoute per Ingress and host (path matches by
pathType, backends with their port numbers, the default backend as a rule without matches), an HTTPRoute
redirecting HTTP to HTTPS where ingress-nginx would, and ReferenceGrants where a reference crosses
namespaces. Older Ingresses (extensions/v1beta1, networking.k8s.io/v1beta1) are brought to v1 first.
ingress-nginx annotations are converted where Gateway API has the construct (rewrite-target, redirects,
canary weights and headers, upstream headers, proxy timeouts, CORS; ssl-passthrough as a TLS listener of mode
Passthrough and a TLSRoute per host, assuming --enable-ssl-passthrough); every other one is listed with its line and
the reason. Access controls (external and basic authentication, allow and deny lists, client certificates)
have no Gateway API construct: a route that would serve what one protected is marked UNPROTECTED in the
output and on stderr, its annotations are BREAKING, and the exit code is 1 - unless --implementation names
the implementation the cluster runs and its own policy carries the control (envoy-gateway: allow and deny
lists, auth-url to a Service of the cluster, basic authentication, in a SecurityPolicy per route). The objects are written for the
Gateway API release --gateway-api names (default: the latest the knowledge base holds), standard channel
unless --channel says otherwise, and each is held against that bundle's CRDs first: one the bundle cannot
hold is left out and listed (not-in-bundle, BREAKING) with the first release that has it, and one its CRDs'
CEL rules refuse likewise (invalid-for-bundle, BREAKING). netkb gateway-api
--kubernetes 1.NN lists the releases a cluster supports. Works on the embedded database; no server needed.
See docs/gateway-migration.md.

Arguments:
  FILE            a YAML or JSON manifest (several documents and kind: List are fine); other kinds are left out
  -               read the manifest from standard input

Options:
  --provider P          the Ingress controller the Ingresses were written for: ingress-nginx (default)
  --gateway-class NAME  the GatewayClass of every Gateway (default: the ingress class name; needed for
                        Ingresses that name no class)
  --ingress-class NAME  convert only the Ingresses of this ingress class (the others are named on stderr);
                        a class no Ingress of the file has is exit 2
  --gateway-api TAG     the Gateway API release to write for, e.g. v1.2.0 (default: the latest known)
  --channel C           standard (default) or experimental: the channel of that release installed
  --implementation ID   also write this implementation's own policies for the access controls Gateway API
                        cannot express: envoy-gateway (an unknown one is exit 2, naming the known ones)
  --implementation-version TAG
                        the implementation's release, e.g. v1.5.0 (default: the newest the knowledge base
                        imported); its policies are written with the fields that release has
  --format F            yaml (default): the objects on stdout, the changes on stderr;
                        json: {file, manifest, changes, unconverted} on stdout
  -o, --output FILE     write the objects (or the JSON) to FILE instead of stdout (its folder must exist)
  --stdin-name NAME     the name standard input ("-") goes by in messages (default <stdin>)
  --fail-on S           breaking (default), warning or none: which unconverted findings make the exit code 1
                        (a route that lost an access control makes it 1 whatever this says)
  -h, --help            this text

Exit codes:
  0  converted, nothing at or above --fail-on left unconverted
  1  something at or above --fail-on could not be converted (listed on stderr, or in the JSON), or a route
     serves without an access control its Ingress had (auth, client address or certificate checks): it is
     marked UNPROTECTED in the output and must not be applied before your implementation's policy protects it
  2  bad input or usage: no Ingress in the file, a file that cannot be read as a manifest (named with its
     line and column), an unknown option, provider or Gateway API release, an output folder that does not
     exist, an unknown implementation or release of it
`;

const PROVIDERS: Record<string, IngressProvider> = { 'ingress-nginx': 'INGRESS_NGINX' };
const FAIL_ON = ['breaking', 'warning', 'none'];
const CHANNELS = ['standard', 'experimental'];

export async function runGateway(argv: string[], io: CliIo): Promise<number> {
  const parsed = parseVerbArgs(
    { name: 'gateway', help: GATEWAY_HELP },
    argv,
    {
      provider: { type: 'string', default: 'ingress-nginx' },
      'gateway-class': { type: 'string' },
      'gateway-api': { type: 'string' },
      'ingress-class': { type: 'string' },
      channel: { type: 'string' },
      implementation: { type: 'string' },
      'implementation-version': { type: 'string' },
      format: { type: 'string', default: 'yaml' },
      output: { type: 'string', short: 'o' },
      'stdin-name': { type: 'string' },
      'fail-on': { type: 'string', default: 'breaking' },
    },
    io,
    EXIT_BAD_INPUT,
  );
  if (typeof parsed === 'number') return parsed;
  const o = parsed.values;
  const problems: string[] = [];
  if (parsed.positionals.length !== 1) problems.push('name one FILE, or - for standard input');
  if (!(o.provider! in PROVIDERS)) problems.push(`--provider must be ${Object.keys(PROVIDERS).join(' or ')}`);
  if (!['yaml', 'json'].includes(o.format!)) problems.push('--format must be yaml or json');
  if (!FAIL_ON.includes(o['fail-on']!.toLowerCase())) problems.push('--fail-on must be breaking, warning or none');
  if (o['gateway-class'] !== undefined && !o['gateway-class'].trim())
    problems.push('--gateway-class must name a GatewayClass');
  if (o.output !== undefined && !o.output.trim()) problems.push('--output must name a file');
  if (o['ingress-class'] !== undefined && !o['ingress-class'].trim())
    problems.push('--ingress-class must name an ingress class');
  if (o['gateway-api'] !== undefined && !o['gateway-api'].trim())
    problems.push('--gateway-api must name a Gateway API release, e.g. v1.2.0');
  if (o.channel !== undefined && !CHANNELS.includes(o.channel.toLowerCase()))
    problems.push(`--channel must be ${CHANNELS.join(' or ')}`);
  if (o.implementation !== undefined && !o.implementation.trim())
    problems.push('--implementation must name an implementation, e.g. envoy-gateway');
  if (o['implementation-version'] !== undefined && o.implementation === undefined)
    problems.push('--implementation-version needs --implementation');
  if (problems.length > 0) {
    io.stderr(`netkb gateway: ${problems.join('; ')}\nRun netkb gateway --help for usage.\n`);
    return EXIT_BAD_INPUT;
  }
  const failOn = o['fail-on']!.toLowerCase();
  const threshold: Severity | 'none' = failOn === 'none' ? 'none' : (failOn.toUpperCase() as Severity);
  try {
    const [arg] = parsed.positionals;
    if (arg !== '-' && statOrNull(arg)?.isDirectory())
      throw new UsageError(`${arg} is a folder: name one manifest file`);
    if (o.output) checkOutputPath(o.output);
    const [input] = readInputs([arg], io.stdin, { stdinName: o['stdin-name'] });
    if (input.error) {
      tellErrors('gateway', [{ file: input.name, error: input.error }], io);
      return EXIT_BAD_INPUT;
    }
    const kb = await io.loadKb();
    const release = o['gateway-api'] === undefined ? null : knownRelease(kb, o['gateway-api'], io);
    if (release === undefined) return EXIT_BAD_INPUT;
    const { result, error } = forFile(() =>
      ingressToGateway(kb, {
        manifest: input.text,
        provider: PROVIDERS[o.provider!],
        gatewayClassName: o['gateway-class'] ?? null,
        ingressClass: o['ingress-class'] ?? null,
        gatewayApi: release,
        gatewayApiChannel: o.channel?.toLowerCase() === 'experimental' ? 'EXPERIMENTAL' : 'STANDARD',
        implementation: o.implementation ?? null,
        implementationVersion: o['implementation-version'] ?? null,
        limits: { maxBytes: maxFileBytes() },
        fileName: input.name,
      }),
    );
    if (error || !result) {
      tellErrors('gateway', [{ file: input.name, error }], io);
      return EXIT_BAD_INPUT;
    }
    const out =
      o.format === 'json'
        ? `${JSON.stringify(
            {
              file: input.name,
              gatewayApi: result.gatewayApi,
              implementation: result.implementation,
              manifest: result.manifest,
              changes: result.changes,
              unconverted: result.unconverted.map((f) => ({ ...f, effectiveIn: formatVersion(f.effectiveIn) })),
              unprotected: result.unprotected,
            },
            null,
            2,
          )}\n`
        : result.manifest;
    if (o.output) writeOutput(io, o.output, out);
    else io.stdout(out);
    if (o.format !== 'json') io.stderr(changeList(input.name, result));
    // A route that lost an access control fails the run whatever --fail-on says: a conversion never opens
    // what the Ingress protected without a non-zero exit.
    return result.unprotected.length > 0 || result.unconverted.some((f) => fails(f, threshold)) ? 1 : 0;
  } catch (err) {
    return usageExit('gateway', err, io);
  }
}

function changeList(file: string, result: GatewayConversionResult): string {
  const { changes, unconverted, unprotected } = result;
  const lines = [
    `netkb gateway ${file}: for Gateway API ${result.gatewayApi.version} (${result.gatewayApi.channel} channel)${result.implementation ? ` and ${result.implementation.id} ${result.implementation.release}` : ''}: ${changes.length} change${changes.length === 1 ? '' : 's'}, ${unconverted.length} not converted${unprotected.length > 0 ? `, ${unprotected.length} route${unprotected.length === 1 ? '' : 's'} UNPROTECTED` : ''}`,
  ];
  for (const c of changes) lines.push(`  made         ${file}:${c.line}  ${c.description}`);
  for (const f of unconverted)
    lines.push(`  ${f.severity === 'BREAKING' ? 'NOT CONVERTED' : 'not converted'} ${file}:${f.line}  ${f.message}`);
  for (const r of unprotected)
    lines.push(
      `  UNPROTECTED  ${r.kind} ${r.namespace ? `${r.namespace}/` : ''}${r.name}: serves without ${r.lost.map((l) => `${l.description} (${l.annotation}, ${file}:${l.line})`).join(', ')}; do not apply it before your implementation's own policy protects it`,
    );
  return `${lines.join('\n')}\n`;
}

/** The release's tag, or undefined after telling why it is not one the knowledge base holds. */
function knownRelease(kb: KnowledgeBase, tag: string, io: CliIo): string | undefined {
  try {
    return findGatewayApiRelease(kb, tag, '--gateway-api').version;
  } catch (err) {
    if (!(err instanceof NetkbError)) throw err;
    io.stderr(
      `netkb gateway: ${err.message}\nnetkb gateway-api lists them, with the Kubernetes releases each supports.\n`,
    );
    return undefined;
  }
}

function statOrNull(path: string) {
  try {
    return statSync(path);
  } catch {
    return null;
  }
}
