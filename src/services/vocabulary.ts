// The SIGs and components the knowledge base names, read from its records (never a list in code), and the
// check that a filter names one of them: an unknown value is refused with the closest known names rather
// than answered with an empty list.
import { ErrorCode } from '../errors';
import type { KnowledgeBase } from '../kb/knowledge-base';
import { unknownName } from './suggest';

interface Vocabulary {
  /** Display names, sorted: the most used spelling of each SIG, without "SIG ". */
  sigs: string[];
  /** Component names, sorted (lower case, as the records hold them). */
  components: string[];
  /** sigKey -> display name. */
  sigByKey: Map<string, string>;
  componentSet: Set<string>;
}

/** "SIG Network", "sig-network", "network" and "Network" are the same SIG. */
export function sigKey(s: string): string {
  return s
    .trim()
    .toLowerCase()
    .replace(/^sig[\s-]+/, '')
    .replace(/[\s-]+/g, ' ');
}

/** Components are matched case-insensitively; the records hold them in lower case. */
function componentKey(c: string): string {
  return c.trim().toLowerCase();
}

// Built once per loaded knowledge base (a reload replaces the object, so the entry goes with it).
const byKb = new WeakMap<KnowledgeBase, Vocabulary>();

export function vocabulary(kb: KnowledgeBase): Vocabulary {
  let v = byKb.get(kb);
  if (!v) {
    v = buildVocabulary(kb);
    byKb.set(kb, v);
  }
  return v;
}

function buildVocabulary(kb: KnowledgeBase): Vocabulary {
  // Each SIG under its most used spelling, so "Cloud Provider" wins over a lone "cloud-provider".
  const spellings = new Map<string, Map<string, number>>();
  const addSig = (name: string) => {
    const key = sigKey(name);
    if (!key) return;
    const counts = spellings.get(key) ?? new Map<string, number>();
    const display = name.trim().replace(/^sig[\s-]+/i, '');
    counts.set(display, (counts.get(display) ?? 0) + 1);
    spellings.set(key, counts);
  };
  for (const g of kb.featureGates) g.sigs.forEach(addSig);
  for (const c of kb.changes) c.sigs.forEach(addSig);
  for (const o of kb.sigOwners) addSig(o.sig);
  const sigByKey = new Map<string, string>();
  for (const [key, counts] of spellings) {
    const [best] = [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
    sigByKey.set(key, best[0]);
  }
  const componentSet = new Set<string>();
  const addComponent = (name: string) => {
    const key = componentKey(name);
    if (key) componentSet.add(key);
  };
  for (const c of kb.components) addComponent(c.name);
  for (const g of kb.featureGates) g.components.forEach(addComponent);
  for (const f of kb.flags) addComponent(f.component);
  for (const m of kb.metrics) addComponent(m.component);
  for (const c of kb.changes) c.components.forEach(addComponent);
  const byName = (a: string, b: string) => a.localeCompare(b, 'en', { sensitivity: 'base' }) || a.localeCompare(b);
  return {
    sigs: [...sigByKey.values()].sort(byName),
    components: [...componentSet].sort(byName),
    sigByKey,
    componentSet,
  };
}

export function listSigs(kb: KnowledgeBase): string[] {
  return vocabulary(kb).sigs;
}

export function listComponents(kb: KnowledgeBase): string[] {
  return vocabulary(kb).components;
}

/** The SIG's key (sigKey) when the knowledge base names it; BAD_USER_INPUT with the closest SIGs otherwise. */
export function requireSig(kb: KnowledgeBase, input: string, argument: string): string {
  const v = vocabulary(kb);
  const key = sigKey(input);
  if (v.sigByKey.has(key)) return key;
  throw unknownValue('SIG', 'SIGs', input, key, v.sigs, argument);
}

/** The component's key (componentKey) when the knowledge base names it; BAD_USER_INPUT otherwise. */
export function requireComponent(kb: KnowledgeBase, input: string, argument: string): string {
  const v = vocabulary(kb);
  const key = componentKey(input);
  if (v.componentSet.has(key)) return key;
  throw unknownValue('component', 'components', input, key, v.components, argument);
}

function unknownValue(what: string, whats: string, input: string, key: string, known: string[], argument: string) {
  return unknownName(ErrorCode.BAD_USER_INPUT, {
    message: `Unknown ${what} "${input}".`,
    typed: key,
    known,
    argument,
    otherwise: `Known ${whats}: ${known.join(', ')}.`,
  });
}
