// Prometheus metrics of one server: requests and their latency by operation, analysis durations,
// errors by code, and the knowledge base's version. A registry per server, so tests can run several.
import { collectProcessMetrics, Counter, Gauge, Histogram, Registry } from './prom';

export class ServerMetrics {
  readonly registry = new Registry();
  readonly requests = new Counter({
    name: 'netkb_graphql_requests_total',
    help: 'GraphQL requests by operation name and HTTP status',
    labelNames: ['operation', 'status'],
    registers: [this.registry],
  });
  readonly duration = new Histogram({
    name: 'netkb_graphql_request_duration_seconds',
    help: 'GraphQL request duration by operation name',
    labelNames: ['operation'],
    buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [this.registry],
  });
  readonly analysis = new Histogram({
    name: 'netkb_upgrade_report_duration_seconds',
    help: 'upgradeReport analysis duration',
    buckets: [0.001, 0.005, 0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers: [this.registry],
  });
  readonly errors = new Counter({
    name: 'netkb_graphql_errors_total',
    help: 'GraphQL errors by extensions.code',
    labelNames: ['code'],
    registers: [this.registry],
  });
  readonly prepared = new Counter({
    name: 'netkb_graphql_prepared_total',
    help: 'GraphQL requests answered by a prepared query (hit) or handed back to Apollo because the prepared run had an error (fallback)',
    labelNames: ['result'],
    registers: [this.registry],
  });
  private runningWorkers: () => number = () => 0;
  readonly analysisWorkers: Gauge = new Gauge({
    name: 'netkb_analysis_workers',
    help: 'Analysis worker threads running now (they start with analyses and stop when idle)',
    registers: [this.registry],
    collect: (): void => this.analysisWorkers.set(this.runningWorkers()),
  });
  readonly kb = new Gauge({
    name: 'netkb_knowledge_base_info',
    help: 'The knowledge base served (value 1), by version',
    labelNames: ['version'],
    registers: [this.registry],
  });

  constructor(withProcessMetrics = true) {
    if (withProcessMetrics) collectProcessMetrics(this.registry, 'netkb_');
  }

  /** Where netkb_analysis_workers reads the number of running workers from when scraped. */
  countWorkers(running: () => number): void {
    this.runningWorkers = running;
  }

  servingVersion(version: string): void {
    this.kb.reset();
    this.kb.set({ version: version.slice(0, 12) }, 1);
  }
}
