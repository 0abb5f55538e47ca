// Every view of the dashboard checked with axe-core (Deque's rules for WCAG 2.x), run inside the page: no serious
// or critical violation, on a wide screen and a phone's, with a report shown where the view has one.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { projectRoot } from '../../src/config';
import { useBrowser, type BrowserRun } from './browser';

/** In page.evaluate: the browser's globals (the tests compile without the DOM library). */
declare const document: any, window: any;

let run: BrowserRun;
let page: Page;
useBrowser(
  (r) => {
    run = r;
  },
  { cleanPage: true },
);
beforeAll(async () => {
  page = await run.context.newPage();
});

const AXE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
const manifest = readFileSync(
  join(projectRoot(), 'test', 'fixtures', 'real-world', 'kube-proxy-daemonset-1.14.yaml'),
  'utf8',
);
const ingress =
  'apiVersion: extensions/v1beta1\nkind: Ingress\nmetadata:\n  name: web\nspec:\n  rules:\n  - host: a.example\n    http:\n      paths:\n      - path: /\n        backend: {serviceName: web, servicePort: 80}\n';

/** The serious and critical violations axe finds in the page as it is: rule, impact and the first elements. */
async function violations(p: Page): Promise<string[]> {
  // Evaluated as the test's own script: the page's Content-Security-Policy refuses inline scripts, as it should.
  await p.evaluate(AXE);
  const found = await p.evaluate(async () => {
    const axe = window.axe as { run(c: unknown, o: object): Promise<{ violations: any[] }> };
    const r = await axe.run(document, { resultTypes: ['violations'] });
    return r.violations.map((v) => ({
      id: v.id as string,
      impact: v.impact as string,
      nodes: (v.nodes as { target: string[] }[]).slice(0, 3).map((n) => n.target.join(' ')),
    }));
  });
  return found
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.join(', ')}`);
}

/** The views, each brought to the state worth checking. */
const VIEWS: [string, (p: Page) => Promise<void>][] = [
  ['gate timelines', async (p) => void (await p.goto(`${run.server.base}/?view=gates&sig=network`))],
  [
    'an opened gate',
    async (p) => {
      await p.goto(`${run.server.base}/?view=gates&sig=network`);
      await p.locator('button.gate-toggle').first().click();
    },
  ],
  ['release diff', async (p) => void (await p.goto(`${run.server.base}/?view=diff&from=1.15&to=1.20`))],
  [
    'a check report',
    async (p) => {
      await p.goto(`${run.server.base}/?view=check&from=1.15&to=1.20`);
      await p.locator('#manifest').fill(manifest);
      await p.locator('#check-run').click();
      await p.locator('#report-summary').waitFor();
    },
  ],
  [
    'a conversion',
    async (p) => {
      await p.goto(`${run.server.base}/?view=check&from=1.15&to=1.22`);
      await p.locator('#manifest').fill(ingress);
      await p.locator('#convert-run').click();
      await p.locator('#convert-summary').waitFor();
    },
  ],
  [
    'a Gateway API conversion',
    async (p) => {
      await p.goto(`${run.server.base}/?view=check&from=1.15&to=1.22`);
      await p.locator('#manifest').fill(ingress);
      await p.locator('#gateway-run').click();
      await p.locator('#gateway-summary').waitFor();
    },
  ],
  [
    'the Gateway API view, two bundles compared',
    async (p) => {
      await p.goto(`${run.server.base}/?view=gateway&from=1.30&to=1.31`);
      await p.locator('#ga-summary').waitFor();
    },
  ],
  [
    'an unknown Gateway API bundle, the picker kept to mend it',
    async (p) => {
      await p.goto(`${run.server.base}/?view=gateway&from=1.30&to=1.31&gaTo=v9.9.9`);
      await p.locator('#release-problem').waitFor();
    },
  ],
  [
    'an unknown SIG, the picker kept to mend it',
    async (p) => {
      await p.goto(`${run.server.base}/?view=diff&from=1.21&to=1.22&sig=Netwrk`);
      await p.locator('.results [role="alert"]').waitFor();
    },
  ],
  [
    'netkb unreachable, with Retry',
    async (p) => {
      await p.route('**/graphql', (route) => route.abort());
      try {
        await p.goto(`${run.server.base}/?view=gates&sig=network`);
        await p.locator('#main button.retry').waitFor();
      } finally {
        await p.unroute('**/graphql');
      }
    },
  ],
  [
    'a "run the check" link opened without the manifest',
    async (p) => {
      await p.goto(`${run.server.base}/?view=check&from=1.15&to=1.22`);
      await p.evaluate(() => window.sessionStorage.clear());
      await p.goto(`${run.server.base}/?view=check&from=1.15&to=1.22&run=1`);
      await p.locator('#run-without-manifest').waitFor();
    },
  ],
];

describe.each([
  ['a wide screen', 1280, 900],
  ['a phone', 390, 844],
])('the dashboard on %s passes axe-core', (_screen, width, height) => {
  beforeAll(async () => {
    await page.setViewportSize({ width, height });
  });

  it.each(VIEWS)('%s', async (_name, reach) => {
    await reach(page);
    await page.waitForLoadState('networkidle');
    expect(await violations(page)).toEqual([]);
  });
});
