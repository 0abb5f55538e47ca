// A real browser for the end-to-end tests: Debian's chromium driven by playwright-core, against a real
// server on the run's seeded database. Screenshots go to test-artifacts/screenshots/; those the README
// shows are copied to docs/screenshots/.
import { copyFileSync, existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { projectRoot } from '../../src/config';
import { startTestServer, type TestServer } from '../support/http';

export const CHROMIUM = process.env.NETKB_CHROMIUM ?? '/usr/bin/chromium';

/** Flags measured to work on these machines (../shared/notes/offline-toolchain.md). */
const FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run',
  // Containers often give /dev/shm only 64 MiB; Chromium then crashes tabs without this.
  '--disable-dev-shm-usage'];

export const ARTIFACTS = join(projectRoot(), 'test-artifacts', 'screenshots');
const README_SHOTS = join(projectRoot(), 'docs', 'screenshots');

export interface BrowserRun {
  server: TestServer;
  browser: Browser;
  context: BrowserContext;
  page: Page;
  /** Requests the page made to any other host (must stay empty: the pages work offline). */
  foreign: string[];
  /** Uncaught errors in the page. */
  pageErrors: string[];
  close(): Promise<void>;
}

export async function openBrowser(): Promise<BrowserRun> {
  if (!existsSync(CHROMIUM)) {
    throw new Error(`the browser tests need Chromium at ${CHROMIUM}: install it with "apt-get install -y chromium" ` +
      '(.ci/run does), or set NETKB_CHROMIUM to its path');
  }
  if (!existsSync(join(projectRoot(), 'dist', 'web', 'index.html'))) {
    throw new Error('dist/web is not built: run "npm run build:web" (npm install does it)');
  }
  const server = await startTestServer();
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: FLAGS });
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, deviceScaleFactor: 1, acceptDownloads: true, reducedMotion: 'reduce' });
  const page = await context.newPage();
  const foreign: string[] = [];
  const pageErrors: string[] = [];
  const origin = new URL(server.base).origin;
  page.on('request', (req) => {
    const url = req.url();
    if (!url.startsWith(origin) && !url.startsWith('data:') && !url.startsWith('blob:')) foreign.push(url);
  });
  page.on('pageerror', (err) => pageErrors.push(err.message));
  return {
    server, browser, context, page, foreign, pageErrors,
    async close() {
      await browser.close();
      await server.close();
    },
  };
}

/** Saves a screenshot as a test artifact; `readme` also copies it to docs/screenshots/ for the README. */
export async function screenshot(page: Page, name: string, options: { readme?: boolean; fullPage?: boolean } = {}): Promise<string> {
  mkdirSync(ARTIFACTS, { recursive: true });
  const file = join(ARTIFACTS, `${name}.png`);
  await page.screenshot({ path: file, fullPage: options.fullPage ?? false });
  if (options.readme) {
    mkdirSync(README_SHOTS, { recursive: true });
    copyFileSync(file, join(README_SHOTS, `${name}.png`));
  }
  return file;
}

/**
 * One browser and server for a test file: opened before its tests, closed after them, and handed to
 * `use` (which keeps the run and its page). With `cleanPage`, every test also ends with no uncaught
 * page error and no request to another host.
 */
export function useBrowser(use: (run: BrowserRun) => void, options: { cleanPage?: boolean } = {}): void {
  let run: BrowserRun | undefined;
  beforeAll(async () => {
    run = await openBrowser();
    use(run);
  });
  afterAll(async () => {
    await run?.close();
  });
  if (options.cleanPage) {
    afterEach(() => {
      if (!run) return; // openBrowser failed: beforeAll's error says why
      expect(run.pageErrors).toEqual([]);
      expect(run.foreign).toEqual([]);
    });
  }
}
