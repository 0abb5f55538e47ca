// A real browser for the end-to-end tests: Chromium driven by playwright-core, against a real server on the
// run's seeded database. Which Chromium: see findChromium. Screenshots go to test-artifacts/screenshots/; those
// the docs show are also copied to docs/screenshots/ when NETKB_SCREENSHOTS=docs (`npm run screenshots`), so
// `npm test` leaves the tree clean.
import { execFile } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
} from 'node:fs';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { projectRoot } from '../../src/config';
import { startTestServer, type TestServer } from '../support/http';

const execFileAsync = promisify(execFile);

/** Debian's Chromium, used when present (`apt-get install -y chromium`). */
const SYSTEM_CHROMIUM = '/usr/bin/chromium';

/** Flags measured to work on these machines (../shared/notes/offline-toolchain.md), for Debian's and the packaged Chromium alike. */
const FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  // Containers often give /dev/shm only 64 MiB; Chromium then crashes tabs without this.
  '--disable-dev-shm-usage',
];

export const ARTIFACTS = join(projectRoot(), 'test-artifacts', 'screenshots');
const DOCS_SHOTS = join(projectRoot(), 'docs', 'screenshots');

export interface ChromiumChoice {
  path: string;
  source: 'NETKB_CHROMIUM' | typeof SYSTEM_CHROMIUM | '@sparticuz/chromium';
}

/**
 * The Chromium the tests drive, first found of:
 * 1. NETKB_CHROMIUM, when set (an error when nothing is there);
 * 2. Debian's /usr/bin/chromium, when present (unless NETKB_CHROMIUM_PACKAGED=1, a test aid that checks
 *    the fallback on a machine that has Debian's);
 * 3. the Chromium inside the @sparticuz/chromium devDependency, which `npm install` fetches from the npm
 *    registry like any package: no root, no other download.
 */
export async function findChromium(): Promise<ChromiumChoice> {
  const chosen = process.env.NETKB_CHROMIUM;
  if (chosen) {
    if (!existsSync(chosen))
      throw new Error(
        `NETKB_CHROMIUM is ${chosen}, which does not exist: set it to a Chromium binary, or unset it to use ${SYSTEM_CHROMIUM} or the packaged Chromium`,
      );
    return { path: chosen, source: 'NETKB_CHROMIUM' };
  }
  if (process.env.NETKB_CHROMIUM_PACKAGED !== '1' && existsSync(SYSTEM_CHROMIUM))
    return { path: SYSTEM_CHROMIUM, source: SYSTEM_CHROMIUM };
  return { path: await packagedChromium(), source: '@sparticuz/chromium' };
}

/**
 * The binary of @sparticuz/chromium, unpacked on first use from the brotli files the package ships (bin/) into
 * node_modules/.cache/netkb-chromium-<version>/ (about 220 MB, a few seconds). The package's executablePath
 * only downloads when given a URL; it is given the package's own bin/ folder, so it never does. It unpacks
 * into os.tmpdir(): it runs in a child process whose TMPDIR is a private folder (a test's process.env is
 * Jest's copy, which os.tmpdir() does not read), then that folder is renamed into place, so test files
 * running side by side never see a half-written binary, nor one another's.
 */
async function packagedChromium(): Promise<string> {
  let entry: string;
  try {
    entry = require.resolve('@sparticuz/chromium');
  } catch {
    throw new Error(
      `the browser tests found no Chromium: neither NETKB_CHROMIUM, nor ${SYSTEM_CHROMIUM}, nor the @sparticuz/chromium devDependency ` +
        '(run "npm install", which installs it, or set NETKB_CHROMIUM to a Chromium binary)',
    );
  }
  const packageDir = join(dirname(entry), '..', '..');
  const { version } = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8')) as { version: string };
  const cache = join(projectRoot(), 'node_modules', '.cache');
  const target = join(cache, `netkb-chromium-${version}`);
  const binary = join(target, 'chromium');
  if (existsSync(binary)) return binary;
  mkdirSync(cache, { recursive: true });
  // Leftovers of an unpacking that was killed midway (an hour is far longer than any unpacking takes).
  for (const name of readdirSync(cache)) {
    const dir = join(cache, name);
    if (name.startsWith('netkb-chromium-unpacking-') && Date.now() - statSync(dir).mtimeMs > 3600_000)
      rmSync(dir, { recursive: true, force: true });
  }
  const staging = mkdtempSync(join(cache, 'netkb-chromium-unpacking-'));
  try {
    const unpack = 'require(process.argv[1]).executablePath(process.argv[2]).then((p) => process.stdout.write(p))';
    const { stdout } = await execFileAsync(process.execPath, ['-e', unpack, entry, join(packageDir, 'bin')], {
      env: { ...process.env, TMPDIR: staging },
      encoding: 'utf8',
    });
    if (stdout !== join(staging, 'chromium')) throw new Error(`it unpacked to ${stdout}, not into ${staging}`);
  } catch (err) {
    rmSync(staging, { recursive: true, force: true });
    throw new Error(`could not unpack the Chromium of @sparticuz/chromium ${version}: ${(err as Error).message}`);
  }
  try {
    renameSync(staging, target);
  } catch (err) {
    rmSync(staging, { recursive: true, force: true });
    if (!existsSync(binary)) throw err; // else another test file unpacked it first
  }
  return binary;
}

/** Starts the chosen Chromium headless; when /usr/bin/chromium was chosen by default and does not start, the packaged one. */
export async function launchChromium(): Promise<{ browser: Browser; chromium: ChromiumChoice }> {
  const first = await findChromium();
  try {
    return { browser: await chromium.launch({ executablePath: first.path, args: FLAGS }), chromium: first };
  } catch (err) {
    const failed = `could not start Chromium at ${first.path} (${first.source}): ${(err as Error).message}`;
    if (first.source !== SYSTEM_CHROMIUM) throw new Error(`${failed}\nSet NETKB_CHROMIUM to another Chromium binary.`);
    let second: ChromiumChoice | undefined;
    try {
      second = { path: await packagedChromium(), source: '@sparticuz/chromium' };
      return { browser: await chromium.launch({ executablePath: second.path, args: FLAGS }), chromium: second };
    } catch (err2) {
      throw new Error(
        `${failed}\nnor the packaged one${second ? ` at ${second.path}` : ''}: ${(err2 as Error).message}\n` +
          'Set NETKB_CHROMIUM to a Chromium binary that starts.',
      );
    }
  }
}

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
  if (!existsSync(join(projectRoot(), 'dist', 'web', 'index.html'))) {
    throw new Error('dist/web is not built: run "npm run build:web" (npm install does it)');
  }
  const { browser } = await launchChromium();
  let server: TestServer;
  try {
    server = await startTestServer();
  } catch (err) {
    await browser.close();
    throw err;
  }
  const context = await browser.newContext({
    viewport: { width: 1280, height: 900 },
    deviceScaleFactor: 1,
    acceptDownloads: true,
    reducedMotion: 'reduce',
  });
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
    server,
    browser,
    context,
    page,
    foreign,
    pageErrors,
    async close() {
      await browser.close();
      await server.close();
    },
  };
}

/**
 * Saves a screenshot as a test artifact. `docs` marks one the docs show: copied to docs/screenshots/ only
 * when NETKB_SCREENSHOTS=docs (`npm run screenshots`).
 */
export async function screenshot(
  page: Page,
  name: string,
  options: { docs?: boolean; fullPage?: boolean } = {},
): Promise<string> {
  mkdirSync(ARTIFACTS, { recursive: true });
  const file = join(ARTIFACTS, `${name}.png`);
  await page.screenshot({ path: file, fullPage: options.fullPage ?? false });
  if (options.docs && process.env.NETKB_SCREENSHOTS === 'docs') {
    mkdirSync(DOCS_SHOTS, { recursive: true });
    copyFileSync(file, join(DOCS_SHOTS, `${name}.png`));
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
