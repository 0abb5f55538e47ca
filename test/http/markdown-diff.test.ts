// VersionDiff.markdown ranks by what hurts (API versions no longer served and action-required notes before
// gates and flags, deprecations last) and, on a server with NETKB_PUBLIC_URL, links every "…and N more"
// line to the dashboard's view of that diff.
import { ConfigError, publicUrl } from '../../src/config';
import { startTestServer, type TestServer } from '../support/http';

let server: TestServer;
let linked: TestServer;
beforeAll(async () => {
  server = await startTestServer();
  linked = await startTestServer({ publicUrl: publicUrl({ NETKB_PUBLIC_URL: 'https://netkb.example.com/team' })! });
});
afterAll(async () => {
  await server.close();
  await linked.close();
});

const DIFF = `query($max: Int) { diff(from: "1.21", to: "1.25") {
  markdown(maxLength: $max) removedApiVersions { apiVersion kind removedIn } } }`;

const titles = (md: string) => [...md.matchAll(/^\*\*([^*]+)\*\*$/gm)].map((m) => m[1]);

describe('VersionDiff.markdown ranking', () => {
  it('1.21 → 1.25 in 1,200 characters names the Ingress removal at 1.22 first', async () => {
    const { diff } = await server.data(DIFF, { max: 1200 });
    const md: string = diff.markdown;
    expect(md.length).toBeLessThanOrEqual(1200);
    const ingress = diff.removedApiVersions.filter((a: any) => a.kind === 'Ingress');
    expect(ingress.map((a: any) => `${a.apiVersion}@${a.removedIn}`).sort()).toEqual([
      'extensions/v1beta1@1.22',
      'networking.k8s.io/v1beta1@1.22',
    ]);
    expect(md).toContain(
      '**API versions removed**\n- 1.22 `extensions/v1beta1`, `networking.k8s.io/v1beta1` Ingress no longer served; use `networking.k8s.io/v1` · [#',
    );
    // One line for both, and the count of the rest adds up to every removal.
    expect(md).toContain(`…and ${diff.removedApiVersions.length - 2} more API versions removed`);
  });

  it('orders the lists by what hurts: removals, action required, gates, flags removed, then deprecations', async () => {
    const md: string = (await server.data(DIFF, {})).diff.markdown;
    expect(md.length).toBeLessThanOrEqual(3000);
    expect(titles(md)).toEqual([
      'API versions removed',
      'Action required',
      'Feature gates',
      'Flags removed',
      'API versions deprecated',
      'Flags deprecated',
    ]);
  });
});

describe('VersionDiff.markdown with NETKB_PUBLIC_URL', () => {
  const VIEW = 'https://netkb.example.com/team/?view=diff&from=1.21&to=1.25';

  it('links every "…and N more" line to the dashboard view of the diff', async () => {
    const md: string = (await linked.data(DIFF, { max: 1200 })).diff.markdown;
    expect(md.length).toBeLessThanOrEqual(1200);
    const more = md.split('\n').filter((l) => l.includes('…and '));
    expect(more.length).toBeGreaterThan(1);
    for (const line of more)
      expect(line).toMatch(new RegExp(`^\\[…and \\d+ more[^\\]]*\\]\\(${VIEW.replace(/[?.]/g, '\\$&')}\\)$`));
    // Without the setting the same lines are plain text.
    const plain: string = (await server.data(DIFF, { max: 1200 })).diff.markdown;
    expect(plain).not.toContain('netkb.example.com');
    expect(plain).toMatch(/^…and \d+ more API versions removed$/m);
  });

  it('takes only an absolute http(s) URL without query, fragment or credentials', () => {
    expect(publicUrl({})).toBeNull();
    expect(publicUrl({ NETKB_PUBLIC_URL: 'http://localhost:4000' })).toBe('http://localhost:4000/');
    for (const bad of [
      'netkb.example.com',
      'ftp://netkb.example.com/',
      'https://x/?view=diff',
      'https://x/#a',
      'https://u:p@x/',
    ])
      expect(() => publicUrl({ NETKB_PUBLIC_URL: bad })).toThrow(ConfigError);
    expect(() => publicUrl({ NETKB_PUBLIC_URL: 'netkb.example.com' })).toThrow(/NETKB_PUBLIC_URL "netkb.example.com"/);
  });
});
