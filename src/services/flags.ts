import type { KnowledgeBase } from '../kb/knowledge-base';
import type { Flag } from '../kb/model';

/** "--conntrack-max", "conntrack-max" and "-conntrack-max" name the same flag. */
export function normalizeFlagName(name: string): string {
  return `--${name.trim().replace(/^-+/, '').split('=')[0]}`;
}

export function findFlag(kb: KnowledgeBase, component: string, name: string): Flag | null {
  return kb.flag(component.trim().toLowerCase(), normalizeFlagName(name)) ?? null;
}

export function listFlags(kb: KnowledgeBase, component?: string | null): Flag[] {
  const c = component?.trim().toLowerCase();
  return c ? kb.flags.filter((f) => f.component === c) : kb.flags;
}
