// The dashboard's Gateway API view in Chromium: the bundle recommended for an upgrade and what each bundle
// supports, as seed/gateway-api/releases.yaml says (read here, not written down again); what changes between
// two bundles, as the API answers it; Back and Forward through the choices; focus kept from the keyboard.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { parse } from 'yaml';
import { seedDir } from '../../src/config';
import { parseVersion } from '../../src/kb/version';
import { screenshot, useBrowser, type BrowserRun } from './browser';

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

interface SeedBundle {
  version: string;
  releasedOn: string | null;
  minKubernetes: string | null;
}

/** The reviewed records, in the file's order (tag order, oldest first, as the API lists them). */
const seed = (
  parse(readFileSync(join(seedDir(), 'gateway-api', 'releases.yaml'), 'utf8')) as Partial<SeedBundle>[]
).map((r) => ({ version: r.version!, releasedOn: r.releasedOn ?? null, minKubernetes: r.minKubernetes ?? null }));

/** The newest bundle of the seed whose minimum is known and reached: the rule the view states. */
const newestFor = (kubernetes: string) =>
  seed.filter((b) => b.minKubernetes !== null && parseVersion(b.minKubernetes) <= parseVersion(kubernetes)).pop()
    ?.version ?? null;

/**
 * An upgrade whose two releases have different recommended bundles, between the last three seeded minimums: a
 * bundle then supports both releases, one only the later release, and one neither.
 */
const minimums = [...new Set(seed.map((b) => b.minKubernetes).filter((m): m is string => m !== null))].sort(
  (a, b) => parseVersion(a) - parseVersion(b),
);
const [from, to] = minimums.slice(-3, -1);

const params = () => Object.fromEntries(new URL(page.url()).searchParams);
const bundleView = (query: string) => `${run.server.base}/?view=gateway&${query}`;
/** Waits until the comparison of the two bundles is drawn. */
const compared = (a: string, b: string) =>
  page.waitForFunction(
    ([x, y]) => document.querySelector('#ga-summary')?.textContent?.startsWith(`${x} → ${y}`),
    [a, b],
  );

interface ApiBundle {
  version: string;
  changes: { id: string; actionRequired: boolean; prs: number[] }[];
}

describe('the Gateway API view', () => {
  it('recommends the newest bundle whose minimum the cluster meets, and says what each bundle supports', async () => {
    expect(minimums.length).toBeGreaterThan(2);
    await page.goto(bundleView(`from=${from}&to=${to}`));
    await page.locator('#ga-bundles tbody tr').first().waitFor();
    const recommended = newestFor(from);
    expect(recommended).not.toBeNull();
    expect(await page.locator('#ga-recommended').getAttribute('data-version')).toBe(recommended);
    expect(await page.locator('#ga-recommended').textContent()).toContain(`Recommended: ${recommended}`);
    // The recommended row says so in words, not only by its colour.
    expect(await page.locator('#ga-bundles tr.recommended th').textContent()).toContain('recommended');

    const rows = await page
      .locator('#ga-bundles tbody tr')
      .evaluateAll((trs) =>
        trs.map((tr) => [
          tr.getAttribute('data-version'),
          tr.getAttribute('data-support'),
          [...tr.querySelectorAll('td')].map((td: any) => td.textContent),
        ]),
      );
    const expected = [...seed].reverse().map((b) => {
      const min = b.minKubernetes === null ? null : parseVersion(b.minKubernetes);
      const support =
        min === null ? 'unknown' : min <= parseVersion(from) ? 'both' : min <= parseVersion(to) ? 'to' : 'neither';
      return [b.version, support, [b.releasedOn ?? 'not recorded', b.minKubernetes ?? 'unknown']];
    });
    expect(rows.map(([v, s, cells]) => [v, s, (cells as string[]).slice(0, 2)])).toEqual(expected);
    // The support column is words and a symbol: both releases, the new one only, or neither.
    expect(new Set(rows.map(([, s]) => s))).toEqual(new Set(['both', 'to', 'neither']));
    const words = {
      both: `✔ ${from} and ${to}`,
      to: `◐ ${to} only (after the upgrade)`,
      neither: `✖ neither ${from} nor ${to}`,
    };
    for (const [, s, cells] of rows) expect((cells as string[])[2]).toBe(words[s as keyof typeof words]);
    // The bundles compared by default: the one recommended for each release.
    expect(await page.locator('#ga-from').inputValue()).toBe(recommended);
    expect(await page.locator('#ga-to').inputValue()).toBe(newestFor(to));
    expect(params()).toEqual({ view: 'gateway', from, to });
    await compared(recommended!, newestFor(to)!);
    await screenshot(page, 'gateway-api', { docs: true });
  });

  const unknown = seed.find((b) => b.minKubernetes === null);
  // The seed gives every bundle a minimum today; the assertion runs once a record without one is reviewed in.
  (unknown ? it : it.skip)('shows a bundle whose minimum no source gives as unknown, never as supported', async () => {
    await page.goto(bundleView(`from=${from}&to=${to}`));
    const row = page.locator(`#ga-bundles tr[data-version="${unknown!.version}"]`);
    await row.waitFor();
    expect(await row.getAttribute('data-support')).toBe('unknown');
    expect(await row.locator('td.support').textContent()).toContain('no source says; check yourself');
    expect(await page.locator('#ga-recommended').getAttribute('data-version')).not.toBe(unknown!.version);
  });

  it('lists the changes after one bundle up to another as the API answers them, PRs linked upstream', async () => {
    const { gatewayApiReleases: api } = await run.server.data<{ gatewayApiReleases: ApiBundle[] }>(
      '{ gatewayApiReleases { version changes { id actionRequired prs } } }',
    );
    const a = api[0].version;
    const b = api[api.length - 1].version;
    await page.goto(bundleView(`from=${from}&to=${to}&gaFrom=${a}&gaTo=${b}`));
    await compared(a, b);
    const shown = await page
      .locator('#ga-changes .ga-release')
      .evaluateAll((sections) =>
        sections.map((s) => [
          s.getAttribute('data-release'),
          [...s.querySelectorAll('li.ga-change')].map((li: any) => [
            li.getAttribute('data-id'),
            li.getAttribute('data-action'),
          ]),
        ]),
      );
    const wanted = api
      .slice(1)
      .filter((r) => r.changes.length > 0)
      .map((r) => [
        r.version,
        // Those that ask to act first, the rest in the API's order.
        [...r.changes.filter((c) => c.actionRequired), ...r.changes.filter((c) => !c.actionRequired)].map((c) => [
          c.id,
          String(c.actionRequired),
        ]),
      ]);
    expect(shown).toEqual(wanted);
    // The first bundle's own entries are what it installs, not a change after it.
    expect(await page.locator(`#ga-changes [data-release="${a}"]`).count()).toBe(0);
    const acting = api.slice(1).flatMap((r) => r.changes.filter((c) => c.actionRequired));
    expect(acting.length).toBeGreaterThan(0);
    expect(await page.locator('#ga-changes li[data-action="true"] .tag-action').count()).toBe(acting.length);
    const pr = api
      .slice(1)
      .flatMap((r) => r.changes)
      .find((c) => c.prs.length > 0)!;
    expect(await page.locator(`#ga-changes li[data-id="${pr.id}"] a`).first().getAttribute('href')).toBe(
      `https://github.com/kubernetes-sigs/gateway-api/pull/${pr.prs[0]}`,
    );
  });

  it.each([
    ['standard', ''],
    ['experimental', '&channel=experimental'],
  ])('marks the versions the %s bundle no longer serves as breaking, per kind', async (channel, query) => {
    const { gatewayApiReleases: list } = await run.server.data<{ gatewayApiReleases: { version: string }[] }>(
      '{ gatewayApiReleases { version } }',
    );
    const a = list[0].version;
    const b = list[list.length - 1].version;
    type Kinds = { kinds: { kind: string; group: string; servedVersions: string[] }[] };
    const api = await run.server.data<{ a: Kinds; b: Kinds }>(
      `query($a: String!, $b: String!, $c: GatewayApiChannel!) {
        a: gatewayApiRelease(version: $a) { kinds(channel: $c) { kind group servedVersions } }
        b: gatewayApiRelease(version: $b) { kinds(channel: $c) { kind group servedVersions } } }`,
      { a, b, c: channel.toUpperCase() },
    );
    const key = (k: { kind: string; group: string }) => `${k.group}/${k.kind}`;
    const after = new Map(api.b.kinds.map((k) => [key(k), k.servedVersions]));
    const before = new Map(api.a.kinds.map((k) => [key(k), k.servedVersions]));
    const breaking = api.a.kinds
      .filter((k) => after.has(key(k)) && k.servedVersions.some((v) => !after.get(key(k))!.includes(v)))
      .map(key)
      .sort();
    const added = api.b.kinds
      .filter((k) => !before.has(key(k)))
      .map(key)
      .sort();
    const gone = api.a.kinds
      .filter((k) => !after.has(key(k)))
      .map(key)
      .sort();
    // From the first bundle to the last, some version stops being served: the check below is not vacuous.
    expect(breaking.length).toBeGreaterThan(0);

    await page.goto(bundleView(`from=${from}&to=${to}&gaFrom=${a}&gaTo=${b}${query}`));
    await compared(a, b);
    expect(await page.locator('#ga-channel').inputValue()).toBe(channel);
    const items = await page
      .locator('#ga-kinds li')
      .evaluateAll((lis) =>
        lis.map((li) => [
          `${li.getAttribute('data-group')}/${li.getAttribute('data-kind')}`,
          li.getAttribute('data-change'),
          li.textContent,
        ]),
      );
    const withChange = (c: string) =>
      items
        .filter(([, x]) => x === c)
        .map(([k]) => k as string)
        .sort();
    expect(withChange('breaking')).toEqual(breaking);
    expect(withChange('added')).toEqual(added);
    expect(withChange('gone')).toEqual(gone);
    expect(items.length).toBe(new Set([...before.keys(), ...after.keys()]).size);
    // What refuses manifests comes first, and says so in words.
    expect(items.slice(0, breaking.length).every(([, x]) => x === 'breaking')).toBe(true);
    for (const [, x, text] of items) if (x === 'breaking') expect(text).toContain('is refused');
  });

  it('says that a bundle of the link is unknown and keeps the pickers that mend it', async () => {
    await page.goto(bundleView(`from=${from}&to=${to}&gaFrom=v9.9.9`));
    const alert = page.locator('#release-problem');
    await alert.waitFor();
    expect(await alert.textContent()).toContain('“v9.9.9”');
    expect(await page.locator('#ga-from option:checked').textContent()).toBe('v9.9.9 (unknown)');
    const recommended = newestFor(from)!;
    await page.locator('#ga-from').selectOption(recommended);
    await compared(recommended, newestFor(to)!);
    expect(await page.locator('#release-problem').count()).toBe(0);
    expect(params()).toMatchObject({ gaFrom: recommended });
  });

  it('says that a release or a channel of the link is unknown, recommends nothing for it, and mends it there', async () => {
    await page.goto(bundleView(`from=1.99&to=${to}`));
    const alert = page.locator('#release-problem');
    await alert.waitFor();
    expect(await alert.textContent()).toContain('“1.99”');
    expect(await page.locator('#ga-k8s-from option:checked').textContent()).toBe('1.99 (unknown)');
    expect(await page.locator('#ga-bundles').count()).toBe(0);
    await page.locator('#ga-k8s-from').selectOption(from);
    await compared(newestFor(from)!, newestFor(to)!);
    expect(await page.locator('#release-problem').count()).toBe(0);

    // A name any JavaScript object has is no channel either.
    for (const channel of ['alpha', 'constructor']) {
      await page.goto(bundleView(`from=${from}&to=${to}&channel=${channel}`));
      await page.locator('#release-problem').waitFor();
      expect(await page.locator('#release-problem').textContent()).toContain(`channel “${channel}”`);
      expect(await page.locator('#ga-channel option:checked').textContent()).toBe(`${channel} (unknown)`);
    }
    await page.locator('#ga-channel').selectOption('experimental');
    await page.waitForFunction(() => document.querySelector('#ga-summary')?.textContent?.includes('experimental'));
    expect(params()).toMatchObject({ channel: 'experimental' });
  });

  it('offers Retry when netkb cannot be reached, keeping the release pickers', async () => {
    await page.goto(bundleView(`from=${from}&to=${to}`));
    await compared(newestFor(from)!, newestFor(to)!);
    await page.route('**/graphql', (route) => route.abort());
    try {
      await page.locator('#ga-channel').selectOption('experimental');
      const alert = page.locator('.ga-between [role="alert"]');
      await alert.waitFor();
      expect(await alert.textContent()).toContain('netkb is not reachable');
      for (const id of ['#ga-k8s-from', '#ga-k8s-to', '#ga-from', '#ga-to', '#ga-channel'])
        expect(await page.locator(id).isEnabled()).toBe(true);
    } finally {
      await page.unroute('**/graphql');
    }
    await page.locator('.ga-between button.retry').click();
    await compared(newestFor(from)!, newestFor(to)!);
    expect(params()).toMatchObject({ channel: 'experimental' });
  });
});

describe('moving around the Gateway API view', () => {
  it('walks through the bundles and the channel chosen with Back and Forward', async () => {
    const recFrom = newestFor(from)!;
    const recTo = newestFor(to)!;
    const older = seed[seed.findIndex((b) => b.version === recTo) - 1].version;
    await page.goto(bundleView(`from=${from}&to=${to}`));
    await compared(recFrom, recTo);
    await page.locator('#ga-to').selectOption(older);
    await compared(recFrom, older);
    await page.locator('#ga-channel').selectOption('experimental');
    await page.waitForFunction(() => document.querySelector('#ga-summary')?.textContent?.includes('experimental'));

    await page.goBack();
    expect(params()).toEqual({ view: 'gateway', from, to, gaFrom: recFrom, gaTo: older });
    await page.waitForFunction(() => document.querySelector('#ga-summary')?.textContent?.includes('standard'));
    expect(await page.locator('#ga-channel').inputValue()).toBe('standard');
    await page.goBack();
    expect(params()).toEqual({ view: 'gateway', from, to });
    await compared(recFrom, recTo);
    expect(await page.locator('#ga-to').inputValue()).toBe(recTo);
    await page.goForward();
    expect(params()).toEqual({ view: 'gateway', from, to, gaFrom: recFrom, gaTo: older });
    await compared(recFrom, older);
    expect(await page.locator('#ga-to').inputValue()).toBe(older);
  });

  it('keeps the releases of the other views, and a new release brings back the recommended bundles', async () => {
    await page.goto(`${run.server.base}/?view=diff&from=${from}&to=${to}`);
    await page.locator('#diff-from').waitFor();
    await page.locator('#nav a', { hasText: 'Gateway API' }).click();
    await compared(newestFor(from)!, newestFor(to)!);
    expect(params()).toEqual({ view: 'gateway', from, to });
    await page.locator('#ga-to').selectOption(seed[0].version);
    await page.waitForFunction(() => document.querySelector('.ga-between [role="alert"]'));
    // Another release pair: the bundles chosen for the old one give way to the recommended ones.
    await page.locator('#ga-k8s-to').selectOption(from);
    await compared(...bundlesFor(from, from));
    expect(params()).toEqual({ view: 'gateway', from, to: from });
  });

  it('keeps focus on a bundle picker changed with the arrow keys', async () => {
    await page.goto(bundleView(`from=${from}&to=${to}`));
    await compared(newestFor(from)!, newestFor(to)!);
    await page.locator('#ga-to').focus();
    await page.keyboard.press('ArrowDown');
    const older = seed[seed.findIndex((b) => b.version === newestFor(to)) - 1].version;
    await compared(newestFor(from)!, older);
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('ga-to');
    expect(params()).toMatchObject({ gaTo: older });
  });
});

/** The bundles compared for a release pair whose recommended bundles are the same: the one before it and it. */
function bundlesFor(a: string, b: string): [string, string] {
  const rec = newestFor(b)!;
  if (newestFor(a) !== rec) return [newestFor(a)!, rec];
  return [seed[seed.findIndex((x) => x.version === rec) - 1].version, rec];
}
