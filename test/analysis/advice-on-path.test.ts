// Advice that can be followed, over every message the rules can produce: for each record of the real
// seeded knowledge base (api-versions, api-fields, flags and their values, feature gates, well-known keys,
// constraints) and for paths that start 1, 2 and 5 releases before each of its events and end at the event,
// three releases later or at the newest release, a minimal manifest that uses the record goes through
// upgradeReport (the code `netkb check` and the API use), and every finding must:
// - name as `replacement` only records (of the same kind, component or flag) that still exist when the
//   finding bites, each either there at the start of the path or written with the release it arrives in;
// - mention no record of its own kind or component that arrives after the start of the path without
//   saying from when (spec.trafficDistribution on a 1.19 -> 1.25 path);
// - when no replacement is recorded, give the record's migration notes instead of pointing elsewhere;
// - link only a release note about its own subject: one whose subjects hold the record, and not merely as
//   what another of its subjects moves to.
import { type KnowledgeBase } from '../../src/kb/knowledge-base';
import type { ApiField, ApiVersion, Change, FeatureGate, Flag, Subject, WellKnownKey } from '../../src/kb/model';
import { formatVersion as v, parseVersion, type VersionKey } from '../../src/kb/version';
import { upgradeReport } from '../../src/services/upgrade-report';
import { apiserverRecordReports } from '../../src/services/apiserver-record';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { projectRoot } from '../../src/config';
import type { Finding } from '../../src/analysis';
import { RULES } from '../../src/analysis/engine/rules';
import { keyInRole } from '../../src/analysis/engine/key-uses';
import { testKnowledgeBase } from '../support/knowledge-base';

let kb: KnowledgeBase;
let releases: VersionKey[];
beforeAll(async () => {
  kb = await testKnowledgeBase();
  releases = kb.releases.map((r) => r.version).sort((a, b) => a - b);
});

// ---- paths ---------------------------------------------------------------------------------------------

/** from = 1, 2 and 5 releases before the event; to = the event, three releases later, the newest release. */
function pathsAround(events: (VersionKey | null)[]): [VersionKey, VersionKey][] {
  const out = new Map<string, [VersionKey, VersionKey]>();
  const at = (i: number) => releases[Math.max(0, Math.min(releases.length - 1, i))];
  for (const e of events) {
    if (e === null) continue;
    const i = releases.indexOf(e);
    if (i < 0) continue;
    for (const back of [1, 2, 5])
      for (const ahead of [0, 3, releases.length]) {
        const from = at(i - back);
        const to = at(i + ahead);
        if (from < to) out.set(`${from}-${to}`, [from, to]);
      }
  }
  return [...out.values()];
}

// ---- manifests -----------------------------------------------------------------------------------------

/** A YAML object with `path` (dot path, [] for list items) set to `leaf`. */
function withPath(root: Record<string, unknown>, path: string, leaf: unknown): Record<string, unknown> {
  let at: any = root;
  const parts = path.split('.');
  parts.forEach((part, i) => {
    const list = part.endsWith('[]');
    const key = list ? part.slice(0, -2) : part;
    const last = i === parts.length - 1;
    if (list) {
      at[key] ??= [{}];
      if (last) at[key] = [leaf];
      else at = at[key][0];
    } else if (last) at[key] = leaf;
    else at = at[key] ??= {};
  });
  return root;
}

const yaml = (o: unknown) => JSON.stringify(o);

function object(apiVersion: string, kind: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return { apiVersion, kind, metadata: { name: 'advice', namespace: 'default' }, ...extra };
}

function podWithArgs(binary: string, args: string[]): string {
  return yaml(
    object('v1', 'Pod', { spec: { containers: [{ name: 'c', image: 'example', command: [binary], args }] } }),
  );
}

/** The apiVersion to write a field's object with: one that has the field and is served at the start. */
function apiVersionFor(field: ApiField, from: VersionKey): string | null {
  const candidates = kb.apiVersions.filter(
    (a) => a.kind === field.kind && (field.apiVersions.length === 0 || field.apiVersions.includes(a.apiVersion)),
  );
  const served = candidates.find(
    (a) => (a.introducedIn === null || a.introducedIn <= from) && (a.removedIn === null || a.removedIn > from),
  );
  return served?.apiVersion ?? candidates[0]?.apiVersion ?? field.apiVersions[0] ?? null;
}

// ---- checks --------------------------------------------------------------------------------------------

interface Case {
  label: string;
  from: VersionKey;
  to: VersionKey;
  manifest: string;
  ruleId: string;
}

interface Problem {
  case: string;
  finding: string;
  problem: string;
}

/** Every "rule/message" the cases below produced: the last test asks that no message went unchecked. */
const seen = new Set<string>();

function run(c: Case): Finding[] {
  const findings = upgradeReport(kb, { from: v(c.from), to: v(c.to), manifest: c.manifest }).findings.filter(
    (f) => f.ruleId === c.ruleId,
  );
  for (const f of findings) seen.add(`${f.ruleId}/${f.messageId}`);
  return findings;
}

/** `name` is written with the release it arrives in (or works from). */
function saysFrom(fix: string, name: string, version: VersionKey): boolean {
  return fix.includes(`${name} (from ${v(version)}`) || fix.includes(`${name} (behind`);
}

/** Records named by another subject of the change as where it moves to. */
function replacementKeysOf(s: Subject): string[] {
  switch (s.typename) {
    case 'ApiVersion':
      return s.replacement ? [s.replacement.key] : [];
    case 'ApiField':
      return (s.replacement ?? '')
        .split(',')
        .map((p) => p.trim())
        .filter(Boolean)
        .map((p) => `${s.kind} ${p}`);
    case 'Flag':
      return s.replacements.map((r) => `${s.component} ${r}`);
    case 'WellKnownKey':
      return s.replacement ? [s.replacement] : [];
    default:
      return [];
  }
}

function linkProblem(change: Change | null, records: Subject[]): string | null {
  if (!change) return null;
  const own = records.filter((r) => change.subjects.some((s) => s.typename === r.typename && s.key === r.key));
  if (own.length === 0)
    return `links ${change.key}, whose subjects (${change.subjects.map((s) => s.key).join(', ')}) do not include ${records.map((r) => r.key).join(' or ')}`;
  const onlyAsReplacement = own.every((r) =>
    change.subjects.some((s) => s.key !== r.key && s.typename === r.typename && replacementKeysOf(s).includes(r.key)),
  );
  return onlyAsReplacement
    ? `links ${change.key}, which names ${own.map((r) => r.key).join(', ')} only as the replacement of another subject`
    : null;
}

function describeFinding(f: Finding): string {
  return `${f.ruleId}/${f.messageId} ${v(f.effectiveIn)} at ${f.path}: ${f.message} | fix: ${f.fix} | replacement: ${f.replacement} | change: ${f.change?.key ?? '-'}`;
}

/** Alternatives of an api-field finding: each an api-fields record of the kind, there (or dated) when needed. */
function checkFieldFinding(field: ApiField, f: Finding, c: Case, out: string[]): void {
  const fix = f.fix ?? '';
  for (const name of (f.replacement ?? '').split(', ').filter(Boolean)) {
    const alt = kb.apiFields.find((x) => x.kind === field.kind && x.path === name);
    if (!alt) {
      out.push(`replacement ${name} is no api-fields record of ${field.kind}`);
      continue;
    }
    if (alt.introducedIn !== null && alt.introducedIn > c.to)
      out.push(`replacement ${name} arrives in ${v(alt.introducedIn)}, after the path ends`);
    if (alt.removedIn !== null && alt.removedIn <= f.effectiveIn)
      out.push(`replacement ${name} is gone by ${v(alt.removedIn)}`);
    if (alt.introducedIn !== null && alt.introducedIn > c.from && !saysFrom(fix, name, alt.introducedIn))
      out.push(`fix names ${name} without saying it exists only from ${v(alt.introducedIn)}`);
    if (
      alt.featureGate &&
      !gateOnByDefault(alt.featureGate, Math.max(c.from, alt.introducedIn ?? 0)) &&
      !fix.includes(alt.featureGate.name)
    )
      out.push(`fix names ${name} without saying its gate ${alt.featureGate.name} is off by default there`);
  }
  // Any other field of the kind the fix mentions must be dated when it is not there at the start.
  for (const other of kb.apiFields) {
    if (other.kind !== field.kind || other === field || other.introducedIn === null || other.introducedIn <= c.from)
      continue;
    const mentioned = new RegExp(`(^|[\\s(,])${escape(other.path)}(?![\\w.\\[])`).test(fix);
    if (mentioned && !saysFrom(fix, other.path, other.introducedIn))
      out.push(`fix mentions ${other.path}, which arrives only in ${v(other.introducedIn)}, without saying so`);
  }
}

function gateOnByDefault(gate: FeatureGate, at: VersionKey): boolean {
  if (gate.removedIn !== null && at >= gate.removedIn) return true;
  const stage = gate.lifecycle.find((s) => s.since <= at && (s.until === null || s.until >= at));
  return stage?.defaultEnabled ?? false;
}

/**
 * Alternatives of a component-flag finding: flags of the same component, or values of the same flag (written
 * --flag=value, or bare for an item of a list flag: PodSecurity in --enable-admission-plugins).
 */
function checkFlagFinding(flag: Flag, f: Finding, c: Case, out: string[]): void {
  const fix = f.fix ?? '';
  for (const name of (f.replacement ?? '').split(' ').filter(Boolean)) {
    const [flagName, value] = flag.listValues && !name.startsWith('--') ? [flag.name, name] : name.split('=');
    const alt = kb.flag(flag.component, flagName);
    if (!alt) {
      out.push(`replacement ${name} is no flags record of ${flag.component}`);
      continue;
    }
    const life = value === undefined ? alt : alt.values.find((x) => x.value === value);
    if (!life) {
      out.push(`replacement ${name}: ${value} is not a recorded value of ${flagName}`);
      continue;
    }
    if (life.introducedIn !== null && life.introducedIn > c.to)
      out.push(`replacement ${name} arrives after the path ends`);
    if (life.removedIn !== null && life.removedIn <= f.effectiveIn)
      out.push(`replacement ${name} is gone by ${v(life.removedIn)}`);
    if (life.introducedIn !== null && life.introducedIn > c.from && !saysFrom(fix, name, life.introducedIn))
      out.push(`fix names ${name} without saying it exists only from ${v(life.introducedIn)}`);
  }
  // Every flag the fix names is a flag of the component, dated when it arrives after the start.
  for (const m of fix.matchAll(/(?<![\w-])(--[a-z0-9][a-z0-9-]*)/g)) {
    const named = kb.flag(flag.component, m[1]);
    // The successor the notes name for a generated flag: no record dates it, and the fix must say so.
    if (!named && m[1] === flag.successor) {
      if (!fix.includes('from a release netkb does not know'))
        out.push(`fix names the successor ${m[1]} without saying netkb does not know its release`);
    } else if (!named) out.push(`fix names ${m[1]}, no flags record of ${flag.component}`);
    else if (
      named.introducedIn !== null &&
      named.introducedIn > c.from &&
      !fix.includes(`from ${v(named.introducedIn)}`)
    )
      out.push(`fix names ${m[1]}, which exists only from ${v(named.introducedIn)}, without saying so`);
  }
}

function checkApiVersionFinding(record: ApiVersion, f: Finding, c: Case, out: string[]): void {
  const fix = f.fix ?? '';
  if (f.replacement) {
    const target = kb.apiVersion(f.replacement, record.kind);
    if (!target) out.push(`replacement ${f.replacement} is no api-versions record of ${record.kind}`);
    else {
      const available =
        target === record.replacement ? (record.replacementAvailableIn ?? target.introducedIn) : target.introducedIn;
      if (available !== null && available > c.from && !fix.includes(v(available)))
        out.push(`fix names ${target.apiVersion} without saying it is served only from ${v(available)}`);
      if (
        target.removedIn !== null &&
        target.removedIn <= c.to &&
        target.migrationNotes &&
        !fix.includes(target.migrationNotes)
      )
        out.push(`${target.apiVersion} is removed on the path too, and the fix leaves out its migration notes`);
    }
  } else {
    if (record.migrationNotes && !fix.includes(record.migrationNotes))
      out.push("no replacement, and the fix leaves out the record's migration notes");
    if (/release note linked/.test(fix) && !f.change) out.push('the fix points to a release note, and none is linked');
  }
}

function checkKeyFinding(record: WellKnownKey, f: Finding, c: Case, out: string[]): void {
  const fix = f.fix ?? '';
  if (!f.replacement) return;
  const key = kb.wellKnownKeys.find((k) => k.key === f.replacement);
  const field = kb.apiFields.find((x) => x.path === f.replacement);
  if (!key && !field) {
    out.push(`replacement ${f.replacement} is neither a well-known-keys nor an api-fields record`);
    return;
  }
  const since = key ? (record.replacementIn ?? key.introducedIn) : field!.introducedIn;
  if (since !== null && since > c.from && !fix.includes(v(since)))
    out.push(`fix names ${f.replacement} without saying it works only from ${v(since)}`);
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function collect(cases: Case[], check: (c: Case, f: Finding, out: string[]) => void): Problem[] {
  const problems: Problem[] = [];
  for (const c of cases) {
    for (const f of run(c)) {
      const out: string[] = [];
      check(c, f, out);
      for (const problem of out)
        problems.push({ case: `${c.label} ${v(c.from)}->${v(c.to)}`, finding: describeFinding(f), problem });
    }
  }
  return problems;
}

/** Readable failure: the first problems, one per line, and how many there are. */
function expectNone(problems: Problem[]): void {
  const text = problems.slice(0, 15).map((p) => `${p.case}: ${p.problem}\n    ${p.finding}`);
  expect(problems.length === 0 ? '' : `${problems.length} problems:\n${text.join('\n')}`).toBe('');
}

// ---- the records, rule by rule ---------------------------------------------------------------------------

describe('advice on the path, for every record and message', () => {
  it('api-version: replacements served when named, migration notes when none, notes about the version itself', () => {
    const cases: Case[] = kb.apiVersions.flatMap((a) =>
      pathsAround([a.deprecatedIn, a.removedIn]).map(([from, to]) => ({
        label: `api ${a.key}`,
        from,
        to,
        ruleId: 'api-version',
        manifest: yaml(object(a.apiVersion, a.kind)),
      })),
    );
    expect(cases.length).toBeGreaterThan(100);
    // A kind no version of a known group serves: not checked, and the fix names the version and kind.
    cases.push({
      label: 'apps/v1beta1 ReplicaSet',
      from: releases[0],
      to: releases[releases.length - 1],
      ruleId: 'api-version',
      manifest: yaml(object('apps/v1beta1', 'ReplicaSet')),
    });
    let findings = 0;
    const problems = collect(cases, (c, f, out) => {
      findings++;
      const record = kb.apiVersion(JSON.parse(c.manifest).apiVersion, JSON.parse(c.manifest).kind);
      if (!record) {
        if (f.messageId !== 'notKnown' || f.checked)
          out.push('a version no record names is not reported as not checked');
        if (!(f.fix ?? '').includes('apps/v1beta1') || !(f.fix ?? '').includes('ReplicaSet'))
          out.push('the fix does not name the version and kind');
        return;
      }
      checkApiVersionFinding(record, f, c, out);
      const link = linkProblem(f.change, [record]);
      if (link) out.push(link);
    });
    expect(findings).toBeGreaterThan(100);
    expectNone(problems);
  });

  it('api-version: a kind of a group netkb has no records of is not checked, said once and naming the group', () => {
    const manifest = [
      yaml({ ...object('projectcontour.io/v1', 'HTTPProxy'), metadata: { name: 'a' } }),
      yaml({ ...object('projectcontour.io/v1', 'HTTPProxy'), metadata: { name: 'b' } }),
      yaml({ ...object('projectcontour.io/v1', 'TLSCertificateDelegation'), metadata: { name: 'c' } }),
    ].join('\n---\n');
    const found = run({
      label: 'add-on',
      from: parseVersion('1.20'),
      to: parseVersion('1.25'),
      ruleId: 'api-version',
      manifest,
    });
    expect(found.map((f) => [f.messageId, f.severity, f.checked, f.resource.name])).toEqual([
      ['notCovered', 'INFO', false, 'a'],
      ['notCovered', 'INFO', false, 'c'],
    ]);
    expect(found[0].fix).toContain('projectcontour.io');
    expect(found[0].fix).toContain('projectcontour.io/v1');
  });

  it('api-version: live objects are checked as last applied, and one without a last-applied configuration is said once', () => {
    const live = (name: string, applied?: Record<string, unknown>) =>
      yaml({
        ...object('apps/v1', 'Deployment'),
        metadata: {
          name,
          namespace: 'shop',
          uid: `uid-${name}`,
          resourceVersion: '7',
          ...(applied
            ? { annotations: { 'kubectl.kubernetes.io/last-applied-configuration': JSON.stringify(applied) } }
            : {}),
        },
      });
    const manifest = [
      live('a', { ...object('extensions/v1beta1', 'Deployment'), metadata: { name: 'a' } }),
      live('b'),
      live('c'),
    ].join('\n---\n');
    const found = run({
      label: 'live',
      from: parseVersion('1.15'),
      to: parseVersion('1.20'),
      ruleId: 'api-version',
      manifest,
    });
    expect(
      found.map((f) => [f.messageId, f.severity, f.checked, f.resource.apiVersion, f.resource.name, f.resource.origin]),
    ).toEqual([
      [
        'liveAsServed',
        'INFO',
        false,
        'apps/v1',
        'b',
        { source: 'LIVE', liveApiVersion: 'apps/v1', helmRelease: null, apiRequest: null },
      ],
      [
        'removed',
        'BREAKING',
        true,
        'extensions/v1beta1',
        'a',
        { source: 'LAST_APPLIED', liveApiVersion: 'apps/v1', helmRelease: null, apiRequest: null },
      ],
    ]);
    // The applied object names the live object's namespace where the annotation leaves it out.
    expect(found[1].resource.namespace).toBe('shop');
    expect(found[0].fix).toContain('chart or operator');
  });

  it('api-version: deprecated APIs the API server reports requests of, dated by the records, with the callers the audit log names', () => {
    const fixture = (name: string) => readFileSync(join(projectRoot(), 'test', 'fixtures', 'apiserver', name), 'utf8');
    const reports = apiserverRecordReports(
      kb,
      { from: '1.20', to: '1.25' },
      {
        metrics: { name: 'metrics.txt', text: fixture('metrics.txt') },
        auditLog: { name: 'audit.log', text: fixture('audit.log') },
      },
      (_file, f) => f(),
    );
    const found = reports.flatMap((r) => r.report!.findings.map((f) => ({ file: r.file, f })));
    for (const { f } of found) seen.add(`${f.ruleId}/${f.messageId}`);
    expect(
      found.map(({ file, f }) => [
        file,
        f.line,
        f.resource.kind,
        f.messageId,
        f.severity,
        v(f.effectiveIn),
        f.replacement,
      ]),
    ).toEqual([
      ['metrics.txt', 9, 'componentstatuses', 'requestedNotKnown', 'INFO', '1.20', null],
      ['metrics.txt', 6, 'Ingress', 'removed', 'BREAKING', '1.22', 'networking.k8s.io/v1'],
      ['metrics.txt', 7, 'PodSecurityPolicy', 'removed', 'BREAKING', '1.25', null],
      // Requested after the metrics were read: only the audit log names it (the series at 0 is not a request).
      ['audit.log', 4, 'CronJob', 'removed', 'BREAKING', '1.25', 'batch/v1'],
    ]);
    const ingress = found[1].f;
    expect(ingress.resource.origin?.apiRequest?.callers).toEqual([
      {
        user: 'system:serviceaccount:ingress:controller',
        userAgent: 'nginx-ingress-controller/v0.26.1',
        verbs: ['list', 'watch'],
        requests: 2,
      },
    ]);
    expect(found[0].f.message).toContain('the API server reports as deprecated');
    expect(JSON.stringify(found.map(({ f }) => [f.message, f.fix, f.resource]))).not.toContain('s3cr3t-never-shown');
  });

  it("api-version: an add-on's API removed or deprecated in the add-on's releases names a version its newest release serves", () => {
    const dated = kb.addOns.apis.filter((a) => a.removedIn !== null || a.deprecatedIn !== null);
    expect(dated.length).toBeGreaterThan(20);
    const problems: Problem[] = [];
    for (const api of dated) {
      const found = run({
        label: `add-on ${api.apiVersion} ${api.kind}`,
        from: releases[0],
        to: releases[releases.length - 1],
        ruleId: 'api-version',
        manifest: yaml(object(api.apiVersion, api.kind)),
      });
      const where = `${api.addOn} ${api.apiVersion} ${api.kind}`;
      const wanted = api.removedIn !== null ? 'addOnRemoved' : 'addOnDeprecated';
      if (found.length !== 1 || found[0].messageId !== wanted || found[0].severity !== 'WARNING') {
        problems.push({
          case: where,
          finding: found.map((x) => x.messageId).join(', '),
          problem: `${where}: ${found.map((f) => f.messageId).join(', ') || 'nothing'} instead of ${wanted}`,
        });
        continue;
      }
      const f = found[0];
      const fix = f.fix ?? '';
      if (f.effectiveIn !== releases[0])
        problems.push({
          case: where,
          finding: found.map((x) => x.messageId).join(', '),
          problem: `${where}: bites at ${v(f.effectiveIn)}, not at the start`,
        });
      if (!f.message.includes(api.addOn))
        problems.push({
          case: where,
          finding: found.map((x) => x.messageId).join(', '),
          problem: `${where}: the message does not name ${api.addOn}`,
        });
      if (f.replacement === null) {
        if (!fix.includes(api.addOn))
          problems.push({
            case: where,
            finding: found.map((x) => x.messageId).join(', '),
            problem: `${where}: no replacement, and the fix does not name ${api.addOn}`,
          });
        continue;
      }
      // The replacement is a version of the same add-on and kind that the newest release serves, dated in the fix.
      const target = kb.addOns.apis.find((a) => a.apiVersion === f.replacement && a.kind === api.kind);
      if (!target || target.addOn !== api.addOn || target.removedIn !== null || target.deprecatedIn !== null)
        problems.push({
          case: where,
          finding: found.map((x) => x.messageId).join(', '),
          problem: `${where}: replacement ${f.replacement} is not a lasting version of ${api.addOn}`,
        });
      else if (!fix.includes(`from ${target.servedFrom}`))
        problems.push({
          case: where,
          finding: found.map((x) => x.messageId).join(', '),
          problem: `${where}: the fix does not say ${f.replacement} is served from ${target.servedFrom}`,
        });
      if (api.removedIn !== null && !fix.includes(`before ${api.removedIn}`) && !fix.includes('serves both'))
        problems.push({
          case: where,
          finding: found.map((x) => x.messageId).join(', '),
          problem: `${where}: the fix does not say to migrate before ${api.removedIn}`,
        });
    }
    expectNone(problems);
    // A version of an add-on's group that no release read serves: not checked, naming the add-on.
    const [unknown] = run({
      label: 'add-on version no release serves',
      from: releases[0],
      to: releases[releases.length - 1],
      ruleId: 'api-version',
      manifest: yaml(object('cert-manager.io/v9', 'Certificate')),
    });
    expect([unknown.messageId, unknown.severity, unknown.checked]).toEqual(['addOnNotKnown', 'INFO', false]);
    expect(unknown.fix).toContain('cert-manager');
  });

  it('feature-gate: AllAlpha and AllBeta are keys, refused before their release and said to change with every release', () => {
    const pod = (gates: string) =>
      yaml(
        object('v1', 'Pod', {
          spec: {
            containers: [{ name: 'c', image: 'example', command: ['kube-apiserver', `--feature-gates=${gates}`] }],
          },
        }),
      );
    const early = run({
      label: 'AllBeta before 1.17',
      from: parseVersion('1.15'),
      to: parseVersion('1.18'),
      ruleId: 'feature-gate',
      manifest: pod('AllBeta=true'),
    });
    expect(early.map((f) => [f.messageId, f.severity, v(f.effectiveIn)])).toEqual([
      ['keyNotYetKnown', 'BREAKING', '1.15'],
      ['keyOn', 'INFO', '1.15'],
    ]);
    expect(early[0].fix).toContain('1.17');
    const later = run({
      label: 'AllAlpha=false',
      from: parseVersion('1.20'),
      to: parseVersion('1.25'),
      ruleId: 'feature-gate',
      manifest: pod('AllAlpha=false'),
    });
    expect(later.map((f) => [f.messageId, f.severity, f.checked])).toEqual([['keyOff', 'INFO', true]]);
    expect(later[0].message).toContain('kube-apiserver');
    // Never looked up as a gate: not "not known to netkb".
    expect([...early, ...later].some((f) => f.messageId === 'notKnown')).toBe(false);
  });

  it("feature-gate: a file's own gates (kubeadm's) are dated from kubeadm's notes, or not checked, each naming the file", () => {
    const manifest = yaml({
      apiVersion: 'kubeadm.k8s.io/v1beta3',
      kind: 'ClusterConfiguration',
      featureGates: { IPv6DualStack: true, NoSuchKubeadmGate: true },
    });
    const found = run({
      label: 'own gates',
      from: parseVersion('1.20'),
      to: parseVersion('1.25'),
      ruleId: 'feature-gate',
      manifest,
    });
    // Not the Kubernetes gate of the same name (removed in 1.25): kubeadm's own, removed by kubeadm in 1.24 (#106648).
    expect(found.map((f) => [f.messageId, f.severity, f.checked, v(f.effectiveIn)])).toEqual([
      ['ownNotKnown', 'INFO', false, '1.20'],
      ['ownRemoved', 'BREAKING', true, '1.24'],
    ]);
    expect(found[0].fix).toContain('ClusterConfiguration (kubeadm.k8s.io/v1beta3)');
    expect(found[1].fix).toContain('before running kubeadm 1.24');
    // Every own gate the notes date: refused before its release, and from its removal, never elsewhere.
    const problems: Problem[] = [];
    for (const gate of kb.toolGates) {
      const r = run({
        label: gate.gate,
        from: releases[0],
        to: releases[releases.length - 1],
        ruleId: 'feature-gate',
        manifest: yaml({
          apiVersion: 'kubeadm.k8s.io/v1beta4',
          kind: 'ClusterConfiguration',
          featureGates: { [gate.gate]: true },
        }),
      });
      // Deprecated and GA are said when they fall inside the path and before the removal.
      const inside = (r: string | null) =>
        r !== null &&
        parseVersion(r) > releases[0] &&
        (gate.removedIn === null || parseVersion(r) < parseVersion(gate.removedIn));
      const wanted = [
        ...(gate.introducedIn !== null && parseVersion(gate.introducedIn) > releases[0] ? ['ownNotYetKnown'] : []),
        ...(gate.removedIn !== null ? ['ownRemoved'] : []),
        ...(inside(gate.deprecatedIn) ? ['deprecated'] : []),
        ...(inside(gate.gaIn) ? ['graduates'] : []),
      ];
      const got = r.map((f) => f.messageId).sort();
      if (JSON.stringify(got) !== JSON.stringify([...wanted].sort()))
        problems.push({
          case: gate.gate,
          finding: got.join(', '),
          problem: `wanted ${wanted.join(', ') || 'nothing'}`,
        });
    }
    expect(kb.toolGates.length).toBeGreaterThanOrEqual(10);
    expect(kb.toolGates.filter((g) => g.gaIn !== null).length).toBeGreaterThanOrEqual(5);
    expectNone(problems);
    // The words: a kubeadm gate's deprecation (1.31, #124997) and its GA, locked to enabled, before its removal.
    const staged = run({
      label: 'own gates, deprecated and GA',
      from: parseVersion('1.30'),
      to: parseVersion('1.32'),
      ruleId: 'feature-gate',
      manifest: yaml({
        apiVersion: 'kubeadm.k8s.io/v1beta4',
        kind: 'ClusterConfiguration',
        featureGates: { RootlessControlPlane: true, EtcdLearnerMode: true },
      }),
    });
    expect(staged.map((f) => [f.messageId, f.severity, v(f.effectiveIn), f.message, f.fix])).toEqual([
      [
        'deprecated',
        'WARNING',
        '1.31',
        'Feature gate RootlessControlPlane is deprecated from 1.31.',
        'Plan to stop setting RootlessControlPlane.',
      ],
      [
        'graduates',
        'INFO',
        '1.32',
        'Feature gate EtcdLearnerMode is GA from 1.32 and locked to true; the setting can be dropped before the gate is removed in 1.33.',
        'Drop EtcdLearnerMode from the featureGates of ClusterConfiguration once kubeadm runs 1.32 or later.',
      ],
    ]);
  });

  it("api-field: a configuration file's field no release of its types has is not checked; kubeadm's files once per kind", () => {
    const proxy = {
      apiVersion: 'kubeproxy.config.k8s.io/v1alpha1',
      kind: 'KubeProxyConfiguration',
      // A misspelled field, a map (its keys are not fields), a value of another package's type (not walked).
      conntrack: { maxx: 3, min: 1 },
      featureGates: { NoSuchGateHere: true },
      clientConnection: { kubeconfig: '/var/lib/kube-proxy/kubeconfig.conf' },
    };
    const found = run({
      label: 'file fields',
      from: parseVersion('1.20'),
      to: parseVersion('1.25'),
      ruleId: 'api-field',
      manifest: yaml(proxy),
    });
    expect(found.map((f) => [f.messageId, f.severity, f.checked, f.path])).toEqual([
      ['notKnown', 'INFO', false, 'conntrack.maxx'],
    ]);
    expect(found[0].message).toContain('conntrack.maxx');
    expect(found[0].fix).toContain('kube-proxy');
    // kubeadm's files: against the one copy of each version's types netkb read. useHyperKubeImage is v1beta2's,
    // which v1beta3 dropped (1.22 notes, #101537); the copy's address is named.
    const kubeadm = yaml({
      apiVersion: 'kubeadm.k8s.io/v1beta3',
      kind: 'ClusterConfiguration',
      clusterName: 'c1',
      useHyperKubeImage: true,
      networking: { podSubnet: '10.244.0.0/16' },
      apiServer: { extraArgs: { 'audit-log-maxage': '30' }, certSANs: ['a'] },
    });
    const copy = run({
      label: 'kubeadm',
      from: parseVersion('1.25'),
      to: parseVersion('1.28'),
      ruleId: 'api-field',
      manifest: kubeadm,
    });
    expect(copy.map((f) => [f.messageId, f.severity, f.checked, f.path])).toEqual([
      ['notInCopy', 'INFO', false, 'useHyperKubeImage'],
    ]);
    expect(copy[0].message).toMatch(
      /^useHyperKubeImage is not a field of ClusterConfiguration kubeadm\.k8s\.io\/v1beta3 in the copy of its types netkb read \(https:\/\/github\.com\/kubernetes\/kubernetes\/blob\/[0-9a-f]{40}\/cmd\/kubeadm\/app\/apis\/kubeadm\/v1beta3\/types\.go\)/,
    );
    expect(copy[0].fix).toContain('kubeadm');
    // v1beta4 has extraArgs as a list of {name, value}: v1beta3's map is said once, at the field, not key by key.
    const v1beta4 = run({
      label: 'kubeadm v1beta4',
      from: parseVersion('1.31'),
      to: parseVersion('1.33'),
      ruleId: 'api-field',
      manifest: yaml({
        apiVersion: 'kubeadm.k8s.io/v1beta4',
        kind: 'ClusterConfiguration',
        apiServer: { extraArgs: { 'authorization-mode': 'Node,RBAC', 'audit-log-maxage': '30' } },
        controllerManager: { extraArgs: [{ name: 'v', value: '4' }] },
      }),
    });
    expect(v1beta4.map((f) => [f.messageId, f.severity, f.checked, f.path])).toEqual([
      ['otherShape', 'INFO', false, 'apiServer.extraArgs'],
    ]);
    expect(v1beta4[0].message).toBe(
      'apiServer.extraArgs of ClusterConfiguration kubeadm.k8s.io/v1beta4 is written as a map, where its types have a list of objects: what it holds is not checked.',
    );
    expect(v1beta4[0].fix).toMatch(
      /^Write apiServer\.extraArgs as a list of objects, as the ClusterConfiguration kubeadm\.k8s\.io\/v1beta4 reference shows: kubeadm /,
    );
  });

  it('api-field: replacement fields that exist on the path, dated when they arrive later; notes about the field', () => {
    const cases: (Case & { field: ApiField })[] = [];
    for (const field of kb.apiFields) {
      const events = [field.introducedIn, field.deprecatedIn, field.removedIn];
      for (const [from, to] of pathsAround(events)) {
        const apiVersion = apiVersionFor(field, from);
        if (!apiVersion) continue;
        cases.push({
          label: `field ${field.key}`,
          from,
          to,
          ruleId: 'api-field',
          field,
          manifest: yaml(withPath(object(apiVersion, field.kind), field.path, 'x')),
        });
      }
    }
    expect(cases.length).toBeGreaterThan(100);
    let findings = 0;
    const problems = collect(cases, (c, f, out) => {
      findings++;
      const at = (f.path ?? '').replace(/\[\d+\]/g, '[]');
      const field = kb.apiFields.find((x) => x.kind === (c as any).field.kind && x.path === at) ?? (c as any).field;
      checkFieldFinding(field, f, c, out);
      const link = linkProblem(f.change, field.featureGate ? [field, field.featureGate] : [field]);
      if (link) out.push(link);
    });
    expect(findings).toBeGreaterThan(50);
    expectNone(problems);
  });

  it("api-field values: refused or deprecated when the record dates it for the file's version, with a replacement still taken", () => {
    const cases: (Case & { field: ApiField; value: ApiField['values'][number]; apiVersion: string })[] = [];
    for (const field of kb.apiFields)
      for (const value of field.values)
        for (const [from, to] of pathsAround([value.deprecatedIn, value.removedIn])) {
          const apiVersion = value.apiVersions[0] ?? apiVersionFor(field, from);
          if (!apiVersion) continue;
          // A * step is any key of a map: write it as one (an extension point).
          const path = field.path.replace(/\*/g, 'filter');
          cases.push({
            label: `value ${value.value} of ${field.key} (${apiVersion})`,
            from,
            to,
            ruleId: 'api-field',
            field,
            value,
            apiVersion,
            manifest: yaml(withPath(object(apiVersion, field.kind), path, value.value)),
          });
        }
    expect(cases.length).toBeGreaterThan(20);
    let findings = 0;
    const problems = collect(cases, (c, f, out) => {
      const { field, value, apiVersion } = c as (typeof cases)[number];
      if (f.messageId !== 'valueRemoved' && f.messageId !== 'valueDeprecated') return;
      findings++;
      const entries = field.values.filter(
        (x) => x.value === value.value && (x.apiVersions.length === 0 || x.apiVersions.includes(apiVersion)),
      );
      const dates = entries
        .map((x) => (f.messageId === 'valueRemoved' ? x.removedIn : x.deprecatedIn))
        .filter((d) => d !== null);
      if (!dates.includes(f.since ?? -1))
        out.push(`since ${f.since} is none of the record's dates ${dates.join(', ')}`);
      if (f.since !== null && f.since > c.to) out.push('bites after the path');
      if (!f.message.startsWith(`${value.value} in `)) out.push('the message does not start with the value');
      if (!f.message.includes(apiVersion)) out.push("the message does not name the file's version");
      if (f.replacement) {
        if (!f.fix?.includes(f.replacement)) out.push('the fix does not name the replacement');
        // The replacement must still be taken where the finding bites.
        const refused = field.values.find(
          (x) =>
            x.value === f.replacement &&
            x.removedIn !== null &&
            x.removedIn <= f.effectiveIn &&
            (x.apiVersions.length === 0 || x.apiVersions.includes(apiVersion)),
        );
        if (refused) out.push(`replacement ${f.replacement} is itself refused from ${v(refused.removedIn!)}`);
      } else if (f.messageId === 'valueRemoved' && !f.fix?.startsWith(`Remove ${value.value} from `))
        out.push('no replacement, and the fix does not say to remove the value');
      if (f.change && !f.change.subjects.some((s) => s.key === field.key))
        out.push('links a note about another subject');
    });
    expect(findings).toBeGreaterThan(15);
    expectNone(problems);
    // A value only disabled is not a use; a version the value has no entry for says nothing.
    const disabled = run({
      label: 'disabled',
      from: parseVersion('1.30'),
      to: parseVersion('1.33'),
      ruleId: 'api-field',
      manifest: yaml({
        apiVersion: 'kubescheduler.config.k8s.io/v1',
        kind: 'KubeSchedulerConfiguration',
        profiles: [{ schedulerName: 's', plugins: { filter: { disabled: [{ name: 'EBSLimits' }] } } }],
      }),
    });
    expect(disabled.filter((f) => f.messageId.startsWith('value'))).toEqual([]);
  });

  it('component-flag: replacement flags and values of the component, dated when they arrive later; notes about the flag', () => {
    const cases: (Case & { flag: Flag })[] = [];
    for (const flag of kb.flags) {
      const binary = kb.components.find((x) => x.name === flag.component)?.binaries[0];
      if (!binary) continue;
      const given: { value: string; events: (VersionKey | null)[] }[] = [
        { value: 'x', events: [flag.deprecatedIn, flag.removedIn, ...flag.defaults.map((d) => d.since)] },
        ...flag.values.map((x) => ({ value: x.value, events: [x.deprecatedIn, x.removedIn] })),
      ];
      for (const g of given)
        for (const [from, to] of pathsAround(g.events))
          cases.push({
            label: `flag ${flag.key}=${g.value}`,
            from,
            to,
            ruleId: 'component-flag',
            flag,
            manifest: podWithArgs(binary, [`${flag.name}=${g.value}`]),
          });
    }
    expect(cases.length).toBeGreaterThan(100);
    // A flag no record names: the finding says it was not checked and names it; its fix names the component.
    const unknown = {
      key: 'kube-apiserver --netkb-no-such-flag',
      component: 'kube-apiserver',
      name: '--netkb-no-such-flag',
    };
    cases.push({
      label: 'a flag no record names',
      from: releases[0],
      to: releases[releases.length - 1],
      ruleId: 'component-flag',
      flag: unknown as unknown as Flag,
      manifest: podWithArgs('kube-apiserver', [`${unknown.name}=1`]),
    });
    // An item of a list flag that no value record names: said as not checked, naming the item, the flag, and the
    // component in its fix.
    const listFlag = kb.flags.find((f) => f.listValues)!;
    const unknownItem = 'NetkbNoSuchPlugin';
    cases.push({
      label: 'an item of a list flag no record names',
      from: releases[0],
      to: releases[releases.length - 1],
      ruleId: 'component-flag',
      flag: listFlag,
      manifest: podWithArgs(listFlag.component, [`${listFlag.name}=${unknownItem}`]),
    });
    // A flag whose keys name API group/versions: each group/version whose every kind is gone, around its removal;
    // and a group/version no record names.
    const keyFlags = kb.flags.filter((f) => f.apiVersionKeys !== null);
    expect(keyFlags.length).toBeGreaterThan(0);
    const gone = new Map<string, VersionKey>();
    for (const a of kb.apiVersions) {
      const gv = a.group === '' ? `api/${a.version}` : `${a.group}/${a.version}`;
      const kinds = kb.apiVersions.filter((b) => b.group === a.group && b.version === a.version);
      if (kinds.every((b) => b.removedIn !== null)) gone.set(gv, Math.max(...kinds.map((b) => b.removedIn!)));
    }
    expect(gone.size).toBeGreaterThan(10);
    const unknownKey = 'netkb.example.io/v9';
    for (const flag of keyFlags)
      for (const [gv, removedIn] of gone)
        // Paths around the removal, and one that starts after it (the key is a thing of the past there).
        for (const [from, to] of [...pathsAround([removedIn]), [removedIn + 2, removedIn + 4]].filter(
          ([a, b]) => releases.includes(a) && releases.includes(b),
        ))
          cases.push({
            label: `flag ${flag.key} key ${gv}`,
            from,
            to,
            ruleId: 'component-flag',
            flag,
            manifest: podWithArgs(flag.component, [`${flag.name}=${gv}=true,${unknownKey}=true,api/all=true`]),
          });
    let findings = 0;
    const problems = collect(cases, (c, f, out) => {
      findings++;
      const setFlag = (c as any).flag as Flag;
      if (f.messageId === 'keyNotServed' || f.messageId === 'keysNotKnown') {
        const key = /key (\S+)$/.exec(c.label)?.[1];
        const named = f.messageId === 'keysNotKnown' ? unknownKey : key;
        if (!named || !f.message.includes(` names ${named}`)) out.push(`does not name the key ${named}`);
        if (f.checked || f.severity !== 'INFO') out.push('is not said as not checked (INFO)');
        if (!(f.fix ?? '').includes(setFlag.component)) out.push('the fix does not name the component');
        if (f.messageId === 'keyNotServed') {
          const removedIn = gone.get(key!)!;
          if (!f.message.includes(`by default from ${v(removedIn)}`)) out.push('does not date the removal');
          const before = (f.fix ?? '').includes(`before ${v(removedIn)}`);
          if (before !== removedIn > c.from) out.push('the fix says "before" a release of the past, or leaves it out');
          if (f.effectiveIn !== Math.max(removedIn, c.from)) out.push('does not bite at the removal');
        }
        return;
      }
      if (f.messageId === 'itemsNotKnown') {
        // The item given: the made-up plugin, or the x every flag is given above.
        if (!new RegExp(` lists (${unknownItem}|x), `).test(f.message)) out.push('does not name the item');
        if (!f.message.includes(setFlag.name) || f.checked || f.severity !== 'INFO')
          out.push('does not name the list flag as not checked (INFO)');
        if (!(f.fix ?? '').includes(setFlag.component)) out.push('the fix does not name the component');
        return;
      }
      if (f.messageId === 'notKnown') {
        if (!f.message.includes(unknown.name) || f.checked) out.push('does not name the flag as not checked');
        if (!(f.fix ?? '').includes(unknown.component)) out.push('the fix does not name the component');
        return;
      }
      // A default change is about a flag the container does not set: the one its fix names.
      const named = f.messageId === 'defaultChanged' ? /^Set (--[a-z0-9-]+)=/.exec(f.fix ?? '')?.[1] : null;
      const flag = named ? kb.flag(setFlag.component, named) : setFlag;
      if (!flag) {
        out.push(`the fix names ${named}, no flags record of ${setFlag.component}`);
        return;
      }
      checkFlagFinding(flag, f, c, out);
      const link = linkProblem(f.change, [flag]);
      if (link) out.push(link);
    });
    expect(findings).toBeGreaterThan(50);
    expectNone(problems);
  });

  it('component-flag in config files: replacement values as the file writes them, dated when they arrive later', () => {
    const cases: (Case & { flag: Flag })[] = [];
    for (const flag of kb.flags) {
      if (!flag.configField || flag.values.length === 0) continue;
      const component = kb.components.find((x) => x.name === flag.component);
      for (const groupKind of component?.configKinds ?? []) {
        const group = groupKind.slice(0, groupKind.lastIndexOf('/'));
        const kind = groupKind.slice(groupKind.lastIndexOf('/') + 1);
        const path = flag.configField.split('.');
        for (const x of flag.values)
          for (const [from, to] of pathsAround([x.deprecatedIn, x.removedIn])) {
            const body = path.reduceRight<unknown>((inner, key) => ({ [key]: inner }), x.value);
            cases.push({
              label: `${kind} ${flag.configField}: ${x.value}`,
              from,
              to,
              ruleId: 'component-flag',
              flag,
              manifest: JSON.stringify({ apiVersion: `${group}/v1alpha1`, kind, ...(body as object) }),
            });
          }
      }
    }
    expect(cases.length).toBeGreaterThan(5);
    let findings = 0;
    const problems = collect(cases, (c, f, out) => {
      findings++;
      const flag = (c as any).flag as Flag;
      const fix = f.fix ?? '';
      if (/(?<![\w-])--[a-z]/.test(fix)) out.push('the fix names a flag where the file needs a field');
      if (f.replacement) {
        const [field, value] = f.replacement.split(': ');
        const life = flag.values.find((x) => x.value === value);
        if (field !== flag.configField || !life)
          out.push(`replacement ${f.replacement} is no value of ${flag.configField}`);
        else {
          if (life.introducedIn !== null && life.introducedIn > c.to)
            out.push('the replacement arrives after the path ends');
          if (life.removedIn !== null && life.removedIn <= f.effectiveIn) out.push('the replacement is gone by then');
          if (life.introducedIn !== null && life.introducedIn > c.from && !fix.includes(`from ${v(life.introducedIn)}`))
            out.push(`fix names ${f.replacement} without saying it exists only from ${v(life.introducedIn)}`);
        }
      }
      const link = linkProblem(f.change, [flag]);
      if (link) out.push(link);
    });
    expect(findings).toBeGreaterThan(5);
    expectNone(problems);
  });

  it('feature-gate: fixes name only the gate and its components; notes about the gate', () => {
    const cases: (Case & { gate: FeatureGate })[] = [];
    for (const gate of kb.featureGates) {
      const binary = kb.components.find((x) => gate.components.includes(x.name))?.binaries[0];
      if (!binary) continue;
      const events = [gate.removedIn, ...gate.lifecycle.map((s) => s.since)];
      for (const value of [true, false])
        for (const [from, to] of pathsAround(events))
          cases.push({
            label: `gate ${gate.name}=${value}`,
            from,
            to,
            ruleId: 'feature-gate',
            gate,
            manifest: podWithArgs(binary, [`--feature-gates=${gate.name}=${value}`]),
          });
    }
    // A gate no record names: the finding says it was not checked, and its fix still names the gate.
    const unknown = { name: 'NetkbHasNoSuchGate', changes: [] } as unknown as FeatureGate;
    cases.push({
      label: 'a gate no record names',
      from: releases[0],
      to: releases[releases.length - 1],
      ruleId: 'feature-gate',
      gate: unknown,
      manifest: podWithArgs('kube-apiserver', [`--feature-gates=${unknown.name}=true`]),
    });
    let findings = 0;
    const problems = collect(cases, (c, f, out) => {
      findings++;
      const gate = (c as any).gate as FeatureGate;
      if (!(f.fix ?? '').includes(gate.name)) out.push('the fix does not name the gate');
      const link = linkProblem(f.change, [gate]);
      if (link) out.push(link);
    });
    expect(findings).toBeGreaterThan(50);
    expectNone(problems);
  });

  it('well-known-key: a replacement key or field is a record, dated when it works only later; notes about the key', () => {
    const cases: (Case & { key: WellKnownKey })[] = [];
    // Each role of a key on its own (node-role.kubernetes.io/master: as a taint and as a label), with its own dates.
    const roles = kb.wellKnownKeys.flatMap((k) => [k, ...k.otherRoles.map((r) => keyInRole(k, r.type)!)]);
    expect(roles.length).toBeGreaterThan(kb.wellKnownKeys.length);
    for (const key of roles) {
      // A record for every key under a prefix is used as the key of container c.
      const written = key.key.replace(/\/\*$/, '/c');
      const spec =
        key.type === 'TAINT'
          ? {
              tolerations: [{ key: written, operator: 'Exists', effect: 'NoSchedule' }],
              containers: [{ name: 'c', image: 'x' }],
            }
          : { nodeSelector: { [written]: 'x' }, containers: [{ name: 'c', image: 'x' }] };
      const metadata =
        key.type === 'ANNOTATION'
          ? { name: 'advice', annotations: { [written]: 'x' } }
          : key.type === 'LABEL'
            ? { name: 'advice', labels: { [written]: 'x' } }
            : { name: 'advice' };
      // An annotation replaced by a field sits on objects of that field's kind (kubernetes.io/ingress.class
      // on an Ingress, next to spec.ingressClassName).
      const field = kb.apiFields.find((f) => f.path === key.replacement);
      for (const [from, to] of pathsAround([key.deprecatedIn, key.removedIn])) {
        const manifest =
          key.type === 'ANNOTATION' && field
            ? yaml({ apiVersion: apiVersionFor(field, from), kind: field.kind, metadata })
            : yaml({ apiVersion: 'v1', kind: 'Pod', metadata, spec });
        cases.push({ label: `key ${key.key}`, from, to, ruleId: 'well-known-key', key, manifest });
      }
    }
    let findings = 0;
    const problems = collect(cases, (c, f, out) => {
      findings++;
      const key = (c as any).key as WellKnownKey;
      checkKeyFinding(key, f, c, out);
      const link = linkProblem(f.change, [key]);
      if (link) out.push(link);
    });
    expect(findings).toBeGreaterThan(20);
    expectNone(problems);
  });

  it('well-known-key: a key of the reserved domains that no record names is not checked, and says where to look', () => {
    const metadata = { name: 'advice', annotations: { 'made-up.k8s.io/thing': 'x', 'example.com/thing': 'x' } };
    const found = run({
      label: 'unknown key',
      from: parseVersion('1.20'),
      to: parseVersion('1.21'),
      ruleId: 'well-known-key',
      manifest: yaml({ apiVersion: 'v1', kind: 'ConfigMap', metadata }),
    });
    expect(found.map((f) => [f.messageId, f.severity, f.checked, f.fix])).toEqual([
      ['notKnown', 'INFO', false, expect.stringContaining('Kubernetes reserves k8s.io for its own keys')],
    ]);
    for (const f of found) seen.add(`${f.ruleId}/${f.messageId}`);
    // A key of an Ingress controller whose annotations netkb knows: its own, and the fix names the controller.
    for (const provider of kb.gatewayApi.providers) {
      const key = `${provider.annotationPrefix}netkb-made-up`;
      const own = run({
        label: 'controller key',
        from: parseVersion('1.20'),
        to: parseVersion('1.21'),
        ruleId: 'well-known-key',
        manifest: yaml({
          apiVersion: 'v1',
          kind: 'ConfigMap',
          metadata: { name: 'advice', annotations: { [key]: 'x' } },
        }),
      });
      expect(own.map((f) => [f.messageId, f.severity, f.checked])).toEqual([['controllerKey', 'INFO', false]]);
      expect(own[0].message).toContain(provider.name);
      expect(own[0].fix).toContain(provider.name);
      for (const f of own) seen.add(`${f.ruleId}/${f.messageId}`);
    }
  });

  it('constraint: the fix names the fields that make up the value, and the change the record names', () => {
    const cases: Case[] = [];
    for (const cst of kb.constraints) {
      let pod: Record<string, unknown> = object('v1', cst.kind);
      for (const part of cst.measure.parts)
        if ('from' in part) pod = withPath(pod, part.from[0], 'a'.repeat(cst.maxLength));
      if (cst.when) pod = withPath(pod, cst.when.path, cst.when.equals);
      const since = cst.since ?? cst.featureGate?.lifecycle.find((s) => s.defaultEnabled)?.since ?? null;
      for (const [from, to] of pathsAround([since]))
        cases.push({ label: `constraint ${cst.key}`, from, to, ruleId: 'constraint', manifest: yaml(pod) });
    }
    let findings = 0;
    const problems = collect(cases, (c, f, out) => {
      findings++;
      const cst = kb.constraints.find((x) => c.label === `constraint ${x.key}`)!;
      if (f.severity !== cst.severity) out.push(`severity ${f.severity}, the record says ${cst.severity}`);
      for (const part of cst.measure.parts)
        if ('from' in part && !(f.fix ?? '').includes(part.from[0])) out.push(`the fix does not name ${part.from[0]}`);
      if (f.change !== cst.change) out.push("the linked change is not the record's");
    });
    expect(findings).toBeGreaterThan(0);
    expectNone(problems);
  });

  it('not-kubernetes: a skipped document gets no advice and no change', () => {
    const [f] = upgradeReport(kb, {
      from: '1.20',
      to: '1.21',
      manifest: 'just: a map\n---\n' + yaml(object('v1', 'ConfigMap')),
    }).findings;
    expect(f).toMatchObject({ ruleId: 'not-kubernetes', severity: 'INFO', fix: null, replacement: null, change: null });
    seen.add(`${f.ruleId}/${f.messageId}`);
  });

  it('every message of every rule was produced and checked above (api-reference: api-reference-advice.test.ts, gateway-api: gateway-api-advice.test.ts)', () => {
    const own = new Set(['api-reference', 'gateway-api']);
    const all = RULES.filter((r) => !own.has(r.id)).flatMap((r) => Object.keys(r.messages).map((m) => `${r.id}/${m}`));
    expect(all.length).toBeGreaterThan(10);
    expect(all.filter((m) => !seen.has(m))).toEqual([]);
  });
});

// ---- the cases of issue #15, spelled out ------------------------------------------------------------------

describe('the advice of issue #15', () => {
  const only = (from: string, to: string, manifest: string, ruleId: string) =>
    upgradeReport(kb, { from, to, manifest }).findings.filter((f) => f.ruleId === ruleId);

  it('Service spec.topologyKeys on 1.19 -> 1.25 names spec.internalTrafficPolicy with its release, not spec.trafficDistribution', () => {
    const svc = yaml(
      object('v1', 'Service', { spec: { topologyKeys: ['kubernetes.io/hostname'], ports: [{ port: 80 }] } }),
    );
    const [f] = only('1.19', '1.25', svc, 'api-field');
    expect(f).toMatchObject({ messageId: 'removed', severity: 'BREAKING', replacement: 'spec.internalTrafficPolicy' });
    expect(f.fix).toContain('spec.internalTrafficPolicy (from 1.21');
    expect(f.fix).toContain('on by default from 1.22');
    expect(f.fix).not.toContain('trafficDistribution');
    // On a path that reaches 1.30 the later field is usable and named, with its release.
    const [later] = only('1.19', '1.31', svc, 'api-field');
    expect(later.fix).toContain('spec.trafficDistribution (from 1.30');
  });

  it('Service spec.ipFamily on 1.19 -> 1.22 says ipFamilyPolicy and ipFamilies exist only from 1.20', () => {
    const svc = yaml(object('v1', 'Service', { spec: { ipFamily: 'IPv6', ports: [{ port: 80 }] } }));
    const [f] = only('1.19', '1.22', svc, 'api-field');
    expect(f).toMatchObject({ messageId: 'removed', replacement: 'spec.ipFamilyPolicy, spec.ipFamilies' });
    expect(f.fix).toContain('spec.ipFamilyPolicy (from 1.20');
    expect(f.fix).toContain('spec.ipFamilies (from 1.20');
  });

  it('policy/v1beta1 PodSecurityPolicy on 1.21 -> 1.25 gives the Pod Security Admission migration and no 1.16 note', () => {
    const psp = yaml(object('policy/v1beta1', 'PodSecurityPolicy'));
    const [f] = only('1.21', '1.25', psp, 'api-version');
    expect(f).toMatchObject({ messageId: 'removed', severity: 'BREAKING', replacement: null });
    expect(f.fix).toContain('pod-security.kubernetes.io/enforce');
    expect(f.fix).toContain('from 1.23');
    expect(f.change?.prs).toEqual([109798]);
    // The same note is right for the version it does remove.
    const [old] = only('1.15', '1.16', yaml(object('extensions/v1beta1', 'PodSecurityPolicy')), 'api-version');
    expect(old.change?.prs).toContain(70672);
  });
});
