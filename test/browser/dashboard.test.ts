// The dashboard in a real browser (Chromium): each view loads from a deep link, reacts to its controls,
// and shows what the GraphQL API knows. What the page shows is compared with the API's own answer.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { formatter } from '../../src/cli/formats';
import { wholeText, type CheckResult } from '../../src/cli/formats/types';
import { projectRoot } from '../../src/config';
import { formatVersion } from '../../src/kb/version';
import { countFindings } from '../../src/analysis/report/severity';
import { upgradeReport } from '../../src/services/upgrade-report';
import { screenshot, useBrowser, type BrowserRun } from './browser';
import { testKnowledgeBase } from '../support/knowledge-base';

// The callbacks given to page.evaluate and waitForFunction run in the page: these are its globals.
declare const document: any, window: any, location: any;

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

describe('feature-gate timelines', () => {
  const row = (gate: string) => page.locator(`tr[data-gate="${gate}"]`);

  it('draws one row per gate of the chosen SIG, as the API lists them', async () => {
    await page.goto(`${run.server.base}/?view=timeline&sig=Network`);
    await page.locator('table.timeline tbody tr[data-gate]').first().waitFor();
    const api = await run.server.data<{ featureGates: { name: string }[] }>(
      '{ featureGates(sig: "Network") { name } }',
    );
    const shown = await page
      .locator('table.timeline tbody tr[data-gate]')
      .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-gate')));
    expect([...shown].sort()).toEqual(api.featureGates.map((g) => g.name).sort());
    expect(await page.locator('#gate-sig').inputValue()).toBe('Network');
    expect(await page.locator('.count').textContent()).toBe(
      `${api.featureGates.length} of ${api.featureGates.length} gates`,
    );
    await expect(page.locator('table.timeline thead th.release').first().textContent()).resolves.toBe('1.14');
  });

  it('shows each stage as a labelled bar over its releases, and a mark at the removal', async () => {
    const bars = await row('SetHostnameAsFQDN')
      .locator('td.seg')
      .evaluateAll((cells) =>
        cells.map((c) => ({
          stage: c.getAttribute('data-stage'),
          range: c.getAttribute('data-range'),
          label: c.getAttribute('aria-label'),
          span: (c as { colSpan: number }).colSpan,
        })),
      );
    expect(bars).toEqual([
      { stage: 'ALPHA', range: '1.19', label: 'SetHostnameAsFQDN: alpha, off by default in 1.19', span: 1 },
      { stage: 'BETA', range: '1.20–1.21', label: 'SetHostnameAsFQDN: beta, on by default in 1.20–1.21', span: 2 },
      { stage: 'GA', range: '1.22–1.23', label: 'SetHostnameAsFQDN: GA, on by default, locked in 1.22–1.23', span: 2 },
    ]);
    // The removal mark sits in the 1.24 column: 1 name column + 10 releases (1.14-1.23) before it.
    const removal = row('SetHostnameAsFQDN').locator('td.removal');
    expect(await removal.getAttribute('aria-label')).toBe('SetHostnameAsFQDN: removed in 1.24');
    const column = await removal.evaluate((td) => {
      let col = 0;
      for (let c = td.previousElementSibling; c; c = c.previousElementSibling)
        col += (c as { colSpan: number }).colSpan;
      return col;
    });
    expect(column).toBe(1 + 10);
    // A gate removed before the first release shown says so instead of drawing nothing.
    await expect(row('AllowExtTrafficLocalEndpoints').locator('td.outside').textContent()).resolves.toBe(
      'removed in 1.9, before 1.14',
    );
    // Readable without colour: the bars carry text.
    expect(await row('SetHostnameAsFQDN').locator('td.seg').allTextContents()).toEqual(['A', 'beta', 'GA']);
  });

  it('shows the defaults and the change records when a bar gets keyboard focus, and hides them on Escape', async () => {
    await page.locator('#gate-filter').focus();
    const beta = row('SetHostnameAsFQDN').locator('td.seg[data-stage="BETA"]');
    await beta.focus();
    const tip = page.locator('#gate-tip');
    await expect(tip.isVisible()).resolves.toBe(true);
    const text = (await tip.textContent()) ?? '';
    expect(text).toContain('This bar: beta, on by default.');
    expect(text).toContain('alpha1.19–1.19off');
    expect(text).toContain('GA1.22–1.23on (locked)');
    expect(text).toContain('removed1.24');
    const gate = await run.server.data<{ featureGate: { changes: { version: string; prs: number[] }[] } }>(
      '{ featureGate(name: "SetHostnameAsFQDN") { changes { version prs } } }',
    );
    for (const change of gate.featureGate.changes) {
      expect(text).toContain(change.version);
      for (const pr of change.prs) expect(text).toContain(`#${pr}`);
    }
    await page.keyboard.press('Escape');
    await expect(tip.isVisible()).resolves.toBe(false);
  });

  it('shows the same details on hover', async () => {
    await row('SCTPSupport').locator('th.gate-name').hover();
    await expect(page.locator('#gate-tip').textContent()).resolves.toContain('SCTPSupport');
  });

  it('opens a gate below its row from the keyboard, so its release-note links can be reached, and names it in the URL', async () => {
    const button = row('SetHostnameAsFQDN').locator('button.gate-toggle');
    await button.focus();
    await page.keyboard.press('Enter');
    const details = page.locator('tr.gate-details[data-details="SetHostnameAsFQDN"]');
    await details.waitFor();
    expect(await button.getAttribute('aria-expanded')).toBe('true');
    expect(params()).toMatchObject({ gate: 'SetHostnameAsFQDN' });
    expect(await details.textContent()).toContain('GA1.22–1.23on (locked)');
    // Tab goes through the row's bars and removal mark, then into the details' links.
    const inDetails = () =>
      page.evaluate(() => document.activeElement?.closest('tr')?.getAttribute('data-details') ?? null);
    for (let i = 0; i < 6 && (await inDetails()) === null; i++) await page.keyboard.press('Tab');
    expect(await inDetails()).toBe('SetHostnameAsFQDN');
    expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('A');
    await button.click();
    await expect(details.count()).resolves.toBe(0);
    expect(params().gate).toBeUndefined();
  });

  it('opens the gate a deep link names', async () => {
    await page.goto(`${run.server.base}/?view=timeline&sig=Network&gate=IPv6DualStack`);
    await page.locator('tr.gate-details[data-details="IPv6DualStack"]').waitFor();
    expect(await row('IPv6DualStack').locator('button.gate-toggle').getAttribute('aria-expanded')).toBe('true');
  });

  it('draws no bar for the releases a generated gate record does not reach', async () => {
    // JobPodFailurePolicy: known through 1.31 (GA), not known at 1.32, removed in 1.33 by the 1.33 notes.
    await page.goto(`${run.server.base}/?view=timeline&sig=any&q=JobPodFailurePolicy`);
    await row('JobPodFailurePolicy').waitFor();
    const ranges = await row('JobPodFailurePolicy')
      .locator('td.seg')
      .evaluateAll((cells) => cells.map((c) => c.getAttribute('data-range') ?? ''));
    expect(ranges[ranges.length - 1]).toMatch(/1\.31$/);
    expect(ranges.some((r) => r.includes('1.32'))).toBe(false);
    expect(await row('JobPodFailurePolicy').locator('td.removal').getAttribute('title')).toBe('removed in 1.33');
    await page.goto(`${run.server.base}/?view=timeline&sig=Network`);
    await page.locator('table.timeline tbody tr[data-gate]').first().waitFor();
  });

  it('filters gates by name and keeps the filter in the URL', async () => {
    await page.locator('#gate-filter').fill('dualstack');
    const visible = await page
      .locator('table.timeline tbody tr[data-gate]:not([hidden])')
      .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-gate')));
    expect(visible.length).toBeGreaterThan(0);
    for (const name of visible) expect(name!.toLowerCase()).toContain('dualstack');
    expect(visible).toContain('IPv6DualStack');
    expect(params()).toMatchObject({ view: 'timeline', sig: 'Network', q: 'dualstack' });
    expect(await page.locator('.count').textContent()).toMatch(
      new RegExp(`^${visible.length} of \\d+ gates matching “dualstack”$`),
    );
    await page.locator('#gate-filter').fill('no gate is called like this');
    await expect(page.locator('p.empty').isVisible()).resolves.toBe(true);
    await expect(page.locator('tr.gate-details').isVisible()).resolves.toBe(false);
    await page.locator('#gate-filter').fill('');
  });

  it('changes component from the keyboard and restores every choice from a deep link', async () => {
    await page.locator('#gate-component').focus();
    await page.locator('#gate-component').selectOption('kube-proxy');
    await page.locator('table.timeline tbody tr[data-gate]').first().waitFor();
    await page.waitForFunction(() => new URL(location.href).searchParams.get('component') === 'kube-proxy');
    const api = await run.server.data<{ featureGates: { name: string }[] }>(
      '{ featureGates(sig: "Network", component: "kube-proxy") { name } }',
    );
    await page.waitForFunction(
      (n) => document.querySelectorAll('table.timeline tbody tr[data-gate]').length === n,
      api.featureGates.length,
    );

    await page.goto(`${run.server.base}/?view=timeline&sig=any&component=kube-proxy&q=IPVS`);
    await page.locator('table.timeline tbody tr[data-gate]').first().waitFor();
    expect(await page.locator('#gate-sig').inputValue()).toBe('any');
    expect(await page.locator('#gate-component').inputValue()).toBe('kube-proxy');
    expect(await page.locator('#gate-filter').inputValue()).toBe('IPVS');
    const visible = await page
      .locator('table.timeline tbody tr[data-gate]:not([hidden])')
      .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-gate')));
    const proxyGates = await run.server.data<{ featureGates: { name: string }[] }>(
      '{ featureGates(component: "kube-proxy") { name } }',
    );
    const ipvs = proxyGates.featureGates.map((g) => g.name).filter((n) => n.toLowerCase().includes('ipvs'));
    expect(ipvs).toContain('SupportIPVSProxyMode');
    expect([...visible].sort()).toEqual(ipvs.sort());
  });

  it('keeps the name filter and the URL in agreement when the component or the SIG changes', async () => {
    const caption = (text: string) =>
      page.waitForFunction((t) => document.querySelector('table.timeline caption')?.textContent === t, text);
    await page.goto(`${run.server.base}/?view=timeline&sig=Network`);
    await page.locator('table.timeline tbody tr[data-gate]').first().waitFor();
    await page.locator('#gate-filter').fill('Proxy');
    await page.locator('#gate-component').selectOption('kube-proxy');
    await caption('Feature gates of SIG Network read by kube-proxy, stage by release');
    // The text typed stays, in the box and in the URL, and still filters the new list.
    expect(await page.locator('#gate-filter').inputValue()).toBe('Proxy');
    expect(params()).toMatchObject({ sig: 'Network', component: 'kube-proxy', q: 'Proxy' });
    const visible = await page
      .locator('table.timeline tbody tr[data-gate]:not([hidden])')
      .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-gate')!));
    const api = await run.server.data<{ featureGates: { name: string }[] }>(
      '{ featureGates(sig: "Network", component: "kube-proxy") { name } }',
    );
    expect(visible.sort()).toEqual(
      api.featureGates
        .map((g) => g.name)
        .filter((n) => n.toLowerCase().includes('proxy'))
        .sort(),
    );
    expect(visible.length).toBeGreaterThan(0);

    // A deep link's text, cleared, does not come back when the SIG changes.
    await page.goto(`${run.server.base}/?view=timeline&sig=Network&q=Proxy`);
    await page.locator('table.timeline tbody tr[data-gate]:not([hidden])').first().waitFor();
    expect(await page.locator('#gate-filter').inputValue()).toBe('Proxy');
    await page.locator('#gate-filter').fill('');
    expect(params().q).toBeUndefined();
    await page.locator('#gate-sig').selectOption('any');
    await caption('Feature gates, stage by release');
    expect(await page.locator('#gate-filter').inputValue()).toBe('');
    expect(params()).toMatchObject({ sig: 'any' });
    expect(params().q).toBeUndefined();
    expect(await page.locator('table.timeline tbody tr[data-gate][hidden]').count()).toBe(0);
  });

  it('draws one bar, with a mark, where only the lock changes', async () => {
    const gate = await run.server.data<{
      featureGate: {
        lifecycle: { stage: string; defaultEnabled: boolean; lockedToDefault: boolean | null; since: string }[];
      };
    }>(
      '{ featureGate(name: "ExternalPolicyForExternalIP") { lifecycle { stage defaultEnabled lockedToDefault since } } }',
    );
    // The record this test is about: GA off in 1.18, then two GA stages on by default, the second one locked
    // (the first two locks filled in from the feature files of 1.18 and 1.19).
    expect(gate.featureGate.lifecycle).toEqual([
      { stage: 'GA', defaultEnabled: false, lockedToDefault: false, since: '1.18' },
      { stage: 'GA', defaultEnabled: true, lockedToDefault: false, since: '1.19' },
      { stage: 'GA', defaultEnabled: true, lockedToDefault: true, since: '1.20' },
    ]);
    await page.goto(`${run.server.base}/?view=timeline&sig=Network`);
    const bars = row('ExternalPolicyForExternalIP').locator('td.seg');
    await bars.first().waitFor();
    expect(
      await bars.evaluateAll((cells) =>
        cells.map((c) => ({
          stage: c.getAttribute('data-stage'),
          range: c.getAttribute('data-range'),
          span: (c as { colSpan: number }).colSpan,
          label: c.getAttribute('aria-label'),
          marks: [...c.querySelectorAll('.lock-mark')].map((m) => m.getAttribute('data-release')),
        })),
      ),
    ).toEqual([
      {
        stage: 'GA',
        range: '1.18',
        span: 1,
        label: 'ExternalPolicyForExternalIP: GA, off by default in 1.18',
        marks: [],
      },
      {
        stage: 'GA',
        range: '1.19–1.21',
        span: 3,
        label: 'ExternalPolicyForExternalIP: GA, on by default in 1.19–1.21; locked to the default from 1.20',
        marks: ['1.20'],
      },
    ]);
    // The mark sits on the 1.20 column: one of the bar's three columns before it.
    const offset = await bars.nth(1).evaluate((td) => {
      const mark = td.querySelector('.lock-mark')!.getBoundingClientRect();
      const bar = td.getBoundingClientRect();
      return (mark.left - bar.left) / bar.width;
    });
    expect(offset).toBeCloseTo(1 / 3, 1);
    await row('ExternalPolicyForExternalIP').scrollIntoViewIfNeeded();
    await screenshot(page, 'timeline-lock-mark');
    await bars.nth(1).focus();
    expect(await page.locator('#gate-tip').textContent()).toContain(
      'This bar: GA, on by default; locked to the default from 1.20.',
    );
  });

  it('links the KEP of an opened gate to its page', async () => {
    const api = await run.server.data<{ featureGate: { kep: string | null; kepUrl: string | null } }>(
      '{ featureGate(name: "IPv6DualStack") { kep kepUrl } }',
    );
    expect(api.featureGate.kep).toMatch(/^KEP-\d+$/);
    expect(api.featureGate.kepUrl).toMatch(/^https:\/\/github\.com\/kubernetes\/enhancements\//);
    await page.goto(`${run.server.base}/?view=timeline&sig=Network&gate=IPv6DualStack`);
    const link = page.locator('tr.gate-details[data-details="IPv6DualStack"] .tip-title a');
    await link.waitFor();
    expect(await link.textContent()).toBe(api.featureGate.kep);
    expect(await link.getAttribute('href')).toBe(api.featureGate.kepUrl);
    expect(await link.getAttribute('rel')).toBe('noopener noreferrer');
  });

  it('shows an unknown SIG in a link as the server says it, with the suggestion as a link', async () => {
    const res = await run.server.query('{ featureGates(sig: "Netwrk") { name } }');
    const error = res.errors![0];
    expect(error.extensions?.code).toBe('BAD_USER_INPUT');
    await page.goto(`${run.server.base}/?view=timeline&sig=Netwrk`);
    const alert = page.locator('#main [role="alert"]');
    await alert.waitFor();
    expect(await alert.locator('.error-message').textContent()).toBe(error.message);
    expect(await alert.locator('.error-message').textContent()).not.toContain('BAD_USER_INPUT');
    expect(await alert.locator('.error-detail').textContent()).toContain('BAD_USER_INPUT');
    await alert.locator('.error-suggestions a', { hasText: 'Network' }).click();
    await page.locator('table.timeline tbody tr[data-gate]').first().waitFor();
    expect(params()).toMatchObject({ view: 'timeline', sig: 'Network' });
  });

  it('takes the docs screenshot', async () => {
    await page.goto(`${run.server.base}/?view=timeline&sig=Network&component=kube-proxy`);
    await page.locator('table.timeline tbody tr[data-gate]').first().waitFor();
    await page.evaluate(() => window.scrollTo(0, 0));
    await row('IPv6DualStack').locator('td.seg[data-stage="BETA"]').dispatchEvent('mouseenter');
    await page.locator('#gate-tip').waitFor();
    await screenshot(page, 'timeline', { docs: true });
  });
});

describe('release diff', () => {
  it('lists what 1.15 to 1.20 crosses, grouped by release, from a deep link', async () => {
    await page.goto(`${run.server.base}/?view=diff&from=1.15&to=1.20`);
    await page.locator('.release-group').first().waitFor();
    expect(await page.locator('#diff-from').inputValue()).toBe('1.15');
    expect(await page.locator('#diff-to').inputValue()).toBe('1.20');
    const releases = await page
      .locator('.release-group')
      .evaluateAll((s) => s.map((x) => x.getAttribute('data-release')));
    expect(releases).toEqual(['1.16', '1.17', '1.18', '1.19', '1.20']);
    const in116 = (await page.locator('.release-group[data-release="1.16"]').textContent()) ?? '';
    expect(in116).toContain('extensions/v1beta1 Deployment → use apps/v1');
    const api = await run.server.data<{
      diff: { featureGates: unknown[]; removedApiVersions: unknown[]; actionRequired: unknown[] };
    }>(
      '{ diff(from: "1.15", to: "1.20") { featureGates { version } removedApiVersions { apiVersion } actionRequired { rank } } }',
    );
    const summary = (await page.locator('.diff-summary').textContent()) ?? '';
    const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
    expect(summary).toContain(plural(api.diff.featureGates.length, 'gate transition'));
    expect(summary).toContain(`${plural(api.diff.removedApiVersions.length, 'API version')} removed`);
    expect(summary).toContain(plural(api.diff.actionRequired.length, 'action-required note'));
    expect(await page.locator('.release-group li .tag-action').count()).toBe(api.diff.actionRequired.length);
    expect(await page.locator('.release-group li.transition').count()).toBe(api.diff.featureGates.length);
  });

  it('follows the release pickers and puts them in the URL', async () => {
    await page.locator('#diff-to').selectOption('1.22');
    await page.waitForFunction(() => document.querySelector('.release-group[data-release="1.22"]') !== null);
    await page.locator('#diff-from').selectOption('1.21');
    await page.waitForFunction(() => document.querySelectorAll('.release-group').length === 1);
    expect(params()).toMatchObject({ view: 'diff', from: '1.21', to: '1.22' });
    const in122 = (await page.locator('.release-group[data-release="1.22"]').textContent()) ?? '';
    expect(in122).toContain('extensions/v1beta1 Ingress → use networking.k8s.io/v1');
    expect(in122).toMatch(/Action required \(\d+\)/);
  });

  it('says so when "from" is after "to"', async () => {
    await page.locator('#diff-swap').click();
    await page.locator('.results [role="alert"]').waitFor();
    expect(await page.locator('.results [role="alert"]').textContent()).toContain('“From” (1.22) is after “to” (1.21)');
    expect(params()).toMatchObject({ from: '1.22', to: '1.21' });
  });

  it('lists every release note on the way, a page at a time, not only those that ask to act', async () => {
    await page.goto(`${run.server.base}/?view=diff&from=1.15&to=1.20`);
    await page.locator('#notes-count').waitFor();
    const api = await run.server.data<{ diff: { changes: { totalCount: number } }; changes: { totalCount: number } }>(
      '{ diff(from: "1.15", to: "1.20") { changes { totalCount } } changes(filter: { from: "1.15", to: "1.20", actionRequiredOnly: true }) { totalCount } }',
    );
    const total = api.diff.changes.totalCount;
    expect(total).toBeGreaterThan(api.changes.totalCount);
    expect(total).toBeGreaterThan(50);
    expect(await page.locator('#release-notes-title').textContent()).toBe(`Release notes (${total})`);
    expect(await page.locator('.release-notes li.release-note').count()).toBe(50);
    expect(await page.locator('.diff-summary').textContent()).toContain(`${total} release notes (below)`);
    expect(await page.locator('#notes-count').textContent()).toBe(`50 of ${total} entries (every kind)`);
    while ((await page.locator('#notes-more').count()) > 0) {
      const before = await page.locator('.release-notes li.release-note').count();
      await page.locator('#notes-more').click();
      await page.waitForFunction((n) => document.querySelectorAll('.release-notes li.release-note').length > n, before);
    }
    expect(await page.locator('.release-notes li.release-note').count()).toBe(total);
    // Grouped by release, each release once, in order.
    const groups = await page
      .locator('.notes-release')
      .evaluateAll((g) => g.map((x) => x.getAttribute('data-release')));
    expect(groups).toEqual([...new Set(groups)]);
    expect(groups.every((v) => ['1.16', '1.17', '1.18', '1.19', '1.20'].includes(v!))).toBe(true);
  });

  it('filters the diff by SIG and the release notes by kind, and keeps both in the URL', async () => {
    await page.locator('#diff-sig').selectOption('Network');
    await page.waitForFunction(() => new URL(location.href).searchParams.get('sig') === 'Network');
    await page.locator('#notes-count').waitFor();
    const api = await run.server.data<{
      all: { featureGates: unknown[]; changes: { totalCount: number } };
      network: { featureGates: unknown[]; changes: { totalCount: number } };
      kinds: { changes: { totalCount: number } };
    }>(
      `{ all: diff(from: "1.15", to: "1.20") { featureGates { version } changes { totalCount } }
         network: diff(from: "1.15", to: "1.20", sig: "Network") { featureGates { version } changes { totalCount } }
         kinds: diff(from: "1.15", to: "1.20", sig: "Network") { changes(kinds: [BUG_FIX]) { totalCount } } }`,
    );
    expect(api.network.changes.totalCount).toBeLessThan(api.all.changes.totalCount);
    expect(api.network.featureGates.length).toBeLessThan(api.all.featureGates.length);
    await page.waitForFunction(
      (n) => document.querySelector('#release-notes-title')?.textContent === `Release notes (${n})`,
      api.network.changes.totalCount,
    );
    expect(await page.locator('.release-group li.transition').count()).toBe(api.network.featureGates.length);
    expect(await page.locator('#diff-sig').inputValue()).toBe('Network');
    // Every kind but bug fixes unchecked: the list holds the bug fixes of SIG Network, and the URL says so.
    for (const box of await page.locator('.kind-filter input').all())
      if ((await box.getAttribute('value')) !== 'BUG_FIX') await box.uncheck();
    await page.waitForFunction(
      (n) => document.querySelector('#notes-count')?.textContent === `${Math.min(50, n)} of ${n} entries (bug fix)`,
      api.kinds.changes.totalCount,
    );
    expect(await page.locator('#release-notes-title').textContent()).toBe(
      `Release notes (${api.kinds.changes.totalCount})`,
    );
    expect(params()).toMatchObject({ view: 'diff', from: '1.15', to: '1.20', sig: 'Network', kinds: 'BUG_FIX' });
    const kinds = await page
      .locator('.release-notes li.release-note')
      .evaluateAll((li) => li.map((x) => x.getAttribute('data-kind')));
    expect(kinds.length).toBe(Math.min(50, api.kinds.changes.totalCount));
    expect(new Set(kinds)).toEqual(new Set(kinds.length ? ['BUG_FIX'] : []));
    // The same choices from a deep link.
    await page.goto(`${run.server.base}/?view=diff&from=1.15&to=1.20&sig=Network&kinds=BUG_FIX`);
    await page.waitForFunction(
      (n) => document.querySelector('#release-notes-title')?.textContent === `Release notes (${n})`,
      api.kinds.changes.totalCount,
    );
    expect(await page.locator('#diff-sig').inputValue()).toBe('Network');
    expect(await page.locator('.kind-filter input:checked').evaluateAll((b) => b.map((x) => x.value))).toEqual([
      'BUG_FIX',
    ]);
  });

  it('with SIG Network from 1.24 to 1.29: no klog flag, the left-out counts, the userspace removal flagged', async () => {
    await page.goto(`${run.server.base}/?view=diff&from=1.24&to=1.29&sig=Network`);
    await page.locator('#diff-sig-filter').waitFor();
    const api = await run.server.data<{
      diff: { sigFilter: { removedFlagsLeftOut: number; deprecatedFlagsLeftOut: number } };
    }>(
      '{ diff(from: "1.24", to: "1.29", sig: "Network") { sigFilter { removedFlagsLeftOut deprecatedFlagsLeftOut } } }',
    );
    const leftOut = api.diff.sigFilter.removedFlagsLeftOut + api.diff.sigFilter.deprecatedFlagsLeftOut;
    expect(await page.locator('#diff-sig-filter').textContent()).toContain(`SIG Network: ${leftOut} flags and`);
    const in126 = (await page.locator('.release-group[data-release="1.26"]').textContent()) ?? '';
    expect(in126).toContain('kube-proxy --udp-timeout');
    expect(in126).not.toContain('--logtostderr');
    // Ranked inside its release: the userspace removal leads 1.26's action list, flagged though upstream did not.
    const first126 = page.locator('.release-group[data-release="1.26"] li.note').first();
    expect(await first126.getAttribute('data-rank')).toBe('REMOVES');
    expect(await first126.textContent()).toContain("kube-proxy's userspace proxy mode");
    expect(await first126.locator('.tag-action').textContent()).toBe('removes what you run');
    const e2e = page.locator('.release-group[data-release="1.25"] li.note', { hasText: 'Ginkgo v2' });
    expect(await e2e.getAttribute('data-rank')).toBe('NO_COMPONENT');
  });

  it('names the kinds of each gate transition as the API does', async () => {
    await page.goto(`${run.server.base}/?view=diff&from=1.15&to=1.20`);
    await page.locator('.release-group li.transition').first().waitFor();
    const api = await run.server.data<{ diff: { featureGates: { gate: { name: string }; kind: string }[] } }>(
      '{ diff(from: "1.15", to: "1.20") { featureGates { gate { name } kind } } }',
    );
    const shown = await page
      .locator('.release-group li.transition')
      .evaluateAll((li) => li.map((x) => [x.querySelector('code')!.textContent, x.getAttribute('data-kind')]));
    expect(shown.sort()).toEqual(api.diff.featureGates.map((t) => [t.gate.name, t.kind]).sort());
  });

  it('says so when a link names a release netkb does not know, instead of showing another range', async () => {
    await page.goto(`${run.server.base}/?view=diff&from=1.99&to=1.20`);
    const problem = page.locator('#release-problem');
    await problem.waitFor();
    const releases = await run.server.data<{ releases: { version: string }[] }>('{ releases { version } }');
    const first = releases.releases[0].version;
    const last = releases.releases[releases.releases.length - 1].version;
    expect(await problem.textContent()).toBe(
      `The link asks for “1.99” as “from”, which is not a release netkb knows: netkb covers ${first} to ${last}. Choose a release below.`,
    );
    expect(await page.locator('#diff-from').inputValue()).toBe('1.99');
    expect(await page.locator('.release-group').count()).toBe(0);
    await page.locator('#diff-from').selectOption('1.19');
    await page.locator('.release-group[data-release="1.20"]').waitFor();
    expect(await page.locator('#release-problem').count()).toBe(0);
    expect(params()).toMatchObject({ from: '1.19', to: '1.20' });
    // The spellings the API accepts are not unknown.
    await page.goto(`${run.server.base}/?view=diff&from=v1.19&to=1.20.3`);
    await page.locator('.release-group[data-release="1.20"]').waitFor();
    expect(await page.locator('#release-problem').count()).toBe(0);
    expect(await page.locator('#diff-from').inputValue()).toBe('1.19');
  });

  it('takes the docs screenshot', async () => {
    await page.goto(`${run.server.base}/?view=diff&from=1.21&to=1.22`);
    await page.locator('.release-group').first().waitFor();
    await screenshot(page, 'release-diff', { docs: true });
  });
});

describe('manifest check', () => {
  const fixture = join(projectRoot(), 'test', 'fixtures', 'real-world', 'kube-proxy-daemonset-1.14.yaml');
  const manifest = readFileSync(fixture, 'utf8');
  interface ApiReport {
    summary: { breaking: number; warning: number; info: number };
    findings: { severity: string; effectiveIn: string; line: number; ruleId: string }[];
  }
  let api: ApiReport;

  /** What `netkb check --format X` writes for the same manifest read as manifest.yaml (src/cli/check.ts's path). */
  async function cliOutput(format: 'json' | 'sarif' | 'markdown'): Promise<string> {
    const kb = await testKnowledgeBase();
    const report = upgradeReport(kb, { from: '1.15', to: '1.20', manifest });
    const result: CheckResult = {
      from: '1.15',
      to: '1.20',
      path: report.path.map(formatVersion),
      formatVersion,
      failOn: 'BREAKING',
      files: [
        { file: 'manifest.yaml', documents: report.documents, findings: report.findings, coverage: report.coverage },
      ],
      summary: countFindings(report.findings),
    };
    return wholeText(formatter(format)!(result));
  }

  beforeAll(async () => {
    api = (
      await run.server.data<{ upgradeReport: ApiReport }>(
        'query($m: String!) { upgradeReport(from: "1.15", to: "1.20", manifest: $m) { summary { breaking warning info } findings { severity effectiveIn line ruleId } } }',
        { m: manifest },
      )
    ).upgradeReport;
  });

  it('checks a pasted manifest and shows the findings grouped by the release where they bite', async () => {
    await page.goto(`${run.server.base}/?view=check&from=1.15&to=1.20`);
    await page.locator('#manifest').fill(manifest);
    await page.locator('#check-run').click();
    await page.locator('#report-summary').waitFor();
    const summary = (await page.locator('#report-summary').textContent()) ?? '';
    expect(summary).toContain('1.15 → 1.20');
    expect(summary).toContain(`${api.summary.breaking} breaking`);
    expect(summary).toContain(`${api.summary.info} info`);
    // What the report covered is said beside the counts.
    expect(summary).toMatch(/\d+ (of \d+ )?objects? checked/);
    // Equal findings are one entry that counts them (data-count).
    const groups = await page.locator('.report-findings .release-group').evaluateAll((s) =>
      s.map((x) => ({
        release: x.getAttribute('data-release'),
        count: [...x.querySelectorAll('li.finding')].reduce((n, li) => n + Number(li.getAttribute('data-count')), 0),
      })),
    );
    const expected = [...new Set(api.findings.map((f) => f.effectiveIn))].map((release) => ({
      release,
      count: api.findings.filter((f) => f.effectiveIn === release).length,
    }));
    expect(groups).toEqual(expected);
    const conntrack = page.locator('.release-group[data-release="1.15"] li.finding', { hasText: '--conntrack-max' });
    expect(await conntrack.textContent()).toContain('✖ breaking');
    expect(await conntrack.textContent()).toContain('line 56');
  });

  it("highlights the findings' lines in the manifest, with a text label, and jumps to a line", async () => {
    const marked = await page
      .locator('ol.code li.marked')
      .evaluateAll((lines) => lines.map((l) => Number(l.getAttribute('data-line'))));
    expect(marked).toEqual([...new Set(api.findings.map((f) => f.line))].sort((a, b) => a - b));
    const line56 = page.locator('ol.code li[data-line="56"]');
    expect(await line56.getAttribute('class')).toContain('line-breaking');
    expect(await line56.locator('.mark').textContent()).toBe('✖ breaking in 1.15');
    expect(await line56.locator('code').textContent()).toBe('            - --conntrack-max=262144');
    await page.locator('li.finding', { hasText: '--conntrack-max' }).locator('button.line-link').click();
    await expect(line56.getAttribute('class')).resolves.toContain('current');
    await expect(page.evaluate(() => document.activeElement?.getAttribute('data-line'))).resolves.toBe('56');
  });

  it('downloads the report as SARIF, JSON and markdown, byte for byte what netkb check writes', async () => {
    const fetchDownload = async (format: string) => {
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.locator(`.downloads button[data-format="${format}"]`).click(),
      ]);
      const path = await download.path();
      return { name: download.suggestedFilename(), text: readFileSync(path!, 'utf8') };
    };
    const sarif = await fetchDownload('sarif');
    expect(sarif.name).toBe('netkb-1.15-1.20.sarif');
    const doc = JSON.parse(sarif.text);
    expect(doc.version).toBe('2.1.0');
    expect(doc.runs[0].results).toHaveLength(api.findings.length);
    const result = doc.runs[0].results.find((r: any) => r.locations[0].physicalLocation.region.startLine === 56);
    expect(result).toMatchObject({
      ruleId: 'component-flag',
      level: 'error',
      locations: [{ physicalLocation: { artifactLocation: { uri: 'manifest.yaml' } } }],
    });

    const json = await fetchDownload('json');
    expect(json.name).toBe('netkb-1.15-1.20.json');
    const report = JSON.parse(json.text);
    expect(report).toMatchObject({ from: '1.15', to: '1.20', summary: api.summary });
    expect(report.files[0].findings.map((f: any) => [f.line, f.effectiveIn, f.severity])).toEqual(
      api.findings.map((f) => [f.line, f.effectiveIn, f.severity]),
    );

    expect(sarif.text).toBe(await cliOutput('sarif'));
    expect(json.text).toBe(await cliOutput('json'));

    const md = await fetchDownload('markdown');
    expect(md.text).toBe(await cliOutput('markdown'));
    expect(md.name).toBe('netkb-1.15-1.20.md');
    expect(md.text).toMatch(/^\*\*netkb: 1\.15 → 1\.20\*\* \(\d+ objects? checked\): /);
    expect(md.text).toContain('manifest.yaml:56');
  });

  it('reads files dropped on the manifest field, several as one multi-document manifest', async () => {
    await page.evaluate(() => {
      const dt = new window.DataTransfer();
      dt.items.add(
        new window.File(['apiVersion: extensions/v1beta1\nkind: Ingress\nmetadata:\n  name: a\n'], 'a.yaml'),
      );
      dt.items.add(new window.File(['apiVersion: v1\nkind: Service\nmetadata:\n  name: b\n'], 'b.yaml'));
      document
        .querySelector('.drop-zone')
        .dispatchEvent(new window.DragEvent('drop', { dataTransfer: dt, bubbles: true, cancelable: true }));
    });
    await page.waitForFunction(() => document.querySelector('#manifest-file')?.textContent === 'a.yaml, b.yaml');
    expect(await page.locator('#manifest').inputValue()).toBe(
      'apiVersion: extensions/v1beta1\nkind: Ingress\nmetadata:\n  name: a\n\n---\napiVersion: v1\nkind: Service\nmetadata:\n  name: b\n',
    );
    await page.locator('#check-run').click();
    await page.waitForFunction(() => document.querySelector('#report-summary')?.textContent?.includes('2 objects'));
    expect(await page.locator('li.finding', { hasText: 'Ingress a' }).count()).toBeGreaterThan(0);
  });

  it('reads an opened file and names it in the report', async () => {
    await page.locator('#manifest-upload').setInputFiles(fixture);
    await page.waitForFunction(
      () => document.querySelector('#manifest-file')?.textContent === 'kube-proxy-daemonset-1.14.yaml',
    );
    expect(await page.locator('#manifest').inputValue()).toBe(manifest);
    await page.locator('#check-run').click();
    await page.locator('.report-code h3', { hasText: 'kube-proxy-daemonset-1.14.yaml' }).waitFor();
  });

  it('shows the line and column of invalid YAML as a sentence, the code only as a detail, and marks that line', async () => {
    const broken = 'apiVersion: v1\nkind: Service\nmetadata: {name: [broken\n';
    const res = await run.server.query(
      'query($m: String!) { upgradeReport(from: "1.15", to: "1.20", manifest: $m) { documents } }',
      { m: broken },
    );
    expect(res.errors![0].extensions?.code).toBe('BAD_USER_INPUT');
    await page.locator('#manifest').fill(broken);
    await page.locator('#check-run').click();
    await page.locator('#check-results [role="alert"]').waitFor();
    const alert = page.locator('#check-results [role="alert"]');
    const message = (await alert.locator('.error-message').textContent()) ?? '';
    // The server's message, as a sentence: a capital first and a full stop at the end.
    const apiMessage = res.errors![0].message;
    expect(message).toBe(
      `${apiMessage.charAt(0).toUpperCase()}${apiMessage.slice(1)}${/[.?!]$/.test(apiMessage) ? '' : '.'}`,
    );
    expect(message).toMatch(/line \d+/);
    expect(message).not.toContain('BAD_USER_INPUT');
    expect(await alert.locator('.error-detail').textContent()).toBe(
      `Details: error code BAD_USER_INPUT, HTTP ${res.status}.`,
    );
    expect(await page.locator('#check-results ol.code li.marked').count()).toBe(1);
  });

  it('shows what the release note behind an Ingress finding says and where it comes from, never an empty label', async () => {
    const ingress =
      'apiVersion: extensions/v1beta1\nkind: Ingress\nmetadata:\n  name: web\nspec:\n  backend:\n    serviceName: web\n    servicePort: 80\n';
    const api = await run.server.data<{
      upgradeReport: { findings: { change: { version: string; summary: string; prs: number[]; sources: string[] } }[] };
    }>(
      'query($m: String!) { upgradeReport(from: "1.15", to: "1.22", manifest: $m) { findings { change { version summary prs sources } } } }',
      { m: ingress },
    );
    const change = api.upgradeReport.findings[0].change;
    expect(change.version).toBe('1.22');
    await page.goto(`${run.server.base}/?view=check&from=1.15&to=1.22`);
    await page.locator('#manifest').fill(ingress);
    await page.locator('#check-run').click();
    const note = page.locator('li.finding', { hasText: 'Ingress extensions/v1beta1' }).locator('p.note');
    await note.waitFor();
    expect(await note.locator('strong').textContent()).toBe('Release note (1.22): ');
    expect(await note.locator('.note-summary').getAttribute('title')).toBe(change.summary);
    expect(((await note.locator('.note-summary').textContent()) ?? '').length).toBeGreaterThan(40);
    // Its pull requests when it has some, else its sources: links either way.
    const hrefs = await note.locator('a').evaluateAll((a) => a.map((x) => x.getAttribute('href')));
    expect(hrefs).toEqual(
      change.prs.length
        ? change.prs.map((pr) => `https://github.com/kubernetes/kubernetes/pull/${pr}`)
        : change.sources,
    );
    expect(hrefs.length).toBeGreaterThan(0);
  });

  it('says so when a link names a release netkb does not know, and checks nothing until one is chosen', async () => {
    await page.goto(`${run.server.base}/?view=check&from=1.15&to=9.9`);
    const problem = page.locator('#release-problem');
    await problem.waitFor();
    expect(await problem.textContent()).toContain(
      'The link asks for “9.9” as “upgrade to”, which is not a release netkb knows',
    );
    expect(await page.locator('#check-to').inputValue()).toBe('9.9');
    await page.locator('#load-example').click();
    await page.locator('#check-run').click();
    expect(await page.locator('#check-results [role="alert"]').textContent()).toBe(
      'netkb does not know release “9.9”: choose the releases above first.',
    );
    await page.locator('#check-to').selectOption('1.22');
    expect(params()).toMatchObject({ from: '1.15', to: '1.22' });
    expect(await page.locator('#release-problem').count()).toBe(0);
    await page.locator('#check-run').click();
    await page.waitForFunction(() => document.querySelector('#report-summary')?.textContent?.includes('1.15 → 1.22'));
  });

  it("checks the API server's record without a manifest, naming callers and the record's lines", async () => {
    const record = (name: string) => readFileSync(join(projectRoot(), 'test', 'fixtures', 'apiserver', name), 'utf8');
    await page.goto(`${run.server.base}/?view=check&from=1.20&to=1.25`);
    await page.locator('#manifest').fill('');
    await page.locator('#check-run').click();
    expect(await page.locator('#check-results [role="alert"]').textContent()).toContain('give the API server’s record');
    await page.locator('#apiserver-record summary').click();
    await page.locator('#apiserver-metrics').fill(record('metrics.txt'));
    await page.locator('#audit-log').fill(record('audit.log'));
    await page.locator('#check-run').click();
    await page.locator('#report-summary').waitFor();
    const ingress = page.locator('li.finding', { hasText: 'Ingress extensions/v1beta1 is no longer served' });
    expect(await ingress.textContent()).toContain('metrics line 6');
    expect(await ingress.textContent()).toContain(
      'by system:serviceaccount:ingress:controller (nginx-ingress-controller/v0.26.1) list, watch ×2',
    );
    expect(await page.locator('li.finding', { hasText: 'CronJob batch/v1beta1' }).textContent()).toContain(
      'audit log line 4',
    );
    // No line of a manifest is marked for them (there is none), and no jump to one is offered.
    expect(await page.locator('ol.code li.marked').count()).toBe(0);
    expect(await ingress.locator('button.line-link').count()).toBe(0);
    expect(await page.locator('#check-results').textContent()).not.toContain('s3cr3t-never-shown');
  });

  it('keeps the releases in the URL and takes the docs screenshot', async () => {
    await page.goto(`${run.server.base}/?view=check&from=1.15&to=1.22`);
    await page.locator('#load-example').click();
    await page.locator('#check-run').click();
    await page.locator('#report-summary').waitFor();
    expect(params()).toMatchObject({ view: 'check', from: '1.15', to: '1.22' });
    await page.locator('#check-to').selectOption('1.21');
    expect(params()).toMatchObject({ view: 'check', from: '1.15', to: '1.21' });
    await page.locator('#check-run').click();
    await page.waitForFunction(() => document.querySelector('#report-summary')?.textContent?.includes('1.15 → 1.21'));
    await page.locator('#report-summary').scrollIntoViewIfNeeded();
    await page.evaluate(() =>
      window.scrollTo(0, document.querySelector('#report-summary')!.getBoundingClientRect().top + window.scrollY - 16),
    );
    await screenshot(page, 'manifest-check', { docs: true });
  });
});
