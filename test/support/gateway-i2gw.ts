// The comparison with ingress2gateway: test/fixtures/gateway-i2gw/<test-file-stem>.yaml holds, per case of
// ingress2gateway's ingress-nginx provider tests at 89ab0cd (the table entries and subtests of
// pkg/i2gw/providers/ingressnginx/*_test.go and e2e/provider_ingressnginx_test.go), the Ingresses the case
// builds (written as YAML from its Go structs), what ingress2gateway makes of them (in our words) and the
// verdict of netkb against it. This module reads those files, runs a case through ingressToGateway, and
// writes the table of docs/gateway-migration.md from the verdicts.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse, stringify } from 'yaml';
import { projectRoot } from '../../src/config';
import type { KnowledgeBase } from '../../src/kb/knowledge-base';
import { ingressToGateway } from '../../src/services/ingress-to-gateway';

export const VERDICTS = [
  'same',
  'equivalent',
  'netkb-better',
  'netkb-worse',
  'dropped-silently',
  'listed-not-converted',
] as const;
type Verdict = (typeof VERDICTS)[number];

export interface ComparisonCase {
  /** The Go test function. */
  test: string;
  /** The table entry's or subtest's name, exactly; the test function's name for a test without either. */
  case: string;
  /** The line of the Go file where the case starts. */
  line: number;
  /** What the case is about: annotations by their name without the provider's prefix, or a topic in parentheses. */
  about?: string[];
  ingresses: Record<string, unknown>[];
  services?: Record<string, unknown>[];
  /** Converts only the Ingresses of this class, as ingress2gateway's --ingress-class flag does (ingressClass). */
  ingressClass?: string;
  /**
   * Runs netkb with this implementation's policies (--implementation), with the reason: the case tests what
   * ingress2gateway keeps for its implementation-specific emitters, whose counterpart in netkb is that option.
   */
  implementation?: { id: string; why: string };
  /** What of the input is ours rather than the test's (a path the test's Ingress lacks, a main Ingress for a canary). */
  note?: string;
  /** For a case listed-not-converted for something other than its annotations: the messageIds that list it. */
  listedAs?: string[];
  /** The route kinds netkb is expected to write when the verdict is same, equivalent or netkb-better. */
  routes?: string[];
  ingress2gateway: string;
  verdict: Verdict;
  why?: string;
}

interface CaseFile {
  stem: string;
  /** The Go file the cases follow, in kubernetes-sigs/ingress2gateway. */
  source: string;
  commit: string;
  cases: ComparisonCase[];
}

export const CASES_DIR = join(projectRoot(), 'test', 'fixtures', 'gateway-i2gw');
const PREFIX = 'nginx.ingress.kubernetes.io/';

export function caseFiles(): CaseFile[] {
  return readdirSync(CASES_DIR)
    .filter((f) => f.endsWith('.yaml') && !f.endsWith('.netkb.yaml'))
    .sort()
    .map((f) => {
      const doc = parse(readFileSync(join(CASES_DIR, f), 'utf8')) as Omit<CaseFile, 'stem'>;
      return { stem: f.replace(/\.yaml$/, ''), ...doc };
    });
}

/** The case's input as one manifest: its Services, then its Ingresses. */
function manifestOf(c: ComparisonCase): string {
  return [...(c.services ?? []), ...c.ingresses].map((o) => stringify(o, { lineWidth: 0 })).join('---\n');
}

/** The annotations the case is about, with the prefix: `about` entries that are annotations of its Ingresses. */
export function annotationsOf(c: ComparisonCase): string[] {
  const present = new Set(
    c.ingresses.flatMap((i) =>
      Object.keys(((i.metadata as { annotations?: Record<string, string> }).annotations ?? {}) as object),
    ),
  );
  return topicsOf(c)
    .filter((t) => !t.startsWith('('))
    .map((t) => (t.includes('/') ? t : PREFIX + t))
    .filter((a) => present.has(a));
}

/** The case's `about`, else the annotations of its Ingresses without the prefix, else "(no annotation)". */
function topicsOf(c: ComparisonCase): string[] {
  if (c.about && c.about.length > 0) return c.about;
  const names = [
    ...new Set(
      c.ingresses.flatMap((i) =>
        Object.keys((i.metadata as { annotations?: Record<string, string> }).annotations ?? {}),
      ),
    ),
  ];
  return names.length > 0 ? names.map((n) => n.replace(PREFIX, '')) : ['(no annotation)'];
}

export interface NetkbOutcome {
  case: string;
  /** Kind/name of each object written, in order. */
  objects: string[];
  /** Each rule of each route written: "Kind/name: match, match -> filter types" (what a regex or redirect change shows). */
  rules?: string[];
  /** "SEVERITY messageId path" of each finding left. */
  findings: string[];
  /** The routes marked UNPROTECTED. */
  unprotected?: string[];
  /** The error refusing the input, when there is one. */
  error?: string;
}

export interface CaseRun {
  outcome: NetkbOutcome;
  manifest: string;
  /** The written objects, parsed. */
  objects: { apiVersion: string; kind: string; metadata: { name: string } }[];
  findings: { severity: string; messageId: string; path: string | null; message: string; line: number }[];
  changes: { line: number; description: string }[];
}

export function runCase(kb: KnowledgeBase, c: ComparisonCase): CaseRun {
  const input = manifestOf(c);
  try {
    const r = ingressToGateway(kb, {
      manifest: input,
      gatewayClassName: 'nginx',
      ingressClass: c.ingressClass ?? null,
      implementation: c.implementation?.id ?? null,
    });
    const objects = r.manifest
      .split(/^---\n/m)
      .filter((d) => d.trim() !== '')
      .map((d) => parse(d) as CaseRun['objects'][number]);
    const rules = objects.flatMap((o) => rulesOf(o));
    const outcome: NetkbOutcome = {
      case: c.case,
      objects: objects.map((o) => `${o.kind}/${o.metadata.name}`),
      ...(rules.length > 0 ? { rules } : {}),
      findings: r.unconverted.map((f) => `${f.severity} ${f.messageId} ${f.path ?? ''}`.trim()),
    };
    if (r.unprotected.length > 0) outcome.unprotected = r.unprotected.map((u) => u.name);
    return { outcome, manifest: input, objects, findings: r.unconverted, changes: r.changes };
  } catch (e) {
    return {
      outcome: { case: c.case, objects: [], findings: [], error: (e as Error).message },
      manifest: input,
      objects: [],
      findings: [],
      changes: [],
    };
  }
}

/** A route's rules in one line each: its matches (path, method, headers) and the types of its filters. */
function rulesOf(o: CaseRun['objects'][number]): string[] {
  const spec = (o as { spec?: { rules?: Record<string, unknown>[] } }).spec;
  if (!o.kind.endsWith('Route') || !Array.isArray(spec?.rules)) return [];
  return spec.rules.map((rule) => {
    const matches = ((rule.matches ?? []) as Record<string, unknown>[]).map((m) =>
      Object.entries(m)
        .map(([key, v]) => `${key} ${JSON.stringify(v)}`)
        .join(' '),
    );
    const filters = ((rule.filters ?? []) as { type: string }[]).map((f) => f.type);
    return `${o.kind}/${o.metadata.name}: ${matches.join(', ') || '(every request)'}${filters.length > 0 ? ` -> ${filters.join(', ')}` : ''}`;
  });
}

export const TABLE_START =
  '<!-- ingress2gateway comparison: written by NETKB_REGEN=1 npx jest test/convert/gateway-i2gw -->';
export const TABLE_END = '<!-- end of the ingress2gateway comparison -->';

/** The comparison table: per topic (annotation or topic), the cases and their count per verdict, then the totals. */
export function comparisonTable(files: CaseFile[]): string {
  const cases = files.flatMap((f) => f.cases);
  const byTopic = new Map<string, ComparisonCase[]>();
  for (const c of cases) for (const t of topicsOf(c)) byTopic.set(t, [...(byTopic.get(t) ?? []), c]);
  const head = `| annotation or topic | cases | ${VERDICTS.join(' | ')} |`;
  const rule = `|---|---:|${VERDICTS.map(() => '---:').join('|')}|`;
  const row = (name: string, list: ComparisonCase[]) =>
    `| ${name} | ${list.length} | ${VERDICTS.map((v) => list.filter((c) => c.verdict === v).length || '').join(' | ')} |`;
  const topics = [...byTopic.keys()].sort((a, b) => a.localeCompare(b));
  const lines = [head, rule, ...topics.map((t) => row(t.startsWith('(') ? t : `\`${t}\``, byTopic.get(t)!))];
  lines.push(row(`**all cases** (${files.length} test files)`, cases));
  return lines.join('\n') + '\n';
}

/** The cases run with an implementation's policies, grouped by implementation and reason. */
export function implementationList(files: CaseFile[]): string {
  const list = files.flatMap((f) => f.cases.map((c) => ({ f, c }))).filter(({ c }) => c.implementation);
  if (list.length === 0) return '';
  const groups = new Map<string, { id: string; why: string; cases: string[] }>();
  for (const { f, c } of list) {
    const key = `${c.implementation!.id}\n${c.implementation!.why}`;
    const g = groups.get(key) ?? { id: c.implementation!.id, why: c.implementation!.why, cases: [] };
    g.cases.push(`\`${f.stem}\` "${c.case}"`);
    groups.set(key, g);
  }
  const out = [
    `**Run with an implementation** (${list.length} cases; without it, netkb lists each as not converted, as Gateway API has no counterpart):`,
    '',
  ];
  for (const g of groups.values())
    out.push(`- \`--implementation ${g.id}\` (${g.cases.length}): ${g.why}. Cases: ${g.cases.join(', ')}`);
  return out.join('\n') + '\n';
}

/** Each case whose verdict is neither same nor equivalent, with its reason. */
export function reasonsList(files: CaseFile[]): string {
  const out: string[] = [];
  for (const v of VERDICTS.filter((x) => x !== 'same' && x !== 'equivalent')) {
    const list = files.flatMap((f) => f.cases.map((c) => ({ f, c }))).filter(({ c }) => c.verdict === v);
    if (list.length === 0) continue;
    out.push('', `**${v}** (${list.length}):`, '');
    for (const { f, c } of list) out.push(`- \`${f.stem}\` ${c.test} "${c.case}": ${c.why ?? ''}`);
  }
  return out.join('\n').replace(/^\n/, '') + '\n';
}
