// The structured facts a bundle states about one release, one line of text each, so that what was curated
// and what a proposal says can be compared as sets: a gate's stage from the release or its removal, an API
// version introduced, deprecated or removed, the same for an API field, a flag removed, a release note.
import type { SeedBundle } from '../bundle';
import { parseVersion } from '../../kb/version';

export const FACT_KINDS = ['gateStages', 'apiVersions', 'apiFields', 'flagRemovals', 'notes'] as const;
export type FactKind = (typeof FACT_KINDS)[number];

export interface Fact {
  /** The fact in one line; equal facts have equal keys ("RelaxedServiceNameValidation: BETA on from 1.36"). */
  key: string;
  /** Where the bundle states it (file:line). */
  where: string;
  /**
   * Who wrote the value: `written` in a curated record, `filled` into a curated record from the generated
   * index by the loader, `generated` in a record the loader made from the index.
   */
  origin: 'written' | 'filled' | 'generated';
}

export type FactSet = Record<FactKind, Fact[]>;

export const emptyFacts = (): FactSet => ({
  gateStages: [],
  apiVersions: [],
  apiFields: [],
  flagRemovals: [],
  notes: [],
});

/** The key of a gate stage that begins in a release (the stage before it ends the release before). */
export const stageKey = (gate: string, stage: string, defaultEnabled: boolean, since: string) =>
  `${gate}: ${stage} ${defaultEnabled ? 'on' : 'off'} from ${since}`;
export const gateRemovalKey = (gate: string, release: string) => `${gate}: removed in ${release}`;
export type LifeField = 'introducedIn' | 'deprecatedIn' | 'removedIn';
const VERB: Record<LifeField, string> = {
  introducedIn: 'introduced',
  deprecatedIn: 'deprecated',
  removedIn: 'removed',
};
export const lifeKey = (subject: string, field: LifeField, release: string) =>
  `${subject}: ${VERB[field]} in ${release}`;
export const noteKey = (id: string) => `#${id}`;

/** Everything the bundle says happens in `release`, per kind. */
export function releaseFacts(b: SeedBundle, release: string): FactSet {
  const out = emptyFacts();
  const filled = new Set(b.crossCheck?.filledValues ?? []);
  const generatedFile = 'seed/generated/';
  const originOf = (file: string, line: number, record: string, field: string, value: string): Fact['origin'] =>
    file.startsWith(generatedFile)
      ? 'generated'
      : filled.has(`${file}:${line}: ${record} ${field} = ${JSON.stringify(value)}`)
        ? 'filled'
        : 'written';
  const lifeFacts = <T extends Partial<Record<LifeField, string | null>>>(
    list: { file: string; line: number; record: T }[],
    subject: (r: T) => string,
    recordName: (r: T) => string,
    fields: LifeField[],
    kind: FactKind,
  ) => {
    for (const l of list)
      for (const field of fields)
        if (l.record[field] === release)
          out[kind].push({
            key: lifeKey(subject(l.record), field, release),
            where: `${l.file}:${l.line}`,
            origin: originOf(l.file, l.line, recordName(l.record), field, release),
          });
  };

  for (const l of b.featureGates) {
    const g = l.record;
    for (const s of g.lifecycle)
      if (s.since === release)
        out.gateStages.push({
          key: stageKey(g.name, s.stage, s.defaultEnabled, release),
          where: `${l.file}:${l.line}`,
          origin: 'written',
        });
    if (g.removedIn === release)
      out.gateStages.push({ key: gateRemovalKey(g.name, release), where: `${l.file}:${l.line}`, origin: 'written' });
  }
  const all: LifeField[] = ['introducedIn', 'deprecatedIn', 'removedIn'];
  // File formats (servedByDefault null: kubeadm's configuration, the audit policy) are outside the API index a
  // rebuild reads: the curated facts it is measured against are those of served APIs.
  lifeFacts(
    b.apiVersions.filter((l) => l.record.servedByDefault !== null),
    (r) => `${r.apiVersion} ${r.kind}`,
    (r) => `API version ${r.apiVersion} ${r.kind}`,
    all,
    'apiVersions',
  );
  lifeFacts(
    b.apiFields,
    (r) => `${r.kind} ${r.path}`,
    (r) => `API field ${r.kind} ${r.path}`,
    all,
    'apiFields',
  );
  lifeFacts(
    b.flags,
    (r) => `${r.component} ${r.name}`,
    (r) => `flag ${r.component} ${r.name}`,
    ['removedIn'],
    'flagRemovals',
  );
  for (const c of b.changes)
    if (c.version === release)
      out.notes.push({
        key: noteKey(c.key.slice(c.key.indexOf('#') + 1)),
        where: `${c.file}:${c.line}`,
        origin: 'written',
      });
  return out;
}

// Fields that date something in a record. announcedRemovalIn is left out: it records what an earlier
// release's notes announced, a fact of that earlier release.
const DATED = /^(introducedIn|deprecatedIn|removedIn|replacementAvailableIn|replacementIn|since|until)$/;

/** Every dated value of the bundle in `release` or later, as "file:line field = value"; empty for a seed before it. */
export function statedFrom(b: SeedBundle, release: string): string[] {
  const cut = parseVersion(release);
  const out: string[] = [];
  const scan = (where: string, value: unknown, path: string) => {
    if (Array.isArray(value)) value.forEach((x, i) => scan(where, x, `${path}[${i}]`));
    else if (value && typeof value === 'object')
      for (const [k, x] of Object.entries(value)) {
        const p = path ? `${path}.${k}` : k;
        if (DATED.test(k) && typeof x === 'string' && /^\d+\.\d+$/.test(x) && parseVersion(x) >= cut)
          out.push(`${where} ${p} = ${x}`);
        else if (typeof x === 'object') scan(where, x, p);
      }
  };
  const lists = [b.featureGates, b.flags, b.apiVersions, b.apiFields, b.wellKnownKeys, b.metrics, b.constraints];
  for (const list of lists as { file: string; line: number; record: unknown }[][])
    for (const l of list) scan(`${l.file}:${l.line}`, l.record, '');
  for (const l of b.releases)
    if (parseVersion(l.record.version) >= cut) out.push(`${l.file}:${l.line} version = ${l.record.version}`);
  for (const c of b.changes) if (parseVersion(c.version) >= cut) out.push(`${c.file}:${c.line} change ${c.key}`);
  return out;
}
