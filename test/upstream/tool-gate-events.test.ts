// The committed own gates of the tools (seed/generated/tool-gate-events.json, kubeadm's) against the stored release
// notes they are read from (../shared/upstream): importing them again gives the same bytes, and the removals,
// deprecations and graduations are those kubeadm's notes state. Run by `npm run test:upstream`.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { seedDir } from '../../src/config';
import { buildToolGateEvents, writeToolGateEvents } from '../../src/importer/tool-gate-notes/run';
import { readReleaseNotesSource } from '../../src/importer/release-notes';
import { GATE_REMOVALS_SOURCE_FILE } from '../../src/seed/gate-removals-index';
import { TOOL_GATE_EVENTS_FILE } from '../../src/seed/tool-gate-events-index';
import { withUpstream } from '../support/upstream-notes';

const generated = join(seedDir(), 'generated');

withUpstream((upstream) => {
  it('the tool gate events are what netkb import tool-gate-notes reads from the stored notes', () => {
    const source = readReleaseNotesSource(join(generated, GATE_REMOVALS_SOURCE_FILE));
    const out = mkdtempSync(join(tmpdir(), 'netkb-tool-gates-'));
    try {
      const index = buildToolGateEvents(upstream, source);
      const file = writeToolGateEvents(index, out);
      expect(readFileSync(file, 'utf8')).toBe(readFileSync(join(generated, TOOL_GATE_EVENTS_FILE), 'utf8'));
      // Only kubeadm has own gates in a file netkb reads; kubectl's notes about Kubernetes' gates are not its own.
      expect([...new Set(index.events.map((e) => e.tool))]).toEqual(['kubeadm']);
      const removed = index.events.filter((e) => e.event === 'removed').map((e) => `${e.gate} ${e.release}`);
      expect(removed).toEqual(expect.arrayContaining(['IPv6DualStack 1.24', 'EtcdLearnerMode 1.33', 'CoreDNS 1.18']));
      // Graduations to GA and deprecations, as the notes state them; not the gate a deprecation note names as its
      // reason (RootlessControlPlane's cites UserNamespacesSupport) nor a removal's "which graduated to GA in 1.34".
      const staged = index.events
        .filter((e) => e.event === 'ga' || e.event === 'deprecated')
        .map((e) => `${e.gate} ${e.event}${e.locked ? ' locked' : ''} ${e.release}`);
      expect(staged).toEqual([
        'UnversionedKubeletConfigMap ga locked 1.25',
        'RootlessControlPlane deprecated 1.31',
        'EtcdLearnerMode ga locked 1.32',
        'WaitForAllControlPlaneComponents ga locked 1.34',
        'ControlPlaneKubeletLocalMode ga locked 1.35',
        'NodeLocalCRISocket ga locked 1.36',
      ]);
      // The rule says a deprecated kubeadm gate as a WARNING: kubeadm warns about one from 1.28 on (#118270) and
      // refused one before. Should a note deprecate a kubeadm gate before 1.28, the severity must follow the release.
      expect(index.events.filter((e) => e.event === 'deprecated' && Number(e.release.split('.')[1]) < 28)).toEqual([]);
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  });
});
