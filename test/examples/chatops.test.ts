// examples/chatops against a real test server: the chat script as a process (every verb, case-insensitive,
// help, mistakes, an unreachable API, Slack escaping) and the Slack endpoint (signature checked, slash
// commands with a manifest in a code block, events with an attached manifest downloaded from a local fake
// of Slack's file host with the bot token and answered through a fake chat.postMessage).
import { spawn } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { writeFileSync, mkdtempSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { projectRoot } from '../../src/config';
import { runNode } from '../support/cli';
import { startTestServer, type TestServer } from '../support/http';

const script = join(projectRoot(), 'examples', 'chatops', 'netkb-chat.mjs');
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

const chat = (...args: string[]) => runNode([script, ...args], { NETKB_URL: server.url });

/**
 * Three Ingresses of extensions/v1beta1 with &, < and > in an annotation and a YAML anchor (&be) and alias
 * (*be): text still escaped the way Slack sends it would not read ("&amp;be" is another anchor).
 */
const THREE_INGRESSES = [0, 1, 2]
  .map((i) =>
    [
      '---',
      'apiVersion: extensions/v1beta1',
      'kind: Ingress',
      'metadata:',
      `  name: web-${i}`,
      '  annotations:',
      '    note: "a <b> & c > d"',
      'spec:',
      '  backend: &be {serviceName: web, servicePort: 80}',
      '  rules:',
      '    - http:',
      '        paths:',
      '          - path: /',
      '            backend: *be',
      '',
    ].join('\n'),
  )
  .join('');

describe('netkb-chat.mjs', () => {
  it('/netkb diff 1.29 1.31 prints the diff markdown the API serves', async () => {
    const r = await chat('/netkb', 'diff', '1.29', '1.31');
    expect(r.code).toBe(0);
    const expected = (await server.data('{ diff(from: "1.29", to: "1.31") { markdown } }')).diff.markdown;
    expect(r.stdout).toBe(expected);
    expect(r.stdout).toContain('- 1.30 `KubeProxyDrainingTerminatingNodes`: alpha (off) → beta (on)');
    // The ranked action list: the removals of 1.30's GA gates lead it.
    expect(r.stdout).toContain('**Action required**\n- 1.30: The ExpandedDNSConfig gate');
  });

  it('/netkb gate NFTablesProxyMode prints the gate markdown; --slack turns it into mrkdwn', async () => {
    const r = await chat('/netkb gate NFTablesProxyMode');
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('- 1.29–1.30: alpha, off by default');
    const slack = await chat('/netkb', 'gate', 'NFTablesProxyMode', '--slack');
    expect(
      slack.stdout.startsWith(
        '*Feature gate `NFTablesProxyMode`* · kube-proxy · SIG Network · <https://github.com/kubernetes/enhancements/tree/master/keps/sig-network/3866-nftables-proxy|KEP-3866>\n',
      ),
    ).toBe(true);
    expect(slack.stdout).not.toMatch(/\]\(http/);
  });

  it('answers mistakes in the chat: unknown gate with close names, unknown release, anything else gets help', async () => {
    const gate = await chat('/netkb gate NFTablesProxyMod');
    expect(gate.code).toBe(2);
    expect(gate.stdout).toBe('No feature gate is named `NFTablesProxyMod`. Did you mean `NFTablesProxyMode`?\n');
    const release = await chat('/netkb diff 1.29 1.99');
    expect(release.code).toBe(2);
    expect(release.stdout).toMatch(/^to: release 1\.99 is not in the knowledge base/);
    const other = await chat('/netkb frobnicate');
    expect(other.code).toBe(2);
    expect(other.stdout).toMatch(/^I do not know "frobnicate"\.\n\n\*\*netkb\*\* answers questions/);
    expect(other.stdout).toContain('`/netkb diff FROM TO`');
    const help = await chat('/netkb help');
    expect(help.code).toBe(0);
    expect((await chat('/netkb diff 1.29')).stdout).toMatch(/^diff needs two releases/);
  });

  it('takes verbs in any case', async () => {
    const expected = (await server.data('{ diff(from: "1.29", to: "1.31") { markdown } }')).diff.markdown;
    const r = await chat('/NetKB', 'DIFF', '1.29', '1.31');
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(expected);
    expect((await chat('Gate NFTablesProxyMode')).stdout).toContain('**Feature gate `NFTablesProxyMode`**');
  });

  it('flag COMPONENT NAME prints the flag markdown the API serves, and close names for an unknown flag', async () => {
    const r = await chat('/netkb flag kube-proxy --proxy-mode');
    expect(r.code).toBe(0);
    const { flag } = await server.data('{ flag(component: "kube-proxy", name: "--proxy-mode") { markdown } }');
    expect(r.stdout).toBe(flag.markdown);
    expect(r.stdout.startsWith('**kube-proxy `--proxy-mode`**\n')).toBe(true);
    // The newest notes, then how many older ones the message leaves out.
    const { flag: notes } = await server.data(
      '{ flag(component: "kube-proxy", name: "--proxy-mode") { changes { version } } }',
    );
    const shown = r.stdout.match(/^- 1\.\d+: /gm) ?? [];
    expect(r.stdout).toContain(`\n- ${notes.changes[0].version}: `);
    expect(r.stdout).toContain(`\n…and ${notes.changes.length - shown.length} older release notes\n`);
    const typo = await chat('/netkb flag kube-proxy --proxy-mod');
    expect(typo.code).toBe(2);
    expect(typo.stdout).toBe('kube-proxy has no flag `--proxy-mod`. Did you mean `--proxy-mode`?\n');
    const usage = await chat('/netkb flag kube-proxy');
    expect(usage.code).toBe(2);
    expect(usage.stdout).toMatch(/^flag needs a component and a flag name/);
  });

  it('search TEXT lists what the search connection finds, with its total', async () => {
    const r = await chat('/netkb', 'search', 'nftables');
    expect(r.code).toBe(0);
    const { search } = await server.data('{ search(text: "nftables", first: 8) { totalCount nodes { type } } }');
    expect(r.stdout.startsWith(`**netkb search "nftables"**: ${search.totalCount} results\n\n`)).toBe(true);
    expect(r.stdout).toMatch(/^- gate `NFTablesProxyMode`: /m);
    expect(r.stdout.split('\n').filter((l) => l.startsWith('- '))).toHaveLength(search.nodes.length);
    if (search.totalCount > search.nodes.length)
      expect(r.stdout).toContain(`…and ${search.totalCount - search.nodes.length} more`);
    const none = await chat('/netkb search zzqxnotathing');
    expect(none.stdout).toBe('Nothing in the knowledge base matches "zzqxnotathing".\n');
  });

  it('bundle KUBERNETES lists the Gateway API bundles gatewayApiReleases(kubernetes:) answers, newest first', async () => {
    const r = await chat('/netkb', 'Bundle', '1.31');
    expect(r.code).toBe(0);
    const { gatewayApiReleases: fit } = await server.data(
      '{ gatewayApiReleases(kubernetes: "1.31") { version minKubernetes } }',
    );
    const newest = fit[fit.length - 1];
    expect(r.stdout.split('\n')[0]).toBe(
      `**Gateway API for Kubernetes 1.31**: ${fit.length} bundles, the newest ${newest.version} (standard kinds)`,
    );
    const lines = r.stdout.split('\n').filter((l) => l.startsWith('- '));
    expect(lines).toHaveLength(Math.min(5, fit.length));
    expect(lines[0]).toMatch(
      new RegExp(
        `^- \\[${newest.version.replace(/\./g, '\\.')}\\]\\(.+\\).*Kubernetes ${newest.minKubernetes}\\+: .*HTTPRoute`,
      ),
    );
    expect(r.stdout).toContain(`…and ${fit.length - 5} older`);
    expect(r.stdout).not.toContain('v1.6.0'); // needs 1.32
    const usage = await chat('/netkb bundle');
    expect(usage.code).toBe(2);
    expect(usage.stdout).toMatch(/^bundle needs one Kubernetes release/);
    const none = await chat('/netkb bundle 1.10');
    expect(none.stdout).toBe('No Gateway API bundle netkb knows supports Kubernetes 1.10.\n');
  });

  it('check FROM TO reads the manifest from a code block or a file and prints the report markdown', async () => {
    const expected = (
      await server.data('query($m: String!) { upgradeReport(from: "1.21", to: "1.25", manifest: $m) { markdown } }', {
        m: THREE_INGRESSES,
      })
    ).upgradeReport.markdown;
    expect(expected).toContain('3 × Ingress (web-0, web-1, web-2)');
    const block = await chat(`/netkb check 1.21 1.25\n\`\`\`yaml\n${THREE_INGRESSES}\`\`\``);
    expect(block.code).toBe(0);
    expect(block.stdout).toBe(expected);
    const dir = mkdtempSync(join(tmpdir(), 'netkb-chat-'));
    writeFileSync(join(dir, 'ingress.yaml'), THREE_INGRESSES);
    const file = await chat('check', '1.21', '1.25', '--file', join(dir, 'ingress.yaml'));
    expect(file.code).toBe(0);
    expect(file.stdout).toBe(expected);
    const missing = await chat('/netkb check 1.21 1.25');
    expect(missing.code).toBe(2);
    expect(missing.stdout).toMatch(/^check needs a manifest: paste it in a code block/);
    const notManifest = await chat('/netkb check 1.21 1.25\n```\nhello: world\n```');
    expect(notManifest.code).toBe(2);
    expect(notManifest.stdout).toMatch(/^manifest: /);
  });

  it('--slack escapes &, < and > of the text, so hugepages-<size> arrives intact', async () => {
    const md = (await chat('/netkb gate DownwardAPIHugePages')).stdout;
    expect(md).toContain('requests.hugepages-<size>');
    const slack = (await chat('/netkb', 'gate', 'DownwardAPIHugePages', '--slack')).stdout;
    expect(slack).toContain('requests.hugepages-&lt;size&gt;');
    // The only < and > left are Slack's own link syntax.
    expect(slack.replace(/<https:\/\/[^|>\s]+\|[^>]*>/g, '')).not.toMatch(/[<>]/);
    expect(slack).toMatch(/<https:\/\/github\.com\/kubernetes\/enhancements\/[^|]+\|KEP-2053>/);
  });

  it('exit 1 with a message on stderr when the API cannot be reached', async () => {
    const r = await runNode([script, 'diff', '1.29', '1.31'], { NETKB_URL: 'http://127.0.0.1:9/graphql' });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^netkb is not reachable at http:\/\/127\.0\.0\.1:9\/graphql/);
    expect(r.stdout).toBe('');
  });
});

describe('slack-command.mjs', () => {
  const SECRET = 'test-signing-secret';

  /** The endpoint as a process, as it would run next to a bot; requests signed the way Slack documents it. */
  async function withSlackServer(
    fn: (url: string, sign: (body: string, ts?: number) => Record<string, string>) => Promise<void>,
    env: Record<string, string> = {},
  ) {
    const child = spawn(process.execPath, [join(projectRoot(), 'examples', 'chatops', 'slack-command.mjs')], {
      env: { ...process.env, SLACK_SIGNING_SECRET: SECRET, NETKB_URL: server.url, PORT: '0', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout!.on('data', (d) => {
      out += d;
    });
    child.stderr!.on('data', (d) => {
      out += d;
    });
    try {
      const port = await new Promise<number>((resolve, reject) => {
        const timer = setInterval(() => {
          const m = /listening on :(\d+)/.exec(out);
          if (m) {
            clearInterval(timer);
            resolve(Number(m[1]));
          }
          if (child.exitCode !== null) {
            clearInterval(timer);
            reject(new Error(out));
          }
        }, 50);
      });
      const sign = (body: string, ts = Math.floor(Date.now() / 1000)) => ({
        'content-type': 'application/x-www-form-urlencoded',
        'x-slack-request-timestamp': String(ts),
        'x-slack-signature': `v0=${createHmac('sha256', SECRET).update(`v0:${ts}:${body}`).digest('hex')}`,
      });
      await fn(`http://127.0.0.1:${port}/`, sign);
    } finally {
      child.kill('SIGTERM');
    }
  }

  it('answers a signed /netkb command in the channel, in mrkdwn', async () => {
    await withSlackServer(async (url, sign) => {
      const body = new URLSearchParams({ command: '/netkb', text: 'gate NFTablesProxyMode' }).toString();
      const res = await fetch(url, { method: 'POST', headers: sign(body), body });
      expect(res.status).toBe(200);
      const reply = (await res.json()) as any;
      expect(reply.response_type).toBe('in_channel');
      expect(reply.text).toContain('*Stages*\n- 1.29–1.30: alpha, off by default');
    });
  });

  it('refuses an unsigned, wrongly signed or stale request, and answers help only to the sender', async () => {
    await withSlackServer(async (url, sign) => {
      const body = 'command=%2Fnetkb&text=diff+1.29+1.31';
      expect((await fetch(url, { method: 'POST', body })).status).toBe(401);
      expect(
        (await fetch(url, { method: 'POST', headers: { ...sign(body), 'x-slack-signature': 'v0=00' }, body })).status,
      ).toBe(401);
      expect(
        (await fetch(url, { method: 'POST', headers: sign(body, Math.floor(Date.now() / 1000) - 3600), body })).status,
      ).toBe(401);
      const helpBody = 'command=%2Fnetkb&text=what';
      const help = (await (
        await fetch(url, { method: 'POST', headers: sign(helpBody), body: helpBody })
      ).json()) as any;
      expect(help.response_type).toBe('ephemeral');
      expect(help.text).toMatch(/^I do not know "what"\./);
    });
  });

  it('takes a slash command with a manifest in a code block, as Slack escapes it, and answers the report', async () => {
    const expected = (
      await server.data('query($m: String!) { upgradeReport(from: "1.21", to: "1.25", manifest: $m) { markdown } }', {
        m: THREE_INGRESSES,
      })
    ).upgradeReport.markdown;
    await withSlackServer(async (url, sign) => {
      // Slack sends the typed &, < and > as entities.
      const typed = `CHECK 1.21 1.25\n\`\`\`\n${THREE_INGRESSES}\`\`\``;
      const escaped = typed.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
      const body = new URLSearchParams({ command: '/netkb', text: escaped }).toString();
      const reply = (await (await fetch(url, { method: 'POST', headers: sign(body), body })).json()) as any;
      expect(reply.response_type).toBe('in_channel');
      expect(reply.text).toContain('3 × Ingress (web-0, web-1, web-2)');
      expect(reply.text.startsWith(expected.split('\n')[0].replace(/\*\*/g, '*'))).toBe(true);
    });
  });

  it('answers a mention with an attached manifest: downloads it with the bot token, replies in the thread', async () => {
    const TOKEN = 'xoxb-test-token';
    const posted: any[] = [];
    const downloads: (string | undefined)[] = [];
    let answered!: () => void;
    const answeredOnce = new Promise<void>((resolve) => (answered = resolve));
    const body = (req: IncomingMessage) =>
      new Promise<string>((resolve) => {
        let text = '';
        req.on('data', (d) => (text += d));
        req.on('end', () => resolve(text));
      });
    // A local stand-in for Slack: its file host (url_private_download) and its Web API (chat.postMessage).
    const slack = createServer((req, res) => void answer(req, res));
    const answer = async (req: IncomingMessage, res: ServerResponse) => {
      if (req.method === 'GET' && req.url === '/files-pri/T1-F1/download/ingress.yaml') {
        downloads.push(req.headers.authorization);
        if (req.headers.authorization !== `Bearer ${TOKEN}`) {
          res.writeHead(200, { 'content-type': 'text/html' });
          return res.end('<html>sign in</html>');
        }
        res.writeHead(200, { 'content-type': 'application/octet-stream' });
        return res.end(THREE_INGRESSES);
      }
      if (req.method === 'POST' && req.url === '/api/chat.postMessage') {
        posted.push({ auth: req.headers.authorization, ...JSON.parse(await body(req)) });
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end('{"ok":true}');
        return answered();
      }
      res.writeHead(404).end();
    };
    await new Promise<void>((resolve) => slack.listen(0, '127.0.0.1', resolve));
    const origin = `http://127.0.0.1:${(slack.address() as AddressInfo).port}`;
    try {
      await withSlackServer(
        async (url, sign) => {
          const challenge = JSON.stringify({ type: 'url_verification', challenge: 'c-123' });
          const hs = { ...sign(challenge), 'content-type': 'application/json' };
          expect(await (await fetch(url, { method: 'POST', headers: hs, body: challenge })).json()).toEqual({
            challenge: 'c-123',
          });
          const event = JSON.stringify({
            type: 'event_callback',
            event: {
              type: 'app_mention',
              text: '<@U0NETKB> check 1.21 1.25',
              channel: 'C0CHAN',
              ts: '1700000000.000100',
              files: [
                {
                  id: 'F1',
                  name: 'ingress.yaml',
                  size: THREE_INGRESSES.length,
                  url_private: `${origin}/files/T1-F1/ingress.yaml`,
                  url_private_download: `${origin}/files-pri/T1-F1/download/ingress.yaml`,
                },
              ],
            },
          });
          const ack = await fetch(url, {
            method: 'POST',
            headers: { ...sign(event), 'content-type': 'application/json' },
            body: event,
          });
          expect(ack.status).toBe(200);
          await answeredOnce;
        },
        { SLACK_BOT_TOKEN: TOKEN, SLACK_API_URL: `${origin}/api`, SLACK_FILES_ORIGIN: origin },
      );
    } finally {
      await new Promise((resolve) => slack.close(resolve));
    }
    expect(downloads).toEqual([`Bearer ${TOKEN}`]);
    expect(posted).toHaveLength(1);
    expect(posted[0]).toMatchObject({ auth: `Bearer ${TOKEN}`, channel: 'C0CHAN', thread_ts: '1700000000.000100' });
    expect(posted[0].text).toMatch(/^\*netkb: 1\.21 → 1\.25\* \(3 objects checked\): 3 breaking/);
    expect(posted[0].text).toContain('3 × Ingress (web-0, web-1, web-2)');
  });
});
