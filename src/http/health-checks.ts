// GET /healthz (the process answers) and GET /readyz (it serves a knowledge base, its search index and its
// analysis workers answer): what a load balancer and Kubernetes' probes ask.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { KbState } from './kb-state';
import type { AnalysisPool } from '../services/analysis-pool';
import { sendJson } from './send-json';

export function serveHealth(req: IncomingMessage, res: ServerResponse, state: () => KbState): void {
  if (req.method !== 'GET' && req.method !== 'HEAD') return sendJson(res, 405, { error: 'use GET' });
  return sendJson(res, 200, { status: 'ok', kbVersion: state().kb.version.slice(0, 12) });
}

export async function serveReadiness(
  req: IncomingMessage,
  res: ServerResponse,
  state: () => KbState,
  analysisPool?: AnalysisPool,
): Promise<void> {
  if (req.method !== 'GET' && req.method !== 'HEAD') return sendJson(res, 405, { error: 'use GET' });
  const ready =
    state().kb.releases.length > 0 && ((await state().searcher.ready?.()) ?? true) && (analysisPool?.ready() ?? true);
  return sendJson(res, ready ? 200 : 503, {
    status: ready ? 'ready' : 'not ready',
    kbVersion: state().kb.version.slice(0, 12),
    releases: state().kb.releases.length,
  });
}
