// Starts the real server on a loopback port over the run's seeded database (an SQLite file, or a
// PostgreSQL database when DATABASE_URL says so), and sends GraphQL over HTTP.
import type { ServerMode } from '../../src/config';
import { loadKnowledgeBase } from '../../src/db/load-kb';
import { openSearchIndex } from '../../src/db/search';
import { KnowledgeBase } from '../../src/kb/knowledge-base';
import { startServer, type RunningServer } from '../../src/server';
import type { ServerMetrics } from '../../src/observability/metrics';
import { AnalysisPool, type PoolOptions } from '../../src/services/analysis-pool';

export interface GraphQLResponse<T = any> {
  status: number;
  data?: T;
  errors?: { message: string; extensions?: { code?: string; [k: string]: unknown }; path?: (string | number)[] }[];
}

export interface TestServer {
  url: string;
  base: string;
  query<T = any>(
    query: string,
    variables?: Record<string, unknown>,
    headers?: Record<string, string>,
  ): Promise<GraphQLResponse<T>>;
  /** Like query, but fails the test when the response carries errors. */
  data<T = any>(query: string, variables?: Record<string, unknown>): Promise<T>;
  close(): Promise<void>;
}

/** The run's seeded database, shared read-only by the test files: an SQLite path or a PostgreSQL URL. */
export function seededDatabase(): string {
  const file = process.env.NETKB_TEST_DB;
  if (!file) throw new Error('NETKB_TEST_DB is not set: run the tests through jest (test/support/global-setup.ts)');
  return file;
}

export async function startTestServer(
  options: {
    maxBodyBytes?: number;
    maxManifestBytes?: number;
    file?: string;
    adminToken?: string;
    webDir?: string;
    metrics?: ServerMetrics;
    publicUrl?: string;
    corsOrigins?: string[];
    /** NODE_ENV and NETKB_INTROSPECTION as config.ts's serverMode reads them (default: this process's environment). */
    mode?: ServerMode;
    /** Analyses in worker threads, as `npm start` runs them (without: in-line, on the request's thread). */
    analysisPool?: PoolOptions;
  } = {},
): Promise<TestServer> {
  const file = options.file ?? seededDatabase();
  // As the server starts: from the snapshot file when it is current (the seed of the run wrote it), else
  // through Prisma (a database a test changed).
  const load = async () => ({
    kb: new KnowledgeBase((await loadKnowledgeBase(file)).model),
    searcher: openSearchIndex(file),
  });
  const { kb, searcher } = await load();
  const pool = options.analysisPool && new AnalysisPool(options.analysisPool);
  await pool?.start(kb);
  const running: RunningServer = await startServer({
    kb,
    searcher,
    port: 0,
    host: '127.0.0.1',
    maxBodyBytes: options.maxBodyBytes,
    maxManifestBytes: options.maxManifestBytes,
    admin: options.adminToken ? { token: options.adminToken, dbFile: file, load } : undefined,
    webDir: options.webDir,
    metrics: options.metrics,
    publicUrl: options.publicUrl,
    corsOrigins: options.corsOrigins,
    mode: options.mode,
    analysisPool: pool,
  });
  const url = `http://127.0.0.1:${running.port}/graphql`;
  const query = async <T>(
    q: string,
    variables?: Record<string, unknown>,
    headers: Record<string, string> = {},
  ): Promise<GraphQLResponse<T>> => {
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify({ query: q, variables }),
    });
    const body = (await res.json()) as GraphQLResponse<T>;
    return { ...body, status: res.status };
  };
  return {
    url,
    base: `http://127.0.0.1:${running.port}`,
    query,
    async data<T>(q: string, variables?: Record<string, unknown>): Promise<T> {
      const res = await query<T>(q, variables);
      if (res.errors) throw new Error(`GraphQL errors: ${JSON.stringify(res.errors, null, 2)}`);
      return res.data as T;
    },
    async close() {
      await running.stop();
    },
  };
}
