// Runs every registered rule over a read manifest and orders the findings: by the release where they
// bite, then document, then line (then severity, rule, path and message, so the order is always the same).
import { countFindings, type FindingCounts } from '../report/severity';
import type { Manifest, ManifestObject, ManifestSink, SkippedDocument } from '../reader/manifest';
import { RULES } from './rules';
import type { DocumentRule, Finding, ObjectRule, Rule, RuleContext } from '../types';

export interface Analysis {
  findings: Finding[];
  summary: FindingCounts;
  coverage: Coverage;
}

/**
 * What a report covered: the objects read, and those of each apiVersion and kind that netkb could not check at
 * all (a rule's `uncovered`: a custom resource, an add-on API, a version netkb has no record of, Gateway API objects
 * without a range). Every other object went through every rule; what a rule could not check inside it is a
 * not-checked finding.
 */
export interface Coverage {
  objects: number;
  /** Objects of an apiVersion and kind netkb knows: objects less the notCovered ones. */
  checked: number;
  /** Most objects first, then by apiVersion and kind. */
  notCovered: { apiVersion: string; kind: string; objects: number }[];
}

export function analyze(manifest: Manifest, ctx: RuleContext, rules: readonly Rule[] = RULES): Analysis {
  const analyzer = new Analyzer(ctx, rules);
  analyzer.document(manifest.objects, manifest.skipped);
  return analyzer.finish();
}

/**
 * Runs the rules on a manifest handed on document by document (a ManifestSink: readManifestInto feeds it
 * while it reads, so a document's values can go as soon as its findings are made). Each document's few
 * findings are sorted on their own and dealt into one list per release; the lists joined in release order
 * are in the full order, without sorting all findings at the end.
 */
export class Analyzer implements ManifestSink {
  private readonly objectRules: ObjectRule[];
  private readonly documentRules: DocumentRule[];
  private byRelease = new Map<number, Finding[]>();
  private group: Finding[] = [];
  private current = -1;
  private inOrder = true;
  /** Objects analysed so far. */
  objects = 0;
  /** Objects per "apiVersion kind", and whether a rule could not check them at all. */
  private kinds = new Map<string, { apiVersion: string; kind: string; objects: number; uncovered: boolean }>();

  constructor(
    private readonly ctx: RuleContext,
    rules: readonly Rule[] = RULES,
  ) {
    this.objectRules = rules.filter((r): r is ObjectRule => r.scope === 'object');
    this.documentRules = rules.filter((r): r is DocumentRule => r.scope === 'document');
  }

  document(objects: ManifestObject[], skipped: SkippedDocument[]): void {
    const { ctx } = this;
    this.objects += objects.length;
    for (let o = 0, d = 0; o < objects.length || d < skipped.length;) {
      if (d >= skipped.length || (o < objects.length && objects[o].documentIndex <= skipped[d].documentIndex)) {
        const object = objects[o++];
        this.enter(object.documentIndex);
        this.count(object);
        for (const rule of this.objectRules) append(this.group, rule.check(object, ctx));
      } else {
        const doc = skipped[d++];
        this.enter(doc.documentIndex);
        for (const rule of this.documentRules) append(this.group, rule.check(doc, ctx));
      }
    }
  }

  restart(): void {
    this.byRelease = new Map();
    this.group = [];
    this.current = -1;
    this.inOrder = true;
    this.objects = 0;
    this.kinds = new Map();
  }

  finish(): Analysis {
    this.deal();
    const findings: Finding[] = [];
    for (const release of [...this.byRelease.keys()].sort((a, b) => a - b))
      append(findings, this.byRelease.get(release)!);
    if (!this.inOrder) findings.sort(order);
    return { findings, summary: countFindings(findings), coverage: this.coverage() };
  }

  private count(object: ManifestObject): void {
    const { apiVersion, kind } = object;
    const key = `${apiVersion} ${kind}`;
    const seen = this.kinds.get(key);
    if (seen) seen.objects++;
    else {
      const uncovered = this.objectRules.some((r) => r.uncovered?.(apiVersion, kind, this.ctx) === true);
      this.kinds.set(key, { apiVersion, kind, objects: 1, uncovered });
    }
  }

  private coverage(): Coverage {
    const notCovered = [...this.kinds.values()]
      .filter((k) => k.uncovered)
      .sort(
        (a, b) => b.objects - a.objects || a.apiVersion.localeCompare(b.apiVersion) || a.kind.localeCompare(b.kind),
      );
    const left = notCovered.reduce((n, k) => n + k.objects, 0);
    return {
      objects: this.objects,
      checked: this.objects - left,
      notCovered: notCovered.map(({ apiVersion, kind, objects }) => ({ apiVersion, kind, objects })),
    };
  }

  private enter(documentIndex: number): void {
    if (documentIndex === this.current) return;
    if (documentIndex < this.current) this.inOrder = false;
    this.deal();
    this.current = documentIndex;
  }

  private deal(): void {
    const group = this.group;
    if (group.length > 1) sortSmall(group);
    for (const f of group) {
      const list = this.byRelease.get(f.effectiveIn);
      if (list) list.push(f);
      else this.byRelease.set(f.effectiveIn, [f]);
    }
    this.group = [];
  }
}

/** By release, document, line, severity and rule; ties (two findings on one line) by path and message. */
function order(a: Finding, b: Finding): number {
  return (
    a.effectiveIn - b.effectiveIn ||
    a.resource.documentIndex - b.resource.documentIndex ||
    a.line - b.line ||
    severityRank(a) - severityRank(b) ||
    text(a.ruleId, b.ruleId) ||
    text(a.path ?? '', b.path ?? '') ||
    text(a.messageId, b.messageId)
  );
}

/** A document's few findings in order: an insertion sort (Array#sort allocates for every call). */
function sortSmall(group: Finding[]): void {
  if (group.length > 16) {
    group.sort(order);
    return;
  }
  for (let i = 1; i < group.length; i++) {
    const f = group[i];
    let j = i - 1;
    while (j >= 0 && order(group[j], f) > 0) {
      group[j + 1] = group[j];
      j--;
    }
    group[j + 1] = f;
  }
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
