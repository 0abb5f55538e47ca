// Every rule fixture: the rule named by its folder produces exactly the findings the fixture expects
// (rule, message, severity, release, line, replacement).
import { type KnowledgeBase } from '../../src/kb/knowledge-base';
import { formatVersion } from '../../src/kb/version';
import { upgradeReport } from '../../src/services/upgrade-report';
import { loadFixtures } from '../support/fixtures';
import { testKnowledgeBase } from '../support/knowledge-base';

let kb: KnowledgeBase;
beforeAll(async () => {
  kb = await testKnowledgeBase();
});

describe.each(loadFixtures().map((f) => [`${f.ruleDir}/${f.name}`, f] as const))('%s', (_, fixture) => {
  it(
    fixture.expect.length === 0
      ? `${fixture.ruleDir} finds nothing`
      : `${fixture.ruleDir} finds exactly what the fixture expects`,
    () => {
      const report = upgradeReport(kb, {
        from: fixture.from,
        to: fixture.to,
        manifest: fixture.text,
        gatewayApi: fixture.gatewayApi,
      });
      const actual = report.findings
        .filter((f) => f.ruleId === fixture.ruleDir)
        .map((f) => ({
          ruleId: f.ruleId,
          messageId: f.messageId,
          severity: f.severity as string,
          effectiveIn: formatVersion(f.effectiveIn),
          line: f.line,
          replacement: f.replacement,
        }));
      const sort = (xs: typeof actual) =>
        [...xs].sort(
          (a, b) =>
            a.line - b.line || a.messageId.localeCompare(b.messageId) || a.effectiveIn.localeCompare(b.effectiveIn),
        );
      expect(sort(actual)).toEqual(sort(fixture.expect));
    },
  );
});
