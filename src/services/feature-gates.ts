import type { KnowledgeBase } from '../kb/knowledge-base';
import type { FeatureGate } from '../kb/model';
import { gateStateIn, type GateState } from '../kb/gate-state';
import { notFound } from './suggest';
import { requireRelease } from './versions';
import { requireComponent, requireSig, sigKey } from './vocabulary';

interface FeatureGateQuery {
  sig?: string | null;
  component?: string | null;
  stageIn?: string | null;
}

function findFeatureGate(kb: KnowledgeBase, name: string): FeatureGate | null {
  return kb.featureGate(name) ?? null;
}

/** The `featureGate` query: an unknown name is NOT_FOUND with the closest gate names. */
export function requireFeatureGate(kb: KnowledgeBase, name: string): FeatureGate {
  const gate = findFeatureGate(kb, name);
  if (gate) return gate;
  throw notFound(
    'feature gate',
    name,
    kb.featureGates.map((g) => g.name),
    'name',
  );
}

/**
 * Gates filtered by SIG and component (case-insensitive; a blank value filters nothing); stageIn keeps the
 * gates that exist in that release. A SIG or component the knowledge base does not name is refused.
 */
export function listFeatureGates(kb: KnowledgeBase, q: FeatureGateQuery = {}): FeatureGate[] {
  const sig = q.sig?.trim() ? requireSig(kb, q.sig, 'sig') : null;
  const component = q.component?.trim() ? requireComponent(kb, q.component, 'component') : null;
  const version = q.stageIn ? requireRelease(kb, q.stageIn, 'stageIn') : null;
  return kb.featureGates.filter(
    (g) =>
      (!sig || g.sigs.some((s) => sigKey(s) === sig)) &&
      (!component || g.components.includes(component)) &&
      (version === null || gateStateIn(g, version).exists),
  );
}

export function featureGateStateIn(kb: KnowledgeBase, gate: FeatureGate, version: string): GateState {
  return gateStateIn(gate, requireRelease(kb, version, 'version'));
}

// KEP-563's own page: https://github.com/kubernetes/enhancements/(tree|blob)/<ref>/keps/<sig>/563-<title>[/...]
const KEP_PAGE = /^https:\/\/github\.com\/kubernetes\/enhancements\/(?:tree|blob)\/[^/]+\/keps\/[^/]+\/(\d+)-[^/]+/;

/**
 * The URL of the gate's KEP: its page in kubernetes/enhancements when the gate's sources hold it, else the
 * KEP's tracking issue (a KEP's number is its enhancements issue's: keps/NNNN-kep-template/README.md there,
 * "NNNN is the issue number ... assigned to your enhancement"); null without a KEP.
 */
export function featureGateKepUrl(gate: FeatureGate): string | null {
  const number = gate.kep?.match(/(\d+)/)?.[1];
  if (!number) return null;
  const page = gate.sources.find((s) => s.match(KEP_PAGE)?.[1] === number);
  return page ?? `https://github.com/kubernetes/enhancements/issues/${number}`;
}
