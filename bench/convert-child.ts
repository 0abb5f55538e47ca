// One measurement in a process of its own, so that its peak memory is its own: `check` (upgradeReport) or
// `convert` (convertManifest) of a manifest file over 1.15 -> 1.22, once the knowledge base is read. Runs
// the compiled code (dist/), as `netkb` does. Prints {cpuMs, wallMs, rssBeforeMiB, peakRssMiB} as JSON.
// Usage (by bench/run.ts): node --expose-gc --import tsx bench/convert-child.ts check|convert DB FILE
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { projectRoot } from '../src/config';

const [mode, db, file] = process.argv.slice(2);
const dist = (path: string) => require(join(projectRoot(), 'dist', 'src', path));
const { readKnowledgeBase } = dist('db/read-kb.js') as typeof import('../src/db/read-kb');
const { KnowledgeBase } = dist('kb/knowledge-base.js') as typeof import('../src/kb/knowledge-base');
const { upgradeReport } = dist('services/upgrade-report.js') as typeof import('../src/services/upgrade-report');
const { convertManifest } = dist('services/convert-manifest.js') as typeof import('../src/services/convert-manifest');

const MiB = 1048576;
const limits = { maxBytes: 64 * MiB, maxObjects: 1_000_000 };

async function main(): Promise<void> {
  const kb = new KnowledgeBase(await readKnowledgeBase(db));
  const text = readFileSync(file, 'utf8');
  (globalThis as { gc?: () => void }).gc?.();
  const rssBefore = process.memoryUsage().rss;
  const cpu = process.cpuUsage();
  const started = performance.now();
  if (mode === 'convert') convertManifest(kb, '1.15', '1.22', text, limits);
  else upgradeReport(kb, { from: '1.15', to: '1.22', manifest: text, limits });
  const wallMs = performance.now() - started;
  const used = process.cpuUsage(cpu);
  process.stdout.write(
    JSON.stringify({
      cpuMs: Math.round((used.user + used.system) / 1000),
      wallMs: Math.round(wallMs),
      rssBeforeMiB: Math.round(rssBefore / MiB),
      // maxRSS is in KiB: the process's peak, reached during the run (the knowledge base alone stays below).
      peakRssMiB: Math.round(process.resourceUsage().maxRSS / 1024),
    }),
  );
}

void main();
