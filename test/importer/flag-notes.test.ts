// netkb import flag-notes on made-up notes in the shapes of the release team's drafts (test/fixtures/flag-notes):
// which sentences count as a component's flag removed or deprecated in that release, how a note is attributed
// to one component (its text, else its area labels), what the generated records say, and how the curated flags
// are held to the events.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { projectRoot } from '../../src/config';
import { buildFlagEvents, writeFlagEvents } from '../../src/importer/flag-notes/run';
import { readReleaseNotesSource } from '../../src/importer/release-notes';
import { readFlagEvents } from '../../src/seed/flag-events-index';
import {
  checkFlagsAgainstEvents,
  checkFlagValuesAgainstNotes,
  fillFlagValuesFromEvents,
  generateFlags,
} from '../../src/seed/generated-flags';
import type { SeedProblem } from '../../src/seed/load';
import type { ApiFieldRecord, FlagRecord } from '../../src/seed/schemas';
import type { SeedBundle } from '../../src/seed/bundle';
import type { GeneratedIndex } from '../../src/seed/generated-index';
import { checkContext } from '../../src/seed/cross-check/context';
import { checkConfigValues } from '../../src/seed/cross-check/config-values';
import { netkb } from '../support/cli';

const FIXTURES = join(projectRoot(), 'test', 'fixtures', 'flag-notes');
const COMPONENTS = ['kube-apiserver', 'kube-controller-manager', 'kube-proxy', 'kube-scheduler', 'kubelet'];
const source = readReleaseNotesSource(join(FIXTURES, 'source.yaml'));
const index = buildFlagEvents(FIXTURES, source, COMPONENTS);

describe('netkb import flag-notes', () => {
  it("keeps a component's flags removed or deprecated in the release, and nothing announced, advised or shared", () => {
    expect(index.events).toEqual([
      // "Deprecated the `--x` CLI parameters in kube-apiserver".
      { component: 'kube-apiserver', flag: '--cloud-widget', release: '1.30', event: 'deprecated', pr: 3023 },
      { component: 'kube-apiserver', flag: '--old-cache', release: '1.30', event: 'deprecated', pr: 3002 },
      { component: 'kube-apiserver', flag: '--older-cache', release: '1.30', event: 'deprecated', pr: 3002 },
      // "the `--x` flag and authentication mode is deprecated and will be removed": deprecated now, removal later.
      { component: 'kube-apiserver', flag: '--widget-auth-file', release: '1.30', event: 'deprecated', pr: 3025 },
      // "... is deprecated. kube-apiserver connections ... endpoints": the next clause's endpoints are not the flag.
      { component: 'kube-apiserver', flag: '--widget-https', release: '1.30', event: 'deprecated', pr: 3024 },
      { component: 'kube-proxy', flag: '--widget-mode', release: '1.30', event: 'removed', pr: 3001 },
      // By the name the markdown groups the notes under ("- kube-scheduler:" over indented bullets, "#### kubelet:"
      // over unindented ones), with each of two successors paired with its flag.
      { component: 'kube-scheduler', flag: '--burst-mode', release: '1.30', event: 'removed', pr: 3007 },
      // "options are now marked as deprecated"; "the `--x` kubelet flag is deprecated and will be removed".
      { component: 'kubelet', flag: '--frob-a', release: '1.30', event: 'deprecated', pr: 3022 },
      { component: 'kubelet', flag: '--frob-b', release: '1.30', event: 'deprecated', pr: 3022 },
      { component: 'kubelet', flag: '--old-widget', release: '1.30', event: 'deprecated', pr: 3021 },
      // prettier-ignore
      { component: 'kubelet', flag: '--ping-port', release: '1.30', event: 'deprecated', pr: 3009, successor: '--ping-address' },
      // prettier-ignore
      { component: 'kubelet', flag: '--pong-port', release: '1.30', event: 'deprecated', pr: 3009, successor: '--pong-address' },
      // By its area label: the note's text names no component.
      { component: 'kube-apiserver', flag: '--cache-size', release: '1.31', event: 'deprecated', pr: 4003 },
      { component: 'kube-apiserver', flag: '--old-cache', release: '1.31', event: 'removed', pr: 4004 },
      // A note that names no component: the one an earlier note gave the flag (not --gadget-auth-file, which no
      // earlier note names, nor a note that names kubectl).
      { component: 'kube-apiserver', flag: '--widget-auth-file', release: '1.31', event: 'removed', pr: 4013 },
      { component: 'kubelet', flag: '--chaos-level', release: '1.31', event: 'removed', pr: 4001 },
      // "Removed deprecated `--x`/`x` config": removed by name, without the word "flag".
      { component: 'kubelet', flag: '--frob-a', release: '1.31', event: 'removed', pr: 4015 },
    ]);
    // Left out: a removal announced for later (--pod-frobnicate), a note of two components (--shared-thing),
    // a secret removed after advice to remove a flag (--legacy-loop), a flag only called "the deprecated ...",
    // a note labelled with another tool's area (--print-widgets), a flag another clause only mentions
    // (--cache-size in 1.30), the gates a note removes with "the corresponding `--feature-gates` flags", a note
    // grouped under another tool (--print-all under "- kubectl").
    expect(index.releases.map((r) => r.release)).toEqual(['1.30', '1.31']);
  });

  it('keeps the values of list flags the notes remove or deprecate, for each flag the source says takes them', () => {
    const said = (flag: string) =>
      index.values.filter((e) => e.flag === flag).map((e) => [e.value, e.release, e.event, e.pr]);
    expect(said('--enable-admission-plugins')).toEqual([
      ['FrobAdmit', '1.30', 'deprecated', 3011],
      ['WidgetPreset', '1.30', 'removed', 3012],
      ['FrobAdmit', '1.31', 'removed', 4006],
      ['OldGuard', '1.31', 'removed', 4007],
    ]);
    expect(said('--admission-control')).toEqual(said('--enable-admission-plugins'));
    // Left out: a plugin only fixed (NodeWidget), a removed plugin the note does not name, a plugin a webhook is
    // added to replace (OldGuard in 1.30), and the 1.31 sentence's "deprecated since 1.30", already known.
    expect(index.values.every((e) => e.component === 'kube-apiserver')).toBe(true);
  });

  it("keeps the values of components' configuration-file fields the notes remove or deprecate, every event stated", () => {
    expect(index.configValues.map((e) => [e.component, e.value, e.release, e.event, e.pr])).toEqual([
      // A list in parentheses after the noun, in the kube-scheduler group of the markdown.
      ['kube-scheduler', 'GadgetAffinity', '1.30', 'deprecated', 3020],
      // A note that names no component, read because the source lists its pull request for kube-scheduler.
      ['kube-scheduler', 'LeastWidget', '1.30', 'deprecated', 3030],
      ['kube-scheduler', 'MostWidget', '1.30', 'deprecated', 3030],
      ['kube-scheduler', 'WidgetLabel', '1.30', 'deprecated', 3020],
      // "the `x` plugin has been removed, please use the `PodSpread` plugin instead": the way out is not removed.
      ['kube-scheduler', 'widgetSpread', '1.30', 'removed', 3016],
      // The source's own names for kubeadm: "the deprecated frob-dns is no longer supported".
      ['kubeadm', 'frob-dns', '1.30', 'removed', 3019],
      // A bullet list under the sentence; "removed them from the default plugins" is no removal.
      ['kube-scheduler', 'AzureWidgetLimits', '1.31', 'deprecated', 4010],
      ['kube-scheduler', 'GceWidgetLimits', '1.31', 'deprecated', 4010],
      // A backticked list before the noun.
      ['kube-scheduler', 'OlderWidgetLimits', '1.31', 'removed', 4011],
      ['kube-scheduler', 'OldestWidgetLimits', '1.31', 'removed', 4011],
      ['kube-scheduler', 'OldWidgetLimits', '1.31', 'removed', 4011],
    ]);
    // Left out: a removal announced for later (FrobLimits), a plugin of a note that names no component of the
    // source and that the source does not list (CacheLimits), the admission plugins (another source entry's), NodeWidgetLimits (the way out), and
    // the values of a note that names a --flag (#4012: the flag's values, read as flag events).
    expect(index.configValues.some((e) => e.pr === 4012)).toBe(false);
  });

  it("lists the notes of one component that name its flags and speak of values, defaults or the flag's life", () => {
    const of = (flag: string) => index.valueNotes.filter((n) => n.flag === flag).map((n) => [n.release, n.pr]);
    expect(of('--cache-size')).toEqual([
      ['1.30', 3002],
      ['1.31', 4003],
      ['1.31', 4008],
    ]);
    // A note of two components (--shared-thing) names no one component; one without such words (#4009) is left out.
    expect(of('--shared-thing')).toEqual([]);
    expect(index.valueNotes.some((n) => n.pr === 4009)).toBe(false);
  });

  it('writes a file the loader reads back', () => {
    const dir = mkdtempSync(join(tmpdir(), 'netkb-flag-notes-'));
    try {
      writeFlagEvents(index, join(dir, 'generated'));
      const problems: SeedProblem[] = [];
      expect(readFlagEvents(dir, problems)).toEqual(index);
      expect(problems).toEqual([]);
      expect(readFileSync(join(dir, 'generated', 'flag-events.json'), 'utf8')).toMatch(
        /^\{\n {2}"generatedBy": "netkb import flag-notes",\n/,
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('refuses a source whose file is missing, with exit code 2', () => {
    const r = netkb(['import', 'flag-notes', join(FIXTURES, 'notes'), '--config', join(FIXTURES, 'source.yaml')]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/missing \(releases\.1\.30\.file of the source\)/);
  });
});

describe('generated flag records and the check of curated ones', () => {
  const releases = [{ version: '1.30' }, { version: '1.31', preliminary: true }];
  const record = (extra: Partial<FlagRecord>): FlagRecord => ({
    component: 'kube-apiserver',
    name: '--cache-size',
    summary: 'a test flag',
    sources: ['https://example.io/'],
    ...extra,
  });

  it('makes a shallow record of every flag no curated record has, with only the releases the notes give', () => {
    const flags = generateFlags(index, new Set(['kube-apiserver --cache-size']), releases);
    expect(flags.map((f) => [f.component, f.name, f.deprecatedIn, f.removedIn])).toEqual([
      ['kube-apiserver', '--cloud-widget', '1.30', null],
      ['kube-apiserver', '--old-cache', '1.30', '1.31'],
      ['kube-apiserver', '--older-cache', '1.30', null],
      ['kube-apiserver', '--widget-auth-file', '1.30', '1.31'],
      ['kube-apiserver', '--widget-https', '1.30', null],
      ['kube-proxy', '--widget-mode', null, '1.30'],
      ['kube-scheduler', '--burst-mode', null, '1.30'],
      ['kubelet', '--chaos-level', null, '1.31'],
      ['kubelet', '--frob-a', '1.30', '1.31'],
      ['kubelet', '--frob-b', '1.30', null],
      ['kubelet', '--old-widget', '1.30', null],
      ['kubelet', '--ping-port', '1.30', null],
      ['kubelet', '--pong-port', '1.30', null],
    ]);
    const old = flags.find((f) => f.name === '--old-cache')!;
    expect(old.summary).toContain('deprecated in 1.30 (#3002) and removed in 1.31 (#4004)');
    expect(old.summary).toContain('a release the sources do not have final yet');
    expect(old.sources).toEqual([
      'https://github.com/kubernetes/kubernetes/pull/3002',
      'https://github.com/kubernetes/kubernetes/pull/4004',
      index.releases[0].source,
      index.releases[1].source,
    ]);
  });

  it('holds a curated flag to the events, unless it overrides the field or the release is not final', () => {
    // Through the cross-check's own differ, which decides about sourceOverrides and counts them as used.
    const check = (r: FlagRecord, rel = releases) => {
      const problems: SeedProblem[] = [];
      const { differ } = checkContext({ releases: [] } as unknown as SeedBundle, {} as GeneratedIndex, problems);
      checkFlagsAgainstEvents(index, [{ file: 'seed/flags/test.yaml', index: 0, line: 3, record: r }], rel, differ);
      return problems.map((p) => `${p.field}: ${p.message.split(' (')[0]}`);
    };
    // 1.31 is preliminary: a record that leaves the deprecation out is not held to it.
    expect(check(record({}))).toEqual([]);
    const final = [{ version: '1.30' }, { version: '1.31' }];
    expect(check(record({}), final)).toEqual(['deprecatedIn: is not set, but the 1.31 release notes']);
    expect(check(record({ deprecatedIn: '1.31' }), final)).toEqual([]);
    expect(check(record({ deprecatedIn: '1.29' }), final)).toEqual([
      'deprecatedIn: is 1.29, but the 1.31 release notes',
    ]);
    const overridden = record({
      deprecatedIn: '1.29',
      sourceOverrides: [
        { field: 'deprecatedIn', source: 'https://example.io/', why: 'the 1.29 notes deprecate it already' },
      ],
    });
    expect(check(overridden, final)).toEqual([]);
  });
});

describe("the values of configuration-file fields, held to the notes' events both ways", () => {
  const field = (values: ApiFieldRecord['values'], sources: number[] = [3016, 3020]): ApiFieldRecord => ({
    kind: 'KubeSchedulerConfiguration',
    path: 'profiles[].plugins.*.enabled[].name',
    summary: 'a test field',
    values,
    sources: sources.map((n) => `https://github.com/kubernetes/kubernetes/pull/${n}`),
  });
  // kubeadm's value, from the source's own names: its component is the one its kind is a file of (kinds.yaml).
  const kubeadm: ApiFieldRecord = {
    kind: 'ClusterConfiguration',
    path: 'dns.type',
    summary: 'a test field',
    values: [{ value: 'frob-dns', removedIn: '1.30' }],
    sources: ['https://github.com/kubernetes/kubernetes/pull/3019'],
  };
  const check = (r: ApiFieldRecord) => {
    const problems: SeedProblem[] = [];
    const b = {
      releases: [],
      components: [
        { record: { name: 'kube-scheduler', configKinds: ['kubescheduler.config.k8s.io/KubeSchedulerConfiguration'] } },
      ],
      kinds: [{ record: { kind: 'ClusterConfiguration', configFileOf: 'kubeadm' } }],
      apiFields: [
        { file: 'seed/api-fields/test.yaml', index: 0, line: 3, record: r },
        { file: 'seed/api-fields/kubeadm.yaml', index: 0, line: 3, record: kubeadm },
      ],
    } as unknown as SeedBundle;
    const ctx = checkContext(b, { flagEvents: index } as unknown as GeneratedIndex, problems);
    checkConfigValues(ctx);
    return {
      problems: problems.map((p) => `${p.field ?? '-'}: ${p.message.split(/ \((?:seed|or add)/)[0]}`),
      report: ctx.report,
    };
  };
  const all = [
    { value: 'GadgetAffinity', deprecatedIn: '1.30' },
    { value: 'WidgetLabel', deprecatedIn: '1.30' },
    { value: 'LeastWidget', deprecatedIn: '1.30' },
    { value: 'MostWidget', deprecatedIn: '1.30' },
    { value: 'WidgetSpread', removedIn: '1.30', replacement: 'PodSpread' },
    { value: 'AzureWidgetLimits', deprecatedIn: '1.31' },
    { value: 'GceWidgetLimits', deprecatedIn: '1.31' },
    { value: 'OldWidgetLimits', removedIn: '1.31' },
    { value: 'OlderWidgetLimits', removedIn: '1.31' },
    { value: 'OldestWidgetLimits', removedIn: '1.31' },
  ];
  const cited = [3016, 3020, 3030, 4010, 4011];

  it('accepts a record that dates every event of its component the notes state, citing them (names compared without case)', () => {
    const { problems, report } = check(field(all, cited));
    expect(problems).toEqual([]);
    expect(report.configValueChanges).toEqual({ checked: 11, notCovered: 0 });
  });

  it('refuses an event no record dates, a date no note states, and a date whose note is not cited', () => {
    const { problems } = check(
      field(
        all.filter((x) => x.value !== 'OldestWidgetLimits'),
        cited,
      ),
    );
    expect(problems).toEqual([
      "-: configValues: the 1.31 release notes (#4011) say kube-scheduler's OldestWidgetLimits is removed then",
    ]);
    const wrongDate = check(
      field(
        all.map((x) => (x.value === 'WidgetLabel' ? { ...x, deprecatedIn: '1.31' } : x)),
        cited,
      ),
    );
    expect(wrongDate.problems).toEqual([
      "values: gives WidgetLabel no deprecatedIn 1.30, but the 1.30 release notes (#3020) say kube-scheduler's WidgetLabel is deprecated then",
      'values: dates WidgetLabel deprecated in 1.31, but no 1.31 release note about kube-scheduler says so',
    ]);
    const uncited = check(field(all, [3016, 3020, 3030, 4010]));
    expect(uncited.problems).toEqual([
      'values: dates OldWidgetLimits removed in 1.31: cite the note that says so (#4011) in sources',
      'values: dates OlderWidgetLimits removed in 1.31: cite the note that says so (#4011) in sources',
      'values: dates OldestWidgetLimits removed in 1.31: cite the note that says so (#4011) in sources',
    ]);
    // A date outside the releases read is not held to them.
    const older = check(field([...all, { value: 'AncientLimits', removedIn: '1.20' }], cited));
    expect(older.problems).toEqual([]);
    expect(older.report.configValueChanges).toEqual({ checked: 11, notCovered: 1 });
  });
});

describe('the values of list flags and the value and default changes of curated flags', () => {
  const releases = [{ version: '1.30' }, { version: '1.31' }];
  const record = (extra: Partial<FlagRecord>): FlagRecord => ({
    component: 'kube-apiserver',
    name: '--enable-admission-plugins',
    summary: 'a test flag',
    sources: ['https://example.io/'],
    listValues: true,
    ...extra,
  });
  const located = (r: FlagRecord) => [{ file: 'seed/flags/test.yaml', index: 0, line: 3, record: r }];
  const problemsOf = (run: (differ: Parameters<typeof checkFlagsAgainstEvents>[3]) => void) => {
    const problems: SeedProblem[] = [];
    const { differ } = checkContext({ releases: [] } as unknown as SeedBundle, {} as GeneratedIndex, problems);
    run(differ);
    return problems.map((p) => `${p.field}: ${p.message.split(' (')[0]}`);
  };

  it('fills the values the notes give into the record, with their pull requests, and holds the stated ones', () => {
    const r = record({ values: [{ value: 'FrobAdmit', replacement: 'NewAdmit' }, { value: 'NewAdmit' }] });
    const filled: string[] = [];
    const missing: string[] = [];
    const problems = problemsOf((differ) =>
      fillFlagValuesFromEvents(index, located(r), releases, {
        differ,
        fill: (_loc, _name, field, value) => filled.push(`${field} = ${String(value)}`),
        missing: (m) => missing.push(m),
      }),
    );
    expect(problems).toEqual([]);
    expect(r.values).toEqual([
      { value: 'FrobAdmit', replacement: 'NewAdmit', deprecatedIn: '1.30', removedIn: '1.31' },
      { value: 'NewAdmit' },
      { value: 'WidgetPreset', removedIn: '1.30' },
      { value: 'OldGuard', removedIn: '1.31' },
    ]);
    expect(filled).toContain('values OldGuard removedIn = 1.31');
    expect(r.sources).toContain('https://github.com/kubernetes/kubernetes/pull/4007');
    // --admission-control has no record here: the loader asks for one.
    expect(missing[0]).toMatch(/^values: kube-apiserver --admission-control takes FrobAdmit .* no record of the flag/);
    // A value stated with another release is a disagreement.
    const wrong = record({ values: [{ value: 'OldGuard', removedIn: '1.30' }] });
    const disagreement = problemsOf((differ) =>
      fillFlagValuesFromEvents(index, located(wrong), releases, { differ, fill: () => {}, missing: () => {} }),
    );
    expect(disagreement).toEqual(['values: gives OldGuard removedIn 1.30, but the 1.31 release notes']);
  });

  it('holds a value or default change to a note of that release that names the flag, and asks for its pull request', () => {
    const check = (r: FlagRecord) =>
      problemsOf((differ) => checkFlagValuesAgainstNotes(index, located(r), releases, differ));
    const cacheSize = (extra: Partial<FlagRecord>) => record({ name: '--cache-size', listValues: false, ...extra });
    const defaults = [
      { value: '512Mi', since: '1.30' },
      { value: '1Gi', since: '1.31' },
    ];
    expect(check(cacheSize({ defaults, sources: ['https://github.com/kubernetes/kubernetes/pull/4008'] }))).toEqual([]);
    expect(check(cacheSize({ defaults }))).toEqual([
      'defaults: dates default 1Gi in 1.31; the 1.31 notes that name --cache-size are #4003, #4008: cite the one that says so in sources',
    ]);
    expect(check(cacheSize({ acceptsOnly: { since: '1.30', values: ['1Gi'] } }))).toEqual([
      'acceptsOnly: dates only 1Gi in 1.30; the 1.30 notes that name --cache-size are #3002: cite the one that says so in sources',
    ]);
    expect(check(record({ name: '--older-cache', values: [{ value: 'x', removedIn: '1.31' }] }))).toEqual([
      'values: dates x removed in 1.31, but no 1.31 release note about kube-apiserver names --older-cache with its values or default',
    ]);
    // The values the notes' value events gave are theirs already; a change before the first notes read is not held.
    expect(check(record({ values: [{ value: 'OldGuard', removedIn: '1.31' }] }))).toEqual([]);
    const before = checkFlagValuesAgainstNotes(
      index,
      located(
        cacheSize({
          defaults: [
            { value: 'a', since: '1.20' },
            { value: 'b', since: '1.29' },
          ],
        }),
      ),
      releases,
      () => true,
    );
    expect(before).toEqual({ checked: 0, notCovered: 1 });
  });
});
