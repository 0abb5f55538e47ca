// Where each dated fact of the knowledge base comes from, release by release: generated from Kubernetes'
// source (a generated record, or a value the index filled in), curated and confirmed by the index
// (both, agreeing), or curated alone (no source read says it, or an override says otherwise).
// A dated fact is a release a record names: an API version's or field's introduction, deprecation or removal,
// the start of a gate stage, a flag's or metric's life.
import type { CheckContext } from './context';
import { FACT_KINDS, type FactKind, type FactOrigins, type FactsByRelease } from './facts';
import type { Located } from '../bundle';
import { apiFacts, fieldFacts, gateStateIn, indexEntryOf } from '../generated-index';
import { parseVersion } from '../../kb/version';
import { referenceStates } from './feature-gate-reference';

const LIFE = ['introducedIn', 'deprecatedIn', 'removedIn'] as const;

export function factProvenance(ctx: CheckContext): FactsByRelease {
  const { b, index, filledKeys } = ctx;
  const out: FactsByRelease = {};
  const count = (release: string, kind: FactKind, origin: keyof FactOrigins) => {
    out[release] ??= Object.fromEntries(
      FACT_KINDS.map((k) => [k, { generated: 0, agreeing: 0, curated: 0 }]),
    ) as Record<FactKind, FactOrigins>;
    out[release][kind][origin]++;
  };
  const origin = (
    name: string,
    field: string,
    generated: boolean,
    sourceSays: string | null | undefined,
    value: string,
  ) => (generated || filledKeys.has(`${name}|${field}`) ? 'generated' : sourceSays === value ? 'agreeing' : 'curated');

  for (const loc of b.apiVersions) {
    const r = loc.record;
    const name = `API version ${r.apiVersion} ${r.kind}`;
    const hit = indexEntryOf(index, r.apiVersion, r.kind);
    const f = hit ? apiFacts(hit.entry, index.order) : null;
    for (const field of LIFE) {
      const v = r[field];
      if (v) count(v, 'apiVersions', origin(name, field, loc.file === index.apiVersionsFile, f?.[field], v));
    }
  }
  for (const loc of b.apiFields) {
    const r = loc.record;
    const name = `API field ${r.kind} ${r.path}`;
    const f = fieldFacts(index, r.kind, r.path, r.apiVersions ?? null);
    for (const field of LIFE) {
      const v = r[field];
      if (v) count(v, 'apiFields', origin(name, field, false, f?.[field], v));
    }
  }
  for (const loc of b.featureGates) {
    const published = index.gateReference?.gates.get(loc.record.name);
    const reference = published ? referenceStates(published) : null;
    for (const s of loc.record.lifecycle) {
      // A stage agrees when the file its first release shipped (the history), a versioned spec list that
      // covers that release, or the gate reference states the same stage and default for it.
      const shipped = index.gateHistory?.gates.get(loc.record.name)?.states.get(s.since);
      const agrees =
        (shipped !== undefined && shipped.stage === s.stage && shipped.defaultEnabled === s.defaultEnabled) ||
        index.gateSources.some(({ gates, knownThrough }) => {
          const g = gates.get(loc.record.name);
          if (!g || knownThrough === null || parseVersion(s.since) > parseVersion(knownThrough)) return false;
          const state = gateStateIn(g, s.since);
          return state !== null && state.stage === s.stage && state.defaultEnabled === s.defaultEnabled;
        });
      const said = reference?.get(s.since);
      const published = said?.stage?.value === s.stage && said?.defaultEnabled?.value === s.defaultEnabled;
      count(s.since, 'gateStages', agrees || published ? 'agreeing' : 'curated');
    }
  }
  const lifeOf = (
    kind: FactKind,
    list: Located<{ introducedIn?: string | null; deprecatedIn?: string | null; removedIn?: string | null }>[],
    name: (l: never) => string,
    said: (l: never) => Partial<Record<(typeof LIFE)[number], string | null>>,
  ) => {
    for (const loc of list) {
      for (const field of LIFE) {
        const v = loc.record[field];
        if (v) count(v, kind, origin(name(loc as never), field, false, said(loc as never)[field], v));
      }
    }
  };
  lifeOf(
    'flags',
    b.flags,
    (l: (typeof b.flags)[number]) => `flag ${l.record.component} ${l.record.name}`,
    () => ({}),
  );
  const metricDeprecations = new Map<string, string | null>();
  for (const file of index.metrics ?? [])
    for (const m of file.metrics) metricDeprecations.set(`${file.component} ${m.name}`, m.deprecatedIn);
  lifeOf(
    'metrics',
    b.metrics,
    (l: (typeof b.metrics)[number]) => `metric ${l.record.component} ${l.record.name}`,
    (l: (typeof b.metrics)[number]) => ({
      deprecatedIn: metricDeprecations.get(`${l.record.component} ${l.record.name}`),
    }),
  );
  return Object.fromEntries(Object.entries(out).sort(([a], [c]) => parseVersion(a) - parseVersion(c)));
}
