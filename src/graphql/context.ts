import type { KnowledgeBase } from '../kb/knowledge-base';
import type { Searcher } from '../services/search';
import type { ServerMetrics } from '../observability/metrics';
import type { AnalysisRunner } from '../services/analysis-runner';

/** Per-request context: the knowledge base as it was when the request started. */
export interface Context {
  kb: KnowledgeBase;
  searcher: Searcher;
  /** Largest manifest upgradeReport accepts, in bytes. */
  maxManifestBytes: number;
  /** The request's Authorization header. */
  authorization: string | null;
  /** Set when writes are enabled (NETKB_ADMIN_TOKEN). */
  admin: AdminAccess | null;
  /** Sent back as x-request-id and named in masked errors and logs. */
  requestId: string;
  /** Filled while the request runs, read by the access log and the metrics. */
  trace: RequestTrace;
  metrics: ServerMetrics;
  /** Runs upgradeReport and convertManifest: in worker threads when the server has them, else in-line. */
  runner: AnalysisRunner;
  /** The dashboard's public address (NETKB_PUBLIC_URL), for links in chat messages; null when not set. */
  publicUrl: string | null;
}

export interface RequestTrace {
  operation: string | null;
  operationType: string | null;
  errorCodes: string[];
  /** Set when the operation selects a root field marked @userContent (its answer carries a user's manifest). */
  userContent?: boolean;
}

interface AdminAccess {
  token: string;
  dbFile: string;
  /** Re-reads the knowledge base from the database and swaps it in for new requests. */
  reload(): Promise<void>;
}
