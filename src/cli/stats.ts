// netkb stats: what the knowledge base holds, per release and record type, and records without a source.
import { parseArgs } from 'node:util';
import type { KnowledgeBase } from '../kb/knowledge-base';
import type { Flag } from '../kb/model';
import { formatVersion } from '../kb/version';
import type { CliIo } from './io';
import { FACT_KINDS, type FactOrigins, type FactsByRelease } from '../seed/cross-check/facts';

const STATS_HELP = `Usage: netkb stats [--format table|json]

Counts per release (release-note entries, reviewed or imported; gates added and removed; API versions,
flags and fields deprecated and removed) and per record type, what is covered per component (flags,
curated and generated; the dated changes of their values and defaults; curated and generated feature gates;
metrics), and lists records without a source URL.
When the database was built from the seed/ folder at hand, also what the check against Kubernetes' own
source found (records that agree, differences explained by an override, records generated from the
source, values filled in from it, records no source read covers, and the migration notes checked against
the differences of the types, with each field a replacement drops that no note or conversion names, and
the flags' value and default changes held to the release notes that speak of each flag).

Exit codes: 0 answered, 2 bad input (unknown format or option).
`;

function knowledgeBaseStats(kb: KnowledgeBase) {
  const perRelease = kb.releases.map((r) => {
    const v = r.version;
    const count = <T>(xs: T[], f: (x: T) => boolean) => xs.filter(f).length;
    return {
      release: formatVersion(v),
      preliminary: r.preliminary,
      changes: count(kb.changes, (c) => c.version === v && !c.imported),
      imported: count(kb.changes, (c) => c.version === v && c.imported),
      actionRequired: count(kb.changes, (c) => c.version === v && c.actionRequired),
      gatesAdded: count(kb.featureGates, (g) => g.introducedIn === v),
      gatesRemoved: count(kb.featureGates, (g) => g.removedIn === v),
      apiVersionsDeprecated: count(kb.apiVersions, (a) => a.deprecatedIn === v),
      apiVersionsRemoved: count(kb.apiVersions, (a) => a.removedIn === v),
      flagsDeprecated: count(kb.flags, (f) => f.deprecatedIn === v),
      flagsRemoved: count(kb.flags, (f) => f.removedIn === v),
      fieldsAdded: count(kb.apiFields, (f) => f.introducedIn === v),
      fieldsRemoved: count(kb.apiFields, (f) => f.removedIn === v),
    };
  });
  const totals = {
    releases: kb.releases.length,
    featureGates: kb.featureGates.length,
    flags: kb.flags.length,
    apiVersions: kb.apiVersions.length,
    apiFields: kb.apiFields.length,
    wellKnownKeys: kb.wellKnownKeys.length,
    metrics: kb.metrics.length,
    changes: kb.changes.filter((c) => !c.imported).length,
    importedChanges: kb.changes.filter((c) => c.imported).length,
    components: kb.components.length,
    constraints: kb.constraints.length,
  };
  const named = (typename: string, key: string, sources: string[]) => ({ name: `${typename} ${key}`, sources });
  const all = [
    ...kb.releases.map((r) => named('Release', formatVersion(r.version), r.sources)),
    ...[
      ...kb.featureGates,
      ...kb.flags,
      ...kb.apiVersions,
      ...kb.apiFields,
      ...kb.wellKnownKeys,
      ...kb.metrics,
      ...kb.changes,
    ].map((x) => named(x.typename, x.key, x.sources)),
  ];
  const unsourced = all.filter((x) => x.sources.length === 0).map((x) => x.name);
  return { seed: kb.seedHash.slice(0, 12), totals, perRelease, coverage: coverageOf(kb), unsourced };
}

/**
 * What netkb checks, per component and per kind of record: curated records (reviewed, with notes in our
 * words) are the deep part; generated gate records (from Kubernetes' feature files) the shallow one;
 * anything a manifest sets that no record names is reported as not checked (docs/analysis.md).
 */
function coverageOf(kb: KnowledgeBase) {
  const gatesOf = (component: string | null, generated: boolean) =>
    kb.featureGates.filter(
      (g) =>
        g.generated === generated &&
        (component === null ? g.components.length === 0 : g.components.includes(component)),
    ).length;
  return {
    components: [...kb.components.map((c) => c.name), null].map((component) => ({
      component: component ?? '(no component named)',
      flags: component === null ? 0 : kb.flags.filter((f) => f.component === component && !f.generated).length,
      generatedFlags: component === null ? 0 : kb.flags.filter((f) => f.component === component && f.generated).length,
      flagValueChanges:
        component === null
          ? 0
          : kb.flags.filter((f) => f.component === component).reduce((n, f) => n + valueChanges(f), 0),
      curatedGates: gatesOf(component, false),
      generatedGates: gatesOf(component, true),
      metrics: component === null ? 0 : kb.metrics.filter((m) => m.component === component).length,
    })),
    featureGates: {
      curated: kb.featureGates.filter((g) => !g.generated).length,
      generated: kb.featureGates.filter((g) => g.generated).length,
      generatedWithRemoval: kb.featureGates.filter((g) => g.generated && g.removedIn !== null).length,
      generatedKnownThrough: Object.fromEntries(
        [...new Set(kb.featureGates.filter((g) => g.generated && g.knownThrough !== null).map((g) => g.knownThrough!))]
          .sort((a, b) => a - b)
          .map((v) => [formatVersion(v), kb.featureGates.filter((g) => g.generated && g.knownThrough === v).length]),
      ),
    },
    configFiles: {
      versions: kb.fileFields.filter((f) => f.copy === null).map((f) => `${f.kind} ${f.apiVersion}`),
      // One stored copy of each version's types, not every release (kubeadm's), and whose files they are.
      versionsFromOneCopy: kb.fileFields.filter((f) => f.copy !== null).map((f) => `${f.kind} ${f.apiVersion}`),
      oneCopyReaders: [...new Set(kb.fileFields.filter((f) => f.copy !== null).map((f) => f.component))],
      curatedFields: kb.apiFields.filter((f) => !f.generated && kb.fileFields.some((x) => x.kind === f.kind)).length,
      generatedFields: kb.apiFields.filter((f) => f.generated).length,
      // Values with a life of their own (a scheduler plugin's name), per field: how many the records date.
      fieldValues: kb.apiFields
        .filter((f) => f.values.length > 0)
        .map((f) => ({ field: `${f.kind} ${f.path}`, values: new Set(f.values.map((x) => x.value)).size })),
      notIndexed: kb.kinds
        .filter((k) => k.configFileOf !== null && !kb.fileFields.some((f) => f.kind === k.kind))
        .map((k) => k.kind),
    },
    // The own gates of the tools whose files netkb reads, as their release notes date them.
    toolGates: [...new Set(kb.toolGates.map((g) => g.tool))].map((tool) => {
      const gates = kb.toolGates.filter((g) => g.tool === tool);
      const count = (pick: (g: (typeof gates)[number]) => string | null) =>
        gates.filter((g) => pick(g) !== null).length;
      return {
        tool,
        gates: gates.length,
        deprecated: count((g) => g.deprecatedIn),
        ga: count((g) => g.gaIn),
        removed: count((g) => g.removedIn),
      };
    }),
    addOns: kb.addOns.addOns.map((a) => ({
      name: a.name,
      releases: `${a.releases[0]} to ${a.releases[a.releases.length - 1]}`,
      apiVersions: kb.addOns.apis.filter((x) => x.addOn === a.name).length,
    })),
    wellKnownKeys: {
      curated: kb.wellKnownKeys.filter((k) => !k.generated).length,
      generated: kb.wellKnownKeys.filter((k) => k.generated).length,
      reservedDomains: kb.reservedKeyDomains,
    },
  };
}

/**
 * The dated changes of a flag's values and default: each value's deprecation and removal, the release from which
 * only some values are accepted, and each default after the first.
 */
function valueChanges(f: Flag): number {
  const dated = f.values.reduce((n, x) => n + (x.deprecatedIn !== null ? 1 : 0) + (x.removedIn !== null ? 1 : 0), 0);
  return dated + (f.acceptsOnly ? 1 : 0) + Math.max(0, f.defaults.length - 1);
}

/** The coverage as lines of text. */
function coverageLines(c: ReturnType<typeof coverageOf>): string[] {
  const head = [
    'component',
    'flags',
    'generatedFlags',
    'flagValueChanges',
    'curatedGates',
    'generatedGates',
    'metrics',
  ];
  const rows = c.components.map((r) => [
    r.component,
    String(r.flags),
    String(r.generatedFlags),
    String(r.flagValueChanges),
    String(r.curatedGates),
    String(r.generatedGates),
    String(r.metrics),
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells: string[]) =>
    cells.map((x, i) => (i === 0 ? x.padEnd(widths[i]) : x.padStart(widths[i]))).join('  ');
  const g = c.featureGates;
  return [
    "coverage: curated records are checked in depth; gates of other SIGs are generated from Kubernetes' feature",
    'files, flags the release notes remove or deprecate, and the list-flag values they remove or deprecate, from',
    'the notes (shallow); a flag, gate, key, API or release no record reaches is reported as not checked',
    `feature gates: ${g.curated} curated, ${g.generated} generated (${g.generatedWithRemoval} with a dated removal; ` +
      `known only through ${Object.entries(g.generatedKnownThrough)
        .map(([v, n]) => `${v}: ${n}`)
        .join(', ')})`,
    `configuration files: ${c.configFiles.versions.length} versions checked field by field against their types at every release ` +
      `(${c.configFiles.curatedFields} curated fields, ${c.configFiles.generatedFields} generated from their types), ` +
      `${c.configFiles.versionsFromOneCopy.length} (${c.configFiles.oneCopyReaders.join(', ')}'s) against one copy of their types; fields not indexed, reported as not checked: ` +
      `${c.configFiles.notIndexed.join(', ') || '(none)'}; values that stop being accepted, from the release notes: ` +
      `${c.configFiles.fieldValues.map((f) => `${f.values} of ${f.field}`).join(', ') || '(none)'}`,
    `tools' own feature gates, from their release notes: ${
      c.toolGates
        .map((t) => `${t.tool} ${t.gates} (${t.deprecated} deprecated, ${t.ga} GA, ${t.removed} removed)`)
        .join(', ') || '(none)'
    }; a gate no note names is reported as not checked`,
    `add-on APIs, from their CRDs at each release: ${
      c.addOns.map((a) => `${a.name} ${a.releases} (${a.apiVersions} versions of its kinds)`).join(', ') || '(none)'
    }; other add-ons' objects are reported as not checked`,
    `well-known keys: ${c.wellKnownKeys.curated} curated, ${c.wellKnownKeys.generated} generated (known, no change recorded); ` +
      `other keys of ${c.wellKnownKeys.reservedDomains.join(', ') || '(no reserved domains known)'} are reported as not checked`,
    line(head),
    ...rows.map(line),
  ];
}

/** The cross-check's summary, when the database was built from the seed folder at hand (same hash). */
async function sourceCheck(dbSeedHash: string) {
  const { seedDir } = await import('../config');
  const { seedHash } = await import('../seed/seed-hash');
  const dir = seedDir();
  let hash: string;
  try {
    hash = seedHash(dir);
  } catch {
    return null;
  }
  if (hash !== dbSeedHash) return null;
  const { loadSeed } = await import('../seed/load');
  const report = loadSeed(dir).crossCheck;
  if (!report) return null;
  const { filledValues: _filled, ...summary } = report;
  return summary;
}

/**
 * Dated facts per release by origin: generated from Kubernetes' source, curated and agreeing with it, curated
 * alone; one column per kind of fact as generated/agreeing/curated.
 */
function factTable(facts: FactsByRelease): string[] {
  const head = ['release', 'generated', 'agreeing', 'curated', ...FACT_KINDS];
  const rows = Object.entries(facts).map(([release, byKind]) => {
    const sum = (o: keyof FactOrigins) => FACT_KINDS.reduce((n, k) => n + byKind[k][o], 0);
    return [
      release,
      String(sum('generated')),
      String(sum('agreeing')),
      String(sum('curated')),
      ...FACT_KINDS.map((k) => `${byKind[k].generated}/${byKind[k].agreeing}/${byKind[k].curated}`),
    ];
  });
  const widths = head.map((c, i) => Math.max(c.length, ...rows.map((r) => r[i].length)));
  const line = (cells: string[]) => cells.map((x, i) => x.padStart(widths[i])).join('  ');
  return [
    'dated facts per release (introductions, deprecations, removals, gate stages): generated from the source,',
    'curated and agreeing with it, curated alone; per kind as generated/agreeing/curated',
    line(head),
    ...rows.map(line),
  ];
}

export async function runStats(argv: string[], io: CliIo): Promise<number> {
  let format = 'table';
  try {
    const { values } = parseArgs({
      args: argv,
      strict: true,
      options: { format: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
    });
    if (values.help) {
      io.stdout(STATS_HELP);
      return 0;
    }
    format = values.format ?? 'table';
  } catch (err) {
    io.stderr(`netkb stats: ${(err as Error).message}\n\n${STATS_HELP}`);
    return 2;
  }
  if (format !== 'table' && format !== 'json') {
    io.stderr('netkb stats: --format must be table or json\n');
    return 2;
  }
  const kb = await io.loadKb();
  const s = { ...knowledgeBaseStats(kb), sourceCheck: await sourceCheck(kb.seedHash) };
  if (format === 'json') {
    io.stdout(JSON.stringify(s, null, 2) + '\n');
    return 0;
  }
  const x = s.sourceCheck;
  const kinds = x ? (Object.keys(x.checked) as (keyof typeof x.checked)[]) : [];
  const checkLines = x
    ? [
        `checked against Kubernetes' source: ${kinds.map((k) => `${x.checked[k]} ${k}`).join(', ')} agree (${x.overridden} differences explained by sourceOverrides)`,
        `generated from the source: ${x.generated} apiVersions; values filled in from it: ${x.filled}`,
        `not covered by any source read: ${kinds.map((k) => `${x.notCovered[k]} ${k}`).join(', ')}`,
        `migration notes checked against the differences of the types: ${x.migrationNotes.checked} (${x.migrationNotes.notCovered} of versions not indexed); fields a replacement drops that nothing names: ${x.migrationNotes.gaps.length}`,
        ...x.migrationNotes.gaps.map((g) => `  ${g}`),
        `flag value and default changes held to the release notes: ${x.flagValueChanges.checked} (${x.flagValueChanges.notCovered} dated before the notes read)`,
        `configuration-file values' removals and deprecations held to the release notes: ${x.configValueChanges.checked} (${x.configValueChanges.notCovered} dated outside the notes read)`,
        '',
        ...factTable(x.facts),
        '',
      ]
    : [
        "the database was not built from the seed/ folder at hand: run npm run seed:check for the check against Kubernetes' source",
        '',
      ];
  const cols = Object.keys(s.perRelease[0] ?? {}).filter((c) => c !== 'preliminary');
  const rows = s.perRelease.map((r) =>
    cols.map((c) => (c === 'release' && r.preliminary ? `${r.release}*` : String((r as Record<string, unknown>)[c]))),
  );
  const widths = cols.map((c, i) => Math.max(c.length, ...rows.map((r) => r[i].length)));
  const line = (cells: string[]) => cells.map((x, i) => x.padStart(widths[i])).join('  ');
  io.stdout(
    [
      `knowledge base ${s.seed}: ${Object.entries(s.totals)
        .map(([k, n]) => `${n} ${k}`)
        .join(', ')}`,
      '',
      line(cols),
      ...rows.map(line),
      '',
      s.perRelease.some((r) => r.preliminary) ? '* preliminary (release-candidate notes)\n' : '',
      ...coverageLines(s.coverage),
      '',
      s.unsourced.length === 0
        ? 'every record has a source'
        : `records without a source:\n${s.unsourced.map((u) => `  ${u}`).join('\n')}`,
      '',
      ...checkLines,
    ].join('\n'),
  );
  return 0;
}
