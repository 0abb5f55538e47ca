// An api-versions record's migrationNotes against the differences of the types (seed/generated/api-fields.json).
// Notes used to be copied from text upstream wrote for several versions at once, so they told a version about
// fields it never had. Here the field paths a note names in backticks are compared, release by release, with
// the types of the record's own version and of the versions it moves to (its replacement and its conversion's
// target): a path neither has is refused, and so is a path both have alike (the types show no change there)
// unless a sourceOverrides entry for migrationNotes names it with the source that says what changes. A dotted
// path outside backticks is refused, so the check cannot be passed by leaving them out. Fields the replacement
// drops that neither the notes nor the conversion name are reported (CrossCheckReport.migrationNotes.gaps).
import type { CheckContext, WithOverrides } from './context';
import type { Located } from '../bundle';
import type { ApiVersionRecord, SourceOverrideRecord } from '../schemas';
import { expand, type FieldEntry } from '../generated-index';
import { parseVersion } from '../../kb/version';

const FIELD = 'migrationNotes';
/** A field path as the notes write it: `spec.rollbackTo`, `paths[].backend.serviceName`, `regarding`. */
const PATH = /^[a-z][A-Za-z0-9]*(\[\])?(\.[a-z][A-Za-z0-9]*(\[\])?)*$/;

/** The field paths a text names in backticks (spans that are not paths, such as `kubectl rollout undo`, are not). */
function namedPaths(text: string): string[] {
  return [...text.matchAll(/`([^`]+)`/g)].map((m) => m[1]).filter((s) => PATH.test(s));
}

/** Dotted words outside backticks that start with one of `topLevel` (`spec.selector` written as plain prose). */
function barePaths(text: string, topLevel: Set<string>): string[] {
  return text
    .replace(/`[^`]*`/g, ' ')
    .split(/\s+/)
    .map((w) => w.replace(/^[("'[]+/, '').replace(/[)"',.;:!?]+$/, ''))
    .filter((w) => w.includes('.') && PATH.test(w) && topLevel.has(w.split('.')[0].replace(/\[\]$/, '')));
}

const parentsOf = (path: string): string[] => {
  const parts = path.split('.');
  return parts.slice(1).map((_, n) =>
    parts
      .slice(0, n + 1)
      .join('.')
      .replace(/\[\]$/, ''),
  );
};
/** Whether `path` is `of` or lies below it (`spec.rollbackTo.revision` below `spec.rollbackTo`). */
const within = (path: string, of: string) => path === of || path.startsWith(`${of}.`) || path.startsWith(`${of}[].`);

/** One group/version's field paths, release by release. */
class VersionFields {
  constructor(
    readonly apiVersion: string,
    private readonly entry: FieldEntry,
  ) {}
  private cache = new Map<string, Set<string>>();
  at(release: string): Set<string> {
    let s = this.cache.get(release);
    if (!s) {
      s = new Set(
        Object.entries(this.entry.paths)
          .filter(([, p]) => expand(p.present, this.entry.order).includes(release))
          .map(([path]) => path),
      );
      this.cache.set(release, s);
    }
    return s;
  }
  /** Every path of any release read. */
  all(): string[] {
    return Object.keys(this.entry.paths);
  }
  has(path: string): boolean {
    return path in this.entry.paths;
  }
  /** Whether the index cannot tell if `path` exists here: an enclosing field has another package's type. */
  hidden(path: string, release?: string): boolean {
    return parentsOf(path).some((p) => {
      const opaque = this.entry.paths[p]?.opaque;
      return opaque !== undefined && (release === undefined || expand(opaque, this.entry.order).includes(release));
    });
  }
}

/** What the types of `from` and `to` say differs, over the releases both are served (or across the handover). */
interface Pair {
  to: string;
  /** Paths `from` has and `to` lacks -> the releases where that holds. */
  removed: Map<string, string[]>;
  added: Set<string>;
}

function comparePair(from: VersionFields, to: VersionFields, fromServed: string[], toServed: string[]): Pair {
  const pair: Pair = { to: to.apiVersion, removed: new Map(), added: new Set() };
  const both = fromServed.filter((r) => toServed.includes(r));
  // A replacement served only after the version goes: the last release of one against the first of the other.
  const steps: [string, string][] =
    both.length > 0
      ? both.map((r) => [r, r])
      : fromServed.length > 0 && toServed.length > 0
        ? [[fromServed[fromServed.length - 1], toServed[0]]]
        : [];
  for (const [a, b] of steps) {
    const have = from.at(a),
      get = to.at(b);
    for (const p of have) if (!get.has(p) && !to.hidden(p, b)) pair.removed.set(p, [...(pair.removed.get(p) ?? []), a]);
    for (const p of get) if (!have.has(p) && !from.hidden(p, a)) pair.added.add(p);
  }
  return pair;
}

export function checkMigrationNotes(ctx: CheckContext): void {
  const { b, index, report, problems } = ctx;
  const records = new Map(b.apiVersions.map((l) => [`${l.record.apiVersion} ${l.record.kind}`, l.record]));
  const servedBy = (r: ApiVersionRecord) =>
    index.order.filter(
      (rel) =>
        (r.introducedIn == null || parseVersion(rel) >= parseVersion(r.introducedIn)) &&
        (r.removedIn == null || parseVersion(rel) < parseVersion(r.removedIn)),
    );

  for (const loc of b.apiVersions) {
    const r = loc.record;
    if (loc.file === index.apiVersionsFile) continue;
    const name = `API version ${r.apiVersion} ${r.kind}`;
    const byVersion = index.fields.get(r.kind);
    const entry = byVersion?.get(r.apiVersion);
    if (!byVersion || !entry) {
      if (r.migrationNotes) report.migrationNotes.notCovered++;
      continue;
    }
    const own = new VersionFields(r.apiVersion, entry);
    const ownServed = servedBy(r).filter((rel) => entry.order.includes(rel));
    const targets = [...new Set([r.replacement, r.conversion?.to])].filter(
      (v): v is string => v != null && v !== r.apiVersion && byVersion.has(v) && records.has(`${v} ${r.kind}`),
    );
    const others = targets.map((t) => new VersionFields(t, byVersion.get(t)!));
    const pairs = others.map((o) =>
      comparePair(own, o, ownServed, servedBy(records.get(`${o.apiVersion} ${r.kind}`)!)),
    );
    const sides = [own, ...others];
    const known = new Set(sides.flatMap((s) => s.all()));
    const named = r.migrationNotes ? namedPaths(r.migrationNotes) : [];
    // A path token resolves to the paths of the pair it names: itself when it starts at the object's root,
    // else every path that ends in it (`backend.serviceName`).
    const topLevel = new Set([...byVersion.values()].flatMap((e) => Object.keys(e.paths).map((p) => p.split('.')[0])));
    const resolve = (t: string): string[] =>
      topLevel.has(t.split('.')[0].replace(/\[\]$/, ''))
        ? known.has(t)
          ? [t]
          : []
        : [...known].filter((p) => p === t || p.endsWith(`.${t}`));

    if (r.migrationNotes) {
      report.migrationNotes.checked++;
      for (const w of new Set(barePaths(r.migrationNotes, topLevel)))
        problems.push({
          file: loc.file,
          line: loc.line,
          record: name,
          field: FIELD,
          message: `names the field ${w} outside backticks: write field paths as \`${w}\`, so they are checked against the types`,
        });
      for (const t of new Set(named)) {
        const paths = resolve(t);
        if (paths.length === 0) {
          if (sides.some((s) => s.hidden(t))) continue; // below another package's type: the index cannot tell
          const elsewhere = [...byVersion.entries()]
            .filter(
              ([v, e]) =>
                !sides.some((s) => s.apiVersion === v) &&
                Object.keys(e.paths).some((p) => p === t || p.endsWith(`.${t}`)),
            )
            .map(([v]) => v);
          explainOrRefuse(
            ctx,
            loc,
            name,
            [t],
            `names \`${t}\`, but ${sides.map((s) => `${s.apiVersion}`).join(' and ')} ${r.kind} ${sides.length > 1 ? 'have' : 'has'} no such field in any release read (${index.order[0]}-${index.order[index.order.length - 1]})` +
              (elsewhere.length > 0
                ? `; only ${elsewhere.join(', ')} ${elsewhere.length > 1 ? 'have' : 'has'} it`
                : ''),
          );
          continue;
        }
        if (pairs.length === 0) continue;
        const differs = pairs.some((p) =>
          paths.some((path) => [...p.removed.keys(), ...p.added].some((d) => within(d, path))),
        );
        // A field only one side ever has differs too, though outside the releases both are served.
        const onBothSides = paths.some((path) => own.has(path) && others.some((o) => o.has(path)));
        if (differs || !onBothSides) continue;
        explainOrRefuse(
          ctx,
          loc,
          name,
          [t, ...paths],
          `names \`${t}\`, a field ${r.apiVersion} and ${pairs.map((p) => p.to).join(' and ')} have alike in every release they are served together: the types show no change there, so what the note says of it needs a source`,
        );
      }
    }

    // Fields the replacement drops that nothing tells the user about.
    const lasting = pairs.find((p) => p.to === r.replacement);
    if (!lasting) continue;
    const mentioned = [
      ...named.flatMap(resolve),
      // A conversion step that moves or removes the field tells the user too (its why is shown), also when it
      // goes to an interim version first.
      ...(r.conversion?.steps ?? []).flatMap((s) => ('move' in s ? [s.move] : 'remove' in s ? [s.remove] : [])),
    ];
    const gaps = [...lasting.removed.keys()].filter(
      (p) => p.split('.')[0] !== 'status' && !mentioned.some((m) => within(p, m)),
    );
    for (const p of gaps.filter((p) => !gaps.some((q) => q !== p && within(p, q)))) {
      const rel = lasting.removed.get(p)!;
      report.migrationNotes.gaps.push(
        `${loc.file}:${loc.line}: ${name}: ${r.replacement} has no \`${p}\` (${r.apiVersion} has it in ${rel[0]}${rel.length > 1 ? `-${rel[rel.length - 1]}` : ''}); neither the migration notes nor the conversion name it`,
      );
    }
  }
}

/** A named path the types do not bear out: accepted when a sourceOverrides entry for migrationNotes names it. */
function explainOrRefuse(
  ctx: CheckContext,
  loc: Located<ApiVersionRecord & WithOverrides>,
  name: string,
  paths: string[],
  message: string,
): void {
  const override = (loc.record.sourceOverrides ?? []).find(
    (o: SourceOverrideRecord) => o.field === FIELD && namedPaths(o.why).some((p) => paths.includes(p)),
  );
  if (override) {
    ctx.used.add(override);
    ctx.report.overridden++;
    return;
  }
  ctx.problems.push({
    file: loc.file,
    line: loc.line,
    record: name,
    field: FIELD,
    message: `${message} (or add sourceOverrides: [{ field: ${FIELD}, source, why }] whose why names \`${paths[0]}\`)`,
  });
}
