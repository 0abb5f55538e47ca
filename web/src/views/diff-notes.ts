// The release diff's release notes: every entry on the way (not only those that ask to act), of the chosen SIG
// (diff(sig)) and kinds (VersionDiff.changes(kinds)), grouped by release and loaded a page at a time.
import { gql, type Operation } from '../api';
import { fill, h, prLink } from '../dom';
import type { ChangeKind, ReleaseNotesPageQuery, ReleaseNotesPageQueryVariables } from '../generated/operations';
import { errorBox, loading } from './common';

type NotesPage = ReleaseNotesPageQuery['diff']['changes'];
type Note = NotesPage['nodes'][number];

const PAGE_SIZE = 50;

const NOTES_PAGE: Operation<ReleaseNotesPageQuery, ReleaseNotesPageQueryVariables> =
  /* GraphQL */ `query ReleaseNotesPage(
  $from: KubeVersion!, $to: KubeVersion!, $sig: String, $kinds: [ChangeKind!], $first: Int!, $after: String
) {
  diff(from: $from, to: $to, sig: $sig) {
    changes(kinds: $kinds, first: $first, after: $after) {
      totalCount pageInfo { hasNextPage endCursor }
      nodes { id version kind summary actionRequired prs sigs components }
    }
  }
}`;

/** Each kind of entry in words, in the order the filter offers them (the Gateway API view's changes too). */
export const KIND_LABEL: Record<ChangeKind, string> = {
  URGENT_UPGRADE_NOTE: 'urgent upgrade note',
  DEPRECATION: 'deprecation',
  REMOVAL: 'removal',
  API_CHANGE: 'API change',
  FEATURE: 'feature',
  BEHAVIOR_CHANGE: 'behaviour change',
  BUG_FIX: 'bug fix',
  KNOWN_ISSUE: 'known issue',
  OTHER: 'other',
};
const KINDS = Object.keys(KIND_LABEL) as ChangeKind[];

/** The kinds a URL value names ("FEATURE,BUG_FIX", any case); every kind when it names none. */
export function parseKinds(value: string | undefined): ChangeKind[] {
  const named = (value ?? '').split(',').map((k) => k.trim().toUpperCase());
  const kinds = KINDS.filter((k) => named.includes(k));
  return kinds.length ? kinds : KINDS;
}

/** The URL value for a choice of kinds: empty (no parameter) for every kind. */
export function kindsParam(kinds: ChangeKind[]): string {
  return kinds.length === KINDS.length ? '' : kinds.join(',');
}

/**
 * The section: a kind filter, then the entries grouped by release, PAGE_SIZE at a time with a button for the
 * next page. `onKinds` gets the kinds left checked, to keep them in the URL.
 */
export function releaseNotes(
  range: { from: string; to: string; sig: string | null },
  kinds: ChangeKind[],
  onKinds: (kinds: ChangeKind[]) => void,
): HTMLElement {
  const heading = h('h3', { id: 'release-notes-title' }, 'Release notes');
  const list = h('div', { className: 'notes-list', 'aria-live': 'polite' });
  const more = h('div', { className: 'notes-more' });
  const boxes = KINDS.map((kind) =>
    h('input', {
      type: 'checkbox',
      id: `kind-${kind.toLowerCase()}`,
      name: 'kind',
      value: kind,
      checked: kinds.includes(kind),
    }),
  );
  const filter = h(
    'fieldset',
    { className: 'kind-filter' },
    h('legend', {}, 'Kinds'),
    KINDS.map((kind, i) => h('label', { for: `kind-${kind.toLowerCase()}` }, boxes[i], ` ${KIND_LABEL[kind]}`)),
  );
  let chosen = kinds;
  let generation = 0;
  const load = async (after: string | null, mine: number) => {
    if (chosen.length === 0) {
      fill(heading, 'Release notes');
      fill(list, h('p', { className: 'empty' }, 'Check at least one kind to list release notes.'));
      more.replaceChildren();
      return;
    }
    more.replaceChildren(loading('Loading release notes…'));
    let page: NotesPage;
    try {
      page = (
        await gql(NOTES_PAGE, {
          ...range,
          kinds: chosen.length === KINDS.length ? null : chosen,
          first: PAGE_SIZE,
          after,
        })
      ).diff.changes;
    } catch (err) {
      if (mine === generation) fill(more, errorBox(err));
      return;
    }
    if (mine !== generation) return; // the kinds changed meanwhile: a newer load owns the list
    const what = chosen.length === KINDS.length ? 'every kind' : chosen.map((k) => KIND_LABEL[k]).join(', ');
    fill(heading, `Release notes (${page.totalCount})`);
    if (page.totalCount === 0 && after === null)
      fill(list, h('p', { className: 'empty' }, `No release note of ${what} on the way.`));
    appendNotes(list, page.nodes);
    const shown = list.querySelectorAll('li.release-note').length;
    fill(
      more,
      h('p', { className: 'count', id: 'notes-count' }, `${shown} of ${page.totalCount} entries (${what})`),
      page.pageInfo.hasNextPage && page.pageInfo.endCursor
        ? h(
            'button',
            {
              type: 'button',
              id: 'notes-more',
              onclick: () => void load(page.pageInfo.endCursor, generation),
            },
            `Show ${Math.min(PAGE_SIZE, page.totalCount - shown)} more`,
          )
        : null,
    );
  };
  for (const box of boxes)
    box.addEventListener('change', () => {
      chosen = KINDS.filter((_, i) => boxes[i].checked);
      onKinds(chosen);
      generation += 1;
      list.replaceChildren();
      void load(null, generation);
    });
  void load(null, generation);
  return h(
    'section',
    { className: 'release-notes', 'aria-labelledby': 'release-notes-title' },
    heading,
    filter,
    list,
    more,
  );
}

/** Adds a page of entries under their release's heading (a page may continue the last release). */
function appendNotes(list: HTMLElement, notes: Note[]): void {
  for (const note of notes) {
    let group = list.lastElementChild;
    if (!(group instanceof HTMLElement) || group.dataset.release !== note.version) {
      group = h(
        'div',
        { className: 'notes-release', 'data-release': note.version },
        h('h4', {}, `Kubernetes ${note.version}`),
        h('ul', {}),
      );
      list.append(group);
    }
    group.querySelector('ul')!.append(noteItem(note));
  }
}

function noteItem(n: Note): HTMLElement {
  return h(
    'li',
    { className: 'release-note', 'data-kind': n.kind, 'data-id': n.id },
    h('span', { className: 'tag' }, KIND_LABEL[n.kind]),
    ' ',
    n.actionRequired ? [h('span', { className: 'tag tag-action' }, 'action required'), ' '] : null,
    n.summary,
    ' ',
    n.prs.map((pr) => prLink(pr)),
    n.sigs.length || n.components.length
      ? h('span', { className: 'components' }, ` (${[...n.sigs.map((s) => `SIG ${s}`), ...n.components].join(', ')})`)
      : '',
  );
}
