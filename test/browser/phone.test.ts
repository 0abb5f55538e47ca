// The dashboard on a phone (390 px wide, as an iPhone 12-15 shows it) and from the keyboard alone: no view is
// wider than the screen, no text is cut at its edge, and the choices keep focus where they are.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { projectRoot } from '../../src/config';
import { screenshot, useBrowser, type BrowserRun } from './browser';

/** In page.evaluate: the browser's globals (the tests compile without the DOM library). */
declare const document: any, getComputedStyle: any, window: any;

let run: BrowserRun;
let page: Page;
useBrowser(
  (r) => {
    run = r;
  },
  { cleanPage: true },
);

const manifest = readFileSync(
  join(projectRoot(), 'test', 'fixtures', 'real-world', 'kube-proxy-daemonset-1.14.yaml'),
  'utf8',
);

/** Elements whose box reaches past the right edge of a `width` px viewport, and the page's own scroll width. */
async function overflow(p: Page, width: number) {
  return p.evaluate((w) => {
    const wide = [...document.querySelectorAll('body *')]
      .filter((e) => {
        const r = e.getBoundingClientRect();
        if (r.width === 0 || r.height === 0) return false;
        // Inside a box that scrolls on its own (a code listing), reaching past is that box's business.
        for (let a = e.parentElement; a; a = a.parentElement) {
          const s = getComputedStyle(a);
          if (s.overflowX === 'auto' || s.overflowX === 'scroll' || s.overflowX === 'hidden') return false;
        }
        return r.right > w + 0.5;
      })
      .map(
        (e) =>
          `${e.tagName.toLowerCase()}${e.id ? `#${e.id}` : ''}.${[...e.classList].join('.')} ${Math.round(e.getBoundingClientRect().right)}`,
      );
    return { scrollWidth: document.documentElement.scrollWidth, wide: wide.slice(0, 8) };
  }, width);
}

beforeAll(async () => {
  page = await run.context.newPage();
});

describe('the dashboard at 390 px', () => {
  beforeAll(async () => {
    await page.setViewportSize({ width: 390, height: 844 });
  });

  it.each([
    ['gate timelines', '/?view=gates&sig=network'],
    ['release diff', '/?view=diff&from=1.15&to=1.20'],
    ['Gateway API view', '/?view=gateway&from=1.30&to=1.31'],
  ])('shows the %s within the screen', async (_name, path) => {
    await page.goto(`${run.server.base}${path}`);
    await page.waitForLoadState('networkidle');
    // The Gateway API view draws its comparison after the bundles' answer: measured once it is there.
    if (path.includes('view=gateway')) await page.locator('#ga-summary').waitFor();
    expect(await overflow(page, 390)).toEqual({ scrollWidth: 390, wide: [] });
    if (path.includes('view=diff')) {
      await page.locator('.release-group').first().scrollIntoViewIfNeeded();
      await screenshot(page, 'phone-diff', { docs: true });
    }
    if (path.includes('view=gateway')) {
      await page.locator('#ga-between-title').evaluate((e) => e.scrollIntoView({ block: 'start' }));
      await screenshot(page, 'phone-gateway', { docs: true });
    }
  });

  it('shows a check report within the screen', async () => {
    await page.goto(`${run.server.base}/?view=check&from=1.15&to=1.20`);
    await page.locator('#manifest').fill(manifest);
    await page.locator('#check-run').click();
    await page.locator('#report-summary').waitFor();
    expect(await overflow(page, 390)).toEqual({ scrollWidth: 390, wide: [] });
    await page.locator('#report-summary').evaluate((e) => e.scrollIntoView({ block: 'start' }));
    await screenshot(page, 'phone-check', { docs: true });
  });
});

describe('the dashboard at 390 px, in trouble', () => {
  beforeAll(async () => {
    await page.setViewportSize({ width: 390, height: 844 });
  });

  it.each([
    ['an unknown SIG in the release diff', '/?view=diff&from=1.21&to=1.22&sig=Netwrk', '.results [role="alert"]'],
    ['an unknown SIG in the timelines', '/?view=gates&sig=Netwrk', '#main [role="alert"]'],
    ['an unknown bundle in the Gateway API view', '/?view=gateway&from=1.30&to=1.31&gaFrom=v9.9.9', '#release-problem'],
  ])('shows %s, with its pickers, within the screen', async (_name, path, alert) => {
    await page.goto(`${run.server.base}${path}`);
    await page.locator(alert).waitFor();
    expect(await overflow(page, 390)).toEqual({ scrollWidth: 390, wide: [] });
  });

  it('shows a "run the check" link opened without the manifest within the screen', async () => {
    await page.goto(`${run.server.base}/?view=check&from=1.15&to=1.22`);
    await page.evaluate(() => window.sessionStorage.clear());
    await page.goto(`${run.server.base}/?view=check&from=1.15&to=1.22&run=1`);
    await page.locator('#run-without-manifest').waitFor();
    expect(await overflow(page, 390)).toEqual({ scrollWidth: 390, wide: [] });
  });
});

describe('the dashboard from the keyboard', () => {
  beforeAll(async () => {
    await page.setViewportSize({ width: 1280, height: 900 });
  });

  it.each([
    ['gate timelines', '/?view=gates&sig=network'],
    ['release diff', '/?view=diff&from=1.15&to=1.20'],
    ['manifest check', '/?view=check&from=1.15&to=1.20'],
    ['Gateway API view', '/?view=gateway&from=1.30&to=1.31'],
  ])('keeps focus on a choice of the %s changed with the arrow keys', async (_name, path) => {
    await page.goto(`${run.server.base}${path}`);
    await page.waitForLoadState('networkidle');
    const ids = await page.locator('main select').evaluateAll((s) => s.map((e) => e.id));
    expect(ids.length).toBeGreaterThan(0);
    for (const id of ids) {
      const select = page.locator(`#${id}`);
      const before = await select.inputValue();
      await select.focus();
      await page.keyboard.press('ArrowDown');
      await page.waitForLoadState('networkidle');
      // The view is drawn again (the SIG choice after its answer): focus comes back to the same choice.
      await page.waitForFunction((i) => document.activeElement?.id === i, id).catch(() => undefined);
      expect(await page.evaluate(() => document.activeElement?.id)).toBe(id);
      expect(await page.locator(`#${id}`).inputValue()).not.toBe(before);
    }
  });
});
