// A curation note explains values: "no removal release is given by any source" is true only while removedIn
// is empty. Each note is bound to the values of the fields it speaks of, as they were when a person last
// read it (seed/reviewed-notes.yaml); when one of them changes, by curation or by the generated index
// filling it in, the load fails at the note until it is read again and the review recorded
// (`npm run seed:notes -- --reviewed "<record>"`). Which fields a note speaks of is read from its words.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { LineCounter, parseDocument, isMap, isPair, isScalar } from 'yaml';
import type { Located, SeedBundle, SeedProblem } from './bundle';

export const REVIEWED_NOTES_FILE = 'reviewed-notes.yaml';

interface Subject {
  field: string;
  /** Words by which a note speaks of the field. */
  words: RegExp;
}
const life: Subject[] = [
  { field: 'introducedIn', words: /introduc|\badded\b|available (since|from|in)|first (served|release)|since \d\.\d/i },
  { field: 'deprecatedIn', words: /deprecat/i },
  { field: 'removedIn', words: /remov|no longer served|stops? (being )?served|stop serving|dropped/i },
];
const SUBJECTS: Record<RecordType, Subject[]> = {
  apiVersions: [
    ...life,
    { field: 'announcedRemovalIn', words: /announc/i },
    { field: 'replacement', words: /replac|migrat|move to|moves to/i },
    { field: 'replacementAvailableIn', words: /replac|available/i },
    { field: 'servedByDefault', words: /served by default|servedByDefault|runtime-config|enabled|enable the/i },
  ],
  featureGates: [
    { field: 'lifecycle', words: /stage|alpha|beta|\bGA\b|default|enabled|disabled|since|until|graduat|promot/i },
    { field: 'locks', words: /lock/i },
    { field: 'removedIn', words: /remov|dropped/i },
    {
      field: 'components',
      // and the name of any component of components.yaml (noteBindings adds them)
      words: /component/i,
    },
  ],
  flags: [
    ...life,
    { field: 'replacements', words: /replac|instead/i },
    { field: 'configField', words: /config|Configuration/i },
    { field: 'defaults', words: /default/i },
    { field: 'values', words: /value|mode/i },
  ],
  apiFields: [...life, { field: 'featureGate', words: /gate/i }],
  metrics: [...life, { field: 'renamedTo', words: /renam/i }],
  wellKnownKeys: [...life, { field: 'replacement', words: /replac/i }],
};
type RecordType = 'apiVersions' | 'featureGates' | 'flags' | 'apiFields' | 'metrics' | 'wellKnownKeys';

const NAMES: Record<RecordType, (r: Record<string, unknown>) => string> = {
  apiVersions: (r) => `API version ${r.apiVersion} ${r.kind}`,
  featureGates: (r) => `feature gate ${r.name}`,
  flags: (r) => `flag ${r.component} ${r.name}`,
  apiFields: (r) => `API field ${r.kind} ${r.path}`,
  metrics: (r) => `metric ${r.component} ${r.name}`,
  wellKnownKeys: (r) => `well-known key ${r.key}`,
};

interface NoteBinding {
  record: string;
  loc: Located<unknown>;
  /** The fields the note speaks of, with their values now (JSON; null when not set). */
  values: Record<string, unknown>;
}

/** The value as the review file keeps it: absent and empty are null; gate stages one short line each. */
function valueOf(r: Record<string, unknown>, field: string): unknown {
  const v = r[field];
  if (field !== 'locks' && (v === undefined || v === null || (Array.isArray(v) && v.length === 0))) return null;
  if (field === 'locks' && Array.isArray(r.lifecycle))
    return (r.lifecycle as { stage: string; since: string; lockedToDefault?: boolean | null }[]).map(
      (s) =>
        `${s.stage} ${s.since} ${s.lockedToDefault == null ? 'unknown' : s.lockedToDefault ? 'locked' : 'unlocked'}`,
    );
  if (field === 'lifecycle' && Array.isArray(v))
    return (
      v as {
        stage: string;
        defaultEnabled: boolean;
        lockedToDefault?: boolean | null;
        since: string;
        until?: string | null;
      }[]
    ).map((s) => `${s.stage} ${s.since}-${s.until ?? ''} ${s.defaultEnabled ? 'on' : 'off'}`);
  return v;
}

/** Every curated note with the current values of the fields it speaks of. Generated records are left out. */
export function noteBindings(b: SeedBundle): NoteBinding[] {
  const out: NoteBinding[] = [];
  // A note that names a component speaks of the components a gate lists.
  const escaped = b.components.map((c) => c.record.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  const names = escaped.length > 0 ? new RegExp(`\\b(${escaped.join('|')})\\b`) : /$^/;
  for (const type of Object.keys(SUBJECTS) as RecordType[]) {
    for (const loc of b[type] as Located<Record<string, unknown>>[]) {
      const notes = loc.record.notes;
      if (typeof notes !== 'string' || loc.file.startsWith('seed/generated/')) continue;
      const fields = SUBJECTS[type]
        .filter((s) => s.words.test(notes) || (s.field === 'components' && names.test(notes)))
        .map((s) => s.field);
      if (fields.length === 0) continue;
      out.push({
        record: NAMES[type](loc.record),
        loc,
        values: Object.fromEntries(fields.map((f) => [f, valueOf(loc.record, f)])),
      });
    }
  }
  return out;
}

interface ReviewedNotes {
  file: string;
  entries: Map<string, { line: number; values: Record<string, unknown> }>;
}

export function readReviewedNotes(seedDir: string, problems: SeedProblem[]): ReviewedNotes {
  const file = `seed/${REVIEWED_NOTES_FILE}`;
  const entries: ReviewedNotes['entries'] = new Map();
  const path = join(seedDir, REVIEWED_NOTES_FILE);
  if (!existsSync(path)) return { file, entries };
  const lines = new LineCounter();
  const doc = parseDocument(readFileSync(path, 'utf8'), { lineCounter: lines, uniqueKeys: true });
  if (doc.errors.length > 0 || !isMap(doc.contents)) {
    problems.push({
      file,
      message: `invalid: ${doc.errors[0]?.message.split('\n')[0] ?? 'must be a map of record to values'}`,
    });
    return { file, entries };
  }
  for (const pair of doc.contents.items) {
    if (!isPair(pair) || !isScalar(pair.key)) continue;
    const values = (pair.value as { toJSON(): unknown } | null)?.toJSON();
    const line = pair.key.range ? lines.linePos(pair.key.range[0]).line : 1;
    if (typeof values !== 'object' || values === null || Array.isArray(values)) {
      problems.push({ file, line, record: String(pair.key.value), message: 'must map field names to values' });
      continue;
    }
    entries.set(String(pair.key.value), { line, values: values as Record<string, unknown> });
  }
  return { file, entries };
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** A note whose fields changed since its review, a note never reviewed, and a review of nothing are problems. */
export function checkNoteBindings(b: SeedBundle, reviewed: ReviewedNotes, problems: SeedProblem[]): void {
  const bound = noteBindings(b);
  const fix = (record: string) => `reread the note, correct it, then run npm run seed:notes -- --reviewed "${record}"`;
  for (const n of bound) {
    const seen = reviewed.entries.get(n.record);
    if (!seen) {
      problems.push({
        file: n.loc.file,
        line: n.loc.line,
        record: n.record,
        field: 'notes',
        message: `the note speaks of ${Object.keys(n.values).join(', ')} and has no review in ${reviewed.file}: ${fix(n.record)}`,
      });
      continue;
    }
    const changed = Object.entries(n.values).filter(([f, v]) => f in seen.values && !same(seen.values[f], v));
    const unread = Object.keys(n.values).filter((f) => !(f in seen.values));
    if (changed.length > 0 || unread.length > 0) {
      problems.push({
        file: n.loc.file,
        line: n.loc.line,
        record: n.record,
        field: 'notes',
        message:
          [
            ...changed.map(
              ([f, v]) =>
                `it was read when ${f} was ${JSON.stringify(seen.values[f])}, and ${f} is now ${JSON.stringify(v)}`,
            ),
            ...unread.map((f) => `it now speaks of ${f}, which its review did not cover`),
          ].join('; ') + `: ${fix(n.record)}`,
      });
    }
  }
  const names = new Set(bound.map((n) => n.record));
  for (const [record, { line }] of reviewed.entries) {
    if (!names.has(record))
      problems.push({
        file: reviewed.file,
        line,
        record,
        message:
          'no curated note of this record speaks of a reviewed field any more: run npm run seed:notes -- --prune',
      });
  }
}
