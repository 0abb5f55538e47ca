// What the server serves at a moment: the knowledge base and its search index, swapped whole on a reload.
import type { KnowledgeBase } from '../kb/knowledge-base';
import type { Searcher } from '../services/search';

export interface KbState {
  kb: KnowledgeBase;
  searcher: Searcher & { close?(): void; ready?(): boolean | Promise<boolean> };
  /** The knowledge base's snapshot as v8-serialized bytes, when loaded from the snapshot file. */
  serialized?: Uint8Array;
  /** The database's knowledge-base fingerprint read before this state was loaded (db/kb-fingerprint.ts). */
  fingerprint?: string;
}
