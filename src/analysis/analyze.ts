// Runs every registered rule over a read manifest and orders the findings: by the release where they
// bite, then document, then line (then severity, rule, path and message, so the order is always the same).
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
    if (rule.scope === 'object') for (const object of manifest.objects) append(findings, rule.check(object, ctx));
    else for (const doc of manifest.skipped) append(findings, rule.check(doc, ctx));
  }
  findings.sort((a, b) => a.effectiveIn - b.effectiveIn || a.resource.documentIndex - b.resource.documentIndex || a.line - b.line
    || severityRank(a) - severityRank(b) || a.ruleId.localeCompare(b.ruleId)
    // Ties (two findings on one line) follow the path and the message, not the order the rules walked in.
    || text(a.path ?? '', b.path ?? '') || text(a.messageId, b.messageId));
  return {
    findings,
    summary: {
      breaking: count(findings, 'BREAKING'),
      warning: count(findings, 'WARNING'),
      info: count(findings, 'INFO'),
    },
  };
}

function count(findings: Finding[], severity: Finding['severity']): number {
  let n = 0;
  for (const f of findings) if (f.severity === severity) n++;
  return n;
}

function append(to: Finding[], found: Finding[]): void {
  for (let i = 0; i < found.length; i++) to.push(found[i]);
}

function text(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function severityRank(f: Finding): number {
  return f.severity === 'BREAKING' ? 0 : f.severity === 'WARNING' ? 1 : 2;
}
