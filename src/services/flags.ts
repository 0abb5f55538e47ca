import type { KnowledgeBase } from '../kb/knowledge-base';
import type { Flag } from '../kb/model';
import { requireComponent } from './vocabulary';

/** "--conntrack-max", "conntrack-max" and "-conntrack-max" name the same flag. */
export function normalizeFlagName(name: string): string {
  return `--${name.trim().replace(/^-+/, '').split('=')[0]}`;
}

export function findFlag(kb: KnowledgeBase, component: string, name: string): Flag | null {
  return kb.flag(component.trim().toLowerCase(), normalizeFlagName(name)) ?? null;
}

/** The `flag` query: null when the component has no flag of that name; an unknown component is refused. */
export function lookupFlag(kb: KnowledgeBase, component: string, name: string): Flag | null {
  return findFlag(kb, requireComponent(kb, component, 'component'), name);
}

/** Every flag, or those of one component (a blank value filters nothing); an unknown component is refused. */
export function listFlags(kb: KnowledgeBase, component?: string | null): Flag[] {
  const c = component?.trim() ? requireComponent(kb, component, 'component') : null;
  return c ? kb.flags.filter((f) => f.component === c) : kb.flags;
}
