// Writes a validated seed so that nobody ever sees half of it.
// SQLite: builds a complete database into a temporary file next to the target, and renames it over the
// target only when every step succeeded: a failed seed leaves the old file as it was.
// PostgreSQL: replaces every seeded row and the search index in one transaction (imported notes stay),
// under an advisory lock; readers read in one consistent read (read-kb.ts), so they see the old knowledge base
// or the new one, never a mix.
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { dirname, basename, join } from 'node:path';
import { parseVersion } from '../kb/version';
import type { SeedBundle } from '../seed/load';
import { parseSubjectRef, subjectKey, type SubjectType } from '../seed/subjects';
import { openPrisma, type Db, type Tx } from './client';
import { saveSnapshot } from './load-kb';
import { kbFingerprint } from './kb-fingerprint';
import { compileKnowledgeBase } from '../kb/compile';
import type { KbModel } from '../kb/model';
import { applyMigrations } from './migrations';
import { buildSearchIndex, type SearchDoc } from './search-index';
import { carryOverImportedNotes, importedSearchDocs, toImportedNoteRow, type ImportedNoteRow } from './imported-notes';
import { displayLocation, isPostgres } from './location';
import { SEED_LOCK_KEY } from './postgres';
import { gatewayApiRecordCount, writeGatewayApi } from './write-gateway-api';
import { PG_SEARCH_TABLE, rebuildPgSearchIndex } from './search-index-postgres';

const v = (s: string | null | undefined): number | null => (s ? parseVersion(s) : null);
const json = (x: unknown) => JSON.stringify(x ?? []);

interface SeedWriteResult {
  file: string;
  records: number;
  migrations: string[];
  /** What the database now serves (until an import adds to it). */
  knowledgeBase: KbModel;
}

/**
 * Writes the seed's knowledge base into the database at `target` and, beside it, the snapshot file of the same
 * knowledge base compiled in memory (compileKnowledgeBase, with the imported notes the database keeps), so
 * nobody reads it back through Prisma.
 */
export async function writeSeed(bundle: SeedBundle, target: string): Promise<SeedWriteResult> {
  const seededAt = new Date().toISOString();
  const written = isPostgres(target)
    ? await writeSeedPostgres(bundle, target, seededAt)
    : await writeSeedSqlite(bundle, target, seededAt);
  const knowledgeBase = compileKnowledgeBase(bundle, { seededAt, importedNotes: written.imported });
  saveSnapshot(target, knowledgeBase, kbFingerprint(bundle.hash, seededAt, written.imported));
  return { file: written.file, records: written.records, migrations: written.migrations, knowledgeBase };
}

interface Written {
  file: string;
  records: number;
  migrations: string[];
  /** The imported notes the database keeps (carried over from the file it replaces, on SQLite). */
  imported: ImportedNoteRow[];
}

async function writeSeedSqlite(bundle: SeedBundle, target: string, seededAt: string): Promise<Written> {
  mkdirSync(dirname(target), { recursive: true });
  removeAbandonedBuilds(target);
  const temp = join(dirname(target), `.${basename(target)}.building-${process.pid}-${Date.now()}`);
  try {
    const migrations = await applyMigrations(temp);
    const db = openPrisma(temp);
    let records: number;
    try {
      records = await writeRecords(db, bundle, seededAt);
    } finally {
      await db.$disconnect();
    }
    // Imported release notes live only in this database: keep them across a rebuild from seed/.
    const imported = carryOverImportedNotes(target, temp);
    buildSearchIndex(temp, [...searchDocs(bundle), ...importedSearchDocs(imported)]);
    renameSync(temp, target);
    return { file: target, records, migrations, imported };
  } finally {
    for (const f of [temp, `${temp}-journal`, `${temp}-wal`, `${temp}-shm`])
      if (existsSync(f)) rmSync(f, { force: true });
  }
}

// Tables a re-seed keeps, as the SQLite rebuild does: imports, the migration history, and the search
// index (rebuilt below). Every other table of the model holds seed data and is emptied first.
const KEPT_TABLES = new Set(['ImportedNote', '_prisma_migrations', PG_SEARCH_TABLE]);

/** The seeded tables, each before the tables its rows reference, so deletes never break a foreign key. */
async function seededTablesInDeleteOrder(tx: Tx): Promise<string[]> {
  const tables = (
    await tx.$queryRawUnsafe<{ name: string }[]>(
      'SELECT tablename AS name FROM pg_tables WHERE schemaname = current_schema()',
    )
  )
    .map((t) => t.name)
    .filter((t) => !KEPT_TABLES.has(t));
  const edges = await tx.$queryRawUnsafe<{ child: string; parent: string }[]>(
    `SELECT c.relname AS child, p.relname AS parent FROM pg_constraint k JOIN pg_class c ON c.oid = k.conrelid JOIN pg_class p ON p.oid = k.confrelid
     WHERE k.contype = 'f' AND k.connamespace = current_schema()::regnamespace AND k.conrelid <> k.confrelid`,
  );
  const order: string[] = [];
  const pending = new Set(tables);
  while (pending.size > 0) {
    // A table goes once no pending table references it.
    const free = [...pending].filter(
      (t) => !edges.some((e) => e.parent === t && e.child !== t && pending.has(e.child)),
    );
    if (free.length === 0) throw new Error(`seed: the foreign keys between ${[...pending].join(', ')} form a cycle`);
    for (const t of free.sort()) {
      order.push(t);
      pending.delete(t);
    }
  }
  return order;
}

/** A client whose $transaction runs inside the seed's own transaction (writeRecords opens one itself on SQLite). */
function insideTransaction(tx: Tx): Db {
  return { $transaction: (fn: (inner: Tx) => Promise<unknown>) => fn(tx) } as unknown as Db;
}

async function writeSeedPostgres(bundle: SeedBundle, url: string, seededAt: string): Promise<Written> {
  const migrations = await applyMigrations(url);
  const db = openPrisma(url);
  try {
    const { records, imported } = await db.$transaction(
      async (tx) => {
        // Two seeds at once (npm run seed on two machines) write one after the other.
        await tx.$queryRawUnsafe(`SELECT pg_advisory_xact_lock(${SEED_LOCK_KEY})::text`);
        for (const table of await seededTablesInDeleteOrder(tx)) await tx.$executeRawUnsafe(`DELETE FROM "${table}"`);
        const count = await writeRecords(insideTransaction(tx), bundle, seededAt);
        const kept = (await tx.importedNote.findMany({ orderBy: [{ version: 'asc' }, { position: 'asc' }] })).map(
          toImportedNoteRow,
        );
        await rebuildPgSearchIndex(tx, [...searchDocs(bundle), ...importedSearchDocs(kept)]);
        return { records: count, imported: kept };
      },
      { timeout: 300_000, maxWait: 300_000 },
    );
    return { file: displayLocation(url), records, migrations, imported };
  } finally {
    await db.$disconnect();
  }
}

/** Temporary files of builds that were killed midway (a finished or failed build removes its own). */
function removeAbandonedBuilds(target: string): void {
  const prefix = `.${basename(target)}.building-`;
  for (const name of readdirSync(dirname(target))) {
    if (!name.startsWith(prefix)) continue;
    const pid = Number(name.slice(prefix.length).split('-')[0]);
    if (pid === process.pid || isAlive(pid)) continue;
    rmSync(join(dirname(target), name), { force: true });
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function writeRecords(db: Db, b: SeedBundle, seededAt: string): Promise<number> {
  const records =
    b.releases.length +
    b.components.length +
    b.kinds.length +
    b.constraints.length +
    b.featureGates.length +
    b.flags.length +
    b.apiVersions.length +
    b.apiFields.length +
    b.wellKnownKeys.length +
    b.metrics.length +
    b.changes.length +
    gatewayApiRecordCount(b.gatewayApi);
  const ids: Record<SubjectType, Map<string, number>> = {
    gate: new Map(),
    flag: new Map(),
    api: new Map(),
    field: new Map(),
    key: new Map(),
    metric: new Map(),
  };
  await db.$transaction(
    async (tx) => {
      await tx.release.createMany({
        data: b.releases.map(({ record: r }) => ({
          version: v(r.version)!,
          releasedOn: r.releasedOn ?? null,
          endOfLifeOn: r.endOfLifeOn ?? null,
          preliminary: r.preliminary ?? false,
          sources: json(r.sources),
        })),
      });
      await tx.component.createMany({
        data: b.components.map(({ record: c }) => ({
          name: c.name,
          summary: c.summary,
          binaries: json(c.binaries),
          images: json(c.images),
          configKinds: json(c.configKinds),
          launchers: json(c.launchers),
          notes: c.notes ?? null,
          sources: json(c.sources),
        })),
      });
      await tx.kindInfo.createMany({
        data: b.kinds.map(({ record: k }) => ({
          kind: k.kind,
          podTemplate: k.podTemplate ?? null,
          references: json(k.references.map((r) => ({ ...r, unless: r.unless ?? null }))),
          keyPlaces: json(k.keyPlaces.map(({ notes: _notes, sources: _sources, ...place }) => place)),
          notes: k.notes ?? null,
          sources: json(k.sources),
        })),
      });
      await tx.constraint.createMany({
        data: b.constraints.map(({ record: c }) => ({
          key: c.id,
          kind: c.kind,
          summary: c.summary,
          severity: c.severity,
          featureGate: c.featureGate ?? null,
          changeKey: c.change ?? null,
          definition: JSON.stringify({
            when: c.when ?? null,
            measure: c.measure,
            maxLength: c.maxLength,
            since: c.since ?? null,
          }),
          notes: c.notes ?? null,
          sources: json(c.sources),
        })),
      });
      for (const { record: g } of b.featureGates) {
        const row = await tx.featureGate.create({
          data: {
            name: g.name,
            summary: g.summary,
            sigs: json(g.sigs),
            components: json(g.components),
            kep: g.kep ?? null,
            removedIn: v(g.removedIn),
            notes: g.notes ?? null,
            sources: json(g.sources),
            stages: {
              create: g.lifecycle.map((s, position) => ({
                position,
                stage: s.stage,
                defaultEnabled: s.defaultEnabled,
                lockedToDefault: s.lockedToDefault ?? null,
                since: v(s.since)!,
                until: v(s.until),
              })),
            },
          },
        });
        ids.gate.set(subjectKey('gate', g), row.id);
      }
      for (const { record: f } of b.flags) {
        const row = await tx.flag.create({
          data: {
            component: f.component,
            name: f.name,
            summary: f.summary,
            introducedIn: v(f.introducedIn),
            deprecatedIn: v(f.deprecatedIn),
            removedIn: v(f.removedIn),
            replacements: json(f.replacements),
            configField: f.configField ?? null,
            conversion: f.conversion ? JSON.stringify(f.conversion) : null,
            notes: f.notes ?? null,
            sources: json(f.sources),
            defaults: { create: (f.defaults ?? []).map((d) => ({ value: d.value, since: v(d.since)! })) },
            values: {
              create: (f.values ?? []).map((x) => ({
                value: x.value,
                introducedIn: v(x.introducedIn),
                deprecatedIn: v(x.deprecatedIn),
                removedIn: v(x.removedIn),
                replacement: x.replacement ?? null,
              })),
            },
          },
        });
        ids.flag.set(subjectKey('flag', f), row.id);
      }
      for (const { record: a } of b.apiVersions) {
        const slash = a.apiVersion.lastIndexOf('/');
        const row = await tx.apiVersion.create({
          data: {
            group: slash < 0 ? '' : a.apiVersion.slice(0, slash),
            version: a.apiVersion.slice(slash + 1),
            kind: a.kind,
            introducedIn: v(a.introducedIn),
            deprecatedIn: v(a.deprecatedIn),
            removedIn: v(a.removedIn),
            announcedRemovalIn: v(a.announcedRemovalIn),
            replacementAvailableIn: v(a.replacementAvailableIn),
            servedByDefault: a.servedByDefault ?? null,
            migrationNotes: a.migrationNotes ?? null,
            conversion: a.conversion ? JSON.stringify(a.conversion) : null,
            notes: a.notes ?? null,
            sources: json(a.sources),
          },
        });
        ids.api.set(subjectKey('api', a), row.id);
      }
      for (const { record: a } of b.apiVersions) {
        if (!a.replacement) continue;
        await tx.apiVersion.update({
          where: { id: ids.api.get(subjectKey('api', a))! },
          data: { replacementId: ids.api.get(`${a.replacement} ${a.kind}`)! },
        });
      }
      for (const { record: f } of b.apiFields) {
        const row = await tx.apiField.create({
          data: {
            kind: f.kind,
            path: f.path,
            apiVersions: json(f.apiVersions),
            summary: f.summary,
            introducedIn: v(f.introducedIn),
            deprecatedIn: v(f.deprecatedIn),
            removedIn: v(f.removedIn),
            featureGateId: f.featureGate ? ids.gate.get(f.featureGate)! : null,
            replacement: f.replacement ?? null,
            conversion: f.conversion ? JSON.stringify(f.conversion) : null,
            notes: f.notes ?? null,
            sources: json(f.sources),
          },
        });
        ids.field.set(subjectKey('field', f), row.id);
      }
      for (const { record: k } of b.wellKnownKeys) {
        const row = await tx.wellKnownKey.create({
          data: {
            key: k.key,
            type: k.type,
            summary: k.summary,
            introducedIn: v(k.introducedIn),
            deprecatedIn: v(k.deprecatedIn),
            removedIn: v(k.removedIn),
            replacement: k.replacement ?? null,
            replacementIn: v(k.replacementIn),
            notes: k.notes ?? null,
            sources: json(k.sources),
          },
        });
        ids.key.set(subjectKey('key', k), row.id);
      }
      for (const { record: m } of b.metrics) {
        const row = await tx.metric.create({
          data: {
            component: m.component,
            name: m.name,
            summary: m.summary,
            introducedIn: v(m.introducedIn),
            deprecatedIn: v(m.deprecatedIn),
            removedIn: v(m.removedIn),
            notes: m.notes ?? null,
            sources: json(m.sources),
          },
        });
        ids.metric.set(subjectKey('metric', m), row.id);
      }
      for (const c of b.changes) {
        const links: Record<SubjectType, { id: number }[]> = {
          gate: [],
          flag: [],
          api: [],
          field: [],
          key: [],
          metric: [],
        };
        for (const ref of c.record.subjects ?? []) {
          const { type, key } = parseSubjectRef(ref);
          links[type].push({ id: ids[type].get(key)! });
        }
        await tx.change.create({
          data: {
            key: c.key,
            version: v(c.version)!,
            position: c.index,
            kind: c.record.kind,
            summary: c.record.summary,
            actionRequired: c.record.actionRequired ?? false,
            sigs: json(c.record.sigs),
            components: json(c.record.components),
            prs: json(c.record.prs),
            authors: json(c.record.authors),
            sources: json(c.record.sources),
            featureGates: { connect: links.gate },
            flags: { connect: links.flag },
            apiVersions: { connect: links.api },
            apiFields: { connect: links.field },
            wellKnownKeys: { connect: links.key },
            metrics: { connect: links.metric },
          },
        });
      }
      await writeGatewayApi(tx, b.gatewayApi);
      await tx.kbMeta.create({
        data: { id: 1, seedHash: b.hash, seededAt, recordCount: records },
      });
    },
    { timeout: 120_000 },
  );
  return records;
}

function searchDocs(b: SeedBundle): SearchDoc[] {
  const docs: SearchDoc[] = [];
  const add = (type: SearchDoc['type'], key: string, name: string, summary: string, notes?: string | null) =>
    docs.push({ type, key, name, summary, notes: notes ?? '' });
  for (const { record: r } of b.featureGates)
    add(
      'FeatureGate',
      subjectKey('gate', r),
      r.name,
      r.summary,
      [r.kep, r.notes, r.components.join(' ')].filter(Boolean).join(' '),
    );
  for (const { record: r } of b.flags)
    add(
      'Flag',
      subjectKey('flag', r),
      `${r.component} ${r.name}`,
      r.summary,
      [r.configField, r.notes, (r.replacements ?? []).join(' ')].filter(Boolean).join(' '),
    );
  for (const { record: r } of b.apiVersions)
    add('ApiVersion', subjectKey('api', r), `${r.apiVersion} ${r.kind}`, r.migrationNotes ?? '', r.notes);
  for (const { record: r } of b.apiFields)
    add(
      'ApiField',
      subjectKey('field', r),
      `${r.kind} ${r.path}`,
      r.summary,
      [r.featureGate, r.notes].filter(Boolean).join(' '),
    );
  for (const { record: r } of b.wellKnownKeys)
    add('WellKnownKey', subjectKey('key', r), r.key, r.summary, [r.replacement, r.notes].filter(Boolean).join(' '));
  for (const { record: r } of b.metrics)
    add('Metric', subjectKey('metric', r), `${r.component} ${r.name}`, r.summary, r.notes);
  for (const c of b.changes)
    add(
      'Change',
      c.key,
      (c.record.prs ?? []).map((p) => `#${p} ${p}`).join(' '),
      c.record.summary,
      (c.record.subjects ?? []).map((s) => s.replace(/^[a-z]+:/, '')).join(' '),
    );
  return docs;
}
