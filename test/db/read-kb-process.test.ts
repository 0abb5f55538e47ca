// The server reads the knowledge base in a child process (src/db/read-kb-process.ts): what arrives must
// be exactly what an in-process read gives, links between records included, and a failure must name
// the file and the reason.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readKnowledgeBase } from '../../src/db/read-kb';
import { readKnowledgeBaseInChild } from '../../src/db/read-kb-process';
import { projectRoot } from '../../src/config';
import { seededDatabase } from '../support/http';
import { canonical } from '../support/graph-dump';

const child = join(projectRoot(), 'dist', 'src', 'db', 'read-kb-child.js');

describe('reading the knowledge base in a child process', () => {
  it('gives what an in-process read gives, with records still linked to each other', async () => {
    const file = seededDatabase();
    const [inChild, inProcess] = await Promise.all([readKnowledgeBaseInChild(file, child), readKnowledgeBase(file)]);
    // The snapshot is a graph with cycles (a gate links its changes, a change its subjects): compare
    // canonical dumps that number each object at its first visit, rather than walking it with toEqual.
    expect(canonical(inChild)).toBe(canonical(inProcess));
    expect(inChild.featureGates.length).toBe(inProcess.featureGates.length);
    const gate = inChild.featureGates.find((g) => g.name === 'IPv6DualStack')!;
    const change = gate.changes[0];
    expect(inChild.changes).toContain(change);
  });

  it('names the file and the reason when the read fails', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'netkb-child-'));
    try {
      const file = join(dir, 'not-a-database.db');
      writeFileSync(file, 'this is not SQLite');
      await expect(readKnowledgeBaseInChild(file, child)).rejects.toThrow(
        new RegExp(`reading the knowledge base from ${file.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')} failed: .+`),
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
