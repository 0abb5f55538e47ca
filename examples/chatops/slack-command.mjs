#!/usr/bin/env node
// A Slack endpoint for netkb, as a template. Slack POSTs here, signed with the app's signing secret:
// - the `/netkb` slash command, as a form (text=diff 1.29 1.31): answered in the HTTP reply;
// - Events API events (JSON): a mention of the app or a direct message, with a manifest attached for
//   `check`: acknowledged at once, then answered in the thread with chat.postMessage. The attached file is
//   downloaded from the URL the event's file object gives (url_private_download), with the bot token.
// Both ask netkb through netkb-chat.mjs and answer in Slack's mrkdwn. No dependencies.
//
//   SLACK_SIGNING_SECRET=... SLACK_BOT_TOKEN=xoxb-... NETKB_URL=http://netkb:4000/graphql PORT=3000 \
//     node examples/chatops/slack-command.mjs
import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer } from 'node:http';
import { answer, toSlackMrkdwn, unescapeSlack, UserMistake } from './netkb-chat.mjs';

/** A slash command's form or an event: room for a pasted manifest of a few hundred lines. */
const MAX_BODY_BYTES = 512 * 1024;
/** Largest attached manifest downloaded (netkb's own default limit is 5 MiB). */
const MAX_FILE_BYTES = 5 * 1024 * 1024;
/** Requests older than this are refused, so a captured request cannot be replayed later. */
const MAX_AGE_SECONDS = 5 * 60;

/** Slack's request signature: "v0=" + hex HMAC-SHA256 of "v0:<timestamp>:<raw body>" with the signing secret. */
export function slackSignature(secret, timestamp, body) {
  return `v0=${createHmac('sha256', secret).update(`v0:${timestamp}:${body}`).digest('hex')}`;
}

export function verifySlackRequest(secret, headers, body, nowSeconds = Math.floor(Date.now() / 1000)) {
  const timestamp = headers['x-slack-request-timestamp'];
  const signature = headers['x-slack-signature'];
  if (typeof timestamp !== 'string' || typeof signature !== 'string' || !/^\d+$/.test(timestamp)) return false;
  if (Math.abs(nowSeconds - Number(timestamp)) > MAX_AGE_SECONDS) return false;
  const expected = Buffer.from(slackSignature(secret, timestamp, body));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/**
 * The text of a file Slack gives in an event (its url_private_download, else url_private), fetched with
 * the bot token (the app needs the files:read scope). The token is sent only to Slack's file host.
 */
export async function downloadSlackFile(file, { botToken, fileOrigin, fetch: fetchImpl }) {
  const name = file.name ?? 'the attached file';
  const url = file.url_private_download ?? file.url_private;
  if (!url) throw new UserMistake(`Slack gave no download address for ${name}.`);
  if (new URL(url).origin !== fileOrigin)
    throw new UserMistake(`${name} is not on ${fileOrigin}: netkb only downloads files Slack hosts.`);
  if (typeof file.size === 'number' && file.size > MAX_FILE_BYTES)
    throw new UserMistake(`${name} is ${file.size} bytes; attach a manifest of at most ${MAX_FILE_BYTES} bytes.`);
  const res = await fetchImpl(url, { headers: { authorization: `Bearer ${botToken}` } });
  if (!res.ok) throw new UserMistake(`Slack refused to hand over ${name} (HTTP ${res.status}).`);
  // Without files:read Slack answers its sign-in page instead of the file.
  if ((res.headers.get('content-type') ?? '').startsWith('text/html'))
    throw new UserMistake(`Slack answered a web page instead of ${name}: does the app have the files:read scope?`);
  const text = await res.text();
  if (Buffer.byteLength(text) > MAX_FILE_BYTES)
    throw new UserMistake(`${name} is larger than ${MAX_FILE_BYTES} bytes; attach a smaller manifest.`);
  return text;
}

/** The command in a message that mentions the app ("<@U0APP> check 1.21 1.25"), as the person typed it. */
export function commandOfMessage(text) {
  return unescapeSlack(String(text ?? '').replace(/^\s*<@[A-Z0-9]+>\s*/, ''));
}

export function createSlackCommandServer({
  signingSecret,
  netkbUrl,
  botToken,
  slackApiUrl = 'https://slack.com/api',
  fileOrigin = 'https://files.slack.com',
  fetch: fetchImpl = globalThis.fetch,
  log = (line) => process.stderr.write(`${line}\n`),
}) {
  if (!signingSecret)
    throw new Error('SLACK_SIGNING_SECRET is required: Slack shows it under Basic Information of the app');

  async function postMessage(channel, threadTs, text) {
    const res = await fetchImpl(`${slackApiUrl}/chat.postMessage`, {
      method: 'POST',
      headers: { 'content-type': 'application/json; charset=utf-8', authorization: `Bearer ${botToken}` },
      body: JSON.stringify({ channel, thread_ts: threadTs, text }),
    });
    const reply = await res.json().catch(() => ({}));
    if (!reply.ok) log(`chat.postMessage failed: ${reply.error ?? `HTTP ${res.status}`}`);
  }

  /** A mention or a direct message: answered in its thread. */
  async function answerEvent(event) {
    const file = event.files?.[0];
    const attachment = file ? () => downloadSlackFile(file, { botToken, fileOrigin, fetch: fetchImpl }) : undefined;
    let text;
    try {
      text = toSlackMrkdwn(
        (await answer(commandOfMessage(event.text), { url: netkbUrl, fetch: fetchImpl, attachment })).text,
      );
    } catch (err) {
      text = `netkb is not answering right now (${toSlackMrkdwn(err.message)}).`;
    }
    await postMessage(event.channel, event.thread_ts ?? event.ts, text);
  }

  function onEvent(payload, headers, reply) {
    if (payload.type === 'url_verification') return reply(200, { challenge: payload.challenge });
    if (payload.type !== 'event_callback') return reply(200, {});
    // Slack expects the acknowledgement within three seconds and retries otherwise: answer first, work after,
    // and skip the retries of an event already being answered.
    reply(200, {});
    const event = payload.event ?? {};
    const addressed = event.type === 'app_mention' || (event.type === 'message' && event.channel_type === 'im');
    const own = event.bot_id || (event.subtype && event.subtype !== 'file_share');
    if (headers['x-slack-retry-num'] || !addressed || own) return;
    if (!botToken) return log('an event arrived but SLACK_BOT_TOKEN is not set: cannot answer it');
    answerEvent(event).catch((err) => log(`answering an event failed: ${err.message}`));
  }

  async function onCommand(body, reply) {
    // Slack sends &, < and > of the typed text as entities.
    const text = unescapeSlack(new URLSearchParams(body).get('text') ?? '');
    try {
      const r = await answer(text, { url: netkbUrl, fetch: fetchImpl });
      // Answers go to the channel; help and mistakes only to the person who typed the command.
      reply(200, { response_type: r.ok ? 'in_channel' : 'ephemeral', text: toSlackMrkdwn(r.text) });
    } catch (err) {
      reply(200, {
        response_type: 'ephemeral',
        text: `netkb is not answering right now (${toSlackMrkdwn(err.message)}).`,
      });
    }
  }

  return createServer((req, res) => {
    const reply = (status, payload) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(payload));
    };
    if (req.method !== 'POST') return reply(405, { error: 'POST a Slack slash command or event here' });
    let body = '';
    let tooLarge = false;
    req.setEncoding('utf8');
    req.on('data', (chunk) => {
      body += chunk;
      if (body.length > MAX_BODY_BYTES) {
        tooLarge = true;
        req.destroy();
      }
    });
    req.on('end', () => {
      if (tooLarge) return;
      if (!verifySlackRequest(signingSecret, req.headers, body))
        return reply(401, { error: 'bad or missing Slack signature' });
      if ((req.headers['content-type'] ?? '').startsWith('application/json')) {
        let payload;
        try {
          payload = JSON.parse(body);
        } catch {
          return reply(400, { error: 'the body is not JSON' });
        }
        return onEvent(payload, req.headers, reply);
      }
      void onCommand(body, reply);
    });
  });
}

if (process.argv[1]?.endsWith('slack-command.mjs')) {
  const port = Number(process.env.PORT ?? 3000);
  const server = createSlackCommandServer({
    signingSecret: process.env.SLACK_SIGNING_SECRET,
    botToken: process.env.SLACK_BOT_TOKEN,
    netkbUrl: process.env.NETKB_URL || 'http://localhost:4000/graphql',
    slackApiUrl: process.env.SLACK_API_URL || undefined,
    fileOrigin: process.env.SLACK_FILES_ORIGIN || undefined,
  });
  server.listen(port, () => process.stdout.write(`/netkb slash command listening on :${server.address().port}\n`));
}
