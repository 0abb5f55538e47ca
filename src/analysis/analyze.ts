// Runs every registered rule over a read manifest and orders the findings: by the release where they
// bite, then document, then line.
import type { Manifest } from './manifest';
import { RULES } from './rules';
import type { Finding, Rule, RuleContext } from './types';

export interface Analysis {
  findings: Finding[];
  summary: { breaking: number; warning: number; info: number };
}

export function analyze(manifest: Manifest, ctx: RuleContext, rules: readonly Rule[] = RULES): Analysis {
  const findings: Finding[] = [];
  for (const rule of rules) {
    if (rule.scope === 'object') for (const object of manifest.objects) findings.push(...rule.check(object, ctx));
    else for (const doc of manifest.skipped) findings.push(...rule.check(doc, ctx));
  }
  findings.sort((a, b) => a.effectiveIn - b.effectiveIn || a.resource.documentIndex - b.resource.documentIndex || a.line - b.line
    || severityRank(a) - severityRank(b) || a.ruleId.localeCompare(b.ruleId));
  return {
    findings,
    summary: {
      breaking: findings.filter((f) => f.severity === 'BREAKING').length,
      warning: findings.filter((f) => f.severity === 'WARNING').length,
      info: findings.filter((f) => f.severity === 'INFO').length,
    },
  };
}

function severityRank(f: Finding): number {
  return f.severity === 'BREAKING' ? 0 : f.severity === 'WARNING' ? 1 : 2;
}
