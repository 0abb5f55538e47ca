#!/usr/bin/env node
// A chat command for netkb, as a template for a bot: turns "/netkb diff 1.29 1.31", "/netkb gate
// NFTablesProxyMode", "/netkb flag kube-proxy --proxy-mode", "/netkb search dual stack", "/netkb bundle
// 1.31" (which Gateway API bundles fit) or "/netkb check 1.21 1.25" with a manifest (in a ``` code block, or
// an attached file) into a GraphQL request to a netkb
// server and prints the chat-ready markdown it answers. Verbs are case-insensitive. No dependencies:
// Node 20's fetch only.
//
//   NETKB_URL=http://localhost:4000/graphql node examples/chatops/netkb-chat.mjs /netkb diff 1.29 1.31
//   node examples/chatops/netkb-chat.mjs gate NFTablesProxyMode --slack
//   node examples/chatops/netkb-chat.mjs check 1.21 1.25 --file ingress.yaml
//
// Exit codes: 0 answered, 2 the command was not understood or the API refused the input (the reply
// still explains it), 1 the API could not be reached.
import { readFile } from 'node:fs/promises';

const DEFAULT_URL = 'http://localhost:4000/graphql';
/** Search results shown in one message. */
const SEARCH_FIRST = 8;

export const HELP =
  [
    '**netkb** answers questions about Kubernetes networking, release by release:',
    '- `/netkb diff FROM TO`: what changes on the way, e.g. `/netkb diff 1.29 1.31`',
    "- `/netkb gate NAME`: a feature gate's stages and links, e.g. `/netkb gate NFTablesProxyMode`",
    "- `/netkb flag COMPONENT NAME`: a flag's life and replacements, e.g. `/netkb flag kube-proxy --proxy-mode`",
    '- `/netkb search TEXT`: gates, flags, APIs, keys, metrics and release notes, e.g. `/netkb search dual stack`',
    '- `/netkb check FROM TO` with a manifest in a code block (or attached): what breaks on the way, e.g. `/netkb check 1.21 1.25`',
    '- `/netkb bundle KUBERNETES`: which Gateway API CRD bundles a cluster release supports, e.g. `/netkb bundle 1.31`',
  ].join('\n') + '\n';

const CODE_BLOCK = /```[^\n`]*\n?([\s\S]*?)```/;

/**
 * "/netkb diff 1.29 1.31" -> { verb: 'diff', from: '1.29', to: '1.31' }; anything else -> help with a
 * reason. A check takes its manifest from the first ``` code block of the text, else from `attached`.
 */
export function parseCommand(text, { attached = false } = {}) {
  const raw = String(text);
  const block = CODE_BLOCK.exec(raw);
  const words = (block ? raw.slice(0, block.index) + ' ' + raw.slice(block.index + block[0].length) : raw)
    .trim()
    .split(/\s+/)
    .filter(Boolean);
  if (/^\/?netkb$/i.test(words[0] ?? '')) words.shift();
  const [typed, ...args] = words;
  const verb = typed?.toLowerCase();
  if (verb === 'diff' && args.length === 2) return { verb, from: args[0], to: args[1] };
  if (verb === 'diff') return { verb: 'help', reason: 'diff needs two releases, e.g. `/netkb diff 1.29 1.31`.' };
  if (verb === 'gate' && args.length === 1) return { verb, name: args[0] };
  if (verb === 'gate')
    return { verb: 'help', reason: 'gate needs one gate name, e.g. `/netkb gate NFTablesProxyMode`.' };
  if (verb === 'flag' && args.length === 2) return { verb, component: args[0], name: args[1] };
  if (verb === 'flag')
    return {
      verb: 'help',
      reason: 'flag needs a component and a flag name, e.g. `/netkb flag kube-proxy --proxy-mode`.',
    };
  if (verb === 'bundle' && args.length === 1) return { verb, kubernetes: args[0] };
  if (verb === 'bundle')
    return { verb: 'help', reason: 'bundle needs one Kubernetes release, e.g. `/netkb bundle 1.31`.' };
  if (verb === 'search' && args.length > 0) return { verb, text: args.join(' ') };
  if (verb === 'search')
    return { verb: 'help', reason: 'search needs words to look for, e.g. `/netkb search dual stack`.' };
  if (verb === 'check') {
    if (args.length !== 2)
      return {
        verb: 'help',
        reason:
          'check needs two releases and a manifest, e.g. `/netkb check 1.21 1.25` followed by the manifest in a code block.',
      };
    if (block && block[1].trim()) return { verb, from: args[0], to: args[1], manifest: block[1] };
    if (attached) return { verb, from: args[0], to: args[1], manifest: null };
    return {
      verb: 'help',
      reason: 'check needs a manifest: paste it in a code block after `/netkb check FROM TO`, or attach the file.',
    };
  }
  if (!verb || verb === 'help') return { verb: 'help', reason: null };
  return { verb: 'help', reason: `I do not know "${typed}".` };
}

const DIFF_QUERY = 'query ChatDiff($from: KubeVersion!, $to: KubeVersion!) { diff(from: $from, to: $to) { markdown } }';
const GATE_QUERY = 'query ChatGate($name: String!) { featureGate(name: $name) { markdown } }';
const FLAG_QUERY =
  'query ChatFlag($component: String!, $name: String!) { flag(component: $component, name: $name) { markdown } }';
const CHECK_QUERY =
  'query ChatCheck($from: KubeVersion!, $to: KubeVersion!, $manifest: String!) { upgradeReport(from: $from, to: $to, manifest: $manifest) { markdown } }';
const SEARCH_QUERY = `query ChatSearch($text: String!, $first: Int) { search(text: $text, first: $first) { totalCount nodes { score type
  subject { __typename
    ... on FeatureGate { name summary }
    ... on Flag { component name summary }
    ... on ApiVersion { apiVersion kind removedIn }
    ... on ApiField { kind path summary }
    ... on WellKnownKey { key summary }
    ... on Metric { component name summary } }
  change { version summary prs sources } } } }`;

const BUNDLE_QUERY = `query ChatBundle($kubernetes: KubeVersion) {
  gatewayApiReleases(kubernetes: $kubernetes) { version releasedOn minKubernetes sources kinds(channel: STANDARD) { kind } } }`;
/** Bundles listed in one message, newest first. */
const BUNDLES_SHOWN = 5;

/** Errors that are about what the user typed or sent: shown to them as they are. */
const USER_ERRORS = new Set([
  'BAD_USER_INPUT',
  'PAYLOAD_TOO_LARGE',
  'MANIFEST_TOO_COMPLEX',
  'TEMPLATE_NOT_RENDERED',
  'KUSTOMIZATION',
  'NOT_A_MANIFEST',
  'BINARY_INPUT',
]);

export class ApiUnreachable extends Error {}

/** A reply that explains what was wrong with the input (a bad release, an unknown component, an attachment that cannot be read). */
export class UserMistake extends Error {}

/** The API's answer for a name it does not have (NOT_FOUND): the closest names it knows. */
class NotFound extends Error {
  constructor(suggestions) {
    super('not found');
    this.suggestions = suggestions;
  }
}

async function graphql(url, query, variables, fetchImpl) {
  let res;
  try {
    res = await fetchImpl(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query, variables }),
    });
  } catch (err) {
    throw new ApiUnreachable(
      `netkb is not reachable at ${url}: ${err.cause?.code ?? err.cause?.errors?.[0]?.code ?? err.cause?.message ?? err.message}`,
    );
  }
  let body;
  try {
    body = await res.json();
  } catch {
    throw new ApiUnreachable(`netkb at ${url} answered HTTP ${res.status} without JSON`);
  }
  if (body.errors?.length) {
    const e = body.errors[0];
    if (e.extensions?.code === 'NOT_FOUND') throw new NotFound(e.extensions.suggestions ?? []);
    if (USER_ERRORS.has(e.extensions?.code)) throw new UserMistake(`${e.message}\n`);
    throw new ApiUnreachable(`netkb answered an error: ${e.message} (${e.extensions?.code ?? 'no code'})`);
  }
  return body.data;
}

const backticked = (names) => names.map((n) => `\`${n}\``).join(', ');

/** One line for a search result: what it is, its name and the start of its summary. */
function searchLine(hit) {
  const s = hit.subject;
  const short = (text) => {
    const flat = String(text ?? '')
      .replace(/\s+/g, ' ')
      .trim();
    return flat.length > 120 ? `${flat.slice(0, 119).replace(/\s+\S*$/, '')}…` : flat;
  };
  if (hit.change) {
    const c = hit.change;
    const pr = c.prs[0] ? c.sources.find((u) => u.endsWith(`/pull/${c.prs[0]}`)) : null;
    return `${c.version} release note: ${short(c.summary)}${pr ? ` ([#${c.prs[0]}](${pr}))` : ''}`;
  }
  switch (s?.__typename) {
    case 'FeatureGate':
      return `gate \`${s.name}\`: ${short(s.summary)}`;
    case 'Flag':
      return `flag ${s.component} \`${s.name}\`: ${short(s.summary)}`;
    case 'ApiVersion':
      return `API \`${s.apiVersion}\` ${s.kind}${s.removedIn ? ` (removed in ${s.removedIn})` : ''}`;
    case 'ApiField':
      return `field ${s.kind} \`${s.path}\`: ${short(s.summary)}`;
    case 'WellKnownKey':
      return `key \`${s.key}\`: ${short(s.summary)}`;
    case 'Metric':
      return `metric ${s.component} \`${s.name}\`: ${short(s.summary)}`;
    default:
      return `${hit.type.toLowerCase()}`;
  }
}

async function ask(c, url, fetchImpl) {
  switch (c.verb) {
    case 'diff':
      return { ok: true, text: (await graphql(url, DIFF_QUERY, { from: c.from, to: c.to }, fetchImpl)).diff.markdown };
    case 'check':
      return {
        ok: true,
        text: (await graphql(url, CHECK_QUERY, { from: c.from, to: c.to, manifest: c.manifest }, fetchImpl))
          .upgradeReport.markdown,
      };
    case 'gate': {
      try {
        return { ok: true, text: (await graphql(url, GATE_QUERY, { name: c.name }, fetchImpl)).featureGate.markdown };
      } catch (err) {
        // An unknown gate: the API names the closest ones.
        if (!(err instanceof NotFound)) throw err;
        const names = err.suggestions;
        return {
          ok: false,
          text: `No feature gate is named \`${c.name}\`.${names.length ? ` Did you mean ${backticked(names)}?` : ''}\n`,
        };
      }
    }
    case 'flag': {
      // An unknown component is BAD_USER_INPUT, an unknown flag NOT_FOUND, each with the closest names.
      try {
        const data = await graphql(url, FLAG_QUERY, { component: c.component, name: c.name }, fetchImpl);
        return { ok: true, text: data.flag.markdown };
      } catch (err) {
        if (!(err instanceof NotFound)) throw err;
        const names = err.suggestions;
        return {
          ok: false,
          text: `${c.component} has no flag \`${c.name}\`.${names.length ? ` Did you mean ${backticked(names)}?` : ''}\n`,
        };
      }
    }
    case 'search': {
      const { search } = await graphql(url, SEARCH_QUERY, { text: c.text, first: SEARCH_FIRST }, fetchImpl);
      if (search.totalCount === 0) return { ok: true, text: `Nothing in the knowledge base matches "${c.text}".\n` };
      const lines = search.nodes.map((h) => `- ${searchLine(h)}`);
      const more = search.totalCount - search.nodes.length;
      return {
        ok: true,
        text:
          [
            `**netkb search "${c.text}"**: ${search.totalCount} result${search.totalCount === 1 ? '' : 's'}`,
            '',
            ...lines,
            ...(more > 0 ? [`…and ${more} more`] : []),
          ].join('\n') + '\n',
      };
    }
    case 'bundle': {
      const { gatewayApiReleases: fit } = await graphql(url, BUNDLE_QUERY, { kubernetes: c.kubernetes }, fetchImpl);
      if (fit.length === 0)
        return { ok: true, text: `No Gateway API bundle netkb knows supports Kubernetes ${c.kubernetes}.\n` };
      const newest = [...fit].reverse();
      const line = (r) => {
        const tag = r.sources.find((u) => /releases\/tag|CHANGELOG/.test(u));
        const name = tag ? `[${r.version}](${tag})` : r.version;
        const needs = r.minKubernetes ? `Kubernetes ${r.minKubernetes}+` : 'supported Kubernetes releases unknown';
        return `- ${name}${r.releasedOn ? ` (${r.releasedOn})` : ''}, ${needs}: ${r.kinds.map((k) => k.kind).join(', ')}`;
      };
      const more = fit.length - BUNDLES_SHOWN;
      return {
        ok: true,
        text:
          [
            `**Gateway API for Kubernetes ${c.kubernetes}**: ${fit.length} bundle${fit.length === 1 ? '' : 's'}, the newest ${newest[0].version} (standard kinds)`,
            '',
            ...newest.slice(0, BUNDLES_SHOWN).map(line),
            ...(more > 0 ? [`…and ${more} older`] : []),
          ].join('\n') + '\n',
      };
    }
    default:
      throw new Error(`unknown verb ${c.verb}`);
  }
}

/**
 * The reply to one chat command: { text, ok } where ok is false when the input was not understood.
 * attachment: a file sent with the command (its text, or a function that fetches it), used by check when
 * the command has no ``` code block.
 */
export async function answer(command, { url = DEFAULT_URL, fetch: fetchImpl = globalThis.fetch, attachment } = {}) {
  const c = parseCommand(command, { attached: attachment !== undefined && attachment !== null });
  if (c.verb === 'help') return { ok: c.reason === null, text: c.reason ? `${c.reason}\n\n${HELP}` : HELP };
  try {
    if (c.verb === 'check' && c.manifest === null)
      c.manifest = typeof attachment === 'function' ? await attachment() : String(attachment);
    return await ask(c, url, fetchImpl);
  } catch (err) {
    if (err instanceof UserMistake)
      return { ok: false, text: err.message.endsWith('\n') ? err.message : `${err.message}\n` };
    throw err;
  }
}

/** Slack's escaping: &, < and > are control characters in its text, so literal ones are sent as entities. */
export function escapeSlack(text) {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** Text Slack sent us (a slash command's text, a message): its entities back to the characters typed. */
export function unescapeSlack(text) {
  return String(text).replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
}

/** Slack's mrkdwn: literal &, < and > escaped, *bold* instead of **bold**, <url|label> instead of [label](url). */
export function toSlackMrkdwn(markdown) {
  return escapeSlack(markdown)
    .replace(/\[([^\]]*)\]\(([^)\s]+)\)/g, (_, label, url) => `<${url}|${label.replace(/\|/g, '/')}>`)
    .replace(/\*\*([^*]+)\*\*/g, '*$1*');
}

async function main(argv) {
  let slack = false;
  let file;
  const words = [];
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--slack') slack = true;
    else if (argv[i] === '--file') file = argv[++i] ?? '';
    else words.push(argv[i]);
  }
  if (file === '') {
    process.stderr.write('--file needs the path of a manifest\n');
    return 2;
  }
  const command = words.join(' ');
  try {
    const attachment = file === undefined ? undefined : () => readFile(file, 'utf8');
    const reply = await answer(command, { url: process.env.NETKB_URL || DEFAULT_URL, attachment });
    process.stdout.write(slack ? toSlackMrkdwn(reply.text) : reply.text);
    return reply.ok ? 0 : 2;
  } catch (err) {
    if (err instanceof ApiUnreachable) {
      process.stderr.write(`${err.message}\n`);
      return 1;
    }
    if (err?.code === 'ENOENT' && file !== undefined) {
      process.stderr.write(`cannot read ${file}: no such file\n`);
      return 2;
    }
    throw err;
  }
}

if (import.meta.url === `file://${process.argv[1]}` || process.argv[1]?.endsWith('netkb-chat.mjs')) {
  main(process.argv.slice(2)).then((code) => {
    process.exitCode = code;
  });
}
