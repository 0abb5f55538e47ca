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
  gateKeySchema,
  apiGroupDomainSchema,
  sigOwnerSchema,
} from './schemas';
import { seedHash } from './seed-hash';
import { proseCutByComment } from './prose-comments';
import { checkNoteBindings, readReviewedNotes, REVIEWED_NOTES_FILE } from './note-bindings';
import { checkAcrossRecords, firstOfEach, problemAt } from './across-records';
import { readGeneratedIndex } from './generated-index';
import { crossCheck } from './cross-check';
import { generateGates } from './generated-gates';
import { checkKeysAgainstIndex, generateKeys } from './generated-keys';
import { generateFlags } from './generated-flags';
import { generateConfigFields } from './generated-config-fields';
import { readAddOnApis } from './add-on-apis-index';
import { readToolGates } from './tool-gate-events-index';
import { checkToolFileFields, readKubeadmFields } from './kubeadm-fields-index';
import { readWellKnownKeys, readWellKnownKeysSourceFile, WELL_KNOWN_KEYS_SOURCE_FILE } from './well-known-keys-index';
import type { GatewayApiSeed, Located, LocatedChange, SeedBundle, SeedProblem } from './bundle';
import { readGatewayApiIndex, GatewayApiIndexError, type GatewayApiIndex } from './gateway-api-index';
import {
  gatewayApiReleaseSchema,
  gatewayApiChangeSchema,
  ingressNginxAnnotationSchema,
  ingressProviderSchema,
  gatewayImplementationSchema,
} from './gateway-api-schemas';
import { readEnvoyGatewayIndex, EnvoyGatewayIndexError, type EnvoyGatewayIndex } from './envoy-gateway-index';
import { checkImplementations } from './implementations-check';

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
  const gateKeys = optionalList('gate-keys.yaml', gateKeySchema, (r) => r.key);
  const apiGroupDomains = optionalList('api-group-domains.yaml', apiGroupDomainSchema, (r) => r.domain);
  const sigOwners = optionalList('sig-owners.yaml', sigOwnerSchema, (r) => r.sig);

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
  ) as unknown as Omit<
    SeedBundle,
    | 'hash'
    | 'releases'
    | 'changes'
    | 'components'
    | 'kinds'
    | 'constraints'
    | 'gateKeys'
    | 'apiGroupDomains'
    | 'sigOwners'
  >;

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
    gateKeys,
    apiGroupDomains,
    sigOwners,
    ...entities,
    changes,
    generatedGates: [],
    generatedKeys: [],
    reservedKeyDomains: [],
    generatedFlags: [],
    generatedApiFields: [],
    fileFieldPaths: [],
    addOnApis: null,
    toolGates: [],
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
      implementations: [],
    },
  };
  bundle.gatewayApi.implementations = optionalList(
    'gateway-api/implementations.yaml',
    gatewayImplementationSchema,
    (r) => r.id,
  ).map((located) => ({ located, index: readImplementationIndex(seedDir, located.record.index, problems) }));
  const index = problems.length === 0 ? readGeneratedIndex(seedDir, problems) : null;
  bundle.toolGates = readToolGates(seedDir, problems);
  if (index) {
    bundle.crossCheck = crossCheck(bundle, index, problems);
    // A tool's own gates (kubeadm's) are not the components': the notes that remove them date no component gate.
    bundle.generatedGates = generateGates(
      index,
      new Set([...bundle.featureGates.map((g) => g.record.name), ...bundle.toolGates.map((g) => g.gate)]),
      new Set(bundle.components.map((c) => c.record.name)),
    );
    if (index.flagEvents)
      bundle.generatedFlags = generateFlags(
        index.flagEvents,
        new Set(bundle.flags.map((l) => `${l.record.component} ${l.record.name}`)),
        bundle.releases.map((r) => r.record),
      );
    const configFields = generateConfigFields(
      index.configFields,
      new Set(bundle.apiFields.map((l) => `${l.record.kind} ${l.record.path}`)),
      bundle.releases.map((r) => r.record),
    );
    for (const message of configFields.conflicts)
      problems.push({ file: 'seed/generated/component-config-fields.json', message });
    bundle.generatedApiFields = configFields.fields;
    bundle.fileFieldPaths = configFields.paths;
  }
  if (problems.length === 0) addGeneratedKeys(bundle, seedDir, problems);
  bundle.addOnApis = readAddOnApis(seedDir, problems);
  const kubeadmFields = readKubeadmFields(seedDir, problems);
  if (kubeadmFields.length > 0 || index) {
    checkToolFileFields(
      kubeadmFields,
      bundle.apiVersions.map((l) => l.record),
      new Set(bundle.kinds.filter((k) => k.record.configFileOf).map((k) => k.record.kind)),
      problems,
    );
    bundle.fileFieldPaths = [...bundle.fileFieldPaths, ...kubeadmFields];
  }
  checkAcrossRecords(bundle, problems);
  checkGatewayApi(bundle.gatewayApi, problems);
  if (!options.skipNoteReviews && problems.length === 0 && existsSync(join(seedDir, REVIEWED_NOTES_FILE)))
    checkNoteBindings(bundle, readReviewedNotes(seedDir, problems), problems);
  if (problems.length > 0) throw new SeedValidationError(problems);
  bundle.hash = seedHash(seedDir);
  return bundle;
}

/** The keys index (seed/generated/well-known-keys.json): the curated keys checked against it, the rest generated. */
function addGeneratedKeys(bundle: SeedBundle, seedDir: string, problems: SeedProblem[]): void {
  const index = readWellKnownKeys(seedDir, problems);
  if (!index) return;
  const sourcePath = join(seedDir, 'generated', WELL_KNOWN_KEYS_SOURCE_FILE);
  const source = readWellKnownKeysSourceFile(sourcePath, relative(join(seedDir, '..'), sourcePath), problems);
  if (!source) return;
  const curated = new Map(bundle.wellKnownKeys.map((k) => [k.record.key, k]));
  checkKeysAgainstIndex(index, source, curated, problems);
  bundle.generatedKeys = generateKeys(index, new Set(curated.keys()));
  bundle.reservedKeyDomains = index.reservedDomains;
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

function readImplementationIndex(seedDir: string, file: string, problems: SeedProblem[]): EnvoyGatewayIndex | null {
  try {
    const index = readEnvoyGatewayIndex(seedDir, file);
    if (!index)
      problems.push({ file: `seed/generated/${file}`, message: 'missing: run netkb import envoy-gateway-source' });
    return index;
  } catch (err) {
    if (!(err instanceof EnvoyGatewayIndexError)) throw err;
    problems.push({ file: `seed/generated/${file}`, message: err.message });
    return null;
  }
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
  uniq(
    g.implementations.map((i) => i.located),
    (r) => r.id,
    'implementation',
  );
  checkAnnotationPrefix(g, problems);
  checkImplementations(g, problems);
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
