// Runs every registered rule over a read manifest and orders the findings: by the release where they
// bite, then document, then line (then severity, rule, path and message, so the order is always the same).
import type { Manifest } from './manifest';
import { RULES } from './rules';
import type { DocumentRule, Finding, ObjectRule, Rule, RuleContext } from './types';

export interface Analysis {
  findings: Finding[];
  summary: { breaking: number; warning: number; info: number };
}

export function analyze(manifest: Manifest, ctx: RuleContext, rules: readonly Rule[] = RULES): Analysis {
  const objectRules = rules.filter((r): r is ObjectRule => r.scope === 'object');
  const documentRules = rules.filter((r): r is DocumentRule => r.scope === 'document');
  // Document by document: each document's few findings are sorted on their own and dealt into one list
  // per release; the lists joined in release order are in the full order, without sorting them all.
  const byRelease = new Map<number, Finding[]>();
  let group: Finding[] = [];
  let current = -1;
  let inOrder = true;
  const deal = () => {
    if (group.length > 1) group.sort(order);
    for (const f of group) {
      const list = byRelease.get(f.effectiveIn);
      if (list) list.push(f);
      else byRelease.set(f.effectiveIn, [f]);
    }
    group = [];
  };
  const enter = (documentIndex: number) => {
    if (documentIndex === current) return;
    if (documentIndex < current) inOrder = false;
    deal();
    current = documentIndex;
  };
  const { objects, skipped } = manifest;
  for (let o = 0, d = 0; o < objects.length || d < skipped.length;) {
    if (d >= skipped.length || (o < objects.length && objects[o].documentIndex <= skipped[d].documentIndex)) {
      const object = objects[o++];
      enter(object.documentIndex);
      for (const rule of objectRules) append(group, rule.check(object, ctx));
    } else {
      const doc = skipped[d++];
      enter(doc.documentIndex);
      for (const rule of documentRules) append(group, rule.check(doc, ctx));
    }
  }
  deal();
  const findings: Finding[] = [];
  for (const release of [...byRelease.keys()].sort((a, b) => a - b)) append(findings, byRelease.get(release)!);
  if (!inOrder) findings.sort(order);
  return {
    findings,
    summary: {
      breaking: count(findings, 'BREAKING'),
      warning: count(findings, 'WARNING'),
      info: count(findings, 'INFO'),
    },
  };
}

/** By release, document, line, severity and rule; ties (two findings on one line) by path and message. */
function order(a: Finding, b: Finding): number {
  return a.effectiveIn - b.effectiveIn || a.resource.documentIndex - b.resource.documentIndex || a.line - b.line
    || severityRank(a) - severityRank(b) || a.ruleId.localeCompare(b.ruleId)
    || text(a.path ?? '', b.path ?? '') || text(a.messageId, b.messageId);
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
