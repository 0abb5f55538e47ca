// Every rule fixture: the rule named by its folder produces exactly the findings the fixture expects
// (rule, message, severity, release, line, replacement).
import { readKnowledgeBase } from '../../src/db/read-kb';
import { KnowledgeBase } from '../../src/kb/knowledge-base';
import { formatVersion } from '../../src/kb/version';
import { upgradeReport } from '../../src/services/upgrade-report';
import { seededDatabase } from '../support/http';
import { loadFixtures } from '../support/fixtures';

let kb: KnowledgeBase;
beforeAll(async () => {
  kb = new KnowledgeBase(await readKnowledgeBase(seededDatabase()));
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
