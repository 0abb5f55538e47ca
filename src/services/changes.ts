// Release-note entries: filtering and paging. `from` is exclusive and `to` inclusive, so
// changes(from: 1.15, to: 1.20) is exactly what an upgrade from 1.15 to 1.20 crosses.
import type { KnowledgeBase } from '../kb/knowledge-base';
import type { Change } from '../kb/model';
import { requireRelease } from './versions';
import { paginate, type Connection, type PageArgs } from './pagination';
import { badUserInput } from '../errors';
import { requireComponent, requireSig, sigKey } from './vocabulary';

export interface ChangeFilter {
  from?: string | null;
  to?: string | null;
  kinds?: string[] | null;
  sigs?: string[] | null;
  components?: string[] | null;
  actionRequiredOnly?: boolean | null;
  text?: string | null;
}

export function filterChanges(kb: KnowledgeBase, filter: ChangeFilter = {}, within: Change[] = kb.changes): Change[] {
  const from = filter.from ? requireRelease(kb, filter.from, 'filter.from') : null;
  const to = filter.to ? requireRelease(kb, filter.to, 'filter.to') : null;
  if (from !== null && to !== null && from > to) {
    throw badUserInput(`filter.from ${filter.from} is after filter.to ${filter.to}: give the older release as from`, {
      argument: 'filter.from',
    });
  }
  const kinds = filter.kinds && filter.kinds.length > 0 ? new Set(filter.kinds) : null;
  // Unknown SIGs and components are refused (with the closest names), not answered with nothing.
  const sigs =
    filter.sigs && filter.sigs.length > 0 ? new Set(filter.sigs.map((s) => requireSig(kb, s, 'filter.sigs'))) : null;
  const components =
    filter.components && filter.components.length > 0
      ? new Set(filter.components.map((c) => requireComponent(kb, c, 'filter.components')))
      : null;
  const text = filter.text?.trim().toLowerCase() || null;
  return within.filter(
    (c) =>
      (from === null || c.version > from) &&
      (to === null || c.version <= to) &&
      (!kinds || kinds.has(c.kind)) &&
      (!sigs || c.sigs.some((s) => sigs.has(sigKey(s)))) &&
      (!components || c.components.some((x) => components.has(x))) &&
      (!filter.actionRequiredOnly || c.actionRequired) &&
      (!text || matchesText(c, text)),
  );
}

/** A page of changes: `page` holds the connection arguments first, after, last and before. */
export function changeConnection(items: Change[], page: PageArgs = {}): Connection<Change> {
  return paginate(items, (c) => c.key, page);
}

function matchesText(c: Change, text: string): boolean {
  if (c.summary.toLowerCase().includes(text)) return true;
  if (c.prs.some((p) => `#${p}` === text || String(p) === text)) return true;
  return c.subjects.some((s) => s.key.toLowerCase().includes(text));
}
