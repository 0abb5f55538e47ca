import type { KnowledgeBase } from '../kb/knowledge-base';
import type { FeatureGate } from '../kb/model';
import { gateStateIn, type GateState } from '../kb/gate-state';
import { requireRelease } from './versions';

export interface FeatureGateQuery {
  sig?: string | null;
  component?: string | null;
  stageIn?: string | null;
}

export function findFeatureGate(kb: KnowledgeBase, name: string): FeatureGate | null {
  return kb.featureGate(name) ?? null;
}

/** Gates filtered by SIG and component (case-insensitive); stageIn keeps the gates that exist in that release. */
export function listFeatureGates(kb: KnowledgeBase, q: FeatureGateQuery = {}): FeatureGate[] {
  const sig = q.sig
    ?.trim()
    .toLowerCase()
    .replace(/^sig[\s-]+/, '');
  const component = q.component?.trim().toLowerCase();
  const version = q.stageIn ? requireRelease(kb, q.stageIn, 'stageIn') : null;
  return kb.featureGates.filter(
    (g) =>
      (!sig || g.sigs.some((s) => s.toLowerCase() === sig)) &&
      (!component || g.components.includes(component)) &&
      (version === null || gateStateIn(g, version).exists),
  );
}

export function featureGateStateIn(kb: KnowledgeBase, gate: FeatureGate, version: string): GateState {
  return gateStateIn(gate, requireRelease(kb, version, 'version'));
}
