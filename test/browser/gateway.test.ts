// The manifest check's "To Gateway API" in a real browser (Chromium): ingressToGateway's objects shown as the
// API returned them, with what was made and what was not converted, each with its input line.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { projectRoot } from '../../src/config';
import { fittingBundle } from '../../web/src/gateway-bundle';
import { useBrowser, type BrowserRun } from './browser';

let run: BrowserRun;
let page: Page;
useBrowser(
  (r) => {
    run = r;
    page = r.page;
  },
  { cleanPage: true },
);

const input = readFileSync(
  join(projectRoot(), 'test', 'fixtures', 'gateway', 'tls-rewrite-timeouts', 'in.yaml'),
  'utf8',
);

interface ApiGateway {
  manifest: string;
  changes: { line: number; description: string }[];
  unconverted: { severity: string; line: number; message: string }[];
}

describe('Ingress to Gateway API', () => {
  it("shows the API's objects, what was made and what was not converted, from the keyboard", async () => {
    await page.goto(`${run.server.base}/?view=check`);
    await page.waitForURL(/[?&]from=/);
    // The view's default releases, and the bundle that fits the one the cluster runs.
    const from = new URL(page.url()).searchParams.get('from')!;
    const { gatewayApiReleases: bundles } = await run.server.data<{
      gatewayApiReleases: { version: string; minKubernetes: string | null }[];
    }>('{ gatewayApiReleases { version minKubernetes } }');
    const { ingressToGateway: api } = await run.server.data<{ ingressToGateway: ApiGateway }>(
      `query($m: String!, $ga: String) { ingressToGateway(manifest: $m, gatewayApi: $ga) {
        manifest changes { line description } unconverted { severity line message } } }`,
      { m: input, ga: fittingBundle(bundles, from) },
    );
    await page.locator('#manifest').fill(input);
    await page.locator('#gateway-run').focus();
    await page.keyboard.press('Enter');
    await page.locator('#gateway-summary').waitFor();
    expect(await page.locator('#gateway-manifest code').textContent()).toBe(api.manifest);
    expect(await page.locator('#gateway-summary').textContent()).toContain(`${api.unconverted.length} not converted`);
    const made = await page.locator('#gateway-changes li .message').allTextContents();
    expect(made).toEqual(api.changes.map((c) => c.description));
    const left = await page
      .locator('#gateway-unconverted li')
      .evaluateAll((lis) =>
        lis.map((li) => ({ line: li.getAttribute('data-line'), message: li.querySelector('.message')!.textContent })),
      );
    expect(left).toEqual(api.unconverted.map((f) => ({ line: String(f.line), message: f.message })));
    expect(left.length).toBeGreaterThan(0);
  });

  it('says first, as an alert, which routes serve what the Ingress protected', async () => {
    const guarded = readFileSync(
      join(projectRoot(), 'test', 'fixtures', 'gateway', 'access-client-certificate', 'in.yaml'),
      'utf8',
    );
    await page.locator('#manifest').fill(guarded);
    await page.locator('#gateway-run').click();
    await page.locator('#gateway-unprotected').waitFor();
    expect(await page.locator('#gateway-unprotected').getAttribute('role')).toBe('alert');
    expect(await page.locator('#gateway-unprotected h3').textContent()).toMatch(/^✖ 2 routes UNPROTECTED/);
    expect(
      await page
        .locator('#gateway-unprotected li')
        .evaluateAll((lis) => lis.map((li) => li.getAttribute('data-route'))),
    ).toEqual(['partner-api', 'partner-docs']);
    expect(await page.locator('#gateway-unprotected li').nth(1).textContent()).toContain(
      'client certificate authentication (nginx.ingress.kubernetes.io/auth-tls-secret, line 11 of Ingress b2b/partner-api)',
    );
    // The alert comes before the download and the objects.
    const order = await page
      .locator('#gateway-result')
      .evaluate((el) => [...el.children].map((c) => c.id || c.className));
    expect(order.indexOf('gateway-unprotected')).toBeLessThan(order.indexOf('downloads'));
    // Nothing lost, no alert.
    await page.locator('#manifest').fill(input);
    await page.locator('#gateway-run').click();
    await page.locator('#gateway-unprotected').waitFor({ state: 'detached' });
    await page.locator('#gateway-summary').waitFor();
    expect(await page.locator('#gateway-summary').textContent()).toContain('2 not converted');
    // Marked by the most severe of what was not converted: a warning and a breaking item here.
    const mark = page.locator('#gateway-summary .sev').nth(1);
    expect(await mark.textContent()).toBe('✖ 2 not converted');
    expect(await mark.getAttribute('class')).toBe('sev sev-breaking');
    // Warnings only: marked as warnings, not as breaking.
    await page
      .locator('#manifest')
      .fill(readFileSync(join(projectRoot(), 'test', 'fixtures', 'gateway', 'canary', 'in.yaml'), 'utf8'));
    await page.locator('#gateway-run').click();
    // (an annotation ingress-nginx ignores on a canary, and HTTPS on the default certificate)
    await page.locator('#gateway-summary').filter({ hasText: '2 not converted' }).waitFor();
    expect(await mark.textContent()).toBe('▲ 2 not converted');
    expect(await mark.getAttribute('class')).toBe('sev sev-warning');
  });

  it('writes for the bundle that fits the releases chosen on the page, and says which and why', async () => {
    const { gatewayApiReleases: bundles } = await run.server.data<{
      gatewayApiReleases: { version: string; minKubernetes: string | null }[];
    }>('{ gatewayApiReleases { version minKubernetes } }');
    // Two upgrades the seed's minimums tell apart: from the oldest release some bundle supports, and from the
    // release the newest bundle needs.
    const mins = bundles.flatMap((b) => (b.minKubernetes ? [b.minKubernetes] : []));
    const newest = mins[mins.length - 1];
    const older = mins.find((m) => fittingBundle(bundles, m) !== fittingBundle(bundles, newest))!;
    expect(older).toBeDefined();
    for (const from of [older, newest]) {
      const expected = fittingBundle(bundles, from)!;
      const { ingressToGateway: api } = await run.server.data<{ ingressToGateway: ApiGateway }>(
        'query($m: String!, $ga: String) { ingressToGateway(manifest: $m, gatewayApi: $ga) { manifest changes { line description } unconverted { severity line message } } }',
        { m: input, ga: expected },
      );
      const to = `1.${Number(from.split('.')[1]) + 1}`;
      await page.goto(`${run.server.base}/?view=check&from=${from}&to=${to}`);
      await page.locator('#manifest').fill(input);
      await page.locator('#gateway-run').click();
      await page.locator('#gateway-bundle').waitFor();
      expect(await page.locator('#gateway-bundle').textContent()).toContain(
        `Written for the ${expected} bundle (standard channel): the newest bundle that supports Kubernetes ${from}, and so ${to} too.`,
      );
      expect(await page.locator('#gateway-manifest code').textContent()).toBe(api.manifest);
    }
  });

  it("shows the API's refusal of a manifest without an Ingress as a sentence", async () => {
    await page.locator('#manifest').fill('apiVersion: v1\nkind: Service\nmetadata: {name: web}\n');
    await page.locator('#gateway-run').click();
    await page.locator('#check-results [role="alert"]').waitFor();
    expect(await page.locator('#check-results [role="alert"]').textContent()).toContain('no Ingress');
    expect(await page.locator('#gateway-result').count()).toBe(0);
  });
});
