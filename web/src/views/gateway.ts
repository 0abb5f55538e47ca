// Gateway API: which CRD bundle fits the Kubernetes releases of an upgrade (gatewayApiReleases, with the rule of
// ../gateway-bundle.ts), then what changes between two bundles: their CHANGELOG entries and, per kind of a
// channel, the API versions each bundle serves (gatewayApiRelease(version).kinds(channel)).
import { gql, type Operation } from '../api';
import { externalLink, fill, h, prLink, select } from '../dom';
import type {
  GatewayApiBundlesQuery,
  GatewayApiBundlesQueryVariables,
  GatewayApiChannel,
  GatewayApiServedQuery,
  GatewayApiServedQueryVariables,
} from '../generated/operations';
import type { View } from './view';
import { readParams, type Params } from '../url-state';
import { compareVersions } from '../../../src/kb/version';
import { fittingBundle, GATEWAY_API_REPOSITORY } from '../gateway-bundle';
import {
  chooseRelease,
  defaultReleases,
  errorBox,
  latestRender,
  loading,
  plural,
  releaseProblems,
  releasesOrError,
  releaseSelect,
} from './common';
import { KIND_LABEL } from './diff-notes';

type Bundle = GatewayApiBundlesQuery['gatewayApiReleases'][number];
type BundleChange = Bundle['changes'][number];
type ServedKind = NonNullable<GatewayApiServedQuery['from']>['kinds'][number];

const TITLE = 'Gateway API';

const BUNDLES: Operation<GatewayApiBundlesQuery, GatewayApiBundlesQueryVariables> =
  /* GraphQL */ `query GatewayApiBundles {
  gatewayApiReleases { version releasedOn minKubernetes changes { id kind summary actionRequired prs sources } }
}`;

const SERVED: Operation<GatewayApiServedQuery, GatewayApiServedQueryVariables> =
  /* GraphQL */ `query GatewayApiServed($from: String!, $to: String!, $channel: GatewayApiChannel!) {
  from: gatewayApiRelease(version: $from) { kinds(channel: $channel) { kind group servedVersions } }
  to: gatewayApiRelease(version: $to) { kinds(channel: $channel) { kind group servedVersions } }
}`;

let bundleList: Promise<Bundle[]> | null = null;

/** The bundles, oldest first, asked once per page load like the releases (they change only with the seed). */
function loadBundles(): Promise<Bundle[]> {
  bundleList ??= gql(BUNDLES, {}).then((d) => d.gatewayApiReleases);
  bundleList.catch(() => {
    bundleList = null;
  });
  return bundleList;
}

/** The channels as the URL writes them (absent: standard, the bundle most clusters install). */
const CHANNELS = new Map<string, GatewayApiChannel>([
  ['standard', 'STANDARD'],
  ['experimental', 'EXPERIMENTAL'],
]);

/** A URL value as it came (value) and, when netkb does not know it, a sentence saying so, as chooseRelease answers. */
interface LinkChoice {
  value: string;
  problem: string | null;
}

/**
 * The bundle a URL parameter names ("v1.2.0", also "1.2.0" as the API accepts it), the fallback when it is
 * absent, or for a tag netkb does not hold, that text and a sentence saying so: the link must not silently
 * compare other bundles.
 */
function chooseBundle(bundles: Bundle[], wanted: string | undefined, fallback: string, role: string): LinkChoice {
  if (wanted === undefined || wanted.trim() === '') return { value: fallback, problem: null };
  const tag = wanted.trim().replace(/^[vV]?/, 'v');
  const known = bundles.find((b) => b.version === tag);
  if (known) return { value: known.version, problem: null };
  const range = bundles.length ? `${bundles[0].version} to ${bundles[bundles.length - 1].version}` : 'none';
  return {
    value: wanted,
    problem: `The link asks for “${wanted}” as ${role}, which is not a Gateway API release netkb knows: netkb covers ${range}. Choose a bundle below.`,
  };
}

function chooseChannel(wanted: string | undefined): LinkChoice {
  if (wanted === undefined || wanted === '' || CHANNELS.has(wanted.toLowerCase()))
    return { value: (wanted ?? '').toLowerCase() || 'standard', problem: null };
  return {
    value: wanted,
    problem: `The link asks for channel “${wanted}”, which is not a Gateway API channel: choose standard or experimental below.`,
  };
}

/**
 * The two bundles compared when the link names none: the one recommended for “from” and the one recommended
 * for “to”. When both are the same bundle (no newer one needs the upgrade), the bundle before it and it, so
 * that the comparison shows what reaching the recommended bundle changes.
 */
function defaultBundles(bundles: Bundle[], from: string, to: string): { gaFrom: string; gaTo: string } {
  const versions = bundles.map((b) => b.version);
  const last = versions.length - 1;
  const forTo = fittingBundle(bundles, to) ?? versions[last] ?? '';
  const forFrom = fittingBundle(bundles, from);
  if (forFrom !== null && forFrom !== forTo) return { gaFrom: forFrom, gaTo: forTo };
  const at = versions.indexOf(forTo);
  if (at > 0) return { gaFrom: versions[at - 1], gaTo: forTo };
  return { gaFrom: forTo, gaTo: versions[Math.min(at + 1, last)] ?? forTo };
}

/** How a bundle stands to the upgrade: what its minKubernetes says of “from” and “to”. */
type Support = 'both' | 'to' | 'neither' | 'unknown';

function support(b: Bundle, from: string, to: string): Support {
  if (b.minKubernetes === null) return 'unknown';
  if (compareVersions(b.minKubernetes, from) <= 0) return 'both';
  return compareVersions(b.minKubernetes, to) <= 0 ? 'to' : 'neither';
}

/** Each standing in words with a symbol: the table is read without its colours. */
function supportText(s: Support, from: string, to: string): string {
  switch (s) {
    case 'both':
      return `✔ ${from} and ${to}`;
    case 'to':
      return `◐ ${to} only (after the upgrade)`;
    case 'neither':
      return `✖ neither ${from} nor ${to}`;
    case 'unknown':
      return '? no source says; check yourself';
  }
}

export const gatewayView: View = {
  id: 'gateway',
  title: TITLE,
  carries: ['from', 'to'],
  async render(root, params, update) {
    const isLatest = latestRender(root);
    const title = () => h('h2', { id: 'view-title' }, TITLE);
    // Retry (after a request that did not reach netkb) draws the view again from the URL.
    const again = () => void gatewayView.render(root, readParams(), update);
    const releases = await releasesOrError(root, TITLE, again);
    if (!releases || !isLatest()) return;
    const defaults = defaultReleases(releases);
    const fromChoice = chooseRelease(releases, params.from, defaults.from, '“cluster runs”');
    const toChoice = chooseRelease(releases, params.to, defaults.to, '“upgrade to”');
    const from = fromChoice.value;
    const to = toChoice.value;
    // The URL is the one state: every choice is a new history entry, and the next render reads it back.
    const rerender = (changes: Params) => {
      update(changes);
      void gatewayView.render(root, readParams(), update);
    };
    // Another release pair has other recommended bundles: the bundle pickers go back to them.
    const releaseControls = h(
      'form',
      { className: 'controls', onsubmit: (e: Event) => e.preventDefault() },
      releaseSelect('ga-k8s-from', 'Cluster runs', releases, from, (v) =>
        rerender({ from: v, to, gaFrom: '', gaTo: '' }),
      ),
      releaseSelect('ga-k8s-to', 'Upgrade to', releases, to, (v) => rerender({ from, to: v, gaFrom: '', gaTo: '' })),
      h(
        'button',
        { type: 'button', id: 'ga-k8s-swap', onclick: () => rerender({ from: to, to: from, gaFrom: '', gaTo: '' }) },
        'Swap',
      ),
    );
    const lede = h(
      'p',
      { className: 'lede' },
      'Gateway API is installed apart from Kubernetes, as a bundle of CRDs. For the releases of an upgrade: which bundles support them and which one to install, then what changes between two bundles: their CHANGELOG entries, and per kind the API versions each bundle serves.',
    );
    const k8sProblems = releaseProblems(fromChoice, toChoice);
    const body = h('div', { className: 'results', 'aria-live': 'polite', 'aria-busy': 'true' });
    fill(root, title(), lede, k8sProblems, releaseControls, body);
    const done = (...content: (HTMLElement | null)[]) => {
      fill(body, ...content);
      body.setAttribute('aria-busy', 'false');
    };
    // Nothing is recommended for a release netkb does not know; the pickers above mend the link.
    if (k8sProblems) return done();
    if (compareVersions(from, to) > 0)
      return done(
        h(
          'p',
          { className: 'error', role: 'alert' },
          `“Cluster runs” (${from}) is after “upgrade to” (${to}): choose an older release first, or swap them.`,
        ),
      );
    // The releases chosen for a link without them (the defaults) are written in place, not as a new entry.
    update({ from, to }, 'replace');
    fill(body, loading('Loading the Gateway API releases…'));
    let bundles: Bundle[];
    try {
      bundles = await loadBundles();
    } catch (err) {
      if (isLatest()) done(errorBox(err, again));
      return;
    }
    if (!isLatest()) return;
    const recommended = fittingBundle(bundles, from);
    const picked = defaultBundles(bundles, from, to);
    const gaFromChoice = chooseBundle(bundles, params.gaFrom, picked.gaFrom, 'the installed bundle');
    const gaToChoice = chooseBundle(bundles, params.gaTo, picked.gaTo, 'the bundle to install');
    const channelChoice = chooseChannel(params.channel);
    const gaFrom = gaFromChoice.value;
    const gaTo = gaToChoice.value;
    const channel = channelChoice.value;
    const forTo = fittingBundle(bundles, to);
    // Both bundles are written with every choice, so that Back returns to the pair that was shown.
    const chooseBundles = (changes: Params) => rerender({ gaFrom, gaTo, ...changes });
    const bundleOptions = [...bundles].reverse().map((b) => ({
      value: b.version,
      text: [
        b.version,
        b.version === recommended ? ` (recommended for ${from})` : '',
        b.version === forTo && forTo !== recommended ? ` (newest for ${to})` : '',
      ].join(''),
    }));
    const bundleSelect = (id: string, label: string, value: string, onChange: (v: string) => void) =>
      select(
        id,
        label,
        // A tag of the link that netkb does not know stays visible (the message above says why).
        bundles.some((b) => b.version === value)
          ? bundleOptions
          : [{ value, text: `${value} (unknown)` }, ...bundleOptions],
        value,
        onChange,
      );
    const channelOptions = [...CHANNELS.keys()].map((c) => ({ value: c }));
    const bundleControls = h(
      'form',
      { className: 'controls', onsubmit: (e: Event) => e.preventDefault() },
      bundleSelect('ga-from', 'Installed bundle', gaFrom, (v) => chooseBundles({ gaFrom: v })),
      bundleSelect('ga-to', 'Bundle to install', gaTo, (v) => chooseBundles({ gaTo: v })),
      h(
        'button',
        { type: 'button', id: 'ga-swap', onclick: () => chooseBundles({ gaFrom: gaTo, gaTo: gaFrom }) },
        'Swap',
      ),
      select(
        'ga-channel',
        'Channel',
        CHANNELS.has(channel) ? channelOptions : [{ value: channel, text: `${channel} (unknown)` }, ...channelOptions],
        channel,
        // Standard is the default: the URL names only the other channel.
        (v) => chooseBundles({ channel: v === 'standard' ? '' : v }),
      ),
    );
    const linkProblems = releaseProblems(gaFromChoice, gaToChoice, channelChoice);
    const between = h('div', { className: 'ga-between', 'aria-busy': 'true' });
    done(
      bundleTable(bundles, from, to, recommended),
      h('h3', { id: 'ga-between-title' }, 'Between two bundles'),
      linkProblems,
      bundleControls,
      between,
    );
    const shown = (...content: (HTMLElement | null)[]) => {
      fill(between, ...content);
      between.setAttribute('aria-busy', 'false');
    };
    if (linkProblems) return shown();
    const order = (v: string) => bundles.findIndex((b) => b.version === v);
    if (order(gaFrom) > order(gaTo))
      return shown(
        h(
          'p',
          { className: 'error', role: 'alert' },
          `The installed bundle (${gaFrom}) is after the bundle to install (${gaTo}): choose an older one first, or swap them.`,
        ),
      );
    fill(between, loading(`Comparing ${gaFrom} and ${gaTo}…`));
    let served: GatewayApiServedQuery;
    try {
      served = await gql(SERVED, { from: gaFrom, to: gaTo, channel: CHANNELS.get(channel)! });
    } catch (err) {
      if (isLatest()) shown(errorBox(err, again));
      return;
    }
    if (!isLatest()) return;
    const crossed = bundles.slice(order(gaFrom) + 1, order(gaTo) + 1);
    const kinds = kindChanges(served.from?.kinds ?? [], served.to?.kinds ?? []);
    shown(
      summary(gaFrom, gaTo, channel, crossed, kinds),
      h('h4', { id: 'ga-kinds-title' }, `Served versions, ${channel} channel: ${gaFrom} → ${gaTo}`),
      kindList(kinds, gaFrom, gaTo),
      h('h4', { id: 'ga-changes-title' }, `Changes after ${gaFrom} up to ${gaTo}`),
      changeList(crossed),
    );
  },
};

/** Every bundle, newest first, with what it supports of the upgrade; the recommended one named above and in its row. */
function bundleTable(bundles: Bundle[], from: string, to: string, recommended: string | null): HTMLElement {
  const rec = bundles.find((b) => b.version === recommended);
  const advice = rec
    ? h(
        'p',
        { id: 'ga-recommended', className: 'recommendation', 'data-version': rec.version },
        h('strong', {}, 'Recommended: '),
        h('code', {}, rec.version),
        `, the newest bundle that supports Kubernetes ${from} (it needs ${rec.minKubernetes} or later), so it works before and after the upgrade to ${to}.`,
      )
    : h(
        'p',
        { id: 'ga-recommended', className: 'recommendation' },
        h('strong', {}, 'No bundle to recommend: '),
        `no bundle netkb knows says it supports Kubernetes ${from}. Upgrade the cluster first, or check a bundle marked unknown yourself.`,
      );
  const row = (b: Bundle) => {
    const s = support(b, from, to);
    return h(
      'tr',
      { 'data-version': b.version, 'data-support': s, className: b === rec ? 'recommended' : null },
      h(
        'th',
        { scope: 'row' },
        h('code', {}, b.version),
        b === rec ? h('span', { className: 'tag tag-recommended' }, ' ★ recommended') : null,
      ),
      h('td', {}, b.releasedOn ?? 'not recorded'),
      h('td', {}, b.minKubernetes ?? 'unknown'),
      h('td', { className: `support support-${s}` }, supportText(s, from, to)),
    );
  };
  return h(
    'section',
    { 'aria-labelledby': 'ga-bundles-title' },
    h('h3', { id: 'ga-bundles-title' }, `Bundles for Kubernetes ${from} → ${to}`),
    advice,
    h(
      'table',
      { className: 'ga-bundles', id: 'ga-bundles' },
      h('caption', {}, 'Gateway API bundles, newest first'),
      h(
        'thead',
        {},
        h(
          'tr',
          {},
          h('th', { scope: 'col' }, 'Bundle'),
          h('th', { scope: 'col' }, 'Released'),
          h('th', { scope: 'col' }, 'Needs Kubernetes'),
          h('th', { scope: 'col' }, 'Supports'),
        ),
      ),
      h('tbody', {}, [...bundles].reverse().map(row)),
    ),
  );
}

/** What became of one kind between the two bundles; `gone` lists the versions no longer served (breaking). */
interface KindChange {
  kind: string;
  group: string;
  before: string[] | null;
  after: string[] | null;
  gone: string[];
  added: string[];
}

function kindChanges(before: ServedKind[], after: ServedKind[]): KindChange[] {
  const key = (k: ServedKind) => `${k.group}/${k.kind}`;
  const was = new Map(before.map((k) => [key(k), k]));
  const is = new Map(after.map((k) => [key(k), k]));
  const keys = [...new Set([...was.keys(), ...is.keys()])];
  const changes = keys.map((k) => {
    const a = was.get(k)?.servedVersions ?? null;
    const b = is.get(k)?.servedVersions ?? null;
    const one = (was.get(k) ?? is.get(k))!;
    return {
      kind: one.kind,
      group: one.group,
      before: a,
      after: b,
      gone: b === null ? [] : (a ?? []).filter((v) => !b.includes(v)),
      added: a === null ? [] : (b ?? []).filter((v) => !a.includes(v)),
    };
  });
  // What refuses manifests first, then kinds that leave or arrive, then the rest, each by group and kind.
  const weight = (c: KindChange) => (c.gone.length ? 0 : c.after === null ? 1 : c.before === null ? 2 : 3);
  return changes.sort(
    (x, y) => weight(x) - weight(y) || x.group.localeCompare(y.group) || x.kind.localeCompare(y.kind),
  );
}

function summary(gaFrom: string, gaTo: string, channel: string, crossed: Bundle[], kinds: KindChange[]): HTMLElement {
  const changes = crossed.flatMap((b) => b.changes);
  const acting = changes.filter((c) => c.actionRequired).length;
  const gone = kinds.reduce((n, k) => n + k.gone.length, 0);
  return h(
    'p',
    { className: 'report-summary', id: 'ga-summary' },
    h('strong', {}, `${gaFrom} → ${gaTo}`),
    `, ${channel} channel: ${plural(crossed.length, 'release')}, ${plural(changes.length, 'change')} (`,
    h('span', { className: acting ? 'sev sev-breaking' : 'sev' }, `${acting} action required`),
    '), ',
    h(
      'span',
      { className: gone ? 'sev sev-breaking' : 'sev' },
      `${gone ? '✖ ' : ''}${plural(gone, 'API version')} no longer served`,
    ),
    '.',
  );
}

function kindList(kinds: KindChange[], gaFrom: string, gaTo: string): HTMLElement {
  if (kinds.length === 0) return h('p', { className: 'empty' }, 'Neither bundle has a CRD in this channel.');
  const versions = (v: string[] | null) => (v === null ? 'none' : v.join(', '));
  const item = (k: KindChange) => {
    const what =
      k.gone.length > 0
        ? [
            h('span', { className: 'tag tag-breaking' }, '✖ breaking'),
            ` ${k.gone.join(', ')} no longer served: a manifest of ${k.gone.length === 1 ? 'this version' : 'these versions'} is refused.`,
          ]
        : k.after === null
          ? [h('span', { className: 'tag tag-warning' }, '− gone'), ` ${gaTo} has no CRD for it.`]
          : k.before === null
            ? [h('span', { className: 'tag tag-info' }, '+ added'), ` new in ${gaTo}.`]
            : [h('span', { className: 'tag' }, k.added.length ? '+ more versions' : '= unchanged')];
    return h(
      'li',
      {
        'data-kind': k.kind,
        'data-group': k.group,
        'data-change': k.gone.length ? 'breaking' : k.after === null ? 'gone' : k.before === null ? 'added' : 'kept',
      },
      h('code', {}, k.kind),
      h('span', { className: 'components' }, ` ${k.group}`),
      `: ${versions(k.before)} → ${versions(k.after)} `,
      what,
      k.added.length && k.before !== null ? ` Newly served: ${k.added.join(', ')}.` : null,
    );
  };
  return h(
    'ul',
    { className: 'ga-kinds', id: 'ga-kinds', 'aria-label': `Served versions, ${gaFrom} to ${gaTo}` },
    kinds.map(item),
  );
}

/** The CHANGELOG entries of each bundle crossed, those that ask to act first. */
function changeList(crossed: Bundle[]): HTMLElement {
  if (crossed.length === 0) return h('p', { className: 'empty' }, 'The same bundle: nothing changes.');
  const quiet = crossed.filter((b) => b.changes.length === 0).map((b) => b.version);
  const sections = crossed
    .filter((b) => b.changes.length > 0)
    .map((b) =>
      h(
        'section',
        {
          className: 'release-group ga-release',
          'data-release': b.version,
          'aria-labelledby': `ga-release-${b.version}`,
        },
        h(
          'h5',
          { id: `ga-release-${b.version}` },
          b.version,
          b.releasedOn ? h('span', { className: 'date' }, ` released ${b.releasedOn}`) : '',
        ),
        h(
          'ul',
          {},
          [...b.changes].sort((x, y) => Number(y.actionRequired) - Number(x.actionRequired)).map((c) => changeItem(c)),
        ),
      ),
    );
  return h(
    'div',
    { id: 'ga-changes' },
    sections,
    quiet.length ? h('p', { className: 'quiet' }, `No change recorded in ${quiet.join(', ')}.`) : null,
  );
}

function changeItem(c: BundleChange): HTMLElement {
  // An entry the CHANGELOG names no pull request for links its sources instead.
  const links = c.prs.length
    ? c.prs.map((pr) => prLink(pr, GATEWAY_API_REPOSITORY))
    : c.sources.map((url) => externalLink(url, url.split('/').filter(Boolean).pop() ?? url));
  return h(
    'li',
    { className: 'note ga-change', 'data-id': c.id, 'data-action': c.actionRequired ? 'true' : 'false' },
    c.actionRequired ? [h('span', { className: 'tag tag-action' }, 'action required'), ' '] : null,
    h('span', { className: 'tag' }, KIND_LABEL[c.kind]),
    ' ',
    c.summary,
    ' ',
    links.flatMap((link, i) => (i === 0 ? [link] : [' ', link])),
  );
}
