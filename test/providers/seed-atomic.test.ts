// A seed is seen whole or not at all, on either provider: readers that read while a seed is written
// see the old knowledge base or the new one, a seed that fails midway changes nothing, and the
// knowledge-base fingerprint the replicas poll moves with every seed and import.
import { loadSeed, type SeedBundle } from '../../src/seed/load';
import { seedDir } from '../../src/config';
import { replaceImportedNotes } from '../../src/db/imported-notes';
import { openKbVersionProbe } from '../../src/db/kb-fingerprint';
import { readKnowledgeBase } from '../../src/db/read-kb';
import { writeSeed } from '../../src/db/write-seed';
import { copySeededDatabase } from '../support/database';

jest.setTimeout(180_000);

let bundle: SeedBundle;
beforeAll(() => {
  bundle = loadSeed(seedDir());
});

const shape = async (location: string) => {
  const kb = await readKnowledgeBase(location);
  return {
    seededAt: kb.seededAt,
    gates: kb.featureGates.length,
    flags: kb.flags.length,
    changes: kb.changes.length,
    releases: kb.releases.length,
  };
};

describe('seeding', () => {
  it('is never seen by halves: every read during a re-seed sees a whole knowledge base', async () => {
    const location = await copySeededDatabase();
    const before = await shape(location);
    let done = false;
    const seeding = writeSeed(bundle, location).finally(() => {
      done = true;
    });
    const seen: Awaited<ReturnType<typeof shape>>[] = [];
    // Pauses between reads let the seed go on (SQLite reads block the event loop while they run).
    while (!done) {
      seen.push(await shape(location));
      await new Promise((r) => setTimeout(r, 300));
    }
    await seeding;
    const after = await shape(location);
    expect(after.seededAt).not.toBe(before.seededAt);
    expect(seen.length).toBeGreaterThan(0);
    for (const s of seen) {
      expect({ gates: s.gates, flags: s.flags, changes: s.changes, releases: s.releases }).toEqual({
        gates: before.gates,
        flags: before.flags,
        changes: before.changes,
        releases: before.releases,
      });
      expect([before.seededAt, after.seededAt]).toContain(s.seededAt);
    }
  });

  it('changes nothing when it fails midway', async () => {
    const location = await copySeededDatabase();
    const before = await shape(location);
    // A second change with the same key breaks a unique index near the end of the write.
    const broken = { ...bundle, hash: 'broken', changes: [...bundle.changes, bundle.changes[0]] };
    await expect(writeSeed(broken, location)).rejects.toThrow();
    expect(await shape(location)).toEqual(before);
  });

  it('moves the fingerprint replicas poll, as an import does', async () => {
    const location = await copySeededDatabase();
    const probe = openKbVersionProbe(location);
    try {
      const second = await probe.read();
      // The seed's hash and time are in it: a re-seed (new seededAt, see above) moves it too.
      expect(second).toContain(bundle.hash);
      expect(second).toContain((await readKnowledgeBase(location)).seededAt);
      await replaceImportedNotes(
        location,
        9001,
        [
          {
            key: '9.1#1',
            version: 9001,
            position: 0,
            kind: 'FEATURE',
            text: 'an imported note',
            actionRequired: false,
            sigs: ['network'],
            components: [],
            prs: [1],
            authors: [],
            subjects: [],
            sources: [],
            importedAt: new Date().toISOString(),
            sourceFile: 'test',
          },
        ],
        [],
      );
      const third = await probe.read();
      expect(third).not.toBe(second);
      expect(await probe.read()).toBe(third);
    } finally {
      probe.close();
    }
  });
});
