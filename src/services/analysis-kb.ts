// Adapts the in-memory knowledge base to what the analysis rules may see (analysis/types.ts), once per
// knowledge base: the lookups rules make per object are map reads.
import type { AnalysisKb } from '../analysis';
import { gateStateIn } from '../kb/gate-state';
import type { KnowledgeBase } from '../kb/knowledge-base';
import type { Flag } from '../kb/model';
import { formatVersion } from '../kb/version';

const cache = new WeakMap<KnowledgeBase, AnalysisKb>();

export function analysisKb(kb: KnowledgeBase): AnalysisKb {
  const cached = cache.get(kb);
  if (cached) return cached;
  const addOnApis = new Map(kb.addOns.apis.map((a) => [`${a.apiVersion} ${a.kind}`, a]));
  const addOnByGroup = new Map<string, { name: string; releases: string[] }>();
  for (const a of kb.addOns.apis) {
    const addOn = kb.addOns.addOns.find((x) => x.name === a.addOn);
    if (addOn) addOnByGroup.set(a.apiVersion.slice(0, a.apiVersion.lastIndexOf('/')), addOn);
  }
  const flagsByComponent = new Map<string, Flag[]>();
  for (const f of kb.flags) flagsByComponent.set(f.component, [...(flagsByComponent.get(f.component) ?? []), f]);
  const view: AnalysisKb = {
    components: kb.components,
    kinds: kb.kinds,
    constraints: kb.constraints,
    apiFields: kb.apiFields,
    wellKnownKeys: kb.wellKnownKeys,
    reservedKeyDomains: kb.reservedKeyDomains,
    fileFields: kb.fileFields,
    gateKey: (key) => kb.gateKeys.find((k) => k.key === key),
    toolGate: (tool, gate) => kb.toolGates.find((g) => g.tool === tool && g.gate === gate),
    apiGroupDomains: kb.apiGroupDomains,
    addOnApi: (apiVersion, kind) => addOnApis.get(`${apiVersion} ${kind}`),
    addOnOf: (group) => addOnByGroup.get(group),
    apiVersions: kb.apiVersions,
    gatewayApi: kb.gatewayApi,
    apiVersion: (apiVersion, kind) => kb.apiVersion(apiVersion, kind),
    flag: (component, name) => kb.flag(component, name),
    flagsOf: (component) => flagsByComponent.get(component) ?? [],
    featureGate: (name) => kb.featureGate(name),
    gateStateIn,
    formatVersion,
  };
  cache.set(kb, view);
  return view;
}
