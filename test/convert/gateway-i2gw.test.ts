// netkb against ingress2gateway, case by case (test/fixtures/gateway-i2gw/, test/support/gateway-i2gw.ts). For
// every case: the verdict recorded must still describe what netkb does (listed-not-converted: netkb lists the
// case's annotation; dropped-silently: netkb neither converts nor lists it; same, equivalent, netkb-better:
// netkb writes the route kinds the case expects and nothing about its annotations is BREAKING), every object
// written is valid against the bundle's CRD schema, and netkb's outcome (objects, findings) is the one stored in
// <stem>.netkb.yaml, so a change of the converter shows up as a diff. docs/gateway-migration.md carries the
// table the verdicts give. NETKB_REGEN=1 rewrites the stored outcomes and the doc's table; the verdict checks
// run either way.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { stringify, parse } from 'yaml';
import { projectRoot } from '../../src/config';
import { type KnowledgeBase } from '../../src/kb/knowledge-base';
import {
  annotationsOf,
  caseFiles,
  CASES_DIR,
  comparisonTable,
  implementationList,
  reasonsList,
  runCase,
  TABLE_END,
  TABLE_START,
  VERDICTS,
  type CaseRun,
  type ComparisonCase,
  type NetkbOutcome,
} from '../support/gateway-i2gw';
import { gatewaySchemas, implementationSchemas } from '../support/gateway-schemas';
import { testKnowledgeBase } from '../support/knowledge-base';

const REGEN = process.env.NETKB_REGEN === '1';
const files = caseFiles();
const tables = gatewaySchemas();
const policyTables = implementationSchemas();
let kb: KnowledgeBase;
const runs = new Map<ComparisonCase, CaseRun>();

beforeAll(async () => {
  kb = await testKnowledgeBase();
  for (const f of files) for (const c of f.cases) runs.set(c, runCase(kb, c));
});

/** A finding or change that names the annotation: by its path, its message, or the annotation's line. */
function names(run: CaseRun, annotation: string) {
  const lines = run.manifest.split('\n').flatMap((l, i) => (l.trim().startsWith(`${annotation}:`) ? [i + 1] : []));
  const findings = run.findings.filter(
    (f) => (f.path ?? '').includes(`"${annotation}"`) || f.message.includes(annotation) || lines.includes(f.line),
  );
  const changes = run.changes.filter((c) => c.description.includes(annotation) || lines.includes(c.line));
  return { findings, changes };
}

describe.each(files.map((f) => [f.stem, f] as const))('ingress2gateway %s', (stem, file) => {
  it('names its source and holds each case once, with a verdict and, unless same, a reason', () => {
    expect(file.source).toMatch(/^(pkg\/i2gw\/providers\/ingressnginx|e2e)\/\w+_test\.go$/);
    expect(file.commit).toBe('89ab0cd');
    const keys = file.cases.map((c) => `${c.test} / ${c.case}`);
    expect(keys.filter((k, i) => keys.indexOf(k) !== i)).toEqual([]);
    for (const c of file.cases) {
      const where = `${c.test} / ${c.case}`;
      expect({ where, verdict: VERDICTS.includes(c.verdict) }).toEqual({ where, verdict: true });
      expect({ where, ingress2gateway: c.ingress2gateway.length > 10 }).toEqual({ where, ingress2gateway: true });
      expect({ where, why: c.verdict === 'same' || (c.why ?? '').length > 10 }).toEqual({ where, why: true });
      expect({ where, ingresses: c.ingresses.length > 0 }).toEqual({ where, ingresses: true });
    }
  });

  it.each(file.cases.map((c) => [c.case, c] as const))('%s: the verdict holds', (_, c) => {
    const run = runs.get(c)!;
    const where = `${c.test} / ${c.case} (${c.verdict})`;
    expect({ where, error: run.outcome.error ?? null }).toEqual({ where, error: null });
    const annotations = annotationsOf(c);
    const named = annotations.map((a) => ({ a, ...names(run, a) }));
    if (c.verdict === 'listed-not-converted') {
      // Listed: a finding with one of the case's listedAs messageIds, else one that names an annotation of the case.
      const listed = c.listedAs
        ? run.findings.some((f) => c.listedAs!.includes(f.messageId))
        : named.some((n) => n.findings.length > 0);
      expect({ where, listed }).toEqual({ where, listed: true });
    }
    if (c.verdict === 'dropped-silently') {
      const said = named.filter((n) => n.findings.length > 0 || n.changes.length > 0).map((n) => n.a);
      expect({ where, said }).toEqual({ where, said: [] });
    }
    if (c.verdict === 'same' || c.verdict === 'equivalent' || c.verdict === 'netkb-better') {
      const kinds = run.objects.map((o) => o.kind);
      const missing = (c.routes ?? ['HTTPRoute']).filter((k) => !kinds.includes(k));
      const breaking = named.flatMap((n) => n.findings.filter((f) => f.severity === 'BREAKING').map(() => n.a));
      expect({ where, missing, breaking }).toEqual({ where, missing: [], breaking: [] });
    }
  });

  it("writes objects the bundle schemas accept (an implementation's policies: its newest release's CRDs)", () => {
    const release = kb.gatewayApi.releases[kb.gatewayApi.releases.length - 1].version;
    for (const c of file.cases)
      for (const o of runs.get(c)!.objects) {
        const implementation = kb.gatewayApi.implementations.find((i) => i.id === c.implementation?.id);
        const validate =
          implementation && o.apiVersion.startsWith(`${policyTables.group}/`)
            ? policyTables.validatorFor(
                implementation.releases[implementation.releases.length - 1],
                o.apiVersion,
                o.kind,
              )
            : tables.validatorFor(release, 'standard', o.apiVersion, o.kind);
        const where = `${c.case}: ${o.kind}/${o.metadata.name}`;
        expect({ where, errors: validate(o) ? null : validate.errors }).toEqual({ where, errors: null });
      }
  });

  it(`gives the outcomes stored in ${stem}.netkb.yaml`, () => {
    const path = join(CASES_DIR, `${stem}.netkb.yaml`);
    const actual = file.cases.map((c) => runs.get(c)!.outcome);
    const text = `# netkb's outcome per case of ${stem}.yaml: written by NETKB_REGEN=1 npx jest test/convert/gateway-i2gw\n${stringify(actual, { lineWidth: 0 })}`;
    if (REGEN) writeFileSync(path, text);
    expect(existsSync(path)).toBe(true);
    expect(parse(readFileSync(path, 'utf8')) as NetkbOutcome[]).toEqual(actual);
  });
});

describe('docs/gateway-migration.md', () => {
  it('holds the comparison table the case files give (NETKB_REGEN=1 writes it)', () => {
    const path = join(projectRoot(), 'docs', 'gateway-migration.md');
    const doc = readFileSync(path, 'utf8');
    const start = doc.indexOf(TABLE_START);
    const end = doc.indexOf(TABLE_END);
    expect(start).toBeGreaterThan(0);
    expect(end).toBeGreaterThan(start);
    const body = `${TABLE_START}\n${comparisonTable(files)}\n${implementationList(files)}\n${reasonsList(files)}`;
    if (REGEN) writeFileSync(path, doc.slice(0, start) + body + doc.slice(end));
    expect(readFileSync(path, 'utf8').slice(start, start + body.length + TABLE_END.length)).toBe(body + TABLE_END);
  });
});
