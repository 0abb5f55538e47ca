#!/usr/bin/env node
// A chat command for netkb, as a template for a bot: turns "/netkb diff 1.29 1.31" or
// "/netkb gate NFTablesProxyMode" into a GraphQL request to a netkb server and prints the chat-ready
// markdown it answers. No dependencies: Node 20's fetch only.
//
//   NETKB_URL=http://localhost:4000/graphql node examples/chatops/netkb-chat.mjs /netkb diff 1.29 1.31
//   node examples/chatops/netkb-chat.mjs gate NFTablesProxyMode --slack
//
// Exit codes: 0 answered, 2 the command was not understood or the API refused the input (the reply
// still explains it), 1 the API could not be reached.

const DEFAULT_URL = 'http://localhost:4000/graphql';

export const HELP =
  [
    '**netkb** answers questions about Kubernetes networking, release by release:',
    '- `/netkb diff FROM TO`: what changes on the way, e.g. `/netkb diff 1.29 1.31`',
    "- `/netkb gate NAME`: a feature gate's stages and links, e.g. `/netkb gate NFTablesProxyMode`",
  ].join('\n') + '\n';

/** "/netkb diff 1.29 1.31" -> { verb: 'diff', from: '1.29', to: '1.31' }; anything else -> help with a reason. */
export function parseCommand(text) {
  const words = String(text).trim().split(/\s+/).filter(Boolean);
  if (words[0] === '/netkb' || words[0] === 'netkb') words.shift();
  const [verb, ...args] = words;
  if (verb === 'diff' && args.length === 2) return { verb, from: args[0], to: args[1] };
  if (verb === 'diff') return { verb: 'help', reason: 'diff needs two releases, e.g. `/netkb diff 1.29 1.31`.' };
  if (verb === 'gate' && args.length === 1) return { verb, name: args[0] };
  if (verb === 'gate')
    return { verb: 'help', reason: 'gate needs one gate name, e.g. `/netkb gate NFTablesProxyMode`.' };
  if (!verb || verb === 'help') return { verb: 'help', reason: null };
  return { verb: 'help', reason: `I do not know "${verb}".` };
}

const DIFF_QUERY = 'query ChatDiff($from: KubeVersion!, $to: KubeVersion!) { diff(from: $from, to: $to) { markdown } }';
const GATE_QUERY = 'query ChatGate($name: String!) { featureGate(name: $name) { markdown } }';
const GATE_NAMES_QUERY = 'query ChatGateNames { featureGates { name } }';

class ApiUnreachable extends Error {}

function editDistance(a, b) {
  const row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    let diag = row[0];
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const up = row[j];
      row[j] = Math.min(row[j] + 1, row[j - 1] + 1, diag + (a[i - 1] === b[j - 1] ? 0 : 1));
      diag = up;
    }
  }
  return row[b.length];
}

/** Up to three known names that contain the typed one or are a few edits away from it. */
export function closeNames(typed, names) {
  const t = typed.toLowerCase();
  return names
    .map((name) => ({ name, contains: name.toLowerCase().includes(t), d: editDistance(t, name.toLowerCase()) }))
    .filter((x) => x.contains || x.d <= Math.max(2, Math.floor(t.length / 3)))
    .sort((a, b) => Number(b.contains) - Number(a.contains) || a.d - b.d)
    .slice(0, 3)
    .map((x) => x.name);
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
  return body;
}

/** The reply to one chat command: { text, ok } where ok is false when the input was not understood. */
export async function answer(command, { url = DEFAULT_URL, fetch: fetchImpl = globalThis.fetch } = {}) {
  const c = parseCommand(command);
  if (c.verb === 'help') return { ok: c.reason === null, text: c.reason ? `${c.reason}\n\n${HELP}` : HELP };
  const body =
    c.verb === 'diff'
      ? await graphql(url, DIFF_QUERY, { from: c.from, to: c.to }, fetchImpl)
      : await graphql(url, GATE_QUERY, { name: c.name }, fetchImpl);
  if (body.errors?.length) {
    const e = body.errors[0];
    if (e.extensions?.code === 'BAD_USER_INPUT') return { ok: false, text: `${e.message}\n` };
    throw new ApiUnreachable(`netkb answered an error: ${e.message} (${e.extensions?.code ?? 'no code'})`);
  }
  if (c.verb === 'diff') return { ok: true, text: body.data.diff.markdown };
  if (body.data.featureGate) return { ok: true, text: body.data.featureGate.markdown };
  // Unknown gate: offer the closest names.
  const all = await graphql(url, GATE_NAMES_QUERY, {}, fetchImpl);
  const names = closeNames(
    c.name,
    (all.data?.featureGates ?? []).map((g) => g.name),
  );
  return {
    ok: false,
    text: `No feature gate is named \`${c.name}\`.${names.length ? ` Did you mean ${names.map((n) => `\`${n}\``).join(', ')}?` : ''}\n`,
  };
}

/** Slack's mrkdwn: *bold* instead of **bold**, <url|label> instead of [label](url). */
export function toSlackMrkdwn(markdown) {
  return markdown.replace(/\[([^\]]*)\]\(([^)\s]+)\)/g, '<$2|$1>').replace(/\*\*([^*]+)\*\*/g, '*$1*');
}

async function main(argv) {
  const slack = argv.includes('--slack');
  const command = argv.filter((a) => a !== '--slack').join(' ');
  try {
    const reply = await answer(command, { url: process.env.NETKB_URL || DEFAULT_URL });
    process.stdout.write(slack ? toSlackMrkdwn(reply.text) : reply.text);
    return reply.ok ? 0 : 2;
  } catch (err) {
    if (!(err instanceof ApiUnreachable)) throw err;
    process.stderr.write(`${err.message}\n`);
    return 1;
  }
}

if (import.meta.url === `file://${process.argv[1]}` || process.argv[1]?.endsWith('netkb-chat.mjs')) {
  main(process.argv.slice(2)).then((code) => {
    process.exitCode = code;
  });
}
