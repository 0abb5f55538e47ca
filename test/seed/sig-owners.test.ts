// seed/sig-owners.yaml names only what the knowledge base knows, and reaches every component that has flags:
// a SIG-filtered diff then leaves out nothing for want of data about a component (API groups may still lack an
// owner; diff(sig) keeps those and names them in sigFilter.keptWithoutOwner).
import type { KnowledgeBase } from '../../src/kb/knowledge-base';
import { flagOwners } from '../../src/services/sig-owners';
import { vocabulary } from '../../src/services/vocabulary';
import { testKnowledgeBase } from '../support/knowledge-base';

let kb: KnowledgeBase;
beforeAll(async () => {
  kb = await testKnowledgeBase();
});

it('names components of components.yaml, flags with records and SIGs the notes use', () => {
  const components = new Set(kb.components.map((c) => c.name));
  const flagNames = new Set(kb.flags.map((f) => f.name));
  const sigs = new Set(vocabulary(kb).sigs);
  expect(kb.sigOwners.length).toBeGreaterThan(5);
  for (const o of kb.sigOwners) {
    expect(sigs.has(o.sig)).toBe(true);
    for (const c of o.components) expect(components.has(c)).toBe(true);
    for (const lib of o.libraries) for (const f of lib.flags) expect(flagNames.has(f)).toBe(true);
    expect(o.sources.length).toBeGreaterThan(0);
  }
});

it("gives every flag of the knowledge base an owner; klog flags are Instrumentation's on every component", () => {
  expect(kb.flags.filter((f) => flagOwners(kb, f) === null).map((f) => f.key)).toEqual([]);
  const klog = kb.flags.filter((f) => f.name === '--logtostderr');
  expect(klog.length).toBeGreaterThan(1);
  for (const f of klog) expect(flagOwners(kb, f)).toEqual(['Instrumentation']);
  expect(
    flagOwners(
      kb,
      kb.flags.find((f) => f.key === 'kube-proxy --proxy-mode')!,
    ),
  ).toEqual(['Network']);
});
