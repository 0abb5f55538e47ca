// Reads every YAML file under seed/, validates each record with its zod schema and then across records
// (duplicates, references, version order). Returns the whole knowledge base or throws SeedValidationError
// listing every problem with file, record, field and line. Nothing here writes anywhere.
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { join, relative } from 'node:path';
import { LineCounter, parseDocument, isNode, type Document } from 'yaml';
import type { z } from 'zod';
import {
  releaseSchema,
  featureGateSchema,
  flagSchema,
  apiVersionSchema,
  apiFieldSchema,
  wellKnownKeySchema,
  metricSchema,
  changesFileSchema,
  componentSchema,
  kindSchema,
  constraintSchema,
  type ApiVersionRecord,
  type ConversionStepRecord,
} from './schemas';
import { subjectKey, type SubjectType } from './subjects';
import { seedHash } from './seed-hash';
import { proseCutByComment } from './prose-comments';
import { checkNoteBindings, readReviewedNotes, REVIEWED_NOTES_FILE } from './note-bindings';
import { isTransform, transformNames } from '../convert/transforms';
import { isMinorVersion, parseVersion } from '../kb/version';
import { replacementPaths } from '../kb/replacement-paths';
import { readGeneratedIndex } from './generated-index';
import { crossCheck } from './cross-check';
import type { GatewayApiSeed, Located, LocatedChange, SeedBundle, SeedProblem } from './bundle';
import { readGatewayApiIndex, GatewayApiIndexError, type GatewayApiIndex } from './gateway-api-index';
import {
  gatewayApiReleaseSchema,
  gatewayApiChangeSchema,
  ingressNginxAnnotationSchema,
  ingressProviderSchema,
} from './gateway-api-schemas';

export type { Located, LocatedChange, SeedBundle, GatewayApiSeed, SeedProblem } from './bundle';

export class SeedValidationError extends Error {
  override readonly name = 'SeedValidationError';
  constructor(readonly problems: SeedProblem[]) {
    super(
      `The seed has ${problems.length} problem${problems.length === 1 ? '' : 's'}; nothing was written:\n` +
        problems.map(formatProblem).join('\n'),
    );
  }
}

export function formatProblem(p: SeedProblem): string {
  const where = `${p.file}${p.line ? `:${p.line}` : ''}`;
  const record = p.record ? ` ${p.record}` : '';
  const field = p.field ? ` field "${p.field}"` : '';
  return `${where}:${record}${field}: ${p.message}`;
}

interface ParsedFile {
  file: string;
  doc: Document;
  lines: LineCounter;
  data: unknown;
}

const ENTITY_FOLDERS = {
  featureGates: 'feature-gates',
  flags: 'flags',
  apiVersions: 'api-versions',
  apiFields: 'api-fields',
  wellKnownKeys: 'well-known-keys',
  metrics: 'metrics',
} as const;

interface LoadOptions {
  /** Leave out the check of notes against their reviews (`npm run seed:notes`, which records them, needs that). */
  skipNoteReviews?: boolean;
}

export function loadSeed(seedDir: string, options: LoadOptions = {}): SeedBundle {
  const problems: SeedProblem[] = [];
  const read = (absPath: string): ParsedFile | undefined => {
    const file = relative(join(seedDir, '..'), absPath);
    const bytes = readFileSync(absPath, 'utf8');
    const lines = new LineCounter();
    const doc = parseDocument(bytes, { lineCounter: lines, prettyErrors: true, uniqueKeys: true });
    if (doc.errors.length > 0) {
      for (const err of doc.errors) {
        const pos = err.linePos?.[0];
        problems.push({
          file,
          line: pos?.line,
          message: `invalid YAML${pos ? ` at line ${pos.line}, column ${pos.col}` : ''}: ${err.message.split('\n')[0]}`,
        });
      }
      return undefined;
    }
    for (const cut of proseCutByComment(doc, bytes, lines)) {
      problems.push({
        file,
        line: cut.line,
        field: cut.field,
        message:
          `the plain text stops at column ${cut.column}, where " #" starts a YAML comment (${JSON.stringify(cut.comment.slice(0, 40))}), ` +
          `so the text read ends with ${JSON.stringify(cut.kept.length > 40 ? `…${cut.kept.slice(-40)}` : cut.kept)}: quote the text or write it as a block scalar (>-)`,
      });
    }
    return { file, doc, lines, data: doc.toJS({ maxAliasCount: 0 }) };
  };

  const releases = existsSync(join(seedDir, 'releases.yaml'))
    ? readList(read(join(seedDir, 'releases.yaml')), releaseSchema, (r) => r.version, problems)
    : (problems.push({ file: 'seed/releases.yaml', message: 'the file is missing' }), []);

  const optionalList = <T>(name: string, schema: z.ZodType<T>, label: (r: any) => string | undefined): Located<T>[] =>
    existsSync(join(seedDir, name)) ? readList(read(join(seedDir, name)), schema, label, problems) : [];
  const components = optionalList('components.yaml', componentSchema, (r) => r.name);
  const kinds = optionalList('kinds.yaml', kindSchema, (r) => r.kind);
  const constraints = optionalList('constraints.yaml', constraintSchema, (r) => r.id);

  const entities = Object.fromEntries(
    Object.entries(ENTITY_FOLDERS).map(([name, folder]) => [
      name,
      yamlFiles(join(seedDir, folder)).flatMap((f) =>
        readList(
          read(f),
          schemaFor(name as keyof typeof ENTITY_FOLDERS),
          labelFor(name as keyof typeof ENTITY_FOLDERS),
          problems,
        ),
      ),
    ]),
  ) as unknown as Omit<SeedBundle, 'hash' | 'releases' | 'changes' | 'components' | 'kinds' | 'constraints'>;

  const changes: LocatedChange[] = [];
  for (const absPath of yamlFiles(join(seedDir, 'changes'))) {
    const parsed = read(absPath);
    if (!parsed) continue;
    const result = changesFileSchema.safeParse(parsed.data);
    if (!result.success) {
      reportZod(parsed, result.error, [], undefined, problems);
      continue;
    }
    const expected = absPath.replace(/^.*[\\/]/, '').replace(/\.ya?ml$/, '');
    if (expected !== result.data.version) {
      problems.push({
        file: parsed.file,
        field: 'version',
        line: lineOf(parsed, ['version']),
        message: `the file is named for ${expected} but says version "${result.data.version}"`,
      });
    }
    result.data.changes.forEach((record, index) => {
      const id = record.id ?? (record.prs && record.prs.length > 0 ? String(record.prs[0]) : undefined);
      const line = lineOf(parsed, ['changes', index]);
      if (!id) {
        problems.push({
          file: parsed.file,
          record: `changes[${index}]`,
          field: 'id',
          line,
          message: 'a change without a PR number needs an explicit id',
        });
        return;
      }
      changes.push({
        file: parsed.file,
        index,
        line: line ?? 1,
        record,
        version: result.data.version,
        key: `${result.data.version}#${id}`,
      });
    });
  }

  const bundle: SeedBundle = {
    hash: '',
    releases,
    components,
    kinds,
    constraints,
    ...entities,
    changes,
    crossCheck: null,
    gatewayApi: {
      releases: optionalList('gateway-api/releases.yaml', gatewayApiReleaseSchema, (r) => r.version),
      changes: optionalList('gateway-api/changes.yaml', gatewayApiChangeSchema, (r) => r.id),
      annotations: optionalList(
        'gateway-api/ingress-nginx-annotations.yaml',
        ingressNginxAnnotationSchema,
        (r) => r.name,
      ),
      providers: optionalList('gateway-api/ingress-providers.yaml', ingressProviderSchema, (r) => r.id),
      index: readGatewayApi(seedDir, problems),
    },
  };
  const index = problems.length === 0 ? readGeneratedIndex(seedDir, problems) : null;
  if (index) bundle.crossCheck = crossCheck(bundle, index, problems);
  checkAcrossRecords(bundle, problems);
  checkGatewayApi(bundle.gatewayApi, problems);
  if (!options.skipNoteReviews && problems.length === 0 && existsSync(join(seedDir, REVIEWED_NOTES_FILE)))
    checkNoteBindings(bundle, readReviewedNotes(seedDir, problems), problems);
  if (problems.length > 0) throw new SeedValidationError(problems);
  bundle.hash = seedHash(seedDir);
  return bundle;
}

export { seedHash };

function readGatewayApi(seedDir: string, problems: SeedProblem[]): GatewayApiIndex | null {
  try {
    return readGatewayApiIndex(seedDir);
  } catch (err) {
    if (!(err instanceof GatewayApiIndexError)) throw err;
    problems.push({ file: 'seed/generated/gateway-api.json', message: err.message });
    return null;
  }
}

/** Records a problem at a located record. */
function problemAt(problems: SeedProblem[]) {
  return (loc: Located<unknown>, record: string, field: string | undefined, message: string) =>
    problems.push({ file: loc.file, record, field, line: loc.line, message });
}

/** The first record of each key (as `what KEY`); every later one is a duplicate problem naming where the first is. */
function firstOfEach(problems: SeedProblem[]) {
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

// Keys are unique, changes name a curated release, and the curated releases are exactly the index's tags.
function checkGatewayApi(g: GatewayApiSeed, problems: SeedProblem[]): void {
  const problem = problemAt(problems);
  const uniq = firstOfEach(problems);
  const releases = uniq(g.releases, (r) => r.version, 'Gateway API release');
  uniq(g.changes, (r) => `${r.release}#${r.id}`, 'Gateway API change');
  uniq(g.annotations, (r) => r.name, 'annotation');
  // A strategy's default for a role is looked up by role: one record per role (set-header records name a header each).
  uniq(
    g.annotations.filter((a) => a.record.role && a.record.role !== 'set-header'),
    (r) => `${r.conversion} role ${r.role}`,
    'strategy',
  );
  uniq(g.providers, (r) => r.id, 'Ingress provider');
  uniq(g.providers, (r) => r.name, 'Ingress provider');
  checkAnnotationPrefix(g, problems);
  for (const c of g.changes)
    if (!releases.has(c.record.release))
      problem(
        c,
        `Gateway API change ${c.record.release}#${c.record.id}`,
        'release',
        `no seed/gateway-api/releases.yaml record for ${c.record.release}`,
      );
  if (!g.index) return;
  const tags = new Set(g.index.releases.map((r) => r.version));
  for (const r of g.releases)
    if (!tags.has(r.record.version))
      problem(
        r,
        `Gateway API release ${r.record.version}`,
        'version',
        `not a release of the generated index (seed/generated/gateway-api.json has ${[...tags].join(', ')})`,
      );
  const missing = [...tags].filter((t) => !releases.has(t));
  if (missing.length > 0)
    problems.push({
      file: 'seed/gateway-api/releases.yaml',
      message: `the generated index has releases without a record here: ${missing.join(', ')}`,
    });
}

// The annotations of gateway-api/<name>-annotations.yaml are those of the provider named <name>: each
// carries its prefix, and the file needs its provider record.
function checkAnnotationPrefix(g: GatewayApiSeed, problems: SeedProblem[]): void {
  checkAccessControls(g, problems);
  const byFile = new Map(g.providers.map((p) => [`seed/gateway-api/${p.record.name}-annotations.yaml`, p.record]));
  for (const file of new Set(g.annotations.map((a) => a.file)))
    if (!byFile.has(file))
      problems.push({
        file,
        message: `no seed/gateway-api/ingress-providers.yaml record names the provider of ${file}`,
      });
  for (const a of g.annotations) {
    const provider = byFile.get(a.file);
    if (provider && !a.record.name.startsWith(provider.annotationPrefix))
      problems.push({
        file: a.file,
        record: `annotation ${a.record.name}`,
        field: 'name',
        line: a.line,
        message: `not an annotation of ${provider.name}: its names start with ${provider.annotationPrefix}`,
      });
  }
}

// An access control's annotations agree on its scope, and some annotation turns it on (a guard): otherwise a
// setting's record would describe a control that no Ingress can have.
function checkAccessControls(g: GatewayApiSeed, problems: SeedProblem[]): void {
  const byControl = new Map<string, (typeof g.annotations)[number][]>();
  for (const a of g.annotations)
    if (a.record.access) byControl.set(a.record.access.control, [...(byControl.get(a.record.access.control) ?? []), a]);
  for (const [control, records] of byControl) {
    const scope = records[0].record.access!.scope;
    for (const a of records)
      if (a.record.access!.scope !== scope)
        problems.push({
          file: a.file,
          record: `annotation ${a.record.name}`,
          field: 'access.scope',
          line: a.line,
          message: `access control ${control} has scope ${scope} in ${records[0].record.name}: one control, one scope`,
        });
    if (!records.some((a) => a.record.access!.part === 'guard'))
      problems.push({
        file: records[0].file,
        record: `annotation ${records[0].record.name}`,
        field: 'access.part',
        line: records[0].line,
        message: `access control ${control} has settings but no guard: name the annotation that turns it on`,
      });
  }
}

function yamlFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true })
    .filter((e) => e.isFile() && /\.ya?ml$/.test(e.name))
    .map((e) => join(dir, e.name))
    .sort();
}

function schemaFor(name: keyof typeof ENTITY_FOLDERS): z.ZodType {
  return {
    featureGates: featureGateSchema,
    flags: flagSchema,
    apiVersions: apiVersionSchema,
    apiFields: apiFieldSchema,
    wellKnownKeys: wellKnownKeySchema,
    metrics: metricSchema,
  }[name];
}

// A readable name for a record in error messages, from whatever identifying fields it has.
function labelFor(name: keyof typeof ENTITY_FOLDERS): (r: Record<string, unknown>) => string | undefined {
  const fields: Record<keyof typeof ENTITY_FOLDERS, string[]> = {
    featureGates: ['name'],
    flags: ['component', 'name'],
    apiVersions: ['apiVersion', 'kind'],
    apiFields: ['kind', 'path'],
    wellKnownKeys: ['key'],
    metrics: ['component', 'name'],
  };
  return (r) => {
    const parts = fields[name].map((f) => r[f]).filter((v) => typeof v === 'string');
    return parts.length > 0 ? parts.join(' ') : undefined;
  };
}

function readList<T>(
  parsed: ParsedFile | undefined,
  schema: z.ZodType<T>,
  label: (r: any) => string | undefined,
  problems: SeedProblem[],
): Located<T>[] {
  if (!parsed) return [];
  if (!Array.isArray(parsed.data)) {
    problems.push({
      file: parsed.file,
      line: 1,
      message: 'the file must hold a YAML list of records (lines starting with "- ")',
    });
    return [];
  }
  const out: Located<T>[] = [];
  parsed.data.forEach((raw, index) => {
    const result = schema.safeParse(raw);
    const name = raw && typeof raw === 'object' ? label(raw) : undefined;
    if (!result.success) {
      reportZod(parsed, result.error, [index], `record ${index + 1}${name ? ` (${name})` : ''}`, problems);
      return;
    }
    out.push({ file: parsed.file, index, line: lineOf(parsed, [index]) ?? 1, record: result.data });
  });
  return out;
}

function reportZod(
  parsed: ParsedFile,
  error: z.ZodError,
  prefix: (string | number)[],
  record: string | undefined,
  problems: SeedProblem[],
): void {
  for (const issue of error.issues) {
    const path = issue.path.map((p) => (typeof p === 'symbol' ? String(p) : p));
    let recordName = record;
    let fieldPath = path;
    if (!record && path[0] === 'changes' && typeof path[1] === 'number') {
      recordName = `changes[${path[1]}]`;
      fieldPath = path.slice(2);
    }
    const field = fieldPath.reduce<string>(
      (acc, p) => (typeof p === 'number' ? `${acc}[${p}]` : acc ? `${acc}.${p}` : String(p)),
      '',
    );
    const unknownKeys = issue.code === 'unrecognized_keys' ? ` (${(issue as { keys: string[] }).keys.join(', ')})` : '';
    problems.push({
      file: parsed.file,
      record: recordName,
      field: field || undefined,
      line: lineOf(parsed, [...prefix, ...path]) ?? lineOf(parsed, prefix),
      message: issue.message + unknownKeys,
    });
  }
}

function lineOf(parsed: ParsedFile, path: (string | number)[]): number | undefined {
  for (let n = path.length; n >= 0; n--) {
    const node = parsed.doc.getIn(path.slice(0, n), true);
    if (isNode(node) && node.range) return parsed.lines.linePos(node.range[0]).line;
  }
  return undefined;
}

function checkAcrossRecords(b: SeedBundle, problems: SeedProblem[]): void {
  const v = (s: string | null | undefined): number | undefined => (s ? parseVersion(s) : undefined);
  const problem = problemAt(problems);
  const uniq = firstOfEach(problems);
  const releases = uniq(b.releases, (r) => r.version, 'release');
  const components = uniq(b.components, (r) => r.name, 'component');
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
  uniq(b.kinds, (r) => r.kind, 'kind');
  // A key place is read once per path: a second entry would report every key there twice.
  for (const k of b.kinds) {
    const seen = new Set<string>();
    k.record.keyPlaces.forEach((p, i) => {
      if (seen.has(p.path)) problem(k, `kind ${k.record.kind}`, `keyPlaces[${i}].path`, `${p.path} is listed twice`);
      seen.add(p.path);
    });
  }
  const componentRefs: [Located<unknown>, string, string, string][] = [
    ...b.flags.map(
      (l) =>
        [l, `flag ${l.record.component} ${l.record.name}`, 'component', l.record.component] as [
          Located<unknown>,
          string,
          string,
          string,
        ],
    ),
    ...b.metrics.map(
      (l) =>
        [l, `metric ${l.record.component} ${l.record.name}`, 'component', l.record.component] as [
          Located<unknown>,
          string,
          string,
          string,
        ],
    ),
    ...b.featureGates.flatMap((l) =>
      l.record.components.map(
        (c, i) =>
          [l, `feature gate ${l.record.name}`, `components[${i}]`, c] as [Located<unknown>, string, string, string],
      ),
    ),
  ];
  if (b.components.length > 0) {
    for (const [loc, name, field, component] of componentRefs) {
      if (!components.has(component)) problem(loc, name, field, `no components.yaml record named ${component}`);
    }
  }
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

  // introduced <= deprecated < removed, wherever a record carries them.
  const lifeOrder = (
    loc: Located<{ introducedIn?: string | null; deprecatedIn?: string | null; removedIn?: string | null }>,
    name: string,
  ) => {
    const { introducedIn, deprecatedIn, removedIn } = loc.record;
    if (introducedIn && deprecatedIn && v(deprecatedIn)! < v(introducedIn)!)
      problem(loc, name, 'deprecatedIn', `is before introducedIn ${introducedIn}`);
    if (introducedIn && removedIn && v(removedIn)! <= v(introducedIn)!)
      problem(loc, name, 'removedIn', `must come after introducedIn ${introducedIn}`);
    if (deprecatedIn && removedIn && v(removedIn)! < v(deprecatedIn)!)
      problem(loc, name, 'removedIn', `is before deprecatedIn ${deprecatedIn}`);
  };
  for (const list of [b.flags, b.apiVersions, b.apiFields, b.wellKnownKeys, b.metrics] as Located<any>[][]) {
    for (const loc of list)
      lifeOrder(
        loc,
        Object.values(loc.record)
          .filter((x) => typeof x === 'string')
          .slice(0, 2)
          .join(' '),
      );
  }

  for (const loc of b.releases) {
    const { releasedOn, endOfLifeOn } = loc.record;
    if (releasedOn && endOfLifeOn && endOfLifeOn <= releasedOn)
      problem(loc, `release ${loc.record.version}`, 'endOfLifeOn', `must be after releasedOn ${releasedOn}`);
  }

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

  for (const loc of b.flags) {
    const name = `flag ${loc.record.component} ${loc.record.name}`;
    (loc.record.values ?? []).forEach((val) => lifeOrder({ ...loc, record: val }, `${name} value ${val.value}`));
    const sinces = (loc.record.defaults ?? []).map((d) => v(d.since)!);
    sinces.forEach((s, i) => {
      if (i > 0 && s <= sinces[i - 1])
        problem(loc, name, `defaults[${i}].since`, 'defaults must be in release order, one per release');
    });
  }

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

  for (const loc of b.apiFields) {
    const r = loc.record;
    if (r.featureGate && !gates.has(r.featureGate)) {
      problem(loc, `API field ${r.kind} ${r.path}`, 'featureGate', `no feature-gates record named ${r.featureGate}`);
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
    });
  }

  uniq(b.constraints, (r) => r.id, 'constraint');
  for (const loc of b.constraints) {
    const r = loc.record;
    if (r.featureGate && !gates.has(r.featureGate))
      problem(loc, `constraint ${r.id}`, 'featureGate', `no feature-gates record named ${r.featureGate}`);
    if (r.change && !b.changes.some((c) => c.key === r.change))
      problem(loc, `constraint ${r.id}`, 'change', `no change ${r.change} in seed/changes`);
  }

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
