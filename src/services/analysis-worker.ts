// A worker thread of the analysis pool: holds its own copy of the knowledge base, sent by the main
// thread as plain data (no database access here), and answers upgradeReport, convertManifest and
// ingressToGateway jobs. Findings travel back
// with their change as a key; a refusal (NetkbError) as its code, message and facts, thrown again by the pool.
import { deserialize } from 'node:v8';
import { parentPort, workerData } from 'node:worker_threads';
import { NetkbError, type ErrorCode, type ErrorFacts } from '../errors';
import { KnowledgeBase } from '../kb/knowledge-base';
import type { KbModel } from '../kb/model';
import { upgradeReport, type GatewayApiRangeInput } from './upgrade-report';
import { convertManifest } from './convert-manifest';
import { ingressToGateway, type GatewayConversionRequest } from './ingress-to-gateway';
import type { ApiserverRecordInput } from './analysis-runner';

/** `op` defaults to upgradeReport. */
export interface Job {
  id: number;
  op?: 'upgradeReport' | 'convertManifest' | 'ingressToGateway';
  from: string;
  to: string;
  /** Null for an upgradeReport of the API server's record alone. */
  manifest: string | null;
  maxBytes: number;
  /** upgradeReport: the Gateway API bundles to check Gateway API objects against. */
  gatewayApi?: GatewayApiRangeInput | null;
  /** upgradeReport: the API server's metrics and audit log. */
  record?: ApiserverRecordInput;
  /** ingressToGateway: the request but for its manifest (the field above). */
  gateway?: Omit<GatewayConversionRequest, 'manifest'>;
}
export type Reply =
  | { id: number; ok: ReturnType<typeof serialise> }
  | { id: number; converted: ReturnType<typeof serialiseConversion> }
  | { id: number; gateway: ReturnType<typeof serialiseGateway> }
  | { id: number; clientError: { code: ErrorCode; message: string; facts: ErrorFacts } }
  | { id: number; crash: string };
/** The knowledge base a worker is given: its model, or the snapshot file's v8-serialized bytes. */
export type WorkerKnowledge = { model: KbModel } | { serialized: Uint8Array };
export type Control = { type: 'reload'; id: number } & WorkerKnowledge;

function knowledgeBase(knowledge: WorkerKnowledge): KnowledgeBase {
  return new KnowledgeBase(
    'serialized' in knowledge ? (deserialize(knowledge.serialized) as KbModel) : knowledge.model,
  );
}

/** Findings with their change as its key (the main thread links it again: AnalysisPool). */
function keyed<F extends { change: { key: string } | null }>(findings: F[]) {
  return findings.map((f) => ({ ...f, change: f.change ? f.change.key : null }));
}

function serialise(report: ReturnType<typeof upgradeReport>) {
  return { ...report, findings: keyed(report.findings) };
}

function serialiseConversion(result: ReturnType<typeof convertManifest>) {
  return { ...result, unconverted: keyed(result.unconverted) };
}

function serialiseGateway(result: ReturnType<typeof ingressToGateway>) {
  return { ...result, unconverted: keyed(result.unconverted) };
}

async function main(): Promise<void> {
  let kb = knowledgeBase(workerData as WorkerKnowledge);
  parentPort!.postMessage({ ready: true, version: kb.version });
  parentPort!.on('message', (msg: Job | Control) => {
    if ('type' in msg && msg.type === 'reload') {
      kb = knowledgeBase(msg);
      parentPort!.postMessage({ reloaded: msg.id, version: kb.version });
      return;
    }
    const job = msg as Job;
    try {
      if (job.op === 'convertManifest') {
        parentPort!.postMessage({
          id: job.id,
          converted: serialiseConversion(
            convertManifest(kb, job.from, job.to, job.manifest ?? '', { maxBytes: job.maxBytes }),
          ),
        } satisfies Reply);
      } else if (job.op === 'ingressToGateway') {
        parentPort!.postMessage({
          id: job.id,
          gateway: serialiseGateway(ingressToGateway(kb, { ...job.gateway, manifest: job.manifest ?? '' })),
        } satisfies Reply);
      } else {
        parentPort!.postMessage({
          id: job.id,
          ok: serialise(
            upgradeReport(kb, {
              from: job.from,
              to: job.to,
              manifest: job.manifest,
              limits: { maxBytes: job.maxBytes },
              gatewayApi: job.gatewayApi,
              ...job.record,
            }),
          ),
        } satisfies Reply);
      }
    } catch (err) {
      if (err instanceof NetkbError)
        parentPort!.postMessage({
          id: job.id,
          clientError: { code: err.code, message: err.message, facts: err.facts() },
        } satisfies Reply);
      else
        parentPort!.postMessage({
          id: job.id,
          crash: err instanceof Error ? (err.stack ?? err.message) : String(err),
        } satisfies Reply);
    }
  });
}

main().catch((err) => {
  parentPort!.postMessage({ fatal: err instanceof Error ? err.message : String(err) });
});
