import type { KnowledgeBase } from '../kb/knowledge-base';
import type { Searcher } from '../services/search';

/** Per-request context: the knowledge base as it was when the request started. */
export interface Context {
  kb: KnowledgeBase;
  searcher: Searcher;
  /** Largest manifest upgradeReport accepts, in bytes. */
  maxManifestBytes: number;
}
