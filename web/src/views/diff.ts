// Release diff: what an upgrade from one release to another crosses, grouped by the release it happens in,
// for every SIG or one (diff(sig)), then every release note on the way (./diff-notes.ts).
import { gql, type Operation, type Release } from '../api';
import { fill, h, prLink, select } from '../dom';
import type { GateTransitionKind, ReleaseDiffQuery, ReleaseDiffQueryVariables } from '../generated/operations';
import type { View } from './view';
import { readParams } from '../url-state';
import { compareVersions, parseVersion } from '../../../src/kb/version';
import {
  chooseRelease,
  defaultReleases,
  errorBox,
  latestRender,
  loading,
  releaseProblems,
  releasesOrError,
  releaseSelect,
} from './common';
import { kindsParam, parseKinds, releaseNotes } from './diff-notes';
import { FACETS, STAGE_LABEL } from './timeline';

type DiffData = ReleaseDiffQuery['diff'];
type Transition = DiffData['featureGates'][number];
type GateState = Transition['before'];
type RankedNote = DiffData['actionRequired'][number];
type SigFilter = NonNullable<DiffData['sigFilter']>;

const DIFF: Operation<ReleaseDiffQuery, ReleaseDiffQueryVariables> =
  /* GraphQL */ `query ReleaseDiff($from: KubeVersion!, $to: KubeVersion!, $sig: String) {
  diff(from: $from, to: $to, sig: $sig) {
    featureGates { gate { name } version kind kinds
      before { exists stage defaultEnabled lockedToDefault } after { exists stage defaultEnabled lockedToDefault } }
    removedApiVersions { apiVersion kind removedIn replacement { apiVersion } }
    deprecatedApiVersions { apiVersion kind deprecatedIn removedIn replacement { apiVersion } }
    removedFlags { component name removedIn replacements }
    allNotes: changes(first: 1) { totalCount }
    deprecatedFlags { component name deprecatedIn removedIn replacements }
    actionRequired { rank removes change { version kind summary prs components actionRequired } }
    sigFilter {
      sig removedFlagsLeftOut deprecatedFlagsLeftOut removedApiVersionsLeftOut deprecatedApiVersionsLeftOut
      keptWithoutOwner
    }
  }
}`;

/** Never silent: what the SIG filter left out of the lists, and what it kept for want of an owner. */
function sigFilterNote(f: SigFilter): HTMLElement {
  const flags = f.removedFlagsLeftOut + f.deprecatedFlagsLeftOut;
  const apis = f.removedApiVersionsLeftOut + f.deprecatedApiVersionsLeftOut;
  return h(
    'p',
    { className: 'sig-filter', id: 'diff-sig-filter' },
    `SIG ${f.sig}: ${flags} flag${flags === 1 ? '' : 's'} and ${apis} API version${apis === 1 ? '' : 's'} of other SIGs left out`,
    f.keptWithoutOwner.length ? `; kept, owner not known (not checked): ${f.keptWithoutOwner.join(', ')}.` : '.',
  );
}

function stateText(s: GateState): string {
  if (!s.exists || !s.stage) return 'absent';
  return `${STAGE_LABEL[s.stage]} (${s.defaultEnabled ? 'on' : 'off'}${s.lockedToDefault ? ', locked' : ''})`;
}

/** Words for what happened (the API's kinds of the transition), so the list reads without the arrows. */
const TRANSITION_LABEL: Record<GateTransitionKind, string> = {
  ADDED: 'added',
  GRADUATED: 'graduates',
  DEMOTED: 'demoted',
  DEFAULT_CHANGED: 'default changes',
  LOCK_CHANGED: 'lock changes',
  DEPRECATED: 'deprecated',
  REMOVED: 'removed',
};

function transitionText(t: Transition): string {
  return t.kinds.map((k) => TRANSITION_LABEL[k]).join(' + ') || TRANSITION_LABEL[t.kind];
}

export const diffView: View = {
  id: 'diff',
  title: 'Release diff',
  carries: ['from', 'to', 'sig'],
  async render(root, params, update) {
    const isLatest = latestRender(root);
    const title = () => h('h2', { id: 'view-title' }, 'Release diff');
    // Retry (after a request that did not reach netkb) draws the view again from the URL.
    const again = () => void diffView.render(root, readParams(), update);
    const releases = await releasesOrError(root, 'Release diff', again);
    if (!releases || !isLatest()) return;
    const defaults = defaultReleases(releases);
    const fromChoice = chooseRelease(releases, params.from, defaults.from, '“from”');
    const toChoice = chooseRelease(releases, params.to, defaults.to, '“to”');
    const from = fromChoice.value;
    const to = toChoice.value;
    // "any" (as the timeline's) so that a link can say "every SIG"; absent is every SIG too.
    const sig = params.sig && params.sig !== 'any' ? params.sig : null;
    const kinds = parseKinds(params.kinds);
    // The URL is the one state: every change goes there (a new history entry), and the next render reads it back.
    const rerender = (changes: Record<string, string>) => {
      update(changes);
      void diffView.render(root, readParams(), update);
    };
    // The SIGs are asked apart from the diff, so that the SIG picker is there to mend a SIG the diff refuses.
    let sigs: string[] = [];
    let sigsError: unknown = null;
    try {
      sigs = (await gql(FACETS, {})).sigs;
    } catch (err) {
      sigsError = err;
    }
    if (!isLatest()) return;
    const listedSig = sig === null ? 'any' : (sigs.find((s) => s.toLowerCase() === sig.toLowerCase()) ?? sig);
    const controls = h(
      'form',
      { className: 'controls', onsubmit: (e: Event) => e.preventDefault() },
      releaseSelect('diff-from', 'From', releases, from, (v) => rerender({ from: v, to })),
      releaseSelect('diff-to', 'To', releases, to, (v) => rerender({ from, to: v })),
      h('button', { type: 'button', id: 'diff-swap', onclick: () => rerender({ from: to, to: from }) }, 'Swap'),
      select(
        'diff-sig',
        'SIG',
        [
          { value: 'any', text: 'any SIG' },
          // A SIG of the link that netkb does not list stays visible (the diff's error says why).
          ...(sigs.includes(listedSig) || listedSig === 'any'
            ? []
            : [{ value: listedSig, text: `${listedSig} (unknown)` }]),
          ...sigs.map((s) => ({ value: s })),
        ],
        listedSig,
        // "any" rather than nothing: the choice of every SIG is carried to the timelines, whose default is Network.
        (v) => rerender({ sig: v }),
      ),
    );
    const results = h(
      'div',
      { className: 'results', 'aria-live': 'polite', 'aria-busy': 'true' },
      loading(`Comparing ${from} and ${to}…`),
    );
    const problems = releaseProblems(fromChoice, toChoice);
    fill(
      root,
      title(),
      h(
        'p',
        { className: 'lede' },
        'Everything an upgrade crosses: the releases after “from” up to and including “to”, each with its gate transitions, API and flag removals and deprecations, and the notes that ask you to act; then every release note on the way, by kind. A SIG keeps its gates and notes, and the flags and API versions it owns; the rest is counted. Notes that remove what you run come first, tests and tooling last.',
      ),
      problems,
      controls,
      results,
    );
    const done = (...content: HTMLElement[]) => {
      fill(results, ...content);
      results.setAttribute('aria-busy', 'false');
    };
    if (problems) return done();
    if (compareVersions(from, to) > 0)
      return done(
        h(
          'p',
          { className: 'error', role: 'alert' },
          `“From” (${from}) is after “to” (${to}): choose an older release first, or swap them.`,
        ),
      );
    if (sigsError !== null) return done(errorBox(sigsError, again));
    let diff: DiffData;
    try {
      ({ diff } = await gql(DIFF, { from, to, sig }));
    } catch (err) {
      if (isLatest()) done(errorBox(err, again));
      return;
    }
    if (!isLatest()) return;
    done(
      renderDiff(from, to, releases, diff, diff.actionRequired),
      releaseNotes({ from, to, sig }, kinds, (chosen) => update({ kinds: kindsParam(chosen) })),
    );
  },
};

function renderDiff(from: string, to: string, releases: Release[], d: DiffData, notes: RankedNote[]): HTMLElement {
  const crossed = releases.filter(
    (r) => parseVersion(r.version) > parseVersion(from) && parseVersion(r.version) <= parseVersion(to),
  );
  const total =
    d.featureGates.length +
    d.removedApiVersions.length +
    d.deprecatedApiVersions.length +
    d.removedFlags.length +
    d.deprecatedFlags.length +
    notes.length +
    d.allNotes.totalCount;
  const count = (n: number, one: string, many: string) => h('li', {}, h('strong', {}, n), ` ${n === 1 ? one : many}`);
  const summary = h(
    'ul',
    { className: 'diff-summary' },
    count(d.featureGates.length, 'gate transition', 'gate transitions'),
    count(d.removedApiVersions.length, 'API version removed', 'API versions removed'),
    count(d.deprecatedApiVersions.length, 'API version deprecated', 'API versions deprecated'),
    count(d.removedFlags.length, 'flag removed', 'flags removed'),
    count(d.deprecatedFlags.length, 'flag deprecated', 'flags deprecated'),
    count(notes.length, 'action-required note', 'action-required notes'),
    h(
      'li',
      {},
      h(
        'a',
        {
          href: '#release-notes-title',
          // Scrolls without a new history entry: a fragment change would fire popstate and redraw the view.
          onclick: (e: Event) => {
            e.preventDefault();
            document.getElementById('release-notes-title')?.scrollIntoView({ block: 'start' });
          },
        },
        h('strong', {}, d.allNotes.totalCount),
        ` release note${d.allNotes.totalCount === 1 ? '' : 's'}`,
      ),
      ' (below)',
    ),
  );
  if (crossed.length === 0)
    return h('p', { className: 'empty' }, `From ${from} to ${to} crosses no release: choose a later “to”.`);
  if (total === 0)
    return h(
      'div',
      {},
      summary,
      d.sigFilter ? sigFilterNote(d.sigFilter) : null,
      h('p', { className: 'empty' }, 'Nothing recorded changes on the way.'),
    );
  const quiet: string[] = [];
  const sections = crossed.map((r) => {
    const v = r.version;
    const groups = [
      group(
        'Feature gates',
        d.featureGates.filter((t) => t.version === v).sort((a, b) => a.gate.name.localeCompare(b.gate.name)),
        (t) =>
          h(
            'li',
            { className: `transition transition-${t.kind.toLowerCase().replace('_', '-')}`, 'data-kind': t.kind },
            h('span', { className: 'tag' }, transitionText(t)),
            ' ',
            h(
              'a',
              { href: `/?view=timeline&sig=any&q=${encodeURIComponent(t.gate.name)}` },
              h('code', {}, t.gate.name),
            ),
            `: ${stateText(t.before)} → ${stateText(t.after)}`,
          ),
      ),
      group(
        'API versions removed',
        d.removedApiVersions.filter((a) => a.removedIn === v),
        (a) =>
          h(
            'li',
            {},
            h('span', { className: 'tag tag-breaking' }, 'removed'),
            ' ',
            h('code', {}, `${a.apiVersion} ${a.kind}`),
            a.replacement ? ` → use ${a.replacement.apiVersion}` : '',
          ),
      ),
      group(
        'API versions deprecated',
        d.deprecatedApiVersions.filter((a) => a.deprecatedIn === v),
        (a) =>
          h(
            'li',
            {},
            h('span', { className: 'tag tag-warning' }, 'deprecated'),
            ' ',
            h('code', {}, `${a.apiVersion} ${a.kind}`),
            a.removedIn ? ` (removed in ${a.removedIn})` : '',
            a.replacement ? ` → use ${a.replacement.apiVersion}` : '',
          ),
      ),
      group(
        'Flags removed',
        d.removedFlags.filter((f) => f.removedIn === v),
        (f) =>
          h(
            'li',
            {},
            h('span', { className: 'tag tag-breaking' }, 'removed'),
            ' ',
            h('code', {}, `${f.component} ${f.name}`),
            f.replacements.length ? ` → use ${f.replacements.join(', ')}` : '',
          ),
      ),
      group(
        'Flags deprecated',
        d.deprecatedFlags.filter((f) => f.deprecatedIn === v),
        (f) =>
          h(
            'li',
            {},
            h('span', { className: 'tag tag-warning' }, 'deprecated'),
            ' ',
            h('code', {}, `${f.component} ${f.name}`),
            f.removedIn ? ` (removed in ${f.removedIn})` : '',
            f.replacements.length ? ` → use ${f.replacements.join(', ')}` : '',
          ),
      ),
      group(
        'Action required',
        notes.filter((n) => n.change.version === v),
        ({ change: n, rank, removes }) =>
          h(
            'li',
            { className: 'note', 'data-rank': rank },
            h('span', { className: 'tag tag-action' }, n.actionRequired ? 'action required' : 'removes what you run'),
            ' ',
            n.summary,
            ' ',
            n.prs.map((pr) => prLink(pr)),
            n.components.length ? h('span', { className: 'components' }, ` (${n.components.join(', ')})`) : '',
            removes.length ? h('span', { className: 'removes' }, ` gone: ${removes.join(', ')}`) : '',
          ),
      ),
    ].filter((g): g is HTMLElement => g !== null);
    if (groups.length === 0) {
      quiet.push(v);
      return null;
    }
    return h(
      'section',
      { className: 'release-group', 'aria-labelledby': `release-${v}`, 'data-release': v },
      h(
        'h3',
        { id: `release-${v}` },
        `Kubernetes ${v}`,
        r.releasedOn ? h('span', { className: 'date' }, ` released ${r.releasedOn}`) : '',
        r.preliminary ? h('span', { className: 'tag' }, ' preliminary') : '',
      ),
      h('div', { className: 'diff-groups' }, groups),
    );
  });
  return h(
    'div',
    {},
    summary,
    d.sigFilter ? sigFilterNote(d.sigFilter) : null,
    sections,
    quiet.length ? h('p', { className: 'quiet' }, `Nothing recorded in ${quiet.join(', ')}.`) : null,
  );
}

function group<T>(title: string, items: T[], item: (x: T) => HTMLElement): HTMLElement | null {
  if (items.length === 0) return null;
  return h('div', { className: 'diff-group' }, h('h4', {}, `${title} (${items.length})`), h('ul', {}, items.map(item)));
}
