// How upgradeReport, convertManifest and ingressToGateway run for a request: in the server's worker threads when it has
// them (AnalysisPool, which implements this interface), else on the calling thread. The choice is made
// once, where the request context is built; resolvers call ctx.runner and never choose.
import type { KnowledgeBase } from '../kb/knowledge-base';
import type { ConversionReport } from './convert-manifest';
import type { GatewayConversionResult } from '../convert/gateway/plan';
import type { GatewayConversionRequest } from './ingress-to-gateway';
import type { GatewayApiRangeInput, UpgradeReport } from './upgrade-report';

/** The API server's record of deprecated API calls, checked beside (or instead of) a manifest. */
export interface ApiserverRecordInput {
  apiserverMetrics?: string | null;
  auditLog?: string | null;
}

export interface AnalysisRunner {
  upgradeReport(
    kb: KnowledgeBase,
    from: string,
    to: string,
    manifest: string | null,
    maxBytes: number,
    gatewayApi?: GatewayApiRangeInput | null,
    record?: ApiserverRecordInput,
  ): Promise<UpgradeReport>;
  convertManifest(
    kb: KnowledgeBase,
    from: string,
    to: string,
    manifest: string,
    maxBytes: number,
  ): Promise<ConversionReport>;
  ingressToGateway(kb: KnowledgeBase, request: GatewayConversionRequest): Promise<GatewayConversionResult>;
}

/**
 * The analysis on the calling thread: for a server started without a pool (tests, the benchmark's floor).
 * Its modules load with the first analysis (convert's `yaml` document API is slow to load), not with the
 * server, whose start-up they would lengthen (docs/performance.md).
 */
export const inlineRunner: AnalysisRunner = {
  upgradeReport: async (kb, from, to, manifest, maxBytes, gatewayApi, record) =>
    (await import('./upgrade-report')).upgradeReport(kb, {
      from,
      to,
      manifest,
      limits: { maxBytes },
      gatewayApi,
      ...record,
    }),
  convertManifest: async (kb, from, to, manifest, maxBytes) =>
    (await import('./convert-manifest')).convertManifest(kb, from, to, manifest, { maxBytes }),
  ingressToGateway: async (kb, request) => (await import('./ingress-to-gateway')).ingressToGateway(kb, request),
};
