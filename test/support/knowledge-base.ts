// The knowledge base the tests analyse with, as the command line and the server start from it: the snapshot
// file beside the run's database (src/db/load-kb.ts), which the global setup's seed wrote from the compiled
// seed (src/kb/compile.ts). Reading it is one deserialization, without Prisma; a database a test changed
// (an import) is read again through Prisma, as the server would.
import { loadKnowledgeBase } from '../../src/db/load-kb';
import { KnowledgeBase } from '../../src/kb/knowledge-base';
import type { KbModel } from '../../src/kb/model';
import { seededDatabase } from './http';

export async function testSnapshot(location: string = seededDatabase()): Promise<KbModel> {
  return (await loadKnowledgeBase(location)).model;
}

export async function testKnowledgeBase(location: string = seededDatabase()): Promise<KnowledgeBase> {
  return new KnowledgeBase(await testSnapshot(location));
}
