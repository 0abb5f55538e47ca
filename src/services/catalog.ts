// The smaller catalogues: releases, well-known keys and metrics.
import type { KnowledgeBase } from '../kb/knowledge-base';
import type { Metric, Release, WellKnownKey } from '../kb/model';
import { requireRelease } from './versions';
import { requireComponent } from './vocabulary';

export function listReleases(kb: KnowledgeBase): Release[] {
  return kb.releases;
}

/** The release; one the knowledge base does not hold is refused (BAD_USER_INPUT), never answered null. */
export function findRelease(kb: KnowledgeBase, version: string): Release {
  return kb.release(requireRelease(kb, version, 'version'))!;
}

/** Every well-known key, or those of one type; without the generated records when `curatedOnly`. */
export function listWellKnownKeys(
  kb: KnowledgeBase,
  type?: WellKnownKey['type'] | null,
  curatedOnly?: boolean | null,
): WellKnownKey[] {
  return kb.wellKnownKeys.filter((k) => (!type || k.type === type) && (!curatedOnly || !k.generated));
}

/** Every metric, or those of one component (a blank value filters nothing); an unknown component is refused. */
export function listMetrics(kb: KnowledgeBase, component?: string | null): Metric[] {
  const c = component?.trim() ? requireComponent(kb, component, 'component') : null;
  return c ? kb.metrics.filter((m) => m.component === c) : kb.metrics;
}
