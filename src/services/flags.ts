import type { KnowledgeBase } from '../kb/knowledge-base';
import type { Change, Flag } from '../kb/model';
import { pageSize } from './pagination';
import { notFound } from './suggest';
import { requireComponent } from './vocabulary';

/** "--conntrack-max", "conntrack-max" and "-conntrack-max" name the same flag. */
function normalizeFlagName(name: string): string {
  return `--${name.trim().replace(/^-+/, '').split('=')[0]}`;
}

function findFlag(kb: KnowledgeBase, component: string, name: string): Flag | null {
  return kb.flag(component.trim().toLowerCase(), normalizeFlagName(name)) ?? null;
}

/**
 * The `flag` query: an unknown component is refused (BAD_USER_INPUT), a flag the component does not have is
 * NOT_FOUND, each with the closest names.
 */
export function lookupFlag(kb: KnowledgeBase, component: string, name: string): Flag {
  const c = requireComponent(kb, component, 'component');
  const flag = findFlag(kb, c, name);
  if (flag) return flag;
  throw notFound(
    `flag of ${c}`,
    name,
    kb.flags.filter((f) => f.component === c).map((f) => f.name),
    'name',
  );
}

/** Every flag, or those of one component (a blank value filters nothing); an unknown component is refused. */
export function listFlags(kb: KnowledgeBase, component?: string | null): Flag[] {
  const c = component?.trim() ? requireComponent(kb, component, 'component') : null;
  return c ? kb.flags.filter((f) => f.component === c) : kb.flags;
}

/**
 * A flag's release notes, newest release first (a release's own notes in their order), the newest `first` of
 * them (1 to 100, as a connection's page; all when not given): what changed last is what an operator acts on
 * (the 1.35 ipvs deprecation before 2019's IPVS notes).
 */
export function flagChanges(flag: Flag, first?: number | null, argument = 'first'): Change[] {
  const newest = [...flag.changes].sort((a, b) => b.version - a.version || a.position - b.position);
  return first === null || first === undefined ? newest : newest.slice(0, pageSize(argument, first));
}
