// Who owns a flag or an API version, read from seed/sig-owners.yaml (never a list in code): what diff(sig) keeps.
// A flag a shared library defines (klog's logging flags) is that library's SIG's, whichever component accepts
// it; any other flag is its component's SIG's. An API version is the SIGs' that own its kind, else its group,
// else (a component configuration group such as kubeproxy.config.k8s.io) the SIGs of the component whose
// configKinds name it. null: no record reaches it, so netkb cannot tell.
import type { KnowledgeBase } from '../kb/knowledge-base';
import type { ApiVersion, Flag } from '../kb/model';
import { sigKey } from './vocabulary';

interface Owners {
  byLibraryFlag: Map<string, string[]>;
  byComponent: Map<string, string[]>;
  byGroup: Map<string, string[]>;
  byKind: Map<string, string[]>;
}

const byKb = new WeakMap<KnowledgeBase, Owners>();

function owners(kb: KnowledgeBase): Owners {
  let o = byKb.get(kb);
  if (o) return o;
  const add = (m: Map<string, string[]>, key: string, sig: string) => {
    const sigs = m.get(key) ?? [];
    if (!sigs.includes(sig)) sigs.push(sig);
    m.set(key, sigs);
  };
  o = { byLibraryFlag: new Map(), byComponent: new Map(), byGroup: new Map(), byKind: new Map() };
  for (const r of kb.sigOwners) {
    for (const lib of r.libraries) for (const f of lib.flags) add(o.byLibraryFlag, f, r.sig);
    for (const c of r.components) add(o.byComponent, c, r.sig);
    for (const g of r.apiGroups) add(o.byGroup, g, r.sig);
    for (const k of r.apiKinds) add(o.byKind, k, r.sig);
  }
  for (const c of kb.components) {
    const sigs = o.byComponent.get(c.name) ?? [];
    for (const configKind of c.configKinds) {
      const group = configKind.slice(0, configKind.lastIndexOf('/'));
      if (!o.byGroup.has(group)) sigs.forEach((s) => add(o!.byGroup, group, s));
    }
  }
  byKb.set(kb, o);
  return o;
}

/** The SIGs that own the flag, or null when seed/sig-owners.yaml reaches neither the flag nor its component. */
export function flagOwners(kb: KnowledgeBase, f: Flag): string[] | null {
  const o = owners(kb);
  return o.byLibraryFlag.get(f.name) ?? o.byComponent.get(f.component) ?? null;
}

/** The SIGs that own the API version's kind or group, or null when no record reaches it. */
export function apiVersionOwners(kb: KnowledgeBase, a: ApiVersion): string[] | null {
  const o = owners(kb);
  return o.byKind.get(`${a.group}/${a.kind}`) ?? o.byGroup.get(a.group) ?? null;
}

/** Whether the SIG (a sigKey) is among the owners; null owners: not known. */
export function ownedBy(sigs: string[] | null, wanted: string): boolean | null {
  return sigs === null ? null : sigs.some((s) => sigKey(s) === wanted);
}
