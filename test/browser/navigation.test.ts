// Moving around the dashboard and getting out of trouble, in Chromium: Back and Forward walk through the
// choices made inside a view, a switch of view keeps the releases, a link without releases opens the newest
// upgrade the knowledge base holds, and every error state keeps the controls that mend it (a Retry for a
// request that did not reach netkb; a "run the check" link opened without the manifest says why nothing ran).
import type { Page } from 'playwright-core';
import { useBrowser, type BrowserRun } from './browser';

/** In page.waitForFunction: the browser's globals (the tests compile without the DOM library). */
declare const document: any;

let run: BrowserRun;
let page: Page;
useBrowser(
  (r) => {
    run = r;
    page = r.page;
  },
  { cleanPage: true },
);

const params = (p: Page = page) => Object.fromEntries(new URL(p.url()).searchParams);
const groups = () => page.locator('.release-group').evaluateAll((s) => s.map((x) => x.getAttribute('data-release')));
/** Waits until the diff lists exactly the releases from the one after `from` to `to`. */
async function diffShows(first: string, last: string): Promise<void> {
  await page.waitForFunction(
    ([a, b]) => {
      const shown = [...document.querySelectorAll('.release-group')].map((s: any) => s.getAttribute('data-release'));
      return shown.length > 0 && shown[0] === a && shown[shown.length - 1] === b;
    },
    [first, last],
  );
}
const nav = (title: string) => page.locator('#nav a', { hasText: title });

describe('Back and Forward', () => {
  it('walk through the releases and the SIG chosen in the release diff, staying on the dashboard', async () => {
    await page.goto('about:blank');
    await page.goto(`${run.server.base}/?view=diff&from=1.15&to=1.20`);
    await diffShows('1.16', '1.20');
    await page.locator('#diff-to').selectOption('1.22');
    await diffShows('1.16', '1.22');
    await page.locator('#diff-from').selectOption('1.21');
    await diffShows('1.22', '1.22');
    await page.locator('#diff-sig').selectOption('Network');
    await page.waitForFunction(() => new URL(document.location.href).searchParams.get('sig') === 'Network');
    await page.locator('.release-group').first().waitFor();

    await page.goBack();
    expect(params()).toEqual({ view: 'diff', from: '1.21', to: '1.22' });
    await page.waitForFunction(() => document.querySelector('#diff-sig')?.value === 'any');
    await page.goBack();
    expect(params()).toEqual({ view: 'diff', from: '1.15', to: '1.22' });
    await diffShows('1.16', '1.22');
    expect(await page.locator('#diff-from').inputValue()).toBe('1.15');
    expect(await page.locator('#diff-to').inputValue()).toBe('1.22');
    await page.goBack();
    expect(params()).toEqual({ view: 'diff', from: '1.15', to: '1.20' });
    await diffShows('1.16', '1.20');
    expect(await page.locator('#diff-to').inputValue()).toBe('1.20');
    expect(await groups()).toEqual(['1.16', '1.17', '1.18', '1.19', '1.20']);

    await page.goForward();
    expect(params()).toEqual({ view: 'diff', from: '1.15', to: '1.22' });
    await diffShows('1.16', '1.22');
    expect(await page.locator('#diff-to').inputValue()).toBe('1.22');
  });

  it('walk through the SIG chosen in the timelines, and the name filter does not add a step per key', async () => {
    await page.goto(`${run.server.base}/?view=timeline&sig=Network`);
    await page.locator('table.timeline tbody tr[data-gate]').first().waitFor();
    await page.locator('#gate-sig').selectOption('Node');
    await page.waitForFunction(() => document.querySelector('#gate-sig')?.value === 'Node');
    await page.locator('#gate-filter').pressSequentially('Dual');
    expect(params()).toMatchObject({ sig: 'Node', q: 'Dual' });
    await page.goBack();
    expect(params()).toEqual({ view: 'timeline', sig: 'Network' });
    await page.waitForFunction(() => document.querySelector('#gate-sig')?.value === 'Network');
    await page.locator('table.timeline tbody tr[data-gate]').first().waitFor();
    expect(await page.locator('#gate-filter').inputValue()).toBe('');
  });

  it('walk through the releases chosen in the manifest check', async () => {
    await page.goto(`${run.server.base}/?view=check&from=1.20&to=1.25`);
    await page.locator('#check-to').waitFor();
    await page.locator('#check-to').selectOption('1.27');
    expect(params()).toMatchObject({ view: 'check', from: '1.20', to: '1.27' });
    await page.goBack();
    expect(params()).toEqual({ view: 'check', from: '1.20', to: '1.25' });
    await page.waitForFunction(() => document.querySelector('#check-to')?.value === '1.25');
  });
});

describe('switching views', () => {
  it('keeps the releases chosen, through the timelines and back', async () => {
    await page.goto(`${run.server.base}/?view=diff&from=1.21&to=1.23`);
    await diffShows('1.22', '1.23');
    await nav('Manifest check').click();
    await page.locator('#check-from').waitFor();
    expect(params()).toMatchObject({ view: 'check', from: '1.21', to: '1.23' });
    expect(await page.locator('#check-from').inputValue()).toBe('1.21');
    expect(await page.locator('#check-to').inputValue()).toBe('1.23');
    await page.locator('#check-to').selectOption('1.25');
    await nav('Feature-gate timelines').click();
    await page.locator('table.timeline tbody tr[data-gate]').first().waitFor();
    // (and the SIG the tab last chose in the timelines or the diff, as the next test shows)
    expect(await nav('Release diff').getAttribute('href')).toMatch(/^\/\?view=diff&from=1\.21&to=1\.25(&sig=\w+)?$/);
    await nav('Release diff').click();
    await diffShows('1.22', '1.25');
    expect(params()).toMatchObject({ view: 'diff', from: '1.21', to: '1.25' });
    // Back goes to the view before, as it was.
    await page.goBack();
    expect(params()).toMatchObject({ view: 'timeline' });
    await page.goBack();
    expect(params()).toMatchObject({ view: 'check', from: '1.21', to: '1.25' });
    await page.waitForFunction(() => document.querySelector('#check-to')?.value === '1.25');
  });

  it('keeps the SIG chosen between the timelines and the release diff, "any SIG" included', async () => {
    await page.goto(`${run.server.base}/?view=timeline&sig=Network`);
    await page.locator('table.timeline tbody tr[data-gate]').first().waitFor();
    await page.locator('#gate-sig').selectOption('Node');
    await page.waitForFunction(() => document.querySelector('#gate-sig')?.value === 'Node');
    expect(new URL((await nav('Release diff').getAttribute('href'))!, run.server.base).searchParams.get('sig')).toBe(
      'Node',
    );
    await nav('Release diff').click();
    await page.waitForFunction(() => document.querySelector('#diff-sig')?.value === 'Node');
    expect(params()).toMatchObject({ view: 'diff', sig: 'Node' });
    await page.locator('#diff-sig').selectOption('any');
    await page.waitForFunction(() => new URL(document.location.href).searchParams.get('sig') === 'any');
    await nav('Feature-gate timelines').click();
    await page.waitForFunction(() => document.querySelector('#gate-sig')?.value === 'any');
    expect(params()).toMatchObject({ view: 'timeline', sig: 'any' });
  });

  it('opens a link without releases at the newest release whose notes are final, from the one before it', async () => {
    const { releases } = await run.server.data<{ releases: { version: string; preliminary: boolean }[] }>(
      '{ releases { version preliminary } }',
    );
    const final = releases.filter((r) => !r.preliminary).map((r) => r.version);
    // The knowledge base holds a preliminary release after the newest final one: it is not the default.
    expect(releases[releases.length - 1].preliminary).toBe(true);
    const [from, to] = final.slice(-2);
    const fresh = await run.context.newPage();
    try {
      await fresh.goto(`${run.server.base}/?view=diff`);
      await fresh.locator('.release-group').first().waitFor();
      expect(await fresh.locator('#diff-from').inputValue()).toBe(from);
      expect(await fresh.locator('#diff-to').inputValue()).toBe(to);
      await fresh.goto(`${run.server.base}/?view=check`);
      await fresh.locator('#check-from').waitFor();
      expect(await fresh.locator('#check-from').inputValue()).toBe(from);
      expect(await fresh.locator('#check-to').inputValue()).toBe(to);
      expect(params(fresh)).toEqual({ view: 'check', from, to });
    } finally {
      await fresh.close();
    }
  });
});

describe('errors keep the way out', () => {
  it('keeps the SIG picker of the release diff when the SIG is unknown, and mends it there', async () => {
    await page.goto(`${run.server.base}/?view=diff&from=1.21&to=1.22&sig=Netwrk`);
    const alert = page.locator('.results [role="alert"]');
    await alert.waitFor();
    expect(await alert.textContent()).toContain('Unknown SIG "Netwrk"');
    expect(await page.locator('#diff-sig').inputValue()).toBe('Netwrk');
    expect(await page.locator('#diff-sig option:checked').textContent()).toBe('Netwrk (unknown)');
    await page.locator('#diff-sig').selectOption('Network');
    await diffShows('1.22', '1.22');
    expect(params()).toMatchObject({ view: 'diff', sig: 'Network' });
  });

  it('keeps every control of the release diff when the releases are reversed', async () => {
    await page.goto(`${run.server.base}/?view=diff&from=1.22&to=1.21&sig=Network`);
    await page.locator('.results [role="alert"]').waitFor();
    expect(await page.locator('#diff-sig').inputValue()).toBe('Network');
    expect(await page.locator('#diff-sig').isEnabled()).toBe(true);
    await page.locator('#diff-sig').selectOption('any');
    await page.waitForFunction(() => new URL(document.location.href).searchParams.get('sig') === 'any');
    await page.locator('.results [role="alert"]').waitFor();
    await page.locator('#diff-swap').click();
    await diffShows('1.22', '1.22');
    expect(params()).toEqual({ view: 'diff', from: '1.21', to: '1.22', sig: 'any' });
  });

  it('keeps the pickers of the timelines when the SIG is unknown, and mends it there', async () => {
    await page.goto(`${run.server.base}/?view=timeline&sig=Netwrk`);
    await page.locator('#main [role="alert"]').waitFor();
    expect(await page.locator('#gate-sig option:checked').textContent()).toBe('Netwrk (unknown)');
    expect(await page.locator('#gate-component').isEnabled()).toBe(true);
    await page.locator('#gate-sig').selectOption('Network');
    await page.locator('table.timeline tbody tr[data-gate]').first().waitFor();
    expect(await page.locator('#main [role="alert"]').count()).toBe(0);
    expect(params()).toMatchObject({ view: 'timeline', sig: 'Network' });
  });

  it('offers Retry when netkb cannot be reached on opening a view, and the retry shows it', async () => {
    await page.route('**/graphql', (route) => route.abort());
    try {
      await page.goto(`${run.server.base}/?view=timeline&sig=Network`);
      const alert = page.locator('#main [role="alert"]');
      await alert.waitFor();
      expect(await alert.locator('.error-message').textContent()).toContain('netkb is not reachable');
    } finally {
      await page.unroute('**/graphql');
    }
    await page.locator('#main button.retry').click();
    await page.locator('table.timeline tbody tr[data-gate]').first().waitFor();
    expect(await page.locator('#main [role="alert"]').count()).toBe(0);
  });

  it('keeps the controls and offers Retry when the diff cannot reach netkb', async () => {
    await page.goto(`${run.server.base}/?view=diff&from=1.21&to=1.22`);
    await diffShows('1.22', '1.22');
    await page.route('**/graphql', (route) => route.abort());
    try {
      await page.locator('#diff-to').selectOption('1.23');
      const alert = page.locator('.results [role="alert"]');
      await alert.waitFor();
      expect(await alert.textContent()).toContain('netkb is not reachable');
      for (const id of ['#diff-from', '#diff-to', '#diff-sig', '#diff-swap'])
        expect(await page.locator(id).isEnabled()).toBe(true);
    } finally {
      await page.unroute('**/graphql');
    }
    await page.locator('.results button.retry').click();
    await diffShows('1.22', '1.23');
    expect(params()).toMatchObject({ from: '1.21', to: '1.23' });
  });

  it('offers Retry when a check cannot reach netkb, and offers none for a manifest netkb refuses', async () => {
    await page.goto(`${run.server.base}/?view=check&from=1.15&to=1.22`);
    await page.locator('#load-example').click();
    await page.route('**/graphql', (route) => route.abort());
    try {
      await page.locator('#check-run').click();
      await page.locator('#check-results [role="alert"]').waitFor();
      expect(await page.locator('#check-results').textContent()).toContain('netkb is not reachable');
      expect(await page.locator('#check-from').isEnabled()).toBe(true);
    } finally {
      await page.unroute('**/graphql');
    }
    await page.locator('#check-results button.retry').click();
    await page.waitForFunction(() => document.querySelector('#report-summary')?.textContent?.includes('1.15 → 1.22'));
    // Invalid YAML is mended in the editor: sending it again would not help.
    await page.locator('#manifest').fill('kind: [');
    await page.locator('#check-run').click();
    await page.locator('#check-results [role="alert"]').waitFor();
    expect(await page.locator('#check-results button.retry').count()).toBe(0);
  });

  it('says that the manifest is not in a "run the check" link opened in another tab, and what to do', async () => {
    // The tab that made the link holds a manifest: the link checks it at once.
    await page.goto(`${run.server.base}/?view=check&from=1.15&to=1.22`);
    await page.locator('#load-example').click();
    await page.goto(`${run.server.base}/?view=check&from=1.15&to=1.22&run=1`);
    await page.waitForFunction(() => document.querySelector('#report-summary')?.textContent?.includes('1.15 → 1.22'));
    // A colleague's tab holds none.
    const colleague = await run.context.newPage();
    try {
      await colleague.goto(`${run.server.base}/?view=check&from=1.15&to=1.22&run=1`);
      const notice = colleague.locator('#run-without-manifest');
      await notice.waitFor();
      const text = (await notice.textContent()) ?? '';
      expect(text).toContain('the manifest is not part of the link');
      expect(text).toContain('it may be private, and large');
      expect(text).toContain('Paste the manifest above');
      expect(await colleague.locator('#check-from').inputValue()).toBe('1.15');
      expect(await colleague.locator('#check-to').inputValue()).toBe('1.22');
      await colleague.locator('#load-example').click();
      await colleague.locator('#check-run').click();
      await colleague.waitForFunction(() =>
        document.querySelector('#report-summary')?.textContent?.includes('1.15 → 1.22'),
      );
    } finally {
      await colleague.close();
    }
  });
});
