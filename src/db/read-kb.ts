// Reads the whole knowledge base out of the database once, into plain linked objects (src/kb/model.ts).
// The server answers every read from these objects; Prisma is not touched per request.
import type {
  ApiConversion,
  AddOnKnowledge,
  GateKey,
  ToolGate,
  ApiField,
  ApiFieldValue,
  FileFields,
  ApiVersion,
  Change,
  Component,
  Constraint,
  ConstraintPart,
  KindInfo,
  FeatureGate,
  Flag,
  KbModel,
  KeyPlace,
  FlagPlace,
  Launcher,
  Metric,
  ReferencePlace,
  Release,
  SigOwner,
  Stage,
  Subject,
  WellKnownKey,
  WellKnownKeyRole,
} from '../kb/model';
import { parseVersion } from '../kb/version';
import { impliedComponents, mergeImportedNotes } from '../kb/compile';
import { inConsistentRead, openPrisma, type Tx } from './client';
import { KB_FINGERPRINT_SQL } from './kb-fingerprint';
import { displayLocation } from './location';
import { readGatewayApi } from './read-gateway-api';

const list = <T = string>(s: string): T[] => JSON.parse(s) as T[];
const byId = <T extends { id: number }>(rows: T[]): T[] => [...rows].sort((a, b) => a.id - b.id);

class DatabaseNotSeededError extends Error {}

/** Reads the knowledge base of an SQLite file or a PostgreSQL URL, all of it in one consistent read. */
export async function readKnowledgeBase(file: string): Promise<KbModel> {
  const client = openPrisma(file);
  try {
    return await inConsistentRead(client, file, (db) => readAll(db, file));
  } finally {
    await client.$disconnect();
  }
}

/**
 * Reads the knowledge base and the database's knowledge-base fingerprint (kb-fingerprint.ts) in the same
 * consistent read: the fingerprint is then exactly the version of the data read, which is what a snapshot file
 * of it is keyed by (a seed or import committed meanwhile is in both or in neither).
 */
export async function readKnowledgeBaseAndFingerprint(file: string): Promise<{ model: KbModel; fingerprint: string }> {
  const client = openPrisma(file);
  try {
    return await inConsistentRead(client, file, async (db) => {
      const model = await readAll(db, file);
      const rows = await db.$queryRawUnsafe<{ fingerprint: string }[]>(KB_FINGERPRINT_SQL);
      return { model, fingerprint: rows[0]?.fingerprint ?? '' };
    });
  } finally {
    await client.$disconnect();
  }
}

async function readAll(db: Tx, file: string): Promise<KbModel> {
  {
    const meta = await db.kbMeta.findUnique({ where: { id: 1 } });
    if (!meta) throw new DatabaseNotSeededError(`${displayLocation(file)} has no knowledge base yet: run npm run seed`);
    const [releases, components, kinds, constraints, gates, flags, apis, fields, keys, metrics, changes, gatewayApi] =
      await Promise.all([
        db.release.findMany({ orderBy: { version: 'asc' } }),
        db.component.findMany({ orderBy: { name: 'asc' } }),
        db.kindInfo.findMany({ orderBy: { kind: 'asc' } }),
        db.constraint.findMany({ orderBy: { key: 'asc' } }),
        db.featureGate.findMany({ include: { stages: { orderBy: { position: 'asc' } } }, orderBy: { name: 'asc' } }),
        db.flag.findMany({
          include: { defaults: { orderBy: { since: 'asc' } }, values: { orderBy: { id: 'asc' } } },
          orderBy: [{ component: 'asc' }, { name: 'asc' }],
        }),
        db.apiVersion.findMany({ orderBy: [{ group: 'asc' }, { kind: 'asc' }, { version: 'asc' }] }),
        db.apiField.findMany({ orderBy: [{ kind: 'asc' }, { path: 'asc' }] }),
        db.wellKnownKey.findMany({ orderBy: { key: 'asc' } }),
        db.metric.findMany({ orderBy: [{ component: 'asc' }, { name: 'asc' }] }),
        db.change.findMany({
          orderBy: [{ version: 'asc' }, { position: 'asc' }],
          include: {
            featureGates: { select: { id: true } },
            flags: { select: { id: true } },
            apiVersions: { select: { id: true } },
            apiFields: { select: { id: true } },
            wellKnownKeys: { select: { id: true } },
            metrics: { select: { id: true } },
          },
        }),
        readGatewayApi(db),
      ]);

    const gateById = new Map<number, FeatureGate>();
    const out: KbModel = {
      seedHash: meta.seedHash,
      version: meta.seedHash,
      seededAt: meta.seededAt,
      releases: releases.map((r): Release => ({
        typename: 'Release',
        version: r.version,
        releasedOn: r.releasedOn,
        endOfLifeOn: r.endOfLifeOn,
        preliminary: r.preliminary,
        imported: false,
        sources: list(r.sources),
      })),
      featureGates: gates.map((g) => {
        const gate: FeatureGate = {
          typename: 'FeatureGate',
          key: g.name,
          name: g.name,
          summary: g.summary,
          sigs: list(g.sigs),
          components: list(g.components),
          kep: g.kep,
          generated: g.generated,
          introducedIn: g.introducedIn,
          removedIn: g.removedIn,
          knownThrough: g.knownThrough,
          notes: g.notes,
          sources: list(g.sources),
          changes: [],
          fields: [],
          lifecycle: g.stages.map((s) => ({
            stage: s.stage as Stage,
            defaultEnabled: s.defaultEnabled,
            lockedToDefault: s.lockedToDefault,
            since: s.since,
            until: s.until,
          })),
        };
        gateById.set(g.id, gate);
        return gate;
      }),
      components: components.map((c): Component => ({
        typename: 'Component',
        name: c.name,
        summary: c.summary,
        binaries: list(c.binaries),
        images: list(c.images),
        configKinds: list(c.configKinds),
        launchers: list<Launcher>(c.launchers),
        notes: c.notes,
        sources: list(c.sources),
      })),
      kinds: kinds.map((k): KindInfo => ({
        kind: k.kind,
        podTemplate: k.podTemplate,
        references: list<ReferencePlace>(k.references),
        keyPlaces: list<KeyPlace>(k.keyPlaces),
        flagPlaces: list<FlagPlace>(k.flagPlaces),
        configFileOf: k.configFileOf,
        notes: k.notes,
        sources: list(k.sources),
      })),
      constraints: [],
      flags: [],
      apiVersions: [],
      apiFields: [],
      wellKnownKeys: [],
      reservedKeyDomains: list<string>(meta.reservedKeyDomains),
      fileFields: list<FileFields>(meta.fileFields),
      addOns: JSON.parse(meta.addOns) as AddOnKnowledge,
      toolGates: list<ToolGate>(meta.toolGates),
      gateKeys: list<GateKey>(meta.gateKeys),
      apiGroupDomains: list<string>(meta.apiGroupDomains),
      sigOwners: list<SigOwner>(meta.sigOwners),
      metrics: [],
      changes: [],
      gatewayApi,
    };
    const flagById = new Map<number, Flag>();
    for (const f of flags) {
      const flag: Flag = {
        typename: 'Flag',
        key: `${f.component} ${f.name}`,
        generated: f.generated,
        successor: f.successor,
        component: f.component,
        name: f.name,
        summary: f.summary,
        introducedIn: f.introducedIn,
        deprecatedIn: f.deprecatedIn,
        removedIn: f.removedIn,
        replacements: list(f.replacements),
        configField: f.configField,
        notes: f.notes,
        conversion: f.conversion
          ? (JSON.parse(f.conversion) as { value?: string; args: string[]; explanation: string }[]).map((c) => ({
              value: c.value ?? null,
              args: c.args,
              explanation: c.explanation,
            }))
          : [],
        inertFrom: f.inertFrom,
        acceptsOnly: f.acceptsOnly ? (JSON.parse(f.acceptsOnly) as { since: number; values: string[] }) : null,
        onlyWith: f.onlyWith ? (JSON.parse(f.onlyWith) as { flag: string; values: string[] }) : null,
        sources: list(f.sources),
        changes: [],
        defaults: f.defaults.map((d) => ({ value: d.value, since: d.since })),
        listValues: f.listValues,
        apiVersionKeys: f.apiVersionKeys ? (JSON.parse(f.apiVersionKeys) as string[]) : null,
        values: f.values.map((x) => ({
          value: x.value,
          introducedIn: x.introducedIn,
          deprecatedIn: x.deprecatedIn,
          removedIn: x.removedIn,
          replacement: x.replacement,
          alternatives: list(x.alternatives),
        })),
      };
      flagById.set(f.id, flag);
      out.flags.push(flag);
    }
    const apiById = new Map<number, ApiVersion>();
    for (const a of apis) {
      const apiVersion = a.group ? `${a.group}/${a.version}` : a.version;
      const api: ApiVersion = {
        typename: 'ApiVersion',
        key: `${apiVersion} ${a.kind}`,
        group: a.group,
        version: a.version,
        kind: a.kind,
        apiVersion,
        introducedIn: a.introducedIn,
        deprecatedIn: a.deprecatedIn,
        removedIn: a.removedIn,
        announcedRemovalIn: a.announcedRemovalIn,
        replacement: null,
        replacementAvailableIn: a.replacementAvailableIn,
        servedByDefault: a.servedByDefault,
        migrationNotes: a.migrationNotes,
        conversion: a.conversion ? (JSON.parse(a.conversion) as ApiConversion) : null,
        notes: a.notes,
        sources: list(a.sources),
        changes: [],
      };
      apiById.set(a.id, api);
      out.apiVersions.push(api);
    }
    for (const a of apis) {
      if (a.replacementId === null) continue;
      const api = apiById.get(a.id)!;
      api.replacement = apiById.get(a.replacementId) ?? null;
      if (api.replacementAvailableIn === null && api.replacement)
        api.replacementAvailableIn = api.replacement.introducedIn;
    }
    const fieldById = new Map<number, ApiField>();
    for (const f of fields) {
      const field: ApiField = {
        typename: 'ApiField',
        key: `${f.kind} ${f.path}`,
        kind: f.kind,
        path: f.path,
        apiVersions: list(f.apiVersions),
        summary: f.summary,
        introducedIn: f.introducedIn,
        deprecatedIn: f.deprecatedIn,
        removedIn: f.removedIn,
        featureGate: f.featureGateId === null ? null : (gateById.get(f.featureGateId) ?? null),
        replacement: f.replacement,
        generated: f.generated,
        notes: f.notes,
        sources: list(f.sources),
        changes: [],
        conversion: f.conversion ? (JSON.parse(f.conversion) as ApiField['conversion']) : null,
        values: f.values ? (JSON.parse(f.values) as ApiFieldValue[]) : [],
      };
      field.featureGate?.fields.push(field);
      fieldById.set(f.id, field);
      out.apiFields.push(field);
    }
    const keyById = new Map<number, WellKnownKey>();
    for (const k of keys) {
      const key: WellKnownKey = {
        typename: 'WellKnownKey',
        key: k.key,
        type: k.type as WellKnownKey['type'],
        generated: k.generated,
        summary: k.summary,
        introducedIn: k.introducedIn,
        deprecatedIn: k.deprecatedIn,
        removedIn: k.removedIn,
        replacement: k.replacement,
        replacementIn: k.replacementIn,
        otherRoles: JSON.parse(k.otherRoles) as WellKnownKeyRole[],
        notes: k.notes,
        sources: list(k.sources),
        changes: [],
      };
      keyById.set(k.id, key);
      out.wellKnownKeys.push(key);
    }
    const metricById = new Map<number, Metric>();
    for (const m of metrics) {
      const metric: Metric = {
        typename: 'Metric',
        key: `${m.component} ${m.name}`,
        name: m.name,
        component: m.component,
        summary: m.summary,
        introducedIn: m.introducedIn,
        deprecatedIn: m.deprecatedIn,
        removedIn: m.removedIn,
        notes: m.notes,
        sources: list(m.sources),
        changes: [],
      };
      metricById.set(m.id, metric);
      out.metrics.push(metric);
    }
    for (const c of changes) {
      // By type, then in the order the records were written (their ids, by key): the order compile.ts gives.
      const subjects: Subject[] = [
        ...byId(c.featureGates).map((x) => gateById.get(x.id)!),
        ...byId(c.flags).map((x) => flagById.get(x.id)!),
        ...byId(c.apiVersions).map((x) => apiById.get(x.id)!),
        ...byId(c.apiFields).map((x) => fieldById.get(x.id)!),
        ...byId(c.wellKnownKeys).map((x) => keyById.get(x.id)!),
        ...byId(c.metrics).map((x) => metricById.get(x.id)!),
      ];
      const change: Change = {
        typename: 'Change',
        key: c.key,
        version: c.version,
        position: c.position,
        kind: c.kind,
        summary: c.summary,
        actionRequired: c.actionRequired,
        sigs: list(c.sigs),
        prs: list<number>(c.prs),
        authors: list(c.authors),
        sources: list(c.sources),
        subjects,
        components: impliedComponents(list(c.components), subjects),
        imported: false,
      };
      for (const s of subjects) s.changes.push(change);
      out.changes.push(change);
    }
    const imported = await db.importedNote.findMany({ orderBy: [{ version: 'asc' }, { position: 'asc' }] });
    mergeImportedNotes(
      out,
      imported.map((r) => ({
        ...r,
        sigs: list(r.sigs),
        components: list(r.components),
        prs: list<number>(r.prs),
        authors: list(r.authors),
        subjects: list(r.subjects),
        sources: list(r.sources),
      })),
    );
    const gateByName = new Map(out.featureGates.map((g) => [g.name, g]));
    const changeByKey = new Map(out.changes.map((c) => [c.key, c]));
    for (const c of constraints) {
      const d = JSON.parse(c.definition) as {
        when: Constraint['when'];
        measure: { join: string; parts: ConstraintPart[] };
        maxLength: number;
        since: string | null;
      };
      out.constraints.push({
        key: c.key,
        kind: c.kind,
        summary: c.summary,
        severity: c.severity as Constraint['severity'],
        when: d.when,
        measure: d.measure,
        maxLength: d.maxLength,
        featureGate: c.featureGate ? (gateByName.get(c.featureGate) ?? null) : null,
        since: d.since ? parseVersion(d.since) : null,
        change: c.changeKey ? (changeByKey.get(c.changeKey) ?? null) : null,
        notes: c.notes,
        sources: list(c.sources),
      });
    }
    return out;
  }
}
