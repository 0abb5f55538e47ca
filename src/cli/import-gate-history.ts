// netkb import gate-history NAME=GIT_DIR...: regenerates seed/generated/feature-gates-history.json, the gate
// specs release by release, from vendored copies of Kubernetes' feature files in other public repositories.
import { join } from 'node:path';
import { seedDir } from '../config';
import type { CliIo } from './io';
import { parseVerbArgs } from './verb-args';

const IMPORT_GATE_HISTORY_HELP = `Usage: netkb import gate-history NAME=GIT_DIR... [--out DIR] [--config FILE]

Regenerates the feature-gate history (feature-gates-history.json): each gate's stage, default and lock at
every release before Kubernetes versioned its gate specs (1.31), read from the pre-versioned
pkg/features/kube_features.go of k8s.io/kubernetes and k8s.io/apiserver as public repositories vendored
them. Which repository, commit and module version gives each release is set in
feature-gates-history-source.yaml; the vendoring metadata at that commit must name that version.

  NAME=GIT_DIR     a clone of each repository the source names (a bare mirror is enough), e.g.
                   ceph/ceph-csi=../ceph-csi.git kubernetes/autoscaler=../autoscaler.git
  --out DIR        the folder to write into (default: the seed's generated/ folder, NETKB_SEED_DIR or ./seed)
  --config FILE    what to read (default: feature-gates-history-source.yaml in the seed's generated/ folder)
  -h, --help       this text

Exit codes: 0 written, 2 bad input or usage. Review the diff of seed/generated/ and run npm run seed:check.
`;

export async function runImportGateHistory(argv: string[], io: CliIo): Promise<number> {
  const parsed = parseVerbArgs(
    { name: 'import gate-history', help: IMPORT_GATE_HISTORY_HELP },
    argv,
    { out: { type: 'string' }, config: { type: 'string' } },
    io,
  );
  if (typeof parsed === 'number') return parsed;
  const repos = new Map<string, string>();
  for (const pair of parsed.positionals) {
    const eq = pair.indexOf('=');
    if (eq <= 0 || eq === pair.length - 1) {
      io.stderr(
        `netkb import gate-history: name each repository as NAME=GIT_DIR, such as ceph/ceph-csi=../ceph-csi.git (got "${pair}")\n`,
      );
      return 2;
    }
    repos.set(pair.slice(0, eq), pair.slice(eq + 1));
  }
  if (repos.size === 0) {
    io.stderr(`netkb import gate-history: name the repositories to read\n\n${IMPORT_GATE_HISTORY_HELP}`);
    return 2;
  }
  const generated = join(seedDir(), 'generated');
  const { importGateHistory, readGateHistorySource } = await import('../importer/k8s-source/gate-history');
  try {
    const source = readGateHistorySource(parsed.values.config ?? join(generated, 'feature-gates-history-source.yaml'));
    const r = importGateHistory(repos, parsed.values.out ?? generated, source);
    io.stdout(
      `read ${r.releases} releases: ${r.gates} feature gates\n` +
        (r.leftOut.length > 0 ? `left out (no constant of the files read names the gate): ${r.leftOut.length}\n` : '') +
        `wrote ${r.written}\nnext: review the diff, then npm run seed:check\n`,
    );
    return 0;
  } catch (err) {
    const e = err as Error;
    if (e.name === 'SourceRepoError' || e.name === 'SourceFormatError') {
      io.stderr(`netkb import gate-history: ${e.message}\n`);
      return 2;
    }
    throw err;
  }
}
