// The checks across records of a loaded seed (load.ts runs them once every record passed its schema):
// duplicate keys, references between records, versions after the newest release, the order of a record's
// events, gate lifecycles, conversions, and what changes name. One function per check; they run in a fixed
// order, so a seed's problems are always listed in the same order.
import type { ApiVersionRecord, ConversionStepRecord } from './schemas';
import { subjectKey, type SubjectType } from './subjects';
import { isTransform, transformNames } from '../convert/transforms';
import { isMinorVersion, parseVersion } from '../kb/version';
import { replacementPaths } from '../kb/replacement-paths';
import type { Located, LocatedChange, SeedBundle, SeedProblem } from './bundle';

/** Records a problem at a located record. */
export function problemAt(problems: SeedProblem[]) {
  return (loc: Located<unknown>, record: string, field: string | undefined, message: string) =>
    problems.push({ file: loc.file, record, field, line: loc.line, message });
}

/** The first record of each key (as `what KEY`); every later one is a duplicate problem naming where the first is. */
export function firstOfEach(problems: SeedProblem[]) {
  const problem = problemAt(problems);
  return <T>(items: Located<T>[], key: (r: T) => string, what: string): Map<string, Located<T>> => {
    const seen = new Map<string, Located<T>>();
    for (const item of items) {
      const k = key(item.record);
      const first = seen.get(k);
      if (first) problem(item, `${what} ${k}`, undefined, `duplicate: already defined at ${first.file}:${first.line}`);
      else seen.set(k, item);
    }
    return seen;
  };
}

const v = (s: string | null | undefined): number | undefined => (s ? parseVersion(s) : undefined);

/** What the checks read: the seed, where to report, and each key's first record. */
interface Checks {
  b: SeedBundle;
  problem: ReturnType<typeof problemAt>;
  releases: Map<string, Located<unknown>>;
  components: Map<string, Located<unknown>>;
  gates: Map<string, Located<unknown>>;
  apis: Map<string, Located<ApiVersionRecord>>;
  known: Record<SubjectType, Set<string>>;
}
/** What the checks that run before the records' keys are gathered read. */
type EarlyChecks = Pick<Checks, 'b' | 'problem' | 'releases' | 'components'>;

export function checkAcrossRecords(b: SeedBundle, problems: SeedProblem[]): void {
  const problem = problemAt(problems);
  const uniq = firstOfEach(problems);
  // Duplicates are reported as each list is first read, in this order.
  const releases = uniq(b.releases, (r) => r.version, 'release');
  const components = uniq(b.components, (r) => r.name, 'component');
  const early: EarlyChecks = { b, problem, releases, components };
  servedByDefaultStated(early);
  uniq(b.kinds, (r) => r.kind, 'kind');
  keyPlacesOnce(early);
  componentsKnown(early);
  const gates = uniq(b.featureGates, (r) => subjectKey('gate', r), 'feature gate');
  const apis = uniq(b.apiVersions, (r) => subjectKey('api', r), 'API version');
  const known: Record<SubjectType, Set<string>> = {
    gate: new Set(gates.keys()),
    flag: new Set(uniq(b.flags, (r) => subjectKey('flag', r), 'flag').keys()),
    api: new Set(apis.keys()),
    field: new Set(uniq(b.apiFields, (r) => subjectKey('field', r), 'API field').keys()),
    key: new Set(uniq(b.wellKnownKeys, (r) => subjectKey('key', r), 'well-known key').keys()),
    metric: new Set(uniq(b.metrics, (r) => subjectKey('metric', r), 'metric').keys()),
  };
  const checks: Checks = { ...early, gates, apis, known };
  versionsReleased(checks);
  lifeInOrder(checks);
  releaseDatesInOrder(checks);
  gateLifecyclesInOrder(checks);
  flagValuesAndDefaultsInOrder(checks);
  conversionsKnown(checks);
  conversionsEnd(checks);
  flagConversionsKnown(checks);
  apiFieldReferencesKnown(checks);
  flagReplacementsKnown(checks);
  keyRolesKnown(checks);
  uniq(b.constraints, (r) => r.id, 'constraint');
  constraintReferencesKnown(checks);
  prsInOneRelease(checks);
  changesUniqueAndLinked(checks);
}

/** servedByDefault is never defaulted: where the index does not derive it (cross-check), the record states it. */
function servedByDefaultStated({ b, problem }: EarlyChecks): void {
  // Never defaulted: derived from the index where it reads the group (cross-check), else stated. Without the
  // check (no index, or other problems stopped it) a missing value stays unknown (null).
  for (const a of b.crossCheck ? b.apiVersions : []) {
    if (a.record.servedByDefault === undefined)
      problem(
        a,
        `API version ${a.record.apiVersion} ${a.record.kind}`,
        'servedByDefault',
        'no source derives it (the generated index does not read this group, or the beta version has no known first release): ' +
          'state true or false with the source that says so, or null when the API server does not serve the version (a file format)',
      );
  }
}

/** A kind lists each key place once. */
function keyPlacesOnce({ b, problem }: EarlyChecks): void {
  // A key place is read once per path: a second entry would report every key there twice.
  for (const k of b.kinds) {
    const seen = new Set<string>();
    k.record.keyPlaces.forEach((p, i) => {
      if (seen.has(p.path)) problem(k, `kind ${k.record.kind}`, `keyPlaces[${i}].path`, `${p.path} is listed twice`);
      seen.add(p.path);
    });
  }
}

/** Flags, metrics and gates name components that have a record. */
function componentsKnown({ b, problem, components }: EarlyChecks): void {
  // A seed without components.yaml has nothing to hold the names to.
  if (b.components.length === 0) return;
  const check = (loc: Located<unknown>, name: string, field: string, component: string) => {
    if (!components.has(component)) problem(loc, name, field, `no components.yaml record named ${component}`);
  };
  for (const l of b.flags) check(l, `flag ${l.record.component} ${l.record.name}`, 'component', l.record.component);
  for (const l of b.metrics) check(l, `metric ${l.record.component} ${l.record.name}`, 'component', l.record.component);
  for (const l of b.featureGates)
    l.record.components.forEach((c, i) => check(l, `feature gate ${l.record.name}`, `components[${i}]`, c));
}

/** No version a record names is after the newest release. */
function versionsReleased({ b, problem }: Checks): void {
  // Every version a record names must be a release that exists or existed: none after the newest release
  // on record (a typo such as "1.210" would otherwise pass as a far-future release).
  const newest = Math.max(...b.releases.map((r) => v(r.record.version)!));
  const versionFields =
    /^(introducedIn|deprecatedIn|removedIn|announcedRemovalIn|replacementAvailableIn|replacementIn|since|until)$/;
  const scanVersions = (loc: Located<unknown>, name: string, value: unknown, path: string) => {
    if (Array.isArray(value)) value.forEach((x, i) => scanVersions(loc, name, x, `${path}[${i}]`));
    else if (value && typeof value === 'object') {
      for (const [k, x] of Object.entries(value)) {
        const p = path ? `${path}.${k}` : k;
        if (versionFields.test(k) && typeof x === 'string' && isMinorVersion(x) && v(x)! > newest)
          problem(loc, name, p, `${x} is after the newest release in seed/releases.yaml`);
        else if (typeof x === 'object') scanVersions(loc, name, x, p);
      }
    }
  };
  if (b.releases.length > 0) {
    for (const list of [
      b.featureGates,
      b.flags,
      b.apiVersions,
      b.apiFields,
      b.wellKnownKeys,
      b.metrics,
      b.constraints,
    ] as Located<any>[][]) {
      for (const loc of list)
        scanVersions(
          loc,
          Object.values(loc.record)
            .filter((x) => typeof x === 'string')
            .slice(0, 2)
            .join(' '),
          loc.record,
          '',
        );
    }
  }
}

/** Flags, API versions, fields, keys and metrics are introduced, then deprecated, then removed. */
function lifeInOrder({ b, problem }: Checks): void {
  for (const list of [b.flags, b.apiVersions, b.apiFields, b.wellKnownKeys, b.metrics] as Located<any>[][]) {
    for (const loc of list)
      lifeOrder(
        problem,
        loc,
        Object.values(loc.record)
          .filter((x) => typeof x === 'string')
          .slice(0, 2)
          .join(' '),
      );
  }
}

/** A release's end of life comes after its release. */
function releaseDatesInOrder({ b, problem }: Checks): void {
  for (const loc of b.releases) {
    const { releasedOn, endOfLifeOn } = loc.record;
    if (releasedOn && endOfLifeOn && endOfLifeOn <= releasedOn)
      problem(loc, `release ${loc.record.version}`, 'endOfLifeOn', `must be after releasedOn ${releasedOn}`);
  }
}

/** A gate's stages follow each other without overlaps, only the last one open, and its removal after them. */
function gateLifecyclesInOrder({ b, problem }: Checks): void {
  for (const loc of b.featureGates) {
    const g = loc.record;
    const name = `feature gate ${g.name}`;
    g.lifecycle.forEach((s, i) => {
      if (s.until && v(s.until)! < v(s.since)!)
        problem(loc, name, `lifecycle[${i}].until`, `${s.until} is before since ${s.since}`);
      const next = g.lifecycle[i + 1];
      if (next) {
        if (!s.until) problem(loc, name, `lifecycle[${i}].until`, 'only the last stage may be open-ended');
        else if (v(next.since)! <= v(s.until)!)
          problem(
            loc,
            name,
            `lifecycle[${i + 1}].since`,
            `${next.since} overlaps the previous stage, which lasts until ${s.until}`,
          );
      }
    });
    const last = g.lifecycle[g.lifecycle.length - 1];
    if (g.removedIn && v(g.removedIn)! <= v(last.until ?? last.since)!) {
      problem(
        loc,
        name,
        'removedIn',
        `${g.removedIn} must come after the last stage (${last.since}${last.until ? `–${last.until}` : ''})`,
      );
    }
  }
}

/**
 * A flag's values live in order, its defaults change at most once a release, in release order, and the release it
 * goes inert or narrows its values falls within its life.
 */
function flagValuesAndDefaultsInOrder({ b, problem }: Checks): void {
  for (const loc of b.flags) {
    const name = `flag ${loc.record.component} ${loc.record.name}`;
    (loc.record.values ?? []).forEach((val) =>
      lifeOrder(problem, { ...loc, record: val }, `${name} value ${val.value}`),
    );
    // inertFrom and acceptsOnly.since fall within the flag's life: after its introduction, before its removal.
    const { introducedIn, removedIn, inertFrom, acceptsOnly } = loc.record;
    for (const [field, at] of [
      ['inertFrom', inertFrom],
      ['acceptsOnly.since', acceptsOnly?.since],
    ] as const) {
      if (!at) continue;
      if (removedIn && v(at)! >= v(removedIn)!)
        problem(loc, name, field, `${at} is not before the flag's removal in ${removedIn}`);
      if (introducedIn && v(at)! <= v(introducedIn)!)
        problem(loc, name, field, `${at} is not after the flag's introduction in ${introducedIn}`);
    }
    // onlyWith names another flag of the same component and values that flag records.
    const only = loc.record.onlyWith;
    if (only) {
      const other = b.flags.find((f) => f.record.component === loc.record.component && f.record.name === only.flag);
      if (!other) problem(loc, name, 'onlyWith.flag', `no flags record for ${loc.record.component} ${only.flag}`);
      else {
        const known = new Set((other.record.values ?? []).map((x) => x.value));
        const stray = only.values.filter((x) => !known.has(x));
        if (stray.length > 0)
          problem(loc, name, 'onlyWith.values', `${stray.join(', ')}: not a value of ${only.flag} (its values list)`);
      }
    }
    const sinces = (loc.record.defaults ?? []).map((d) => v(d.since)!);
    sinces.forEach((s, i) => {
      if (i > 0 && s <= sinces[i - 1])
        problem(loc, name, `defaults[${i}].since`, 'defaults must be in release order, one per release');
    });
  }
}

/** API versions name known replacements and convert to known versions with steps that can be applied. */
function conversionsKnown({ b, problem, apis }: Checks): void {
  for (const loc of b.apiVersions) {
    const r = loc.record;
    const name = `API version ${r.apiVersion} ${r.kind}`;
    if (r.replacement && !apis.has(`${r.replacement} ${r.kind}`)) {
      problem(
        loc,
        name,
        'replacement',
        `no api-versions record for ${r.replacement} ${r.kind}: add it so the replacement can be looked up`,
      );
    }
    if (r.replacement === r.apiVersion) problem(loc, name, 'replacement', 'an API version cannot replace itself');
    if (r.conversion) {
      if (!apis.has(`${r.conversion.to} ${r.kind}`))
        problem(
          loc,
          name,
          'conversion.to',
          `no api-versions record for ${r.conversion.to} ${r.kind}: a conversion must end at a known version of the same kind`,
        );
      if (r.conversion.to === r.apiVersion)
        problem(loc, name, 'conversion.to', 'an API version cannot convert to itself');
      checkSteps(loc, name, r.conversion.steps);
    }
  }
  for (const loc of b.apiFields)
    if (loc.record.conversion)
      checkSteps(loc, `API field ${loc.record.kind} ${loc.record.path}`, loc.record.conversion.steps);
  function checkSteps(loc: Located<unknown>, name: string, steps: ConversionStepRecord[]): void {
    steps.forEach((step, i) => {
      if ('transform' in step && !isTransform(step.transform)) {
        problem(
          loc,
          name,
          `conversion.steps[${i}].transform`,
          `no transform named ${step.transform} in src/convert/transforms (known: ${transformNames().join(', ')})`,
        );
      }
      if ('move' in step && (step.move.match(/\[\]/g) ?? []).length !== (step.to.match(/\[\]/g) ?? []).length) {
        problem(
          loc,
          name,
          `conversion.steps[${i}].to`,
          'a move keeps the object\'s lists: "to" needs as many [] as the moved path',
        );
      }
    });
  }
}

/** Following conversions from any version ends: a cycle would rewrite objects forever. */
function conversionsEnd({ b, problem, apis }: Checks): void {
  // Following conversions from any version must end: a cycle would rewrite objects forever.
  for (const loc of b.apiVersions) {
    const seen = new Set<string>();
    let at: ApiVersionRecord | undefined = loc.record;
    while (at?.conversion) {
      const key = `${at.apiVersion} ${at.kind}`;
      if (seen.has(key)) {
        problem(
          loc,
          `API version ${loc.record.apiVersion} ${loc.record.kind}`,
          'conversion.to',
          `conversions form a cycle through ${key}`,
        );
        break;
      }
      seen.add(key);
      at = apis.get(`${at.conversion.to} ${at.kind}`)?.record;
    }
  }
}

/** A flag's conversion writes flags that have records. */
function flagConversionsKnown({ b, problem, known }: Checks): void {
  for (const loc of b.flags) {
    const f = loc.record;
    (f.conversion ?? []).forEach((rule, i) =>
      rule.args.forEach((arg, j) => {
        const flagName = arg.replace(/=.*$/, '');
        if (!known.flag.has(`${f.component} ${flagName}`))
          problem(
            loc,
            `flag ${f.component} ${f.name}`,
            `conversion[${i}].args[${j}]`,
            `no flags record for ${f.component} ${flagName}`,
          );
      }),
    );
  }
}

/** An API field names a known gate and known replacement fields. */
function apiFieldReferencesKnown({ b, problem, gates, known }: Checks): void {
  for (const loc of b.apiFields) {
    const r = loc.record;
    if (r.featureGate && !gates.has(r.featureGate)) {
      problem(loc, `API field ${r.kind} ${r.path}`, 'featureGate', `no feature-gates record named ${r.featureGate}`);
    }
    if (r.valuesFrom !== undefined) {
      const from = b.apiFields.find((l) => l.record.kind === r.kind && l.record.path === r.valuesFrom)?.record;
      const why = r.values
        ? 'a field takes its own values or those of another record, not both'
        : !from
          ? `no api-fields record of ${r.kind} has the path ${r.valuesFrom}`
          : !from.values
            ? `${r.kind} ${r.valuesFrom} lists no values of its own to take`
            : null;
      if (why) problem(loc, `API field ${r.kind} ${r.path}`, 'valuesFrom', why);
    }
    // Advice names each replacement with the release it arrives in: each must be a record to look up.
    for (const path of replacementPaths(r.replacement)) {
      if (path === r.path)
        problem(loc, `API field ${r.kind} ${r.path}`, 'replacement', 'a field cannot replace itself');
      else if (!known.field.has(`${r.kind} ${path}`))
        problem(
          loc,
          `API field ${r.kind} ${r.path}`,
          'replacement',
          `"${path}" is no api-fields record of ${r.kind}: name fields of the same kind, separated by commas, and add a record (with sources) for each`,
        );
    }
  }
}

/** A flag's replacements and its values' replacements have records. */
function flagReplacementsKnown({ b, problem, known }: Checks): void {
  for (const loc of b.flags) {
    const f = loc.record;
    const name = `flag ${f.component} ${f.name}`;
    (f.replacements ?? []).forEach((other, i) => {
      if (!known.flag.has(`${f.component} ${other}`))
        problem(loc, name, `replacements[${i}]`, `no flags record for ${f.component} ${other}: add it (with sources)`);
    });
    const values = new Set((f.values ?? []).map((x) => x.value));
    (f.values ?? []).forEach((x, i) => {
      if (x.replacement && !values.has(x.replacement))
        problem(
          loc,
          name,
          `values[${i}].replacement`,
          `${x.replacement} is not among the values of ${f.name}: list it under values so its life is known`,
        );
      (x.alternatives ?? []).forEach((alt, j) => {
        if (!values.has(alt))
          problem(
            loc,
            name,
            `values[${i}].alternatives[${j}]`,
            `${alt} is not among the values of ${f.name}: list it under values so its life is known`,
          );
      });
    });
  }
}

/** A key's other roles are other than its type, each once, in order, and their replacements are keys with records. */
function keyRolesKnown({ b, problem, known }: Checks): void {
  for (const loc of b.wellKnownKeys) {
    const r = loc.record;
    const seen = new Set<string>([r.type]);
    (r.otherRoles ?? []).forEach((role, i) => {
      const name = `well-known key ${r.key}`;
      if (seen.has(role.type))
        problem(loc, name, `otherRoles[${i}].type`, `${role.type} is the key's type or another role's already`);
      seen.add(role.type);
      lifeOrder(problem, { ...loc, record: role }, `${name} as a ${role.type.toLowerCase()}`);
      if (role.replacement && !known.key.has(subjectKey('key', { key: role.replacement })))
        problem(loc, name, `otherRoles[${i}].replacement`, `no well-known-keys record of ${role.replacement}: add it`);
    });
  }
}

/** A constraint names a known gate and change. */
function constraintReferencesKnown({ b, problem, gates }: Checks): void {
  for (const loc of b.constraints) {
    const r = loc.record;
    if (r.featureGate && !gates.has(r.featureGate))
      problem(loc, `constraint ${r.id}`, 'featureGate', `no feature-gates record named ${r.featureGate}`);
    if (r.change && !b.changes.some((c) => c.key === r.change))
      problem(loc, `constraint ${r.id}`, 'change', `no change ${r.change} in seed/changes`);
  }
}

/** A PR belongs to the notes of one release. */
function prsInOneRelease({ b, problem }: Checks): void {
  // A PR belongs to the notes of one release: the same PR in two release files is a curation slip.
  const prHome = new Map<number, LocatedChange>();
  for (const c of b.changes) {
    for (const pr of c.record.prs ?? []) {
      const first = prHome.get(pr);
      if (first && first.version !== c.version && c.record.repeats !== first.version) {
        problem(
          c,
          `change ${c.key}`,
          'prs',
          `PR #${pr} is already recorded for ${first.version} (${first.file}:${first.line}); keep it in the release whose notes carry it, or say repeats: "${first.version}" when both releases' notes list it`,
        );
      } else if (!first) prHome.set(pr, c);
    }
  }
}

/** Change ids are unique, each names a release on record, and every subject it names has a record. */
function changesUniqueAndLinked({ b, problem, releases, known }: Checks): void {
  const changeKeys = new Map<string, LocatedChange>();
  for (const c of b.changes) {
    const name = `change ${c.key}`;
    const first = changeKeys.get(c.key);
    if (first) problem(c, name, 'id', `duplicate: already defined at ${first.file}:${first.line}`);
    changeKeys.set(c.key, c);
    if (!releases.has(c.version))
      problem(c, name, undefined, `release ${c.version} has no record in seed/releases.yaml`);
    (c.record.subjects ?? []).forEach((ref, i) => {
      const sep = ref.indexOf(':');
      const type = ref.slice(0, sep) as SubjectType;
      const target = ref.slice(sep + 1);
      if (!known[type].has(target)) problem(c, name, `subjects[${i}]`, `"${ref}" matches no ${type} record`);
    });
  }
}

/** introduced <= deprecated < removed, wherever a record carries them. */
function lifeOrder(
  problem: Checks['problem'],
  loc: Located<{ introducedIn?: string | null; deprecatedIn?: string | null; removedIn?: string | null }>,
  name: string,
): void {
  const { introducedIn, deprecatedIn, removedIn } = loc.record;
  if (introducedIn && deprecatedIn && v(deprecatedIn)! < v(introducedIn)!)
    problem(loc, name, 'deprecatedIn', `is before introducedIn ${introducedIn}`);
  if (introducedIn && removedIn && v(removedIn)! <= v(introducedIn)!)
    problem(loc, name, 'removedIn', `must come after introducedIn ${introducedIn}`);
  if (deprecatedIn && removedIn && v(removedIn)! < v(deprecatedIn)!)
    problem(loc, name, 'removedIn', `is before deprecatedIn ${deprecatedIn}`);
}
