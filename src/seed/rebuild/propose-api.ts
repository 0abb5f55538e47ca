// API versions and fields of a new release, from the generated index: a group/version/kind registered from
// the release on, or whose lifecycle markers deprecate or remove it then (or whose package k8s.io/api drops);
// a field path of an indexed kind that appears, disappears or is first called deprecated. Fields also from
// the notes: a note that deprecates or removes a field the seed has a record of.
import type { Located } from '../bundle';
import type { ApiFieldRecord, ApiVersionRecord } from '../schemas';
import { apiFacts, fieldFacts, type GeneratedIndex } from '../generated-index';
import { becomesRecord } from '../cross-check/api-versions';
import type { LifeField } from './facts';
import { noteSource, type ProposeContext } from './context';
import { saysDeprecated, saysRemoved, sentencesOf, withoutExceptions } from './note-text';
import { atRecord, generatedRecord, newRecord } from './targets';
import type { ApiFieldProposal, ApiVersionProposal, Evidence } from './types';

const FIELDS: LifeField[] = ['introducedIn', 'deprecatedIn', 'removedIn'];
const dated = (field: LifeField, release: string): Partial<Record<LifeField, string>> => ({ [field]: release });

export function proposeApiVersions(ctx: ProposeContext): ApiVersionProposal[] {
  const { seed, index, release } = ctx;
  if (!index) return [];
  const out: ApiVersionProposal[] = [];
  const records = new Map(seed.apiVersions.map((l) => [`${l.record.apiVersion} ${l.record.kind}`, l]));
  const tree = (ref: string | undefined, dir: string) => (ref ? `${index.repository}/tree/${ref}/${dir}` : null);
  const consider = (
    apiVersion: string,
    kind: string,
    entryKind: string,
    loc: Located<ApiVersionRecord> | undefined,
  ) => {
    const hit = index.apiVersions.get(`${apiVersion} ${entryKind}`);
    if (!hit) return;
    const f = apiFacts(hit.entry, index.order);
    if (!loc && !becomesRecord(hit.entry, f, index.config.api)) return;
    const m = hit.entry.markers;
    for (const field of FIELDS) {
      // A record that dates this already keeps its date (a curated removal before k8s.io/api dropped the types).
      if (f[field] !== release || loc?.record[field] != null) continue;
      const says =
        field === 'introducedIn'
          ? `k8s.io/api registers ${apiVersion} ${entryKind} from ${release} on`
          : field === 'deprecatedIn'
            ? `the deprecation marker (${m?.from ?? 'lifecycle markers'}) says ${release}`
            : f.removalMarked
              ? `the removal marker (${m?.from ?? 'lifecycle markers'}) says ${release}`
              : `k8s.io/api no longer has ${apiVersion} in ${release}`;
      const evidence: Evidence[] = [{ source: `${index.apiVersionsFile}:${hit.line}`, says }];
      const at = tree(index.refs.get(field === 'removedIn' ? ctx.previous : release)?.ref, hit.entry.dir);
      if (at) evidence.push({ source: at, says: `the package at ${field === 'removedIn' ? ctx.previous : release}` });
      const curated = loc && !loc.file.startsWith('seed/generated/');
      const record: ApiVersionRecord = loc
        ? { ...loc.record, ...dated(field, release) }
        : {
            apiVersion,
            kind,
            introducedIn: f.introducedIn,
            deprecatedIn: f.deprecatedIn === release ? release : null,
            removedIn: f.removedIn === release ? release : null,
            replacement: f.replacement,
            sources: evidence.map((e) => e.source).filter((s) => /^https?:/.test(s)),
          };
      if (field === 'deprecatedIn' && f.replacement && !record.replacement) record.replacement = f.replacement;
      out.push({
        apiVersion,
        kind,
        field,
        // The loader fills introducedIn and deprecatedIn, and removedIn when a removal marker says it.
        target: curated
          ? atRecord(loc, field !== 'removedIn' || f.removalMarked)
          : generatedRecord(index.apiVersionsFile),
        record,
        evidence,
        doubts: [
          ...(field === 'removedIn' && !f.removalMarked
            ? [
                'no removal marker: k8s.io/api dropping the package bounds serving, check that the API server stopped then',
              ]
            : []),
          ...(index.order.includes(release)
            ? []
            : [
                `the index does not read ${release} yet: a lifecycle marker read at ${m?.from ?? 'the newest release read'}, to confirm at the release tag`,
              ]),
        ],
      });
    }
  };
  for (const loc of records.values()) {
    const { apiVersion, kind } = loc.record;
    // A list is served with its resource: the resource kind's markers are the ones acted on (as the loader checks).
    const base = kind.endsWith('List') && index.apiVersions.has(`${apiVersion} ${kind.slice(0, -4)}`);
    consider(apiVersion, kind, base ? kind.slice(0, -4) : kind, loc);
  }
  for (const { entry } of index.apiVersions.values())
    if (!records.has(`${entry.apiVersion} ${entry.kind}`))
      consider(entry.apiVersion, entry.kind, entry.kind, undefined);
  return out;
}

const parentOf = (path: string) =>
  path.includes('.') ? path.slice(0, path.lastIndexOf('.')).replace(/\[\]$/, '') : null;

export function proposeApiFields(ctx: ProposeContext, notesSource: string): ApiFieldProposal[] {
  const out = [...fieldsFromIndex(ctx), ...fieldsFromNotes(ctx, notesSource)];
  // One proposal per field and date: the index's evidence first, a note's added to it.
  const byKey = new Map<string, ApiFieldProposal>();
  for (const p of out) {
    const k = `${p.kind} ${p.path} ${p.field}`;
    const first = byKey.get(k);
    if (first) first.evidence.push(...p.evidence);
    else byKey.set(k, p);
  }
  return [...byKey.values()];
}

function fieldsFromIndex(ctx: ProposeContext): ApiFieldProposal[] {
  const { seed, index, release } = ctx;
  if (!index) return [];
  const records = new Map(seed.apiFields.map((l) => [`${l.record.kind} ${l.record.path}`, l]));
  const anyOfKind = new Map(seed.apiFields.map((l) => [l.record.kind, l]));
  const out: ApiFieldProposal[] = [];
  for (const [kind, byVersion] of index.fields) {
    const paths = new Set([...byVersion.values()].flatMap((v) => Object.keys(v.paths)));
    const events = new Map<string, LifeField[]>();
    for (const path of paths) {
      const loc = records.get(`${kind} ${path}`);
      const f = fieldFacts(index, kind, path, loc?.record.apiVersions ?? null);
      if (!f) continue;
      const at = FIELDS.filter((field) => f[field] === release && loc?.record[field] == null);
      if (at.length > 0) events.set(path, at);
    }
    for (const [path, fields] of events) {
      // A new or dropped struct brings all its paths: the topmost one stands for them.
      const parent = parentOf(path);
      const loc = records.get(`${kind} ${path}`);
      for (const field of fields) {
        if (!loc && parent && events.get(parent)?.includes(field)) continue;
        const says =
          field === 'introducedIn'
            ? `${kind} has ${path} from ${release} on`
            : field === 'removedIn'
              ? `${kind} no longer has ${path} in ${release}`
              : `the doc comment of ${kind} ${path} calls it deprecated from ${release}`;
        const versions = [...byVersion.entries()].filter(([, v]) => v.paths[path]).map(([apiVersion]) => apiVersion);
        const record: ApiFieldRecord = loc
          ? { ...loc.record, ...dated(field, release) }
          : { kind, path, apiVersions: versions, summary: '', ...dated(field, release), sources: [] };
        out.push({
          kind,
          path,
          field,
          // The loader fills a record's introducedIn and removedIn; a deprecation it only reports.
          target: loc ? atRecord(loc, field !== 'deprecatedIn') : newRecord('api-fields', anyOfKind.get(kind)),
          record,
          evidence: [
            {
              source: `seed/generated/${isConfigKind(index, kind) ? 'component-config-fields' : 'api-fields'}.json`,
              says,
            },
          ],
          doubts: loc
            ? []
            : ['a field the seed has no record of: add one only when it matters to networking or the notes name it'],
        });
      }
    }
  }
  return out;
}

const isConfigKind = (index: GeneratedIndex, kind: string) => /Configuration$/.test(kind) && index.fields.has(kind);

/** A note that deprecates or removes a field of a record: "deprecation for Service `.spec.externalIPs`". */
function fieldsFromNotes(ctx: ProposeContext, notesSource: string): ApiFieldProposal[] {
  const out: ApiFieldProposal[] = [];
  for (const n of ctx.notes)
    for (const sentence of sentencesOf(n.text).map(withoutExceptions)) {
      const removed = saysRemoved(sentence);
      const deprecated = !removed && saysDeprecated(sentence);
      if (!removed && !deprecated) continue;
      for (const loc of ctx.seed.apiFields) {
        const r = loc.record;
        const field: LifeField = removed ? 'removedIn' : 'deprecatedIn';
        if (r[field] || r.removedIn) continue;
        const path = r.path.replace(/\[\]/g, '');
        if (!new RegExp(`(^|[^\\w.])\\.?${path.replace(/\./g, '\\.')}(?![\\w.])`).test(sentence)) continue;
        if (!new RegExp(`\\b${r.kind}\\b`).test(sentence)) continue;
        out.push({
          kind: r.kind,
          path: r.path,
          field,
          target: atRecord(loc),
          record: { ...r, ...dated(field, ctx.release) },
          evidence: [{ source: noteSource(n, notesSource), says: `the note: "${sentence}"` }],
          doubts: ["from the note's words only"],
        });
      }
    }
  return out;
}
