#!/usr/bin/env node
// A Slack slash-command endpoint for `/netkb`, as a template: Slack POSTs the command as a form
// (text=diff 1.29 1.31) signed with the app's signing secret; this checks the signature, asks netkb
// through netkb-chat.mjs and answers with the message in Slack's mrkdwn. No dependencies.
//
//   SLACK_SIGNING_SECRET=... NETKB_URL=http://netkb:4000/graphql PORT=3000 node examples/chatops/slack-command.mjs
import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer } from 'node:http';
import { answer, toSlackMrkdwn } from './netkb-chat.mjs';

const MAX_BODY_BYTES = 64 * 1024;
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

export function createSlackCommandServer({ signingSecret, netkbUrl, fetch: fetchImpl = globalThis.fetch }) {
  if (!signingSecret)
    throw new Error('SLACK_SIGNING_SECRET is required: Slack shows it under Basic Information of the app');
  return createServer((req, res) => {
    const reply = (status, payload) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(payload));
    };
    if (req.method !== 'POST') return reply(405, { error: 'POST a Slack slash command here' });
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
    req.on('end', async () => {
      if (tooLarge) return;
      if (!verifySlackRequest(signingSecret, req.headers, body))
        return reply(401, { error: 'bad or missing Slack signature' });
      const text = new URLSearchParams(body).get('text') ?? '';
      try {
        const r = await answer(text, { url: netkbUrl, fetch: fetchImpl });
        // Answers go to the channel; help and mistakes only to the person who typed the command.
        reply(200, { response_type: r.ok ? 'in_channel' : 'ephemeral', text: toSlackMrkdwn(r.text) });
      } catch (err) {
        reply(200, { response_type: 'ephemeral', text: `netkb is not answering right now (${err.message}).` });
      }
    });
  });
}

if (process.argv[1]?.endsWith('slack-command.mjs')) {
  const port = Number(process.env.PORT ?? 3000);
  const server = createSlackCommandServer({
    signingSecret: process.env.SLACK_SIGNING_SECRET,
    netkbUrl: process.env.NETKB_URL || 'http://localhost:4000/graphql',
  });
  server.listen(port, () => process.stdout.write(`/netkb slash command listening on :${server.address().port}\n`));
}
