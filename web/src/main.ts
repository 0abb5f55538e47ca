// The dashboard: three views over the GraphQL API, chosen by ?view= (the URL holds every choice).
import './styles.css';
import { h, fill } from './dom';
import { readParams, writeParams, type Params } from './url-state';
import { timelineView } from './views/timeline';
import { diffView } from './views/diff';
import { checkView } from './views/check';
import type { View } from './views/view';

const VIEWS: View[] = [timelineView, diffView, checkView];

function current(): View {
  const id = readParams().view;
  return VIEWS.find((v) => v.id === id) ?? VIEWS[0];
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
              href: `/?view=${v.id}`,
              'aria-current': v === active ? 'page' : null,
              onclick: (e: Event) => {
                const me = e as MouseEvent;
                if (me.ctrlKey || me.metaKey || me.shiftKey || me.button !== 0) return;
                e.preventDefault();
                writeParams({ view: v.id }, true);
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
  renderNav(view);
  document.title = `${view.title} · netkb`;
  const main = document.getElementById('main')!;
  const root = h('section', { className: `view view-${view.id}`, 'aria-labelledby': 'view-title' });
  fill(main, root);
  const update = (changes: Params) => writeParams({ ...readParams(), view: view.id, ...changes });
  await view.render(root, readParams(), update);
  if (focus) main.focus();
}

window.addEventListener('popstate', () => void route());
void route();
