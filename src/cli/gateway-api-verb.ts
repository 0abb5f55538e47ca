// netkb gateway-api [--kubernetes 1.31]: the Gateway API CRD bundles, with the oldest Kubernetes release
// each supports, its date and the kinds of its standard channel; with --kubernetes, only those that fit.
import type { GatewayApiRelease } from '../kb/model';
import { formatVersion, parseVersion } from '../kb/version';
import { gatewayApiKinds, listGatewayApiReleases } from '../services/gateway-api';
import { link } from '../services/markdown/text';
import { UsageError } from './files';
import { lookupVerb } from './lookup-verb';
import { orDash, textTable } from './text-table';

const GATEWAY_API_HELP = `Usage: netkb gateway-api [--kubernetes RELEASE] [--channel C] [--format table|json|markdown]

The Gateway API CRD bundles (releases of kubernetes-sigs/gateway-api) the knowledge base covers, oldest
first: the oldest Kubernetes release each supports, its release date and the kinds its channel installs,
each with its served versions. Answers "which bundle can I install on 1.31?". Works on the embedded
database; no server needed.

Options:
  --kubernetes R  only the bundles that support Kubernetes R (e.g. 1.31): their oldest supported release is
                  R or older; bundles no source gives a Kubernetes release for are kept and marked "unknown"
  --channel C     the kinds of the standard (default) or experimental channel
  --format F      table (default), json or markdown
  -h, --help      this text

Exit codes: 0 answered, 2 bad input (a malformed release, unknown format or channel, unexpected argument).

Examples:
  netkb gateway-api --kubernetes 1.31
  netkb gateway-api --channel experimental --format json
`;

interface Answer {
  kubernetes: string | null;
  channel: 'standard' | 'experimental';
  releases: GatewayApiRelease[];
}

function gatewayApiJson(a: Answer) {
  return {
    kubernetes: a.kubernetes,
    channel: a.channel,
    releases: a.releases.map((r) => ({
      version: r.version,
      releasedOn: r.releasedOn,
      minKubernetes: r.minKubernetes === null ? null : formatVersion(r.minKubernetes),
      kinds: gatewayApiKinds(r, a.channel).map((k) => ({
        kind: k.kind,
        group: k.group,
        servedVersions: k.servedVersions,
        storageVersion: k.storageVersion,
      })),
      sources: r.sources,
    })),
  };
}

const kindsText = (r: GatewayApiRelease, channel: Answer['channel']) =>
  gatewayApiKinds(r, channel)
    .map((k) => `${k.kind} ${k.servedVersions.join('/')}`)
    .join(', ');

const minText = (r: GatewayApiRelease) => (r.minKubernetes === null ? 'unknown' : formatVersion(r.minKubernetes));

function headline(a: Answer): string {
  const which = a.kubernetes ? ` that support Kubernetes ${a.kubernetes}` : '';
  if (a.releases.length === 0) return `No Gateway API bundle in the knowledge base${which}.`;
  const newest = a.releases[a.releases.length - 1];
  return (
    `${a.releases.length} Gateway API bundle${a.releases.length === 1 ? '' : 's'}${which}; the newest is ${newest.version}` +
    (a.kubernetes && newest.minKubernetes === null ? ' (no source gives the Kubernetes releases it supports)' : '') +
    `. Kinds of the ${a.channel} channel.`
  );
}

export const runGatewayApi = lookupVerb<Answer>({
  name: 'gateway-api',
  help: GATEWAY_API_HELP,
  positionals: [],
  options: { kubernetes: { type: 'string' }, channel: { type: 'string', default: 'standard' } },
  answer: (kb, _args, options) => {
    const channel = String(options.channel).toLowerCase();
    if (channel !== 'standard' && channel !== 'experimental')
      throw new UsageError(`--channel must be standard or experimental (got "${String(options.channel)}")`);
    const kubernetes = (options.kubernetes as string | undefined) ?? null;
    const releases = listGatewayApiReleases(kb, kubernetes);
    return {
      kubernetes: kubernetes === null ? null : formatVersion(parseVersion(kubernetes)),
      channel,
      releases,
    };
  },
  table: (a) =>
    `${headline(a)}\n\n` +
    textTable(
      ['BUNDLE', 'RELEASED', 'MIN KUBERNETES', 'KINDS'],
      a.releases.map((r) => [r.version, orDash(r.releasedOn), minText(r), kindsText(r, a.channel)]),
    ) +
    '\n',
  json: gatewayApiJson,
  markdown: (a) =>
    [
      `**${headline(a)}**`,
      '',
      '| bundle | released | min Kubernetes | kinds |',
      '|---|---|---|---|',
      ...a.releases.map((r) => {
        const notes = r.sources.find((s) => /CHANGELOG|releases\/tag/i.test(s));
        return `| ${notes ? link(r.version, notes) : r.version} | ${orDash(r.releasedOn)} | ${minText(r)} | ${kindsText(r, a.channel)} |`;
      }),
    ].join('\n') + '\n',
});
