// The GraphQL explorer in a real browser: GraphiQL from the bundle (nothing from a CDN), with the example
// queries, running them against the API.
import type { Page } from 'playwright-core';
import { screenshot, useBrowser, type BrowserRun } from './browser';

// The callbacks given to page.evaluate and waitForFunction run in the page: these are its globals.
declare const document: any;

let run: BrowserRun;
let page: Page;
useBrowser((r) => {
  run = r;
  page = r.page;
});

describe('the explorer at /graphql', () => {
  it('opens GraphiQL with the example queries, loading nothing from other hosts', async () => {
    await page.goto(`${run.server.base}/graphql`);
    await page.locator('.graphiql-container').waitFor();
    const tabs = await page.locator('.graphiql-tab-button').allTextContents();
    expect(tabs.map((t) => t.trim())).toEqual(['GateLife', 'ReleaseDiff', 'UpgradeReport']);
    expect(await page.locator('.graphiql-logo').textContent()).toContain('netkb');
    expect(run.foreign).toEqual([]);
    expect(run.pageErrors).toEqual([]);
  });

  it("runs the gate's-life example and shows the API's answer", async () => {
    await page.locator('.graphiql-execute-button').click();
    await page.waitForFunction(() =>
      document.querySelector('.graphiql-response')?.textContent?.includes('"removedIn"'),
    );
    const response = (await page.locator('.graphiql-response').textContent()) ?? '';
    expect(response).toContain('"name": "SetHostnameAsFQDN"');
    expect(response).toContain('"removedIn": "1.24"');
    expect(response).not.toContain('QUERY_TOO_COMPLEX');
  });

  it('runs the upgrade-report example with its manifest variable', async () => {
    await page.locator('.graphiql-tab-button', { hasText: 'UpgradeReport' }).click();
    await page.locator('.graphiql-execute-button').click();
    await page.waitForFunction(() => document.querySelector('.graphiql-response')?.textContent?.includes('"summary"'));
    const response = (await page.locator('.graphiql-response').textContent()) ?? '';
    expect(response).toContain('"effectiveIn": "1.22"');
    expect(response).toContain('networking.k8s.io/v1');
    await screenshot(page, 'explorer', { docs: true });
    expect(run.pageErrors).toEqual([]);
    expect(run.foreign).toEqual([]);
  });
});
