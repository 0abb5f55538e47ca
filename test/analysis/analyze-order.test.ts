// analyze() sorts document by document and deals the findings into one list per release: the joined
// lists must be in the same order a full sort gives, for a manifest mixing kinds, Lists and documents
// that are not Kubernetes objects.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { manifest } from '../../bench/manifests';
import {
  analyze,
  Analyzer,
  DEFAULT_LIMITS,
  readManifest,
  readManifestInto,
  RULES,
  type Finding,
} from '../../src/analysis';
import { type KnowledgeBase } from '../../src/kb/knowledge-base';
import { analysisKb } from '../../src/services/analysis-kb';
import { testKnowledgeBase } from '../support/knowledge-base';

const rank = { BREAKING: 0, WARNING: 1, INFO: 2 } as const;

function fullSort(findings: Finding[]): Finding[] {
  const text = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  return [...findings].sort(
    (a, b) =>
      a.effectiveIn - b.effectiveIn ||
      a.resource.documentIndex - b.resource.documentIndex ||
      a.line - b.line ||
      rank[a.severity] - rank[b.severity] ||
      a.ruleId.localeCompare(b.ruleId) ||
      text(a.path ?? '', b.path ?? '') ||
      text(a.messageId, b.messageId),
  );
}

describe('the order of findings', () => {
  let kb: KnowledgeBase;
  beforeAll(async () => {
    kb = await testKnowledgeBase();
  });

  it('an Analyzer fed document by document gives what analyze() gives, and a restart voids what came before', () => {
    const text = manifest(30);
    const releases = kb.releases.map((r) => r.version).filter((v) => v >= 1015 && v <= 1022);
    const ctx = () => ({ kb: analysisKb(kb), path: { from: 1015, to: 1022, releases } });
    const whole = analyze(readManifest(text), ctx());
    const analyzer = new Analyzer(ctx());
    analyzer.document(readManifest(manifest(5)).objects, []);
    analyzer.restart();
    const documents = readManifestInto(text, DEFAULT_LIMITS, analyzer);
    expect(documents).toBe(30);
    expect(analyzer.objects).toBe(30);
    expect(analyzer.finish()).toEqual(whole);
    expect(whole.findings.length).toBeGreaterThan(30);
  });

  it('equals a full sort on a generated mix with Lists and non-Kubernetes documents', () => {
    const list =
      'apiVersion: v1\nkind: List\nitems:\n- apiVersion: extensions/v1beta1\n  kind: Ingress\n  metadata: {name: l}\n  spec: {backend: {serviceName: s, servicePort: 80}}\n- apiVersion: v1\n  kind: Service\n  metadata: {name: m}\n  spec: {ipFamily: IPv4}\n';
    // The kube-proxy DaemonSet gets several findings in one release, not in the order the rule finds them.
    const kubeProxy = readFileSync(
      join(__dirname, '..', 'fixtures', 'real-world', 'kube-proxy-daemonset-1.14.yaml'),
      'utf8',
    );
    const text = [manifest(60), list, 'just: values\n', kubeProxy, manifest(40)].join('\n---\n');
    const releases = kb.releases.map((r) => r.version).filter((v) => v >= 1014 && v <= 1030);
    const ctx = () => ({ kb: analysisKb(kb), path: { from: 1014, to: 1030, releases } });
    const { findings } = analyze(readManifest(text), ctx());
    expect(findings.length).toBeGreaterThan(150);
    expect(new Set(findings.map((f) => f.ruleId))).toEqual(
      new Set(['api-version', 'api-field', 'well-known-key', 'component-flag', 'feature-gate', 'not-kubernetes']),
    );
    expect(findings).toEqual(fullSort(findings));
    // The order does not depend on the order the rules run in.
    expect(analyze(readManifest(text), ctx(), [...RULES].reverse()).findings).toEqual(findings);
  });
});
