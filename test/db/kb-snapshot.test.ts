// The snapshot file the command line and the server start from (src/db/kb-snapshot-file.ts, load-kb.ts):
// it gives back the same linked knowledge base the database does, and a file that is damaged (truncated,
// a flipped byte, another format) or stale (the database was seeded again, or notes were imported) is
// never used: the database is read instead and the file rewritten.
import { createHash } from 'node:crypto';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { readKnowledgeBaseAndFingerprint } from '../../src/db/read-kb';
import { openPrisma } from '../../src/db/client';
import { readKbFingerprint } from '../../src/db/kb-fingerprint';
import { decodeSnapshot, encodeSnapshot, readSnapshotFile, SNAPSHOT_FORMAT } from '../../src/db/kb-snapshot-file';
import { loadKnowledgeBase, snapshotPath } from '../../src/db/load-kb';
import { replaceImportedNotes, type ImportedNoteRow } from '../../src/db/imported-notes';
import type { KbModel } from '../../src/kb/model';
import { copySeededDatabase } from '../support/database';
import { canonical } from '../support/graph-dump';

let location: string;
let fromDatabase: { model: KbModel; fingerprint: string };
beforeAll(async () => {
  location = await copySeededDatabase();
  fromDatabase = await readKnowledgeBaseAndFingerprint(location);
});

describe('the file format', () => {
  it('gives back the graph it was given: the same records, still linked to each other', () => {
    const read = decodeSnapshot(encodeSnapshot(fromDatabase.model, 'fp'), 'fp');
    if (!read.ok) throw new Error(read.detail);
    const kb = read.model;
    expect(canonical(kb)).toBe(canonical(fromDatabase.model));
    // Shared references survive: a change's subject is the record itself, whose changes list that change.
    const gate = kb.featureGates.find((g) => g.name === 'IPv6DualStack')!;
    const change = gate.changes[0];
    expect(kb.changes).toContain(change);
    expect(change.subjects).toContain(gate);
    const replaced = kb.apiVersions.find((a) => a.replacement !== null)!;
    expect(kb.apiVersions).toContain(replaced.replacement);
  });

  it('is keyed by the fingerprint read in the same transaction as the data', async () => {
    expect(fromDatabase.fingerprint).toBe(await readKbFingerprint(location));
    expect(fromDatabase.fingerprint.startsWith(fromDatabase.model.seedHash)).toBe(true);
  });

  const bytes = () => encodeSnapshot(fromDatabase.model, 'fp');
  it.each([
    ['truncated', (b: Buffer) => b.subarray(0, b.length - 100), 'damaged', /body of \d+ bytes where the header says/],
    ['cut inside its header', (b: Buffer) => b.subarray(0, 20), 'damaged', /truncated header/],
    ['one flipped byte in the body', (b: Buffer) => flip(b, b.length - 5000), 'damaged', /checksum mismatch/],
    ['a flipped byte in the magic', (b: Buffer) => flip(b, 0), 'damaged', /not a netkb snapshot/],
    ['of another format version', (b: Buffer) => withFormat(b, SNAPSHOT_FORMAT + 1), 'stale', /format \d+/],
    ['empty', () => Buffer.alloc(0), 'damaged', /not a netkb snapshot/],
  ])('refuses a file %s', (_what, damage, reason, detail) => {
    const read = decodeSnapshot(damage(bytes()), 'fp');
    expect(read).toMatchObject({ ok: false, reason });
    expect(!read.ok && read.detail).toMatch(detail);
  });

  it('refuses a whole file written for another fingerprint (stale)', () => {
    expect(decodeSnapshot(bytes(), 'another')).toMatchObject({ ok: false, reason: 'stale' });
  });
});

function flip(b: Buffer, at: number): Buffer {
  const copy = Buffer.from(b);
  copy[at] ^= 0xff;
  return copy;
}
function withFormat(b: Buffer, format: number): Buffer {
  const copy = Buffer.from(b);
  copy.writeUInt32BE(format, 8);
  return copy;
}

describe('loading the knowledge base', () => {
  const path = () => snapshotPath(location);

  it('reads the database and writes the file when there is none, then starts from the file', async () => {
    rmSync(path(), { force: true });
    const first = await loadKnowledgeBase(location);
    expect(first.source).toMatchObject({ from: 'database', because: { reason: 'missing' } });
    expect(readSnapshotFile(path(), first.fingerprint).ok).toBe(true);
    const second = await loadKnowledgeBase(location);
    expect(second.source).toEqual({ from: 'snapshot' });
    expect(canonical(second.model)).toBe(canonical(fromDatabase.model));
  });

  it.each([
    ['truncated', (b: Buffer) => b.subarray(0, Math.floor(b.length / 2))],
    ['with a flipped byte', (b: Buffer) => flip(b, b.length - 1)],
    ['of another format version', (b: Buffer) => withFormat(b, 99)],
  ])('rebuilds a file %s, and serves the database meanwhile', async (_what, damage) => {
    await loadKnowledgeBase(location);
    writeFileSync(path(), damage(readFileSync(path())));
    const loaded = await loadKnowledgeBase(location);
    expect(loaded.source.from).toBe('database');
    expect(canonical(loaded.model)).toBe(canonical(fromDatabase.model));
    expect(readSnapshotFile(path(), loaded.fingerprint).ok).toBe(true);
    expect((await loadKnowledgeBase(location)).source).toEqual({ from: 'snapshot' });
  });

  it('rebuilds a stale file when the database was seeded from other seed files', async () => {
    await loadKnowledgeBase(location);
    const db = openPrisma(location);
    try {
      await db.$executeRawUnsafe(`UPDATE "KbMeta" SET "seedHash" = 'another-seed', "seededAt" = 'later' WHERE id = 1`);
    } finally {
      await db.$disconnect();
    }
    const loaded = await loadKnowledgeBase(location);
    expect(loaded.source).toMatchObject({ from: 'database', because: { reason: 'stale' } });
    expect(loaded.model.seedHash).toBe('another-seed');
    expect((await loadKnowledgeBase(location)).model.seedHash).toBe('another-seed');
  });

  it('an import rewrites the file: the next load starts from it and has the imported notes', async () => {
    const before = await loadKnowledgeBase(location);
    const row: ImportedNoteRow = {
      key: 'imported:9.1:1',
      version: 9001,
      position: 1,
      kind: 'FEATURE',
      text: 'A note imported while the snapshot file existed (#900123)',
      actionRequired: false,
      sigs: ['network'],
      components: [],
      prs: [900123],
      authors: [],
      subjects: ['gate:IPv6DualStack'],
      sources: ['https://example.invalid/notes'],
      importedAt: new Date().toISOString(),
      sourceFile: 'notes.md',
    };
    await replaceImportedNotes(location, 9001, [row], []);
    const after = await readKbFingerprint(location);
    expect(after).not.toBe(before.fingerprint);
    // Written by the import itself: found current without reading the database.
    expect(readSnapshotFile(path(), after).ok).toBe(true);
    const loaded = await loadKnowledgeBase(location);
    expect(loaded.source).toEqual({ from: 'snapshot' });
    const gate = loaded.model.featureGates.find((g) => g.name === 'IPv6DualStack')!;
    expect(gate.changes.map((c) => c.summary)).toContain(row.text);
    expect(loaded.model.releases.map((r) => r.version)).toContain(9001);
  });

  it('a stale file left behind by a slower writer is rebuilt, not served', async () => {
    const current = await loadKnowledgeBase(location);
    writeFileSync(path(), encodeSnapshot(fromDatabase.model, 'an older fingerprint'));
    const loaded = await loadKnowledgeBase(location);
    expect(loaded.source).toMatchObject({ from: 'database', because: { reason: 'stale' } });
    expect(loaded.fingerprint).toBe(current.fingerprint);
  });
});

/**
 * Every kind of object the reader builds, with its sorted keys, one line each: the shape the file format
 * stores. Records (objects with a typename), the root, and the objects right below them; deeper objects
 * are data parsed from JSON columns (conversion steps, reference places), whose keys vary with the seed.
 */
function shapeOf(model: KbModel): string {
  const lines = new Set<string>();
  const seen = new Set<object>();
  const visit = (value: unknown, via: string, depth: number) => {
    if (typeof value !== 'object' || value === null || seen.has(value)) return;
    if (Array.isArray(value)) return value.forEach((v) => visit(v, via, depth));
    const record = value as Record<string, unknown>;
    const typed = typeof record.typename === 'string';
    const level = typed ? 0 : depth;
    if (level > 1) return;
    seen.add(value);
    const kind = typed ? (record.typename as string) : via;
    lines.add(`${kind}: ${Object.keys(record).sort().join(' ')}`);
    for (const [key, v] of Object.entries(record)) visit(v, `${kind}.${key}`, level + 1);
  };
  visit(model, 'KbModel', 0);
  // Gateway API fields and Ingress providers are records without a typename two levels down
  // (KbModel.gatewayApi.fields, .providers).
  visit(model.gatewayApi.fields, 'GatewayApiField', 0);
  visit(model.gatewayApi.providers, 'GatewayApiIngressProvider', 0);
  return [...lines].sort().join('\n');
}

it('the format version names the shape it stores: a change of KbModel needs a new SNAPSHOT_FORMAT', () => {
  // When this fails, the objects read from the database gained or lost a field: bump SNAPSHOT_FORMAT in
  // src/db/kb-snapshot-file.ts (files of the old format are then rebuilt, not misread) and put the new
  // hash here. (The hash moved once without a new format: the root's label was renamed, KbSnapshot to KbModel.)
  const shape = createHash('sha256').update(shapeOf(fromDatabase.model)).digest('hex').slice(0, 16);
  expect({ format: SNAPSHOT_FORMAT, shape }).toEqual({ format: 33, shape: 'c5efc9cc2b934184' });
});
