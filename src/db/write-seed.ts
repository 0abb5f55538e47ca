// Writes a validated seed, compiled to the in-memory model (src/kb/compile.ts), so that nobody ever sees half
// of it: the rows come from the model, and the same model becomes the snapshot file.
// SQLite: builds a complete database into a temporary file next to the target, and renames it over the
// target only when every step succeeded: a failed seed leaves the old file as it was.
// PostgreSQL: replaces every seeded row and the search index in one transaction (imported notes stay),
// under an advisory lock; readers read in one consistent read (read-kb.ts), so they see the old knowledge base
// or the new one, never a mix.
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { dirname, basename, join } from 'node:path';
import { formatVersion } from '../kb/version';
import type { SeedBundle } from '../seed/load';
import { openPrisma, type Db, type Tx } from './client';
import { saveSnapshot } from './load-kb';
import { kbFingerprint } from './kb-fingerprint';
import { compileKnowledgeBase, mergeImportedNotes } from '../kb/compile';
import type { KbModel, Subject } from '../kb/model';
import { applyMigrations } from './migrations';
import { buildSearchIndex, type SearchDoc } from './search-index';
import { carryOverImportedNotes, importedSearchDocs, toImportedNoteRow, type ImportedNoteRow } from './imported-notes';
import { displayLocation, isPostgres } from './location';
import { SEED_LOCK_KEY } from './postgres';
import { gatewayApiRecordCount, writeGatewayApi } from './write-gateway-api';
import { PG_SEARCH_TABLE, rebuildPgSearchIndex } from './search-index-postgres';

const json = (x: unknown) => JSON.stringify(x ?? []);

interface SeedWriteResult {
  file: string;
  records: number;
  migrations: string[];
  /** What the database now serves (until an import adds to it). */
  knowledgeBase: KbModel;
}

/**
 * Writes the seed's knowledge base, compiled once (compileKnowledgeBase), into the database at `target`, and
 * keeps the same knowledge base, with the imported notes the database keeps, as the snapshot file beside it,
 * so nobody reads it back through Prisma.
 */
export async function writeSeed(bundle: SeedBundle, target: string): Promise<SeedWriteResult> {
  const knowledgeBase = compileKnowledgeBase(bundle, { seededAt: new Date().toISOString() });
  const written = isPostgres(target)
    ? await writeSeedPostgres(knowledgeBase, target)
    : await writeSeedSqlite(knowledgeBase, target);
  mergeImportedNotes(knowledgeBase, written.imported);
  saveSnapshot(target, knowledgeBase, kbFingerprint(knowledgeBase.seedHash, knowledgeBase.seededAt, written.imported));
  return { file: written.file, records: written.records, migrations: written.migrations, knowledgeBase };
}

interface Written {
  file: string;
  records: number;
  migrations: string[];
  /** The imported notes the database keeps (carried over from the file it replaces, on SQLite). */
  imported: ImportedNoteRow[];
}

async function writeSeedSqlite(kb: KbModel, target: string): Promise<Written> {
  mkdirSync(dirname(target), { recursive: true });
  removeAbandonedBuilds(target);
  const temp = join(dirname(target), `.${basename(target)}.building-${process.pid}-${Date.now()}`);
  try {
    const migrations = await applyMigrations(temp);
    const db = openPrisma(temp);
    let records: number;
    try {
      records = await writeRecords(db, kb);
    } finally {
      await db.$disconnect();
    }
    // Imported release notes live only in this database: keep them across a rebuild from seed/.
    const imported = carryOverImportedNotes(target, temp);
    buildSearchIndex(temp, [...searchDocs(kb), ...importedSearchDocs(imported)]);
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

async function writeSeedPostgres(kb: KbModel, url: string): Promise<Written> {
  const migrations = await applyMigrations(url);
  const db = openPrisma(url);
  try {
    const { records, imported } = await db.$transaction(
      async (tx) => {
        // Two seeds at once (npm run seed on two machines) write one after the other.
        await tx.$queryRawUnsafe(`SELECT pg_advisory_xact_lock(${SEED_LOCK_KEY})::text`);
        for (const table of await seededTablesInDeleteOrder(tx)) await tx.$executeRawUnsafe(`DELETE FROM "${table}"`);
        const count = await writeRecords(insideTransaction(tx), kb);
        const kept = (await tx.importedNote.findMany({ orderBy: [{ version: 'asc' }, { position: 'asc' }] })).map(
          toImportedNoteRow,
        );
        await rebuildPgSearchIndex(tx, [...searchDocs(kb), ...importedSearchDocs(kept)]);
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

/**
 * Writes the knowledge base's rows from the compiled model: the seed's records (not imported notes, which
 * their own table keeps), with the links between them, and KbMeta last.
 */
async function writeRecords(db: Db, kb: KbModel): Promise<number> {
  const releases = kb.releases.filter((r) => !r.imported);
  const changes = kb.changes.filter((c) => !c.imported);
  const records =
    releases.length +
    kb.components.length +
    kb.kinds.length +
    kb.constraints.length +
    kb.featureGates.length +
    kb.flags.length +
    kb.apiVersions.length +
    kb.apiFields.length +
    kb.wellKnownKeys.length +
    kb.metrics.length +
    changes.length +
    gatewayApiRecordCount(kb.gatewayApi);
  // The row id of each record written, by the record itself.
  const ids = new Map<object, number>();
  const idOf = (record: object): number => ids.get(record)!;
  await db.$transaction(
    async (tx) => {
      await tx.release.createMany({
        data: releases.map((r) => ({
          version: r.version,
          releasedOn: r.releasedOn,
          endOfLifeOn: r.endOfLifeOn,
          preliminary: r.preliminary,
          sources: json(r.sources),
        })),
      });
      await tx.component.createMany({
        data: kb.components.map((c) => ({
          name: c.name,
          summary: c.summary,
          binaries: json(c.binaries),
          images: json(c.images),
          configKinds: json(c.configKinds),
          launchers: json(c.launchers),
          notes: c.notes,
          sources: json(c.sources),
        })),
      });
      await tx.kindInfo.createMany({
        data: kb.kinds.map((k) => ({
          kind: k.kind,
          podTemplate: k.podTemplate,
          references: json(k.references),
          keyPlaces: json(k.keyPlaces),
          flagPlaces: json(k.flagPlaces),
          configFileOf: k.configFileOf,
          notes: k.notes,
          sources: json(k.sources),
        })),
      });
      await tx.constraint.createMany({
        data: kb.constraints.map((c) => ({
          key: c.key,
          kind: c.kind,
          summary: c.summary,
          severity: c.severity,
          featureGate: c.featureGate?.name ?? null,
          changeKey: c.change?.key ?? null,
          definition: JSON.stringify({
            when: c.when,
            measure: c.measure,
            maxLength: c.maxLength,
            since: c.since === null ? null : formatVersion(c.since),
          }),
          notes: c.notes,
          sources: json(c.sources),
        })),
      });
      for (const g of kb.featureGates) {
        const row = await tx.featureGate.create({
          data: {
            name: g.name,
            summary: g.summary,
            sigs: json(g.sigs),
            components: json(g.components),
            kep: g.kep,
            generated: g.generated,
            introducedIn: g.introducedIn,
            removedIn: g.removedIn,
            knownThrough: g.knownThrough,
            notes: g.notes,
            sources: json(g.sources),
            stages: {
              create: g.lifecycle.map((s, position) => ({
                position,
                stage: s.stage,
                defaultEnabled: s.defaultEnabled,
                lockedToDefault: s.lockedToDefault,
                since: s.since,
                until: s.until,
              })),
            },
          },
        });
        ids.set(g, row.id);
      }
      for (const f of kb.flags) {
        const row = await tx.flag.create({
          data: {
            component: f.component,
            generated: f.generated,
            successor: f.successor,
            name: f.name,
            summary: f.summary,
            introducedIn: f.introducedIn,
            deprecatedIn: f.deprecatedIn,
            removedIn: f.removedIn,
            replacements: json(f.replacements),
            configField: f.configField,
            conversion: f.conversion.length > 0 ? JSON.stringify(f.conversion) : null,
            inertFrom: f.inertFrom,
            acceptsOnly: f.acceptsOnly ? JSON.stringify(f.acceptsOnly) : null,
            onlyWith: f.onlyWith ? JSON.stringify(f.onlyWith) : null,
            listValues: f.listValues,
            apiVersionKeys: f.apiVersionKeys ? JSON.stringify(f.apiVersionKeys) : null,
            notes: f.notes,
            sources: json(f.sources),
            defaults: { create: f.defaults.map((d) => ({ value: d.value, since: d.since })) },
            values: {
              create: f.values.map((x) => ({
                value: x.value,
                introducedIn: x.introducedIn,
                deprecatedIn: x.deprecatedIn,
                removedIn: x.removedIn,
                replacement: x.replacement,
                alternatives: json(x.alternatives),
              })),
            },
          },
        });
        ids.set(f, row.id);
      }
      for (const a of kb.apiVersions) {
        const row = await tx.apiVersion.create({
          data: {
            group: a.group,
            version: a.version,
            kind: a.kind,
            introducedIn: a.introducedIn,
            deprecatedIn: a.deprecatedIn,
            removedIn: a.removedIn,
            announcedRemovalIn: a.announcedRemovalIn,
            replacementAvailableIn: a.replacementAvailableIn,
            servedByDefault: a.servedByDefault,
            migrationNotes: a.migrationNotes,
            conversion: a.conversion ? JSON.stringify(a.conversion) : null,
            notes: a.notes,
            sources: json(a.sources),
          },
        });
        ids.set(a, row.id);
      }
      for (const a of kb.apiVersions) {
        if (!a.replacement) continue;
        await tx.apiVersion.update({ where: { id: idOf(a) }, data: { replacementId: idOf(a.replacement) } });
      }
      for (const f of kb.apiFields) {
        const row = await tx.apiField.create({
          data: {
            kind: f.kind,
            path: f.path,
            apiVersions: json(f.apiVersions),
            summary: f.summary,
            introducedIn: f.introducedIn,
            deprecatedIn: f.deprecatedIn,
            removedIn: f.removedIn,
            featureGateId: f.featureGate ? idOf(f.featureGate) : null,
            replacement: f.replacement,
            generated: f.generated,
            conversion: f.conversion ? JSON.stringify(f.conversion) : null,
            values: f.values.length > 0 ? JSON.stringify(f.values) : null,
            notes: f.notes,
            sources: json(f.sources),
          },
        });
        ids.set(f, row.id);
      }
      for (const k of kb.wellKnownKeys) {
        const row = await tx.wellKnownKey.create({
          data: {
            key: k.key,
            type: k.type,
            generated: k.generated,
            summary: k.summary,
            introducedIn: k.introducedIn,
            deprecatedIn: k.deprecatedIn,
            removedIn: k.removedIn,
            replacement: k.replacement,
            replacementIn: k.replacementIn,
            otherRoles: JSON.stringify(k.otherRoles),
            notes: k.notes,
            sources: json(k.sources),
          },
        });
        ids.set(k, row.id);
      }
      for (const m of kb.metrics) {
        const row = await tx.metric.create({
          data: {
            component: m.component,
            name: m.name,
            summary: m.summary,
            introducedIn: m.introducedIn,
            deprecatedIn: m.deprecatedIn,
            removedIn: m.removedIn,
            notes: m.notes,
            sources: json(m.sources),
          },
        });
        ids.set(m, row.id);
      }
      for (const c of changes) {
        const linked = (typename: Subject['typename']) =>
          c.subjects.filter((s) => s.typename === typename).map((s) => ({ id: idOf(s) }));
        await tx.change.create({
          data: {
            key: c.key,
            version: c.version,
            position: c.position,
            kind: c.kind,
            summary: c.summary,
            actionRequired: c.actionRequired,
            sigs: json(c.sigs),
            // With the components its subjects imply: the reader adds those again, which changes nothing.
            components: json(c.components),
            prs: json(c.prs),
            authors: json(c.authors),
            sources: json(c.sources),
            featureGates: { connect: linked('FeatureGate') },
            flags: { connect: linked('Flag') },
            apiVersions: { connect: linked('ApiVersion') },
            apiFields: { connect: linked('ApiField') },
            wellKnownKeys: { connect: linked('WellKnownKey') },
            metrics: { connect: linked('Metric') },
          },
        });
      }
      await writeGatewayApi(tx, kb.gatewayApi);
      await tx.kbMeta.create({
        data: {
          id: 1,
          seedHash: kb.seedHash,
          seededAt: kb.seededAt,
          recordCount: records,
          reservedKeyDomains: json(kb.reservedKeyDomains),
          fileFields: JSON.stringify(kb.fileFields),
          addOns: JSON.stringify(kb.addOns),
          gateKeys: JSON.stringify(kb.gateKeys),
          toolGates: JSON.stringify(kb.toolGates),
          apiGroupDomains: json(kb.apiGroupDomains),
          sigOwners: JSON.stringify(kb.sigOwners),
        },
      });
    },
    { timeout: 120_000 },
  );
  return records;
}

/** The search index's documents of the seed's records (the imported notes add their own). */
function searchDocs(kb: KbModel): SearchDoc[] {
  const docs: SearchDoc[] = [];
  const add = (type: SearchDoc['type'], key: string, name: string, summary: string, notes?: string | null) =>
    docs.push({ type, key, name, summary, notes: notes ?? '' });
  for (const r of kb.featureGates)
    add('FeatureGate', r.key, r.name, r.summary, [r.kep, r.notes, r.components.join(' ')].filter(Boolean).join(' '));
  for (const r of kb.flags)
    add(
      'Flag',
      r.key,
      `${r.component} ${r.name}`,
      r.summary,
      [r.configField, r.notes, r.replacements.join(' ')].filter(Boolean).join(' '),
    );
  for (const r of kb.apiVersions)
    add('ApiVersion', r.key, `${r.apiVersion} ${r.kind}`, r.migrationNotes ?? '', r.notes);
  for (const r of kb.apiFields)
    add('ApiField', r.key, `${r.kind} ${r.path}`, r.summary, [r.featureGate?.name, r.notes].filter(Boolean).join(' '));
  for (const r of kb.wellKnownKeys)
    add('WellKnownKey', r.key, r.key, r.summary, [r.replacement, r.notes].filter(Boolean).join(' '));
  for (const r of kb.metrics) add('Metric', r.key, `${r.component} ${r.name}`, r.summary, r.notes);
  for (const c of kb.changes)
    if (!c.imported)
      add('Change', c.key, c.prs.map((p) => `#${p} ${p}`).join(' '), c.summary, c.subjects.map((s) => s.key).join(' '));
  return docs;
}
