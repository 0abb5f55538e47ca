// The one road from the seed to memory: compileKnowledgeBase turns a loaded, validated seed (src/seed/load.ts)
// into the linked in-memory knowledge base (model.ts). Pure: no files, no database, no clock.
//
// Every seed goes through it (src/db/write-seed.ts: `npm run seed`, the rebuild of the command line and the
// server when seed/ changed, the test run's global setup): it writes the database's rows from what this returns
// and keeps the same model as the snapshot file everyone starts from (src/db/load-kb.ts). The database is read
// back (src/db/read-kb.ts) only when that file is missing or stale, because imports and replicas write there;
// test/db/compile.test.ts holds the round trip: rows written from the model read back as the model.
//
// The order of every list is the order the database reader asks for (by name, key or version, in byte
// order as SQLite compares), so the two roads give the same lists in the same order.
import { createHash } from 'node:crypto';
import type { AccessControl } from './access-controls';
import type { FlagRecord } from '../seed/schemas';
import type {
  AddOnKnowledge,
  GateKey,
  ToolGate,
  FileFields,
  AnnotationAccess,
  ApiField,
  BackendProtocol,
  ApiVersion,
  Change,
  Constraint,
  FeatureGate,
  Flag,
  GatewayApiChange,
  GatewayApiKnowledge,
  GatewayApiRelease,
  GatewayImplementation,
  KbModel,
  KeyPlace,
  FlagPlace,
  Launcher,
  Metric,
  ReferencePlace,
  SigOwner,
  Subject,
  WellKnownKey,
} from './model';
import { parseVersion, type VersionKey } from './version';
import type { GatewayApiSeed, GeneratedGate, GeneratedGateStage, SeedBundle } from '../seed/bundle';
import { compareGatewayApiVersions } from '../seed/gateway-api-index';
import { schemaNodes } from './gateway-api-schema-nodes';
import { acceptedValues, allowedValuesOf } from './gateway-api-values';
import { parseSubjectRef, type SubjectType } from '../seed/subjects';

/** A release-note entry imported from an official notes file (`netkb import notes`), as the database keeps it. */
export interface ImportedNote {
  key: string;
  version: VersionKey;
  position: number;
  kind: string;
  text: string;
  actionRequired: boolean;
  sigs: string[];
  components: string[];
  prs: number[];
  authors: string[];
  /** Seed-style references: "gate:Name", "flag:kube-proxy --x", ... */
  subjects: string[];
  sources: string[];
  importedAt: string;
}

const v = (s: string | null | undefined): VersionKey | null => (s ? parseVersion(s) : null);
/**
 * A copy of `xs` built by push, a packed array. zod's lists are often holey arrays, which a copy by spread or
 * slice keeps, and v8's serializer writes those in its larger sparse form (the snapshot file grew by 1 %).
 */
function packed<T>(xs: Iterable<T>): T[] {
  const out: T[] = [];
  for (const x of xs) out.push(x);
  return out;
}
const list = <T>(x: T[] | null | undefined): T[] => (x ? packed(x) : []);
/** Byte order, as SQLite's default collation compares the database reader's ORDER BY columns. */
const byBytes = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);
const byKeys =
  <T>(...keys: ((x: T) => string | number)[]) =>
  (a: T, b: T): number => {
    for (const key of keys) {
      const x = key(a);
      const y = key(b);
      const d = typeof x === 'number' && typeof y === 'number' ? x - y : byBytes(String(x), String(y));
      if (d !== 0) return d;
    }
    return 0;
  };
/**
 * The plain-data form of a nested value the database keeps as JSON (launchers, reference places, conversions):
 * what the reader parses back, without the seed's undefined members.
 */
const plain = <T>(x: unknown): T => JSON.parse(JSON.stringify(x)) as T;

/**
 * The knowledge base of a seed. `seededAt` is when it is said to have been built (the database's KbMeta);
 * `importedNotes` are the release-note entries imported into the database it is written to (none from a seed
 * alone).
 */
export function compileKnowledgeBase(
  bundle: SeedBundle,
  options: { seededAt: string; importedNotes?: ImportedNote[] },
): KbModel {
  // Curated and generated gates take one shape; a curated record's first stage is its introduction, and it
  // is known to the newest release (model.ts, FeatureGate).
  const gate = (
    g: Pick<GeneratedGate, 'name' | 'summary' | 'sigs' | 'components'> & {
      lifecycle: (Pick<GeneratedGateStage, 'stage' | 'defaultEnabled' | 'since'> & {
        lockedToDefault?: boolean | null;
        until?: string | null;
      })[];
      kep?: string | null;
      removedIn?: string | null;
      notes?: string | null;
      sources: string[];
    },
    generated: { introducedIn: string | null; knownThrough: string | null } | null,
  ): FeatureGate => ({
    typename: 'FeatureGate',
    key: g.name,
    name: g.name,
    summary: g.summary,
    sigs: list(g.sigs),
    components: list(g.components),
    kep: g.kep ?? null,
    generated: generated !== null,
    introducedIn: v(generated ? generated.introducedIn : g.lifecycle[0].since),
    removedIn: v(g.removedIn),
    knownThrough: v(generated?.knownThrough),
    notes: g.notes ?? null,
    sources: list(g.sources),
    changes: [],
    fields: [],
    lifecycle: g.lifecycle.map((s) => ({
      stage: s.stage,
      defaultEnabled: s.defaultEnabled,
      lockedToDefault: s.lockedToDefault ?? null,
      since: v(s.since)!,
      until: v(s.until),
    })),
  });
  const gates = [
    ...bundle.featureGates.map(({ record }) => gate({ ...record, components: record.components ?? [] }, null)),
    ...bundle.generatedGates.map((g) => gate(g, g)),
  ].sort(byKeys((g) => g.name));
  const gateByName = new Map(gates.map((g) => [g.name, g]));

  // Curated and generated flags through one mapping; a generated one carries only its name, dates and sources.
  const flag = (f: FlagRecord, generated: boolean, successor: string | null = null): Flag => ({
    typename: 'Flag',
    key: `${f.component} ${f.name}`,
    generated,
    successor,
    component: f.component,
    name: f.name,
    summary: f.summary,
    introducedIn: v(f.introducedIn),
    deprecatedIn: v(f.deprecatedIn),
    removedIn: v(f.removedIn),
    replacements: list(f.replacements),
    configField: f.configField ?? null,
    notes: f.notes ?? null,
    conversion: (f.conversion ?? []).map((c) => ({
      value: c.value ?? null,
      args: list(c.args),
      explanation: c.explanation,
    })),
    inertFrom: v(f.inertFrom),
    acceptsOnly: f.acceptsOnly ? { since: v(f.acceptsOnly.since)!, values: list(f.acceptsOnly.values) } : null,
    onlyWith: f.onlyWith ? { flag: f.onlyWith.flag, values: list(f.onlyWith.values) } : null,
    sources: list(f.sources),
    changes: [],
    defaults: (f.defaults ?? []).map((d) => ({ value: d.value, since: v(d.since)! })).sort(byKeys((d) => d.since)),
    listValues: f.listValues ?? false,
    apiVersionKeys: f.apiVersionKeys ? list(f.apiVersionKeys.besides) : null,
    values: (f.values ?? []).map((x) => ({
      value: x.value,
      introducedIn: v(x.introducedIn),
      deprecatedIn: v(x.deprecatedIn),
      removedIn: v(x.removedIn),
      replacement: x.replacement ?? null,
      alternatives: list(x.alternatives),
    })),
  });
  const flags = [
    ...bundle.flags.map(({ record }) => flag(record, false)),
    ...bundle.generatedFlags.map((g) => flag(g, true, g.successor)),
  ].sort(
    byKeys(
      (f) => f.component,
      (f) => f.name,
    ),
  );

  const apiVersions = bundle.apiVersions
    .map(({ record: a }): ApiVersion => {
      const slash = a.apiVersion.lastIndexOf('/');
      return {
        typename: 'ApiVersion',
        key: `${a.apiVersion} ${a.kind}`,
        group: slash < 0 ? '' : a.apiVersion.slice(0, slash),
        version: a.apiVersion.slice(slash + 1),
        kind: a.kind,
        apiVersion: a.apiVersion,
        introducedIn: v(a.introducedIn),
        deprecatedIn: v(a.deprecatedIn),
        removedIn: v(a.removedIn),
        announcedRemovalIn: v(a.announcedRemovalIn),
        replacement: null,
        replacementAvailableIn: v(a.replacementAvailableIn),
        servedByDefault: a.servedByDefault ?? null,
        migrationNotes: a.migrationNotes ?? null,
        conversion: a.conversion ? plain(a.conversion) : null,
        notes: a.notes ?? null,
        sources: list(a.sources),
        changes: [],
      };
    })
    .sort(
      byKeys(
        (a) => a.group,
        (a) => a.kind,
        (a) => a.version,
      ),
    );
  const apiByKey = new Map(apiVersions.map((a) => [a.key, a]));
  for (const { record: a } of bundle.apiVersions) {
    if (!a.replacement) continue;
    const api = apiByKey.get(`${a.apiVersion} ${a.kind}`)!;
    api.replacement = apiByKey.get(`${a.replacement} ${a.kind}`) ?? null;
    if (api.replacementAvailableIn === null && api.replacement)
      api.replacementAvailableIn = api.replacement.introducedIn;
  }

  // A record with valuesFrom takes the values of another record of its kind (the loader checks that one exists).
  const ownValues = new Map(bundle.apiFields.map(({ record: f }) => [`${f.kind} ${f.path}`, f.values]));
  const apiFields = [
    ...bundle.apiFields.map(({ record: f }) => ({
      ...f,
      values: f.valuesFrom ? ownValues.get(`${f.kind} ${f.valuesFrom}`) : f.values,
      generated: false,
    })),
    ...bundle.generatedApiFields.map((f) => ({ ...f, generated: true })),
  ]
    .map((f): ApiField => ({
      typename: 'ApiField',
      key: `${f.kind} ${f.path}`,
      kind: f.kind,
      path: f.path,
      apiVersions: list(f.apiVersions),
      summary: f.summary,
      introducedIn: v(f.introducedIn),
      deprecatedIn: v(f.deprecatedIn),
      removedIn: v(f.removedIn),
      featureGate: 'featureGate' in f && f.featureGate ? (gateByName.get(f.featureGate) ?? null) : null,
      replacement: ('replacement' in f ? f.replacement : null) ?? null,
      generated: f.generated,
      notes: f.notes ?? null,
      sources: list(f.sources),
      changes: [],
      conversion: 'conversion' in f && f.conversion ? plain(f.conversion) : null,
      values: ('values' in f ? (f.values ?? []) : []).map((x) => ({
        value: x.value,
        apiVersions: list(x.apiVersions),
        deprecatedIn: v(x.deprecatedIn),
        removedIn: v(x.removedIn),
        replacement: x.replacement ?? null,
      })),
    }))
    .sort(
      byKeys(
        (f) => f.kind,
        (f) => f.path,
      ),
    );
  for (const field of apiFields) field.featureGate?.fields.push(field);

  const wellKnownKeys = [
    ...bundle.wellKnownKeys.map(({ record: k }): WellKnownKey => ({
      typename: 'WellKnownKey',
      key: k.key,
      type: k.type,
      generated: false,
      summary: k.summary,
      introducedIn: v(k.introducedIn),
      deprecatedIn: v(k.deprecatedIn),
      removedIn: v(k.removedIn),
      replacement: k.replacement ?? null,
      replacementIn: v(k.replacementIn),
      otherRoles: (k.otherRoles ?? []).map((r) => ({
        type: r.type,
        introducedIn: v(r.introducedIn),
        deprecatedIn: v(r.deprecatedIn),
        removedIn: v(r.removedIn),
        replacement: r.replacement ?? null,
        replacementIn: v(r.replacementIn),
      })),
      notes: k.notes ?? null,
      sources: list(k.sources),
      changes: [],
    })),
    ...bundle.generatedKeys.map((k): WellKnownKey => ({
      typename: 'WellKnownKey',
      key: k.key,
      type: k.type,
      generated: true,
      summary: k.summary,
      introducedIn: null,
      deprecatedIn: null,
      removedIn: null,
      replacement: null,
      replacementIn: null,
      otherRoles: [],
      notes: k.notes,
      sources: list(k.sources),
      changes: [],
    })),
  ].sort(byKeys((k) => k.key));

  const metrics = bundle.metrics
    .map(({ record: m }): Metric => ({
      typename: 'Metric',
      key: `${m.component} ${m.name}`,
      name: m.name,
      component: m.component,
      summary: m.summary,
      introducedIn: v(m.introducedIn),
      deprecatedIn: v(m.deprecatedIn),
      removedIn: v(m.removedIn),
      notes: m.notes ?? null,
      sources: list(m.sources),
      changes: [],
    }))
    .sort(
      byKeys(
        (m) => m.component,
        (m) => m.name,
      ),
    );

  // A change lists its subjects by type, each type in the order of its records here (by key), which is also
  // the order their rows are written in and the database reader reads them back.
  const written: Record<SubjectType, Map<string, number>> = {
    gate: order(gates.map((g) => g.key)),
    flag: order(flags.map((f) => f.key)),
    api: order(apiVersions.map((a) => a.key)),
    field: order(apiFields.map((f) => f.key)),
    key: order(wellKnownKeys.map((k) => k.key)),
    metric: order(metrics.map((m) => m.key)),
  };
  const subjectOf = subjectFinder({ featureGates: gates, flags, apiVersions, apiFields, wellKnownKeys, metrics });
  const TYPES: SubjectType[] = ['gate', 'flag', 'api', 'field', 'key', 'metric'];
  const changes = bundle.changes
    .map((c): Change => {
      const refs = (c.record.subjects ?? []).map(parseSubjectRef);
      const subjects = packed(
        TYPES.flatMap((type) =>
          refs
            .filter((r) => r.type === type)
            .sort((a, b) => written[type].get(a.key)! - written[type].get(b.key)!)
            .map((r) => subjectOf(`${r.type}:${r.key}`)!),
        ),
      );
      return {
        typename: 'Change',
        key: c.key,
        version: v(c.version)!,
        position: c.index,
        kind: c.record.kind,
        summary: c.record.summary,
        actionRequired: c.record.actionRequired ?? false,
        sigs: list(c.record.sigs),
        prs: list(c.record.prs),
        authors: list(c.record.authors),
        sources: list(c.record.sources),
        subjects,
        components: impliedComponents(list(c.record.components), subjects),
        imported: false,
      };
    })
    .sort(
      byKeys(
        (c) => c.version,
        (c) => c.position,
      ),
    );
  for (const change of changes) for (const s of change.subjects) s.changes.push(change);

  const seedHash = bundle.hash;
  const out: KbModel = {
    seedHash,
    version: seedHash,
    seededAt: options.seededAt,
    releases: bundle.releases
      .map(({ record: r }) => ({
        typename: 'Release' as const,
        version: v(r.version)!,
        releasedOn: r.releasedOn ?? null,
        endOfLifeOn: r.endOfLifeOn ?? null,
        preliminary: r.preliminary ?? false,
        imported: false,
        sources: list(r.sources),
      }))
      .sort(byKeys((r) => r.version)),
    featureGates: gates,
    components: bundle.components
      .map(({ record: c }) => ({
        typename: 'Component' as const,
        name: c.name,
        summary: c.summary,
        binaries: list(c.binaries),
        images: list(c.images),
        configKinds: list(c.configKinds),
        launchers: plain<Launcher[]>(c.launchers ?? []),
        notes: c.notes ?? null,
        sources: list(c.sources),
      }))
      .sort(byKeys((c) => c.name)),
    kinds: bundle.kinds
      .map(({ record: k }) => ({
        kind: k.kind,
        podTemplate: k.podTemplate ?? null,
        references: plain<ReferencePlace[]>(k.references.map((r) => ({ ...r, unless: r.unless ?? null }))),
        keyPlaces: plain<KeyPlace[]>(k.keyPlaces.map(({ notes: _notes, sources: _sources, ...place }) => place)),
        flagPlaces: plain<FlagPlace[]>(
          k.flagPlaces.map(({ notes: _notes, sources: _sources, ...place }) => ({
            ...place,
            flag: place.flag ?? null,
          })),
        ),
        configFileOf: k.configFileOf ?? null,
        notes: k.notes ?? null,
        sources: list(k.sources),
      }))
      .sort(byKeys((k) => k.kind)),
    constraints: [],
    flags,
    apiVersions,
    apiFields,
    wellKnownKeys,
    reservedKeyDomains: list(bundle.reservedKeyDomains),
    fileFields: plain<FileFields[]>(bundle.fileFieldPaths),
    addOns: plain<AddOnKnowledge>(bundle.addOnApis ?? { addOns: [], apis: [] }),
    toolGates: plain<ToolGate[]>(bundle.toolGates),
    gateKeys: bundle.gateKeys.map(({ record: k }): GateKey => ({
      key: k.key,
      stage: k.stage,
      introducedIn: v(k.introducedIn),
      summary: k.summary,
      sources: list(k.sources),
    })),
    apiGroupDomains: bundle.apiGroupDomains.map(({ record: d }) => d.domain),
    sigOwners: bundle.sigOwners.map(({ record: o }): SigOwner => ({
      sig: o.sig,
      components: list(o.components ?? []),
      libraries: plain<SigOwner['libraries']>(o.libraries ?? []),
      apiGroups: list(o.apiGroups ?? []),
      apiKinds: list(o.apiKinds ?? []),
      sources: list(o.sources),
    })),
    metrics,
    changes,
    gatewayApi: compileGatewayApi(bundle.gatewayApi),
  };
  mergeImportedNotes(out, options.importedNotes ?? []);
  const changeByKey = new Map(out.changes.map((c) => [c.key, c]));
  out.constraints = bundle.constraints
    .map(({ record: c }): Constraint => ({
      key: c.id,
      kind: c.kind,
      summary: c.summary,
      severity: c.severity,
      when: c.when ? plain(c.when) : null,
      measure: plain(c.measure),
      maxLength: c.maxLength,
      featureGate: c.featureGate ? (gateByName.get(c.featureGate) ?? null) : null,
      since: v(c.since),
      change: c.change ? (changeByKey.get(c.change) ?? null) : null,
      notes: c.notes ?? null,
      sources: list(c.sources),
    }))
    .sort(byKeys((c) => c.key));
  return out;
}

function order(keys: string[]): Map<string, number> {
  return new Map(keys.map((key, i) => [key, i]));
}

function subjectFinder(
  kb: Pick<KbModel, 'featureGates' | 'flags' | 'apiVersions' | 'apiFields' | 'wellKnownKeys' | 'metrics'>,
) {
  const byRef = new Map<string, Subject>();
  for (const g of kb.featureGates) byRef.set(`gate:${g.key}`, g);
  for (const f of kb.flags) byRef.set(`flag:${f.key}`, f);
  for (const a of kb.apiVersions) byRef.set(`api:${a.key}`, a);
  for (const f of kb.apiFields) byRef.set(`field:${f.key}`, f);
  for (const k of kb.wellKnownKeys) byRef.set(`key:${k.key}`, k);
  for (const m of kb.metrics) byRef.set(`metric:${m.key}`, m);
  return (ref: string): Subject | undefined => byRef.get(ref);
}

function compileGatewayApi(g: GatewayApiSeed): GatewayApiKnowledge {
  const releases = [...g.releases]
    .sort((a, b) => compareGatewayApiVersions(a.record.version, b.record.version))
    .map(({ record: r }, position): GatewayApiRelease => ({
      typename: 'GatewayApiRelease',
      version: r.version,
      position,
      releasedOn: r.releasedOn ?? null,
      minKubernetes: v(r.minKubernetes),
      sources: list(r.sources),
      notes: r.notes ?? null,
      kinds: [],
      changes: [],
    }));
  const byVersion = new Map(releases.map((r) => [r.version, r]));
  const channelOrder = (c: string) => (c === 'standard' ? 0 : 1);
  for (const k of g.index?.kinds ?? []) {
    byVersion.get(k.release)?.kinds.push({
      release: k.release,
      channel: k.channel,
      group: k.group,
      kind: k.kind,
      plural: k.plural,
      servedVersions: list(k.servedVersions),
      storageVersion: k.storageVersion,
      deprecatedVersions: list(k.deprecatedVersions),
      bundleVersion: k.bundleVersion,
    });
  }
  for (const r of releases)
    r.kinds.sort(
      byKeys(
        (k) => channelOrder(k.channel),
        (k) => k.group,
        (k) => k.kind,
      ),
    );
  const positions = new Map<string, number>();
  for (const { record: c } of g.changes) {
    const position = positions.get(c.release) ?? 0;
    positions.set(c.release, position + 1);
    const change: GatewayApiChange = {
      typename: 'Change',
      key: `gateway-api@${c.release}#${c.id}`,
      gatewayApiRelease: c.release,
      position,
      kind: c.kind,
      summary: c.summary,
      actionRequired: c.actionRequired,
      prs: list(c.prs),
      sources: list(c.sources),
    };
    byVersion.get(c.release)!.changes.push(change);
  }
  // Most fields share their list of releases with others: one array per distinct list keeps the snapshot file
  // file small (v8's serializer writes a shared object once). The knowledge base is never mutated.
  const releaseLists = new Map<string, string[]>();
  const releasesOf = (releases: string[]): string[] => {
    const id = JSON.stringify(releases);
    let found = releaseLists.get(id);
    if (!found) releaseLists.set(id, (found = list(releases)));
    return found;
  };
  const enums = g.index ? acceptedValues(g.index) : new Map<string, never>();
  return {
    releases,
    fields: (g.index?.fields ?? [])
      .map((f) => ({
        group: f.group,
        kind: f.kind,
        version: f.version,
        channel: f.channel,
        path: f.path,
        releases: releasesOf(f.releases),
        // Shared and copied as reading the database gives them: release lists shared, values each their own.
        allowedValues: allowedValuesOf(
          enums.get(`${f.group} ${f.kind} ${f.version} ${f.channel} ${f.path}`),
          f.releases,
        ).map((a) => ({ releases: releasesOf(a.releases), values: a.values && [...a.values], pattern: a.pattern })),
      }))
      .sort(
        byKeys(
          (f) => f.group,
          (f) => f.kind,
          (f) => f.version,
          (f) => f.channel,
          (f) => f.path,
        ),
      ),
    schemaNodes: g.index
      ? schemaNodes(
          g.index,
          releases.map((r) => r.version),
        ).map((n) => ({ ...n, releases: releasesOf(n.releases) }))
      : [],
    annotations: g.annotations
      .map(({ record: a }) => ({
        typename: 'IngressNginxAnnotation' as const,
        name: a.name,
        summary: a.summary,
        gatewayApi: a.gatewayApi ?? null,
        conversion: a.conversion ?? null,
        reason: a.reason ?? null,
        role: a.role ?? null,
        header: a.header ?? null,
        defaultValue: a.defaultValue ?? null,
        neverValue: a.neverValue ?? null,
        acceptedRange: a.acceptedRange ? { min: a.acceptedRange.min, max: a.acceptedRange.max } : null,
        breaksWhenLost: a.breaksWhenLost ?? false,
        controllerFlag: a.controllerFlag ?? null,
        redirectCode: a.redirectCode ?? null,
        access: a.access
          ? ({
              control: a.access.control as AccessControl,
              part: a.access.part,
              scope: a.access.scope,
              offValues: list(a.access.offValues),
            } satisfies AnnotationAccess)
          : null,
        protocols: a.protocols
          ? a.protocols.map((p): BackendProtocol => ({
              value: p.value,
              route: p.route,
              backendTls: p.backendTls,
              clientScheme: p.clientScheme,
              reason: p.reason,
            }))
          : null,
        sources: list(a.sources),
      }))
      .sort(byKeys((a) => a.name)),
    providers: g.providers
      .map(({ record: p }) => ({
        id: p.id,
        name: p.name,
        annotationPrefix: p.annotationPrefix,
        classAnnotation: p.classAnnotation,
        regexPathsAnnotation: p.regexPathsAnnotation,
        httpsRedirectCode: p.httpsRedirectCode,
        trailingSlashRedirectCode: p.trailingSlashRedirectCode,
        sources: list(p.sources),
      }))
      .sort(byKeys((p) => p.id)),
    implementations: g.implementations
      .filter((i) => i.index)
      .map(({ located: { record: r }, index }): GatewayImplementation => {
        const newest = index!.releases[index!.releases.length - 1].version;
        return {
          id: r.id,
          name: r.name,
          repository: index!.repository,
          releases: index!.releases.map((x) => x.version),
          policies: index!.kinds
            .filter((k) => k.release === newest)
            .map((k) => ({ kind: k.kind, apiVersion: `${k.group}/${k.storageVersion}` })),
          targetRefs: r.targetRefs,
          capabilities: r.capabilities.map((c) => ({
            annotation: c.annotation,
            strategy: c.strategy,
            policy: c.policy,
            field: c.field,
            also: list(c.also),
            values: list(c.values),
            secretKey: c.secretKey,
            sourceKey: c.sourceKey,
            since: c.since,
            caveat: c.caveat,
            sources: list(c.sources),
          })),
          sources: list(r.sources),
        };
      })
      .sort(byKeys((i) => i.id)),
  };
}

/**
 * Adds imported release-note entries (netkb import notes) as changes, linked by their references, and a
 * release record for any version the seed does not have; with any, the knowledge base's version mixes in
 * their keys and import times.
 */
export function mergeImportedNotes(out: KbModel, notes: ImportedNote[]): void {
  if (notes.length === 0) return;
  const subjectOf = subjectFinder(out);
  const seeded = new Set(out.changes.map((c) => c.key));
  const sorted = [...notes].sort((a, b) => a.version - b.version || a.position - b.position);
  for (const r of sorted) {
    if (seeded.has(r.key)) continue;
    const subjects = packed(r.subjects.map(subjectOf).filter((x): x is Subject => x !== undefined));
    const change: Change = {
      typename: 'Change',
      key: r.key,
      version: r.version,
      position: 100_000 + r.position,
      kind: r.kind,
      summary: r.text,
      actionRequired: r.actionRequired,
      sigs: [...r.sigs],
      prs: [...r.prs],
      authors: [...r.authors],
      sources: [...r.sources],
      subjects,
      components: impliedComponents([...r.components], subjects),
      imported: true,
    };
    for (const s of subjects) s.changes.push(change);
    out.changes.push(change);
    if (!out.releases.some((x) => x.version === r.version)) {
      out.releases.push({
        typename: 'Release',
        version: r.version,
        releasedOn: null,
        endOfLifeOn: null,
        preliminary: false,
        imported: true,
        sources: r.sources.slice(0, 1),
      });
    }
  }
  out.releases.sort((a, b) => a.version - b.version);
  out.changes.sort((a, b) => a.version - b.version || a.position - b.position);
  const h = createHash('sha256').update(out.seedHash);
  for (const r of sorted) h.update(`\0${r.key}\0${r.importedAt}`);
  out.version = h.digest('hex');
}

export function impliedComponents(explicit: string[], subjects: Subject[]): string[] {
  const all = new Set(explicit);
  for (const s of subjects) {
    if (s.typename === 'Flag' || s.typename === 'Metric') all.add(s.component);
    if (s.typename === 'FeatureGate') s.components.forEach((c) => all.add(c));
  }
  return [...all].sort();
}
