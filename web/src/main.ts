// The dashboard: four views over the GraphQL API, chosen by ?view= (the URL holds every choice).
import './styles.css';
import { h, fill } from './dom';
import { readParams, urlOf, writeParams, type HistoryMode, type Params } from './url-state';
import { timelineView } from './views/timeline';
import { diffView } from './views/diff';
import { checkView } from './views/check';
import { gatewayView } from './views/gateway';
import type { View } from './views/view';

const VIEWS: View[] = [timelineView, diffView, checkView, gatewayView];

function current(): View {
  const id = readParams().view;
  return VIEWS.find((v) => v.id === id) ?? VIEWS[0];
}

/**
 * The choices a view carries to the others (View.carries: the releases), as last seen in the URL of a view
 * that has them; the tab keeps them across reloads, so the diff's releases are the check's when the check opens.
 */
const CARRIED = 'netkb.carried';

function carried(): Params {
  try {
    return JSON.parse(sessionStorage.getItem(CARRIED) ?? '{}') as Params;
  } catch {
    return {};
  }
}

function remember(view: View, params: Params): void {
  const kept = carried();
  for (const key of view.carries ?? []) if (params[key]) kept[key] = params[key];
  sessionStorage.setItem(CARRIED, JSON.stringify(kept));
}

/** The parameters of a link to a view: its id and what it carries from the other views. */
function linkParams(v: View): Params {
  const kept = carried();
  const params: Params = { view: v.id };
  for (const key of v.carries ?? []) if (kept[key]) params[key] = kept[key];
  return params;
}

function renderNav(active: View): void {
  const nav = document.getElementById('nav')!;
  fill(
    nav,
    h(
      'ul',
      {},
      VIEWS.map((v) =>
        h(
          'li',
          {},
          h(
            'a',
            {
              href: urlOf(linkParams(v)),
              'aria-current': v === active ? 'page' : null,
              onclick: (e: Event) => {
                const me = e as MouseEvent;
                if (me.ctrlKey || me.metaKey || me.shiftKey || me.button !== 0) return;
                e.preventDefault();
                writeParams(linkParams(v), 'push');
                void route(true);
              },
            },
            v.title,
          ),
        ),
      ),
    ),
  );
}

async function route(focus = false): Promise<void> {
  const view = current();
  remember(view, readParams());
  renderNav(view);
  document.title = `${view.title} · netkb`;
  const main = document.getElementById('main')!;
  const root = h('section', { className: `view view-${view.id}`, 'aria-labelledby': 'view-title' });
  fill(main, root);
  const update = (changes: Params, mode: HistoryMode = 'push') => {
    writeParams({ ...readParams(), view: view.id, ...changes }, mode);
    remember(view, readParams());
    renderNav(view);
  };
  await view.render(root, readParams(), update);
  if (focus) main.focus();
}

// Back and Forward walk through the choices made in the dashboard: each redraws its view from the URL.
window.addEventListener('popstate', () => void route());
void route();
