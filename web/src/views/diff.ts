// Release diff: what an upgrade from one release to another crosses, grouped by the release it happens in.
import { gql, type Operation, type Release } from '../api';
import { fill, h, prLink } from '../dom';
import type {
  ActionRequiredQuery,
  ActionRequiredQueryVariables,
  ReleaseDiffQuery,
  ReleaseDiffQueryVariables,
} from '../generated/operations';
import type { View } from '../main';
import { compareVersions, parseVersion } from '../../../src/kb/version';
import { errorBox, knownRelease, loading, releasesOrError, releaseSelect } from './common';
import { STAGE_LABEL } from './timeline';

type DiffData = ReleaseDiffQuery['diff'];
type Transition = DiffData['featureGates'][number];
type GateState = Transition['before'];
type ChangePage = ActionRequiredQuery['changes'];
type ChangeNode = ChangePage['edges'][number]['node'];

const DIFF: Operation<ReleaseDiffQuery, ReleaseDiffQueryVariables> =
  /* GraphQL */ `query ReleaseDiff($from: KubeVersion!, $to: KubeVersion!) {
  diff(from: $from, to: $to) {
    featureGates { gate { name } version
      before { exists stage defaultEnabled lockedToDefault } after { exists stage defaultEnabled lockedToDefault } }
    removedApiVersions { apiVersion kind removedIn replacement { apiVersion } }
    deprecatedApiVersions { apiVersion kind deprecatedIn removedIn replacement { apiVersion } }
    removedFlags { component name removedIn replacements }
    deprecatedFlags { component name deprecatedIn removedIn replacements }
  }
}`;
const ACTION_REQUIRED: Operation<ActionRequiredQuery, ActionRequiredQueryVariables> =
  /* GraphQL */ `query ActionRequired($from: KubeVersion!, $to: KubeVersion!, $after: String) {
  changes(filter: { from: $from, to: $to, actionRequiredOnly: true }, first: 100, after: $after) {
    totalCount pageInfo { hasNextPage endCursor } edges { node { version kind summary prs components } }
  }
}`;

async function actionRequired(from: string, to: string): Promise<ChangeNode[]> {
  const all: ChangeNode[] = [];
  let after: string | null = null;
  for (;;) {
    const page: ChangePage = (await gql(ACTION_REQUIRED, { from, to, after })).changes;
    all.push(...page.edges.map((e) => e.node));
    if (!page.pageInfo.hasNextPage || !page.pageInfo.endCursor) return all;
    after = page.pageInfo.endCursor;
  }
}

function stateText(s: GateState): string {
  if (!s.exists || !s.stage) return 'absent';
  return `${STAGE_LABEL[s.stage]} (${s.defaultEnabled ? 'on' : 'off'}${s.lockedToDefault ? ', locked' : ''})`;
}

/** A word for what happened, so the list reads without the arrows. */
function transitionKind(t: Transition): string {
  if (!t.before.exists) return 'added';
  if (!t.after.exists) return 'removed';
  if (t.before.stage !== t.after.stage) return t.after.stage === 'DEPRECATED' ? 'deprecated' : 'graduates';
  if (t.before.defaultEnabled !== t.after.defaultEnabled) return 'default changes';
  return 'lock changes';
}

export const diffView: View = {
  id: 'diff',
  title: 'Release diff',
  async render(root, params, update) {
    const title = () => h('h2', { id: 'view-title' }, 'Release diff');
    const releases = await releasesOrError(root, 'Release diff');
    if (!releases) return;
    const from = knownRelease(releases, params.from, '1.15');
    const to = knownRelease(releases, params.to, '1.20');
    const rerender = (changes: Record<string, string>) => {
      update(changes);
      void diffView.render(root, { ...params, ...changes }, update);
    };
    const controls = h(
      'form',
      { className: 'controls', onsubmit: (e: Event) => e.preventDefault() },
      releaseSelect('diff-from', 'From', releases, from, (v) => rerender({ from: v, to })),
      releaseSelect('diff-to', 'To', releases, to, (v) => rerender({ from, to: v })),
      h('button', { type: 'button', id: 'diff-swap', onclick: () => rerender({ from: to, to: from }) }, 'Swap'),
    );
    const results = h(
      'div',
      { className: 'results', 'aria-live': 'polite', 'aria-busy': 'true' },
      loading(`Comparing ${from} and ${to}…`),
    );
    fill(
      root,
      title(),
      h(
        'p',
        { className: 'lede' },
        'Everything an upgrade crosses: the releases after “from” up to and including “to”, each with its gate transitions, API and flag removals and deprecations, and the notes that ask you to act.',
      ),
      controls,
      results,
    );
    if (compareVersions(from, to) > 0) {
      fill(
        results,
        h(
          'p',
          { className: 'error', role: 'alert' },
          `“From” (${from}) is after “to” (${to}): choose an older release first, or swap them.`,
        ),
      );
      results.setAttribute('aria-busy', 'false');
      return;
    }
    let diff: DiffData;
    let notes: ChangeNode[];
    try {
      [diff, notes] = await Promise.all([gql(DIFF, { from, to }).then((d) => d.diff), actionRequired(from, to)]);
    } catch (err) {
      fill(results, errorBox(err));
      results.setAttribute('aria-busy', 'false');
      return;
    }
    fill(results, renderDiff(from, to, releases, diff, notes));
    results.setAttribute('aria-busy', 'false');
  },
};

function renderDiff(from: string, to: string, releases: Release[], d: DiffData, notes: ChangeNode[]): HTMLElement {
  const crossed = releases.filter(
    (r) => parseVersion(r.version) > parseVersion(from) && parseVersion(r.version) <= parseVersion(to),
  );
  const total =
    d.featureGates.length +
    d.removedApiVersions.length +
    d.deprecatedApiVersions.length +
    d.removedFlags.length +
    d.deprecatedFlags.length +
    notes.length;
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
  );
  if (crossed.length === 0)
    return h('p', { className: 'empty' }, `From ${from} to ${to} crosses no release: choose a later “to”.`);
  if (total === 0) return h('div', {}, summary, h('p', { className: 'empty' }, 'Nothing recorded changes on the way.'));
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
            { className: `transition transition-${transitionKind(t).replace(' ', '-')}` },
            h('span', { className: 'tag' }, transitionKind(t)),
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
        notes.filter((n) => n.version === v),
        (n) =>
          h(
            'li',
            { className: 'note' },
            h('span', { className: 'tag tag-action' }, 'action required'),
            ' ',
            n.summary,
            ' ',
            n.prs.map((pr) => prLink(pr)),
            n.components.length ? h('span', { className: 'components' }, ` (${n.components.join(', ')})`) : '',
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
    sections,
    quiet.length ? h('p', { className: 'quiet' }, `Nothing recorded in ${quiet.join(', ')}.`) : null,
  );
}

function group<T>(title: string, items: T[], item: (x: T) => HTMLElement): HTMLElement | null {
  if (items.length === 0) return null;
  return h('div', { className: 'diff-group' }, h('h4', {}, `${title} (${items.length})`), h('ul', {}, items.map(item)));
}
