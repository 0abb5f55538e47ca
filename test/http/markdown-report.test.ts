// UpgradeReport.markdown over HTTP: equal findings share a line with their count and names, a fix keeps
// the sentences that say when and what instead, maxLength bounds the message and what is left out is
// counted, most severe first within a release.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { projectRoot } from '../../src/config';
import { startTestServer, type TestServer } from '../support/http';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

const REPORT = `query($from: KubeVersion!, $to: KubeVersion!, $manifest: String!, $max: Int) {
  upgradeReport(from: $from, to: $to, manifest: $manifest) {
    markdown(maxLength: $max)
    findings { message severity effectiveIn fix resource { name namespace } }
  } }`;

function ingress(apiVersion: string, name: string, namespace?: string): string {
  return [
    '---',
    `apiVersion: ${apiVersion}`,
    'kind: Ingress',
    'metadata:',
    `  name: ${name}`,
    ...(namespace ? [`  namespace: ${namespace}`] : []),
    'spec:',
    '  backend:',
    '    serviceName: web',
    '    servicePort: 80',
    '',
  ].join('\n');
}

/** 80 Ingresses of extensions/v1beta1 in namespace shop, then one of networking.k8s.io/v1beta1 named api. */
const EIGHTY =
  Array.from({ length: 80 }, (_, i) => ingress('extensions/v1beta1', `web-${i}`, 'shop')).join('') +
  ingress('networking.k8s.io/v1beta1', 'api');

/** The finding lines of a message ("- 🔴 ..."), and how many findings each stands for. */
function findingLines(md: string): { line: string; count: number }[] {
  return md
    .split('\n')
    .filter((l) => l.startsWith('- '))
    .map((line) => ({ line, count: Number(/^- \S+ (\d+) × /.exec(line)?.[1] ?? 1) }));
}

describe('UpgradeReport.markdown', () => {
  it('puts 80 equal findings on one line with their count and the first names', async () => {
    const { upgradeReport: r } = await server.data(REPORT, { from: '1.16', to: '1.22', manifest: EIGHTY });
    const removed = r.findings.filter(
      (f: any) => f.message === 'Ingress extensions/v1beta1 is no longer served from 1.22.',
    );
    expect(removed).toHaveLength(80);
    const md: string = r.markdown;
    expect(
      md.startsWith('**netkb: 1.16 → 1.22** (81 objects checked): 81 breaking, 0 warnings, 0 info\n\n**1.22**\n'),
    ).toBe(true);
    expect(md).toContain(
      '- 🔴 80 × Ingress (shop/web-0, shop/web-1, shop/web-2, …): Ingress extensions/v1beta1 is no longer served from 1.22. _Fix:_ ',
    );
    expect(md).not.toContain('shop/web-3');
    // The one networking.k8s.io/v1beta1 Ingress keeps its own line, with its line number.
    expect(md).toMatch(
      /^- 🔴 Ingress api, line \d+: Ingress networking\.k8s\.io\/v1beta1 is no longer served from 1\.22\./m,
    );
    const lines = findingLines(md);
    expect(lines).toHaveLength(2);
    expect(lines.reduce((n, l) => n + l.count, 0)).toBe(r.findings.length);
  });

  it('keeps the sentences of a fix that say when ("served only from 1.19"), not only the first', async () => {
    const { upgradeReport: r } = await server.data(REPORT, { from: '1.16', to: '1.22', manifest: EIGHTY });
    const api = r.findings.find((f: any) => f.resource.name === 'api');
    const [first, second] = api.fix.split(/(?<=\.)\s+/);
    expect(first).toBe('Change apiVersion to networking.k8s.io/v1.');
    expect(second).toBe('It is served only from 1.19: migrate once the cluster runs 1.19, before 1.22.');
    // The full fix goes on to explain the field renames; the chat line keeps what to do and when, what else
    // must be done (pathType is required in v1), and ends with " …" because it leaves the rest out.
    expect(api.fix).toContain('renames fields');
    const line = findingLines(r.markdown).find((l) => l.line.includes('Ingress api,'))!.line;
    expect(line).toContain(`_Fix:_ ${first} ${second}`);
    expect(line).toMatch(/`pathType`[^.]*is required on every path in v1/);
    expect(line.endsWith(' …')).toBe(true);
  });

  it('stays within maxLength, counts what it leaves out, and refuses a maxLength out of range', async () => {
    // Three releases of findings: Ingress (1.22), PodSecurityPolicy (1.25), a CronJob of batch/v1beta1 (1.25).
    const manifest =
      EIGHTY +
      '---\napiVersion: policy/v1beta1\nkind: PodSecurityPolicy\nmetadata: {name: restricted}\nspec: {}\n' +
      '---\napiVersion: batch/v1beta1\nkind: CronJob\nmetadata: {name: nightly}\nspec: {schedule: "@daily"}\n';
    const full = (await server.data(REPORT, { from: '1.16', to: '1.25', manifest })).upgradeReport;
    expect(full.markdown.length).toBeLessThanOrEqual(3000);
    expect(findingLines(full.markdown).reduce((n, l) => n + l.count, 0)).toBe(full.findings.length);
    const short = (await server.data(REPORT, { from: '1.16', to: '1.25', manifest, max: 500 })).upgradeReport;
    const md: string = short.markdown;
    expect(md.length).toBeLessThanOrEqual(500);
    const shown = findingLines(md).reduce((n, l) => n + l.count, 0);
    const untold = [...md.matchAll(/…and (\d+) more findings? in [\d.]+/g)].reduce((n, m) => n + Number(m[1]), 0);
    const closing = /^…and (\d+) more: /m.exec(md);
    expect(shown).toBeGreaterThan(0);
    expect(shown + (closing ? Number(closing[1]) : untold)).toBe(short.findings.length);
    for (const bad of [499, 3001]) {
      const res = await server.query(REPORT, { from: '1.16', to: '1.22', manifest: EIGHTY, max: bad });
      expect(res.errors![0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', argument: 'maxLength' });
      expect(res.errors![0].message).toBe(`maxLength must be from 500 to 3000, got ${bad}`);
    }
  });

  it('lists the most severe findings of a release first', async () => {
    // In this DaemonSet's report, 1.15 has a WARNING before two BREAKING findings in document order.
    const manifest = readFileSync(
      join(projectRoot(), 'test', 'fixtures', 'real-world', 'kube-proxy-daemonset-1.14.yaml'),
      'utf8',
    );
    const { upgradeReport: r } = await server.data(REPORT, { from: '1.15', to: '1.20', manifest });
    const at115 = r.findings.filter((f: any) => f.effectiveIn === '1.15').map((f: any) => f.severity);
    expect(at115.indexOf('WARNING')).toBeLessThan(at115.lastIndexOf('BREAKING'));
    const block = r.markdown.split('\n\n').find((b: string) => b.startsWith('**1.15**\n'));
    const icons = findingLines(block).map((l) => l.line.slice(2, 4));
    expect(icons).toEqual(['🔴', '🔴', '🟠']);
  });
});
