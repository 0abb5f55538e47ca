// The manifest check's "Convert" in a real browser (Chromium): convertManifest's answer shown as a line diff
// against the input, with the changes and what was not converted; downloaded and put back into the editor
// byte for byte as the API returned it. What the page shows is compared with the API's own answer.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { projectRoot } from '../../src/config';
import { splitLines } from '../../web/src/line-diff';
import { screenshot, useBrowser, type BrowserRun } from './browser';

// The callbacks given to page.evaluate and waitForFunction run in the page: these are its globals.
declare const document: any, window: any;

let run: BrowserRun;
let page: Page;
useBrowser(
  (r) => {
    run = r;
    page = r.page;
  },
  { cleanPage: true },
);

const fixture = (name: string, side: 'before' | 'after') =>
  readFileSync(join(projectRoot(), 'test', 'fixtures', 'convert', name, `${side}.yaml`), 'utf8');
const ingress = fixture('ingress-v1beta1-to-v1', 'before');
const psp = fixture('pod-security-policy', 'before');
/** The 1-based line of the fixture's apiVersion (the fixture's header comments come first). */
const ingressApiVersionLine = String(
  ingress.split('\n').findIndex((l) => l === 'apiVersion: networking.k8s.io/v1beta1') + 1,
);

interface Ref {
  kind: string;
  name: string;
  namespace: string | null;
}
/** How the page names an object: "Kind namespace/name". */
const label = (r: Ref) => `${r.kind} ${r.namespace ? `${r.namespace}/` : ''}${r.name}`;
interface ApiConversion {
  manifest: string;
  changes: { ruleId: string; line: number; description: string; resource: Ref }[];
  unconverted: { severity: string; line: number; message: string; resource: Ref }[];
}
const convert = async (from: string, to: string, manifest: string) =>
  (
    await run.server.data<{ convertManifest: ApiConversion }>(
      `query($m: String!) { convertManifest(from: "${from}", to: "${to}", manifest: $m) {
    manifest changes { ruleId line description resource { kind name namespace } } unconverted { severity line message resource { kind name namespace } } } }`,
      { m: manifest },
    )
  ).convertManifest;

/** The diff as the page shows it: one entry per row, folded rows included, with the sign the reader sees. */
const diffRows = () =>
  page.locator('#convert-diff li.diff-line').evaluateAll((rows) =>
    rows.map((r) => ({
      op: r.getAttribute('data-op'),
      sign: r.querySelector('.sign')!.textContent,
      text: r.querySelector('code')!.textContent,
      oldLine: r.getAttribute('data-old-line'),
      newLine: r.getAttribute('data-new-line'),
    })),
  );
/** The page's code cells hold a space for an empty line (so the row keeps its height). */
const shown = (line: string) => line || ' ';

async function convertInPage(manifest: string, from: string, to: string): Promise<void> {
  await page.locator('#manifest').fill(manifest);
  await page.locator('#check-from').selectOption(from);
  await page.locator('#check-to').selectOption(to);
  // From the keyboard: the button takes focus and Enter presses it.
  await page.locator('#convert-run').focus();
  await page.keyboard.press('Enter');
  await page.locator('#convert-summary').waitFor();
}

describe('manifest conversion', () => {
  let api: ApiConversion;
  beforeAll(async () => {
    api = await convert('1.19', '1.22', ingress);
  });

  it('converts a pasted networking.k8s.io/v1beta1 Ingress and shows the rewrite as a line diff with − and + as text', async () => {
    await page.goto(`${run.server.base}/?view=check`);
    await convertInPage(ingress, '1.19', '1.22');
    expect(await page.locator('#convert-summary').textContent()).toContain('1.19 → 1.22');
    const rows = await diffRows();
    const removed = rows.filter((r) => r.op === 'del');
    const added = rows.filter((r) => r.op === 'add');
    expect(removed).toContainEqual(
      expect.objectContaining({
        sign: '−',
        text: 'apiVersion: networking.k8s.io/v1beta1',
        oldLine: ingressApiVersionLine,
        newLine: null,
      }),
    );
    expect(added).toContainEqual(
      expect.objectContaining({
        sign: '+',
        text: 'apiVersion: networking.k8s.io/v1',
        oldLine: null,
        newLine: ingressApiVersionLine,
      }),
    );
    expect(removed.map((r) => r.text)).toContain('    serviceName: default-http-backend   # catch-all');
    expect(added.map((r) => r.text)).toContain('  defaultBackend:');
    // Both sides of the diff are the input and the API's converted manifest, line for line.
    expect(rows.filter((r) => r.op !== 'add').map((r) => r.text)).toEqual(splitLines(ingress).map(shown));
    expect(rows.filter((r) => r.op !== 'del').map((r) => r.text)).toEqual(splitLines(api.manifest).map(shown));
    // The API's answer is the fixture's expected output (compared byte for byte in test/convert/).
    expect(api.manifest).toBe(fixture('ingress-v1beta1-to-v1', 'after'));
    // Unchanged rows carry no sign; the legend says what the signs mean.
    expect(rows.filter((r) => r.op === 'same').every((r) => r.sign === ' ')).toBe(true);
    expect(await page.locator('#diff-legend').textContent()).toBe(
      `${removed.length} lines removed (−), ${added.length} lines added (+); line numbers: input, converted.`,
    );
  });

  it('lists every change with its line and description, in the API order, and jumps to the line', async () => {
    expect(api.changes.length).toBeGreaterThan(0);
    const items = await page.locator('#convert-changes li').evaluateAll((lis) =>
      lis.map((li) => ({
        line: li.querySelector('.line-link')!.textContent,
        text: li.querySelector('.message')!.textContent,
        object: li.querySelector('.object')!.textContent,
      })),
    );
    expect(items).toEqual(
      api.changes.map((c) => ({ line: `line ${c.line}`, text: c.description, object: label(c.resource) })),
    );
    expect(items.map((i) => i.line)).toContain(`line ${ingressApiVersionLine}`);
    expect(await page.locator('#changes-title').textContent()).toBe(`Changed (${api.changes.length})`);
    expect(await page.locator('.convert-unconverted').textContent()).toContain(
      '✔ Everything that 1.19 → 1.22 needs was converted.',
    );
    const last = api.changes[api.changes.length - 1];
    await page.locator('#convert-changes li').last().locator('button.line-link').focus();
    await page.keyboard.press('Enter');
    await expect(page.evaluate(() => document.activeElement?.getAttribute('data-old-line'))).resolves.toBe(
      String(last.line),
    );
  });

  it('downloads the converted manifest byte for byte as the API returned it', async () => {
    const [download] = await Promise.all([page.waitForEvent('download'), page.locator('#convert-download').click()]);
    expect(download.suggestedFilename()).toBe('manifest.converted-1.22.yaml');
    expect(readFileSync((await download.path())!, 'utf8')).toBe(api.manifest);
  });

  it('puts the converted manifest into the editor, and converting it again changes nothing', async () => {
    await page.locator('#convert-use').click();
    expect(await page.locator('#manifest').inputValue()).toBe(api.manifest);
    expect(await page.locator('#convert-status').textContent()).toContain(
      'The editor now holds the converted manifest',
    );
    await page.locator('#convert-run').click();
    await page.waitForFunction(() => document.querySelector('#convert-same') !== null);
    expect(await page.locator('#changes-title').textContent()).toBe('Changed (0)');
    expect(await page.locator('#convert-diff li.diff-line:not([data-op="same"])').count()).toBe(0);
  });

  it('lists what cannot be converted (PodSecurityPolicy) with severity, line and message, and converts the rest', async () => {
    const manifest = `${ingress}---\n${psp}`;
    const mixed = await convert('1.19', '1.25', manifest);
    expect(mixed.unconverted.some((f) => f.resource.kind === 'PodSecurityPolicy')).toBe(true);
    await convertInPage(manifest, '1.19', '1.25');
    const items = await page.locator('#convert-unconverted li').evaluateAll((lis) =>
      lis.map((li) => ({
        tag: li.querySelector('.tag')!.textContent,
        line: li.querySelector('.line-link')!.textContent,
        object: li.querySelector('.object')!.textContent,
        message: li.querySelector('.message')!.textContent,
      })),
    );
    const icon: Record<string, string> = { BREAKING: '✖ breaking', WARNING: '▲ warning', INFO: 'ℹ info' };
    expect(items).toEqual(
      mixed.unconverted.map((f) => ({
        tag: icon[f.severity],
        line: `line ${f.line}`,
        object: label(f.resource),
        message: f.message,
      })),
    );
    // The finding is on the object's apiVersion line: the line before `kind:` (0-based index = 1-based line before).
    const pspLine = splitLines(manifest).indexOf('kind: PodSecurityPolicy');
    expect(items).toContainEqual(
      expect.objectContaining({ object: 'PodSecurityPolicy restricted', line: `line ${pspLine}` }),
    );
    expect(await page.locator('#convert-summary').textContent()).toContain(`${mixed.unconverted.length} not converted`);
    const rows = await diffRows();
    expect(rows.filter((r) => r.op !== 'del').map((r) => r.text)).toEqual(splitLines(mixed.manifest).map(shown));
    // The PodSecurityPolicy is left as it was: its lines are unchanged rows (folded away behind a button).
    expect(rows.find((r) => r.text === 'kind: PodSecurityPolicy')?.op).toBe('same');
    const fold = page.locator('#convert-diff li.fold button').last();
    expect(await fold.textContent()).toMatch(/^⋯ show \d+ unchanged lines \(input \d+–\d+\)$/);
    // Folded means not shown (a `display` of the rows must not undo their `hidden`), and the button goes away.
    const pspRow = page.locator('#convert-diff li.diff-line', { hasText: 'kind: PodSecurityPolicy' });
    await expect(pspRow.isVisible()).resolves.toBe(false);
    const foldsBefore = await page.locator('#convert-diff li.fold').count();
    await fold.focus();
    await page.keyboard.press('Enter');
    await expect(page.locator('#convert-diff li.fold').count()).resolves.toBe(foldsBefore - 1);
    await expect(
      page.locator('#convert-diff li.diff-line', { hasText: 'kind: PodSecurityPolicy' }).isVisible(),
    ).resolves.toBe(true);
  });

  it("shows the API's message for invalid YAML and marks the line, as the check does", async () => {
    await page.locator('#manifest').fill('apiVersion: v1\nkind: Service\nmetadata: {name: [broken\n');
    await page.locator('#convert-run').click();
    await page.locator('#check-results [role="alert"]').waitFor();
    const text = (await page.locator('#check-results [role="alert"]').textContent()) ?? '';
    expect(text).toContain('BAD_USER_INPUT');
    expect(text).toMatch(/line \d+/);
    expect(await page.locator('#check-results ol.code li.marked').count()).toBe(1);
    expect(await page.locator('#convert-result').count()).toBe(0);
  });

  it('takes the docs screenshot', async () => {
    await page.goto(`${run.server.base}/?view=check&from=1.19&to=1.25`);
    // Without the fixtures' header comments (they name the fixture's own releases).
    const headless = (text: string) => text.replace(/^(#.*\n)+/, '');
    await convertInPage(`${headless(ingress)}---\n${headless(psp)}`, '1.19', '1.25');
    await page.evaluate(() =>
      window.scrollTo(0, document.querySelector('#convert-summary')!.getBoundingClientRect().top + window.scrollY - 16),
    );
    await screenshot(page, 'convert', { docs: true });
  });
});
