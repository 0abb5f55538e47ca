// The two roads to the in-memory knowledge base give the same one: compiling the seed (src/kb/compile.ts) and
// reading the database the seed was written to (src/db/read-kb.ts), object for object and in the same order,
// shared objects included; with imported notes too. And a seed's snapshot file, written from the compiled
// knowledge base, is found current by the database's own fingerprint.
import { seedDir } from '../../src/config';
import { readKnowledgeBase } from '../../src/db/read-kb';
import { replaceImportedNotes, type ImportedNoteRow } from '../../src/db/imported-notes';
import { readKbFingerprint } from '../../src/db/kb-fingerprint';
import { readSnapshotFile } from '../../src/db/kb-snapshot-file';
import { snapshotPath } from '../../src/db/load-kb';
import { writeSeed } from '../../src/db/write-seed';
import { compileKnowledgeBase } from '../../src/kb/compile';
import type { KbModel } from '../../src/kb/model';
import { loadSeed } from '../../src/seed/load';
import type { SeedBundle } from '../../src/seed/bundle';
import { copySeededDatabase } from '../support/database';
import { canonical } from '../support/graph-dump';

/**
 * Each record as JSON, with the records it links to written as their keys: where two knowledge bases differ,
 * the first differing line names the record and field.
 */
function byRecord(kb: KbModel): string[] {
  const linked = (x: unknown, top: boolean): unknown => {
    if (Array.isArray(x)) return x.map((e) => linked(e, top));
    if (x === null || typeof x !== 'object') return x;
    const o = x as Record<string, unknown>;
    if (!top && typeof o.typename === 'string' && typeof o.key === 'string') return `@${o.typename}:${o.key}`;
    return Object.fromEntries(Object.entries(o).map(([k, v]) => [k, linked(v, false)]));
  };
  return Object.entries(kb).flatMap(([part, value]) =>
    Array.isArray(value)
      ? value.map((r, i) => `${part}[${i}] ${JSON.stringify(linked(r, true))}`)
      : [`${part} ${JSON.stringify(linked(value, true))}`],
  );
}

function expectSameRecords(a: KbModel, b: KbModel): void {
  const left = byRecord(a);
  const right = byRecord(b);
  const first = left.findIndex((line, i) => line !== right[i]);
  expect(left[first]).toBe(right[first]);
  expect(left.length).toBe(right.length);
}

function expectSame(compiled: KbModel, read: KbModel): void {
  expectSameRecords(compiled, read);
  // Beyond the values: the same objects shared (a change's subject is the record itself) and member order.
  expect(canonical(compiled) === canonical(read)).toBe(true);
}

const note = (over: Partial<ImportedNoteRow>): ImportedNoteRow => ({
  key: 'imported:9.1:1',
  version: 9001,
  position: 1,
  kind: 'FEATURE',
  text: 'A note imported for the compile test (#900123)',
  actionRequired: false,
  sigs: ['network'],
  components: ['kubelet'],
  prs: [900123],
  authors: ['someone'],
  subjects: ['gate:IPv6DualStack', 'flag:kube-proxy --proxy-mode', 'gate:NoSuchGate'],
  sources: ['https://example.invalid/notes'],
  importedAt: '2026-01-02T03:04:05.000Z',
  sourceFile: 'notes.md',
  ...over,
});

let bundle: SeedBundle;
let location: string;
beforeAll(async () => {
  bundle = loadSeed(seedDir());
  location = await copySeededDatabase();
});

it('compiling the seed gives what reading its database gives', async () => {
  const read = await readKnowledgeBase(location);
  expect(read.seedHash).toBe(bundle.hash);
  expectSame(compileKnowledgeBase(bundle, { seededAt: read.seededAt }), read);
});

it('with imported notes: linked, a release of their own, a version of their own', async () => {
  const notes = [
    note({}),
    note({ key: 'imported:9.1:0', position: 0, subjects: [], importedAt: '2026-01-02T03:04:06.000Z' }),
    note({ key: 'imported:1.20:7', version: 1020, position: 7, subjects: ['api:extensions/v1beta1 Ingress'] }),
  ];
  await replaceImportedNotes(location, 9001, notes.slice(0, 2), []);
  await replaceImportedNotes(location, 1020, notes.slice(2), []);
  const read = await readKnowledgeBase(location);
  const compiled = compileKnowledgeBase(bundle, { seededAt: read.seededAt, importedNotes: notes });
  expectSame(compiled, read);
  expect(compiled.version).not.toBe(compiled.seedHash);
  expect(compiled.releases.find((r) => r.version === 9001)?.imported).toBe(true);
  const gate = compiled.featureGates.find((g) => g.name === 'IPv6DualStack')!;
  expect(gate.changes.map((c) => c.key)).toContain('imported:9.1:1');
});

it("a seed's snapshot file, written from the compiled seed, is current by the database's own fingerprint", async () => {
  // The copy keeps the notes imported above: a rebuild carries them over, and they are in the file too.
  const written = await writeSeed(bundle, location);
  const file = readSnapshotFile(snapshotPath(location), await readKbFingerprint(location));
  if (!file.ok) throw new Error(`the snapshot file is not current: ${file.reason} (${file.detail})`);
  expect(file.model.changes.filter((c) => c.imported)).toHaveLength(3);
  expectSame(file.model, await readKnowledgeBase(location));
  expectSame(written.knowledgeBase, file.model);
});
