// The smaller catalogues: releases, well-known keys and metrics.
import type { KnowledgeBase } from '../kb/knowledge-base';
import type { Metric, Release, WellKnownKey } from '../kb/model';
import { requireRelease } from './versions';

export function listReleases(kb: KnowledgeBase): Release[] {
  return kb.releases;
}

export function findRelease(kb: KnowledgeBase, version: string): Release {
  return kb.release(requireRelease(kb, version, 'version'))!;
}

export function listWellKnownKeys(kb: KnowledgeBase, type?: string | null): WellKnownKey[] {
  const t = type?.trim().toUpperCase();
  return t ? kb.wellKnownKeys.filter((k) => k.type === t) : kb.wellKnownKeys;
}

export function listMetrics(kb: KnowledgeBase, component?: string | null): Metric[] {
  const c = component?.trim().toLowerCase();
  return c ? kb.metrics.filter((m) => m.component === c) : kb.metrics;
}
