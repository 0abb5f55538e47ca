// The rule registry is complete and honest: every rule file is registered, documented in docs/analysis.md,
// and covered by passing and failing fixtures; every message it can produce is exercised somewhere.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { RULES } from '../../src/analysis';
import { projectRoot } from '../../src/config';
import { FIXTURE_ROOT, loadFixtures } from '../support/fixtures';
import { SCENARIOS } from '../support/synthetic-kb';

const ruleFiles = readdirSync(join(projectRoot(), 'src', 'analysis', 'engine', 'rules')).filter(
  (f) => f.endsWith('.ts') && f !== 'index.ts',
);
const fixtures = loadFixtures();
const analysisDoc = readFileSync(join(projectRoot(), 'docs', 'analysis.md'), 'utf8');

describe('rule registry', () => {
  it('registers one rule per file of src/analysis/engine/rules, with unique ids', () => {
    expect(RULES).toHaveLength(ruleFiles.length);
    expect(new Set(RULES.map((r) => r.id)).size).toBe(RULES.length);
  });

  it('has a fixture folder for every rule and no folder without a rule', () => {
    expect(readdirSync(FIXTURE_ROOT).sort()).toEqual(RULES.map((r) => r.id).sort());
  });

  it.each(RULES.map((r) => [r.id, r] as const))(
    '%s is described, has messages, and is documented in docs/analysis.md',
    (id, rule) => {
      expect(rule.description.length).toBeGreaterThan(30);
      expect(Object.keys(rule.messages).length).toBeGreaterThan(0);
      expect(analysisDoc).toContain(`\`${id}\``);
      for (const messageId of Object.keys(rule.messages))
        expect(analysisDoc).toMatch(new RegExp(`\`${id}\`[^\\n]*\`${messageId}\``));
    },
  );

  it.each(RULES.map((r) => [r.id] as const))('%s has at least one failing and one passing fixture', (id) => {
    const mine = fixtures.filter((f) => f.ruleDir === id);
    expect(mine.some((f) => f.expect.length > 0)).toBe(true);
    expect(mine.some((f) => f.expect.length === 0)).toBe(true);
  });

  it.each(RULES.map((r) => [r.id, r] as const))(
    'every message of %s is produced by a fixture or a synthetic scenario',
    (id, rule) => {
      const covered = new Set(
        [...fixtures.flatMap((f) => f.expect), ...SCENARIOS.flatMap((s) => s.expect)]
          .filter((e) => e.ruleId === id)
          .map((e) => e.messageId),
      );
      expect([...covered].sort()).toEqual(Object.keys(rule.messages).sort());
    },
  );
});
