// Planning hop by hop (1.21 -> 1.22 -> 1.23 ... 1.25): what the cluster has already at --from is marked in every
// format (Finding.since, alreadyAtFrom), and --new-only leaves it out and says how many it left out.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { netkb } from '../support/cli';

// An Ingress removed in 1.22, a PodDisruptionBudget deprecated in 1.21 and removed in 1.25, and an Ingress of a
// version no record names (not checked: never marked, never left out).
const MANIFEST = `apiVersion: extensions/v1beta1
kind: Ingress
metadata:
  name: web
  namespace: shop
spec:
  backend:
    serviceName: web
    servicePort: 80
---
apiVersion: policy/v1beta1
kind: PodDisruptionBudget
metadata:
  name: web
  namespace: shop
spec:
  minAvailable: 1
---
apiVersion: networking.k8s.io/v9
kind: Ingress
metadata:
  name: future
`;

let dir: string;
let file: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'netkb-hops-'));
  file = join(dir, 'shop.yaml');
  writeFileSync(file, MANIFEST);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function check(from: string, to: string, ...more: string[]) {
  return netkb(['check', file, '--from', from, '--to', to, ...more]);
}

function jsonFindings(from: string, to: string, ...more: string[]) {
  const r = check(from, to, '--format', 'json', ...more);
  const report = JSON.parse(r.stdout);
  const by = (kind: string, apiVersion: string) =>
    report.files[0].findings.find((f: any) => f.resource.kind === kind && f.resource.apiVersion === apiVersion);
  return {
    code: r.code,
    report,
    ingress: by('Ingress', 'extensions/v1beta1'),
    pdb: by('PodDisruptionBudget', 'policy/v1beta1'),
    future: by('Ingress', 'networking.k8s.io/v9'),
  };
}

describe('netkb check, hop by hop', () => {
  it('1.21 -> 1.22: the Ingress removal is new; the PodDisruptionBudget deprecation of 1.21 is already at 1.21', () => {
    const r = jsonFindings('1.21', '1.22');
    expect(r.ingress).toMatchObject({ severity: 'BREAKING', effectiveIn: '1.22', since: '1.22', alreadyAtFrom: false });
    expect(r.pdb).toMatchObject({ severity: 'WARNING', effectiveIn: '1.21', since: '1.21', alreadyAtFrom: true });
    expect(r.future).toMatchObject({ checked: false, since: null, alreadyAtFrom: false });
    expect(r.report.summary).toMatchObject({ breaking: 1, warning: 1, alreadyAtFrom: 1, dropped: 0 });
    expect(r.report.newOnly).toBe(false);
  });

  it('1.22 -> 1.23: the same Ingress is already at 1.22, the deprecation too; --new-only leaves both out and says so', () => {
    const all = jsonFindings('1.22', '1.23');
    expect(all.code).toBe(1);
    expect(all.ingress).toMatchObject({ effectiveIn: '1.22', since: '1.22', alreadyAtFrom: true });
    expect(all.pdb).toMatchObject({ effectiveIn: '1.22', since: '1.21', alreadyAtFrom: true });
    expect(all.report.summary).toMatchObject({ breaking: 1, warning: 1, alreadyAtFrom: 2, dropped: 0 });

    const fresh = jsonFindings('1.22', '1.23', '--new-only');
    // Nothing new breaks on this hop: the exit code is of the findings kept.
    expect(fresh.code).toBe(0);
    expect(fresh.report.newOnly).toBe(true);
    expect(fresh.ingress).toBeUndefined();
    expect(fresh.pdb).toBeUndefined();
    // What netkb could not check is never left out.
    expect(fresh.future).toMatchObject({ checked: false, alreadyAtFrom: false });
    expect(fresh.report.summary).toMatchObject({ breaking: 0, warning: 0, info: 1, alreadyAtFrom: 0, dropped: 2 });
  });

  it('1.24 -> 1.25: --new-only keeps the PodDisruptionBudget removal, new on this hop, and fails on it', () => {
    const r = jsonFindings('1.24', '1.25', '--new-only');
    expect(r.code).toBe(1);
    expect(r.ingress).toBeUndefined();
    expect(r.pdb).toMatchObject({ messageId: 'removed', effectiveIn: '1.25', since: '1.25', alreadyAtFrom: false });
    expect(r.report.summary).toMatchObject({ breaking: 1, dropped: 1 });
  });
});

describe('the mark, in every format', () => {
  it('table: before the message, counted in the head; with --new-only the head counts what was left out', () => {
    const r = check('1.22', '1.23');
    expect(r.stdout.split('\n')[0]).toContain('1 breaking, 1 warning, 1 info (1 not checked) (2 already at 1.22)');
    expect(r.stdout).toMatch(/Ingress\/web\s+api-version\s+\[already at 1\.22\] Ingress extensions\/v1beta1/);
    expect(r.stdout).toContain('[already at 1.22 (since 1.21)] PodDisruptionBudget policy/v1beta1 is deprecated');
    expect(r.stdout).not.toContain('[already at 1.22] Ingress networking.k8s.io/v9');
    const fresh = check('1.22', '1.23', '--new-only');
    expect(fresh.stdout.split('\n')[0]).toContain(
      '0 breaking, 0 warning, 1 info (1 not checked), 2 already at 1.22 left out',
    );
    expect(fresh.stdout).not.toContain('extensions/v1beta1');
  });

  it('markdown: after the object, counted in the head', () => {
    const r = check('1.22', '1.23', '--format', 'markdown');
    expect(r.stdout).toContain('(2 already at 1.22)');
    expect(r.stdout).toMatch(
      /🔴 Ingress shop\/web, \S+shop\.yaml:1 _\(already at 1\.22\)_: Ingress extensions\/v1beta1/,
    );
    expect(r.stdout).toMatch(
      /🟠 PodDisruptionBudget shop\/web, \S+shop\.yaml:11 _\(already at 1\.22 \(since 1\.21\)\)_: /,
    );
    const fresh = check('1.22', '1.23', '--format', 'markdown', '--new-only');
    expect(fresh.stdout).toContain('2 already at 1.22 left out');
  });

  it('csv: the since and already_at_from columns', () => {
    const rows = check('1.22', '1.23', '--format', 'csv').stdout.trim().split('\r\n');
    expect(rows[0].endsWith(',checked,since,already_at_from')).toBe(true);
    expect(rows.find((r) => r.includes('Ingress/shop/web'))!.endsWith(',true,1.22,true')).toBe(true);
    expect(rows.find((r) => r.includes('PodDisruptionBudget/shop/web'))!.endsWith(',true,1.21,true')).toBe(true);
    expect(rows.find((r) => r.includes('Ingress/future'))!.endsWith(',false,,false')).toBe(true);
  });

  it('junit: in the test name', () => {
    const out = check('1.22', '1.23', '--format', 'junit').stdout;
    expect(out).toContain('name="1.22 Ingress/web line 1: api-version/removed (already at 1.22)"');
    expect(out).toContain(
      'name="1.22 PodDisruptionBudget/web line 11: api-version/deprecated (already at 1.22 (since 1.21))"',
    );
  });

  it('sarif: baselineState unchanged (new for the rest), the properties and the message', () => {
    const results = JSON.parse(check('1.24', '1.25', '--format', 'sarif').stdout).runs[0].results;
    const ingress = results.find((x: any) => x.properties.resource.apiVersion === 'extensions/v1beta1');
    const pdb = results.find((x: any) => x.properties.resource.apiVersion === 'policy/v1beta1');
    expect(ingress.baselineState).toBe('unchanged');
    expect(ingress.properties).toMatchObject({ since: '1.22', alreadyAtFrom: true, effectiveIn: '1.24' });
    expect(ingress.message.text).toContain('bites in 1.24, already at 1.24 (since 1.22))');
    expect(pdb.baselineState).toBe('new');
    expect(pdb.properties).toMatchObject({ since: '1.25', alreadyAtFrom: false });
  });
});
