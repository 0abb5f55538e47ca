// examples/chatops against a real test server: the chat script as a process (answers, help, mistakes,
// an unreachable API) and the Slack slash-command endpoint (signature checked, reply in mrkdwn).
import { spawn } from 'node:child_process';
import { createHmac } from 'node:crypto';
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

describe('netkb-chat.mjs', () => {
  it('/netkb diff 1.29 1.31 prints the diff markdown the API serves', async () => {
    const r = await chat('/netkb', 'diff', '1.29', '1.31');
    expect(r.code).toBe(0);
    const expected = (await server.data('{ diff(from: "1.29", to: "1.31") { markdown } }')).diff.markdown;
    expect(r.stdout).toBe(expected);
    expect(r.stdout).toContain('- 1.31 `NFTablesProxyMode`: alpha (off) → beta (on)');
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
  ) {
    const child = spawn(process.execPath, [join(projectRoot(), 'examples', 'chatops', 'slack-command.mjs')], {
      env: { ...process.env, SLACK_SIGNING_SECRET: SECRET, NETKB_URL: server.url, PORT: '0' },
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
});
