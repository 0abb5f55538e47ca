// Rule behaviour that the real seed cannot show yet, on a made-up knowledge base.
import { analyze, readManifest } from '../../src/analysis';
import { formatVersion } from '../../src/kb/version';
import { SCENARIOS } from '../support/synthetic-kb';

describe.each(SCENARIOS.map((s) => [s.name, s] as const))('%s', (_, s) => {
  it('produces exactly the expected findings', () => {
    const { findings } = analyze(readManifest(s.manifest), { kb: s.kb, path: s.path, gatewayApi: s.gatewayApi });
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
