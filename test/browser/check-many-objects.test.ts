// The manifest check of a large manifest in a real browser (Chromium): 80 Ingresses and a few
// PodDisruptionBudgets, generated here. Equal findings are one entry listing their objects and lines, the
// page stays short, and a severity filter hides what is not wanted (in the URL too). Compared with the API.
import type { Page } from 'playwright-core';
import { screenshot, useBrowser, type BrowserRun } from './browser';

// The callbacks given to page.evaluate and waitForFunction run in the page: these are its globals.
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

const params = () => Object.fromEntries(new URL(page.url()).searchParams);

const INGRESSES = 80;
const manifest = [
  ...Array.from(
    { length: INGRESSES },
    (_, i) => `apiVersion: extensions/v1beta1
kind: Ingress
metadata:
  name: web-${i}
  namespace: shop
  annotations:
    kubernetes.io/ingress.class: nginx
spec:
  backend:
    serviceName: web-${i}
    servicePort: 80
`,
  ),
  ...Array.from(
    { length: 3 },
    (_, i) => `apiVersion: policy/v1beta1
kind: PodDisruptionBudget
metadata:
  name: pdb-${i}
spec:
  minAvailable: 1
  selector:
    matchLabels:
      app: web
`,
  ),
].join('---\n');

interface ApiFinding {
  ruleId: string;
  messageId: string;
  severity: string;
  effectiveIn: string;
  message: string;
  fix: string | null;
  line: number;
  resource: { kind: string; name: string; namespace: string | null };
}
let findings: ApiFinding[];
/** The API's findings grouped as the page should group them: same rule, message, severity, release and fix. */
let groups: Map<string, ApiFinding[]>;

beforeAll(async () => {
  findings = (
    await run.server.data<{ upgradeReport: { findings: ApiFinding[] } }>(
      `query($m: String!) { upgradeReport(from: "1.15", to: "1.25", manifest: $m) {
        findings { ruleId messageId severity effectiveIn message fix line resource { kind name namespace } } } }`,
      { m: manifest },
    )
  ).upgradeReport.findings;
  groups = new Map();
  for (const f of findings) {
    const key = JSON.stringify([f.ruleId, f.messageId, f.severity, f.effectiveIn, f.message, f.fix]);
    groups.set(key, [...(groups.get(key) ?? []), f]);
  }
});

describe('a manifest check of 80 objects', () => {
  it('shows equal findings as one entry listing the objects and lines, on a short page', async () => {
    // The manifest gives what this test is about: many equal findings of two severities.
    expect(findings.length).toBeGreaterThanOrEqual(2 * INGRESSES);
    expect(new Set(findings.map((f) => f.severity))).toEqual(new Set(['BREAKING', 'WARNING']));
    await page.goto(`${run.server.base}/?view=check&from=1.15&to=1.25`);
    await page.locator('#manifest').fill(manifest);
    await page.locator('#check-run').click();
    await page.locator('#report-summary').waitFor();
    const entries = await page.locator('li.finding').evaluateAll((li) =>
      li.map((x) => ({
        severity: x.getAttribute('data-severity'),
        count: Number(x.getAttribute('data-count')),
        message: x.querySelector('.message')!.textContent,
      })),
    );
    expect(entries).toHaveLength(groups.size);
    expect(entries.reduce((n, e) => n + e.count, 0)).toBe(findings.length);
    const ingressRemoval = [...groups.values()].find((g) => g[0].message.startsWith('Ingress extensions/v1beta1'))!;
    expect(ingressRemoval).toHaveLength(INGRESSES);

    const entry = page.locator('li.finding', { hasText: ingressRemoval[0].message });
    expect(await entry.locator('.object-count').textContent()).toBe(`${INGRESSES} objects`);
    expect(await entry.locator('details.objects summary').textContent()).toBe(
      `Ingress shop/web-0, Ingress shop/web-1, Ingress shop/web-2, and ${INGRESSES - 3} more`,
    );
    await entry.locator('details.objects summary').click();
    const listed = await entry
      .locator('.object-list li')
      .evaluateAll((li) =>
        li.map((x) => [x.querySelector('.line-link')!.textContent, x.querySelector('.object')!.textContent]),
      );
    expect(listed).toEqual(ingressRemoval.map((f) => [`line ${f.line}`, `Ingress shop/${f.resource.name}`]));
    // A listed object's line button jumps to its line in the manifest.
    await entry.locator('.object-list li').nth(41).locator('.line-link').click();
    await expect(page.evaluate(() => document.activeElement?.getAttribute('data-line'))).resolves.toBe(
      String(ingressRemoval[41].line),
    );
    await entry.locator('details.objects summary').click();

    // Readable: the findings column is a few screens, not one box per object (it was over 20,000 pixels).
    const height = await page.locator('.report-findings').evaluate((el) => el.getBoundingClientRect().height);
    expect(height).toBeLessThan(1500);
    await page.evaluate(() => document.querySelector('#report-summary').scrollIntoView());
    await screenshot(page, 'manifest-check-grouped');
  });

  it('hides findings by severity, says how many are hidden, and keeps the choice in the URL', async () => {
    const breaking = findings.filter((f) => f.severity === 'BREAKING').length;
    const visibleSeverities = () =>
      page
        .locator('li.finding:not([hidden])')
        .evaluateAll((li) => [...new Set(li.map((x) => x.getAttribute('data-severity')))].sort());
    expect(await visibleSeverities()).toEqual(['BREAKING', 'WARNING']);
    expect(await page.locator('#show-info').isDisabled()).toBe(true);

    await page.locator('#show-breaking').uncheck();
    expect(await visibleSeverities()).toEqual(['WARNING']);
    expect(await page.locator('#findings-hidden').textContent()).toBe(
      `${breaking} findings hidden by the severity filter.`,
    );
    // Releases left with nothing shown disappear; the others count what they show.
    const shownReleases = await page
      .locator('.report-findings .release-group:not([hidden])')
      .evaluateAll((s) => s.map((x) => x.getAttribute('data-release')));
    expect(shownReleases).toEqual([
      ...new Set(findings.filter((f) => f.severity === 'WARNING').map((f) => f.effectiveIn)),
    ]);
    expect(params()).toMatchObject({ view: 'check', from: '1.15', to: '1.25', severity: 'WARNING,INFO' });

    // The URL's choice holds on the next check (after a reload, the tab keeps the manifest).
    await page.reload();
    await page.locator('#check-run').click();
    await page.locator('#report-summary').waitFor();
    expect(await page.locator('#show-breaking').isChecked()).toBe(false);
    expect(await visibleSeverities()).toEqual(['WARNING']);

    await page.locator('#show-breaking').check();
    expect(await visibleSeverities()).toEqual(['BREAKING', 'WARNING']);
    expect(await page.locator('#findings-hidden').isHidden()).toBe(true);
    expect(params().severity).toBeUndefined();
  });
});
