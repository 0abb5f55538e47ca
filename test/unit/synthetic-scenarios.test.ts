// Rule behaviour that the real seed cannot show yet, on a made-up knowledge base.
import { analyze, readManifest } from '../../src/analysis';
import { readRequestedApiMetrics, requestObjects } from '../../src/analysis/reader/apiserver-record';
import { formatVersion } from '../../src/kb/version';
import { SCENARIOS } from '../support/synthetic-kb';

describe.each(SCENARIOS.map((s) => [s.name, s] as const))('%s', (_, s) => {
  it('produces exactly the expected findings', () => {
    const manifest =
      s.apiserverMetrics === undefined
        ? readManifest(s.manifest)
        : {
            objects: requestObjects(readRequestedApiMetrics(s.apiserverMetrics), s.kb.apiVersions),
            skipped: [],
            documents: 0,
          };
    const { findings } = analyze(manifest, { kb: s.kb, path: s.path, gatewayApi: s.gatewayApi });
    expect(
      findings.map((f) => ({
        ruleId: f.ruleId,
        messageId: f.messageId,
        severity: f.severity as string,
        effectiveIn: formatVersion(f.effectiveIn),
        line: f.line,
        replacement: f.replacement,
      })),
    ).toEqual(s.expect);
  });
});
