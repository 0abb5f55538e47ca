// The generated index (seed/generated/*.json, written by `netkb import k8s-source`): read, and turned into
// facts per group/version/kind, field, gate and metric that the curated seed is checked against.
import { existsSync, readFileSync } from 'node:fs';
import { readGateRemovals, type NoteRemoval } from './gate-removals-index';
import { readFlagEvents, type FlagEventsFile } from './flag-events-index';
import { join, relative } from 'node:path';
import { load } from 'js-yaml';
import { z } from 'zod';
import { formatVersion, parseVersion } from '../kb/version';
import type { SeedProblem } from './bundle';
import { readKepIndex, type KepIndex } from './kep-index';
import { gateHistoryFile, toGateHistory, type GateHistory } from './gate-history-index';
import { readGateReference, type GateReferenceIndex } from './gate-reference-index';

const release = z.string().regex(/^\d+\.\d+$/);
const apiVersionEntry = z.object({
  apiVersion: z.string(),
  kind: z.string(),
  dir: z.string(),
  registeredIn: z.array(z.string()),
  markers: z
    .object({
      introduced: release.nullable(),
      deprecated: release.nullable(),
      removed: release.nullable(),
      replacement: z.string().nullable(),
      replacementKind: z.string().nullable(),
      from: z.string(),
    })
    .nullable(),
});
const releaseRef = z.object({ release, ref: z.string(), commit: z.string() });
const apiVersionsFile = z.object({
  repository: z.url(),
  releases: z.array(releaseRef).min(1),
  apiVersions: z.array(apiVersionEntry),
});
/** The field paths of kinds at each release read: api-fields.json, and each repository of component-config-fields.json. */
const fieldsOfKinds = z.array(
  z.object({
    apiVersion: z.string(),
    kind: z.string(),
    paths: z.record(
      z.string(),
      z.object({
        present: z.array(z.string()),
        deprecatedFrom: release.nullable(),
        opaque: z.array(z.string()).optional(),
      }),
    ),
  }),
);
const apiFieldsFile = z.object({ repository: z.url(), releases: z.array(releaseRef).min(1), fields: fieldsOfKinds });
const configFieldsFile = z.object({
  configs: z.array(
    z.object({
      component: z.string(),
      repository: z.url(),
      releases: z.array(releaseRef).min(1),
      fields: fieldsOfKinds,
    }),
  ),
});
const gateEntry = z.object({
  name: z.string(),
  specs: z
    .array(
      z.object({
        since: release,
        stage: z.enum(['ALPHA', 'BETA', 'GA', 'DEPRECATED']),
        defaultEnabled: z.boolean(),
        lockedToDefault: z.boolean(),
      }),
    )
    .min(1),
});
const gatesFile = z.object({ sources: z.array(z.object({ source: z.url(), featureGates: z.array(gateEntry) })) });
const metricsFile = z.object({
  files: z.array(
    z.object({
      component: z.string(),
      source: z.url(),
      metrics: z.array(
        z.object({
          name: z.string(),
          bare: z.string(),
          stability: z.string().nullable(),
          deprecatedIn: release.nullable(),
        }),
      ),
    }),
  ),
});
const configFile = z
  .object({
    api: z
      .object({
        repository: z.url(),
        recordsFrom: release,
        alphaGroups: z.array(z.string()),
        skipKinds: z.array(z.string()).default([]),
        betaOffByDefaultFrom: release,
        betaOffByDefaultSource: z.url(),
      })
      .loose(),
    componentConfigs: z
      .array(z.object({ component: z.string(), apiVersion: z.string(), kind: z.string(), dir: z.string() }).loose())
      .default([]),
  })
  .loose();

export type ApiVersionEntry = z.infer<typeof apiVersionEntry>;
type PathFacts = { present: string[]; deprecatedFrom: string | null; opaque?: string[] };
export interface FieldEntry {
  order: string[];
  paths: Record<string, PathFacts>;
}
/** A component's file format read from its staging repository (component-config-fields.json), one per version. */
export interface ConfigFieldsEntry extends FieldEntry {
  component: string;
  repository: string;
  apiVersion: string;
  kind: string;
  /** release -> the tag read */
  refs: Map<string, string>;
  /** The folder of its types.go in the repository (k8s-source.yaml componentConfigs). */
  dir: string | null;
}
export type GateEntry = z.infer<typeof gateEntry>;
type MetricsEntry = z.infer<typeof metricsFile>['files'][number];

export interface GeneratedIndex {
  config: z.infer<typeof configFile>;
  /** Releases read, in order (the API index's). */
  order: string[];
  repository: string;
  refs: Map<string, { ref: string; commit: string }>;
  apiVersions: Map<string, { entry: ApiVersionEntry; line: number }>;
  apiVersionsFile: string;
  /** kind -> apiVersion -> path -> facts */
  /** kind -> apiVersion -> the releases its file read, in order, and path -> facts. */
  fields: Map<string, Map<string, FieldEntry>>;
  /** The component file formats among `fields`, with the repository and tags they were read from. */
  configFields: ConfigFieldsEntry[];
  /**
   * One entry per stored gate list: its gates, its URL, and the last release it is taken as complete for
   * (the one before the newest release it names).
   */
  gateSources: { source: string; knownThrough: string | null; gates: Map<string, GateEntry> }[];
  /** Each gate's spec at every release whose pre-versioned feature files were read (feature-gates-history.json). */
  gateHistory: GateHistory | null;
  /**
   * Kubernetes' feature list and the website's per-gate pages (feature-gates-reference.json, written by
   * `netkb import gate-reference`), each up to the release it is known through; null when the seed has none.
   */
  gateReference: GateReferenceIndex | null;
  metrics: MetricsEntry[] | null;
  /** keps.json (written by `netkb import keps`); null when the seed has none. */
  keps: KepIndex | null;
  /** Gate -> the removals the release notes state (gate-removals.json, `netkb import gate-notes`); null without it. */
  gateNoteRemovals: Map<string, NoteRemoval[]> | null;
  /** The flags the release notes remove or deprecate (flag-events.json, `netkb import flag-notes`); null without it. */
  flagEvents: FlagEventsFile | null;
}

const GENERATED = 'generated';

/** Reads seed/generated/; null when the folder has no index (a seed without one is checked as before). */
export function readGeneratedIndex(seedDir: string, problems: SeedProblem[]): GeneratedIndex | null {
  const dir = join(seedDir, GENERATED);
  const cfgPath = join(dir, 'k8s-source.yaml');
  const apiPath = join(dir, 'api-versions.json');
  if (!existsSync(cfgPath) || !existsSync(apiPath)) return null;
  const rel = (p: string) => relative(join(seedDir, '..'), p);
  const parse = <T>(path: string, schema: z.ZodType<T>, yaml = false): T | null => {
    if (!existsSync(path)) return null;
    let data: unknown;
    try {
      const text = readFileSync(path, 'utf8');
      data = yaml ? load(text) : JSON.parse(text);
    } catch (err) {
      problems.push({
        file: rel(path),
        message: `cannot be read: ${(err as Error).message.split('\n')[0]}; regenerate it with netkb import k8s-source`,
      });
      return null;
    }
    const r = schema.safeParse(data);
    if (!r.success) {
      problems.push({
        file: rel(path),
        message: `not a generated index: ${r.error.issues
          .slice(0, 3)
          .map((i) => `${i.path.join('.')}: ${i.message}`)
          .join('; ')}`,
      });
      return null;
    }
    return r.data;
  };
  const config = parse(cfgPath, configFile, true);
  const api = parse(apiPath, apiVersionsFile);
  if (!config || !api) return null;
  const fieldsData = parse(join(dir, 'api-fields.json'), apiFieldsFile);
  const configData = parse(join(dir, 'component-config-fields.json'), configFieldsFile);
  const gatesData = parse(join(dir, 'feature-gates.json'), gatesFile);
  const historyPath = join(dir, 'feature-gates-history.json');
  const historyData = parse(historyPath, gateHistoryFile);
  let gateHistory: GateHistory | null = null;
  if (historyData) {
    const h = toGateHistory(historyData, rel(historyPath), readFileSync(historyPath, 'utf8'));
    if (Array.isArray(h))
      problems.push({
        file: rel(historyPath),
        message: `not a generated index: ${h.slice(0, 3).join('; ')}; regenerate it with netkb import gate-history`,
      });
    else gateHistory = h;
  }
  const metricsData = parse(join(dir, 'metrics.json'), metricsFile);

  const lines = readFileSync(apiPath, 'utf8').split('\n');
  const lineOf = new Map<string, number>();
  lines.forEach((l, i) => {
    const m = /^\s*\{"apiVersion":"([^"]+)","kind":"([^"]+)"/.exec(l);
    if (m) lineOf.set(`${m[1]} ${m[2]}`, i + 1);
  });
  const apiVersions = new Map(
    api.apiVersions.map((e) => [
      `${e.apiVersion} ${e.kind}`,
      { entry: e, line: lineOf.get(`${e.apiVersion} ${e.kind}`) ?? 1 },
    ]),
  );
  const fields = new Map<string, Map<string, FieldEntry>>();
  const addFields = (
    order: string[],
    list: { apiVersion: string; kind: string; paths: Record<string, PathFacts> }[],
  ) => {
    for (const f of list) {
      if (!fields.has(f.kind)) fields.set(f.kind, new Map());
      fields.get(f.kind)!.set(f.apiVersion, { order, paths: f.paths });
    }
  };
  if (fieldsData)
    addFields(
      fieldsData.releases.map((r) => r.release),
      fieldsData.fields,
    );
  const configFields: ConfigFieldsEntry[] = [];
  for (const c of configData?.configs ?? []) {
    const order = c.releases.map((r) => r.release);
    addFields(order, c.fields);
    const refs = new Map(c.releases.map((r) => [r.release, r.ref]));
    for (const f of c.fields) {
      const dir = config.componentConfigs.find((k) => k.apiVersion === f.apiVersion && k.kind === f.kind)?.dir ?? null;
      configFields.push({ ...f, order, component: c.component, repository: c.repository, refs, dir });
    }
  }
  return {
    config,
    order: api.releases.map((r) => r.release),
    repository: api.repository,
    refs: new Map(api.releases.map((r) => [r.release, { ref: r.ref, commit: r.commit }])),
    apiVersions,
    apiVersionsFile: rel(apiPath),
    fields,
    configFields,
    gateSources: (gatesData?.sources ?? []).map((g) => ({
      source: g.source,
      knownThrough: knownThrough(g.featureGates),
      gates: new Map(g.featureGates.map((e) => [e.name, e])),
    })),
    gateReference: readGateReference(seedDir, problems),
    metrics: metricsData?.files ?? null,
    keps: readKepIndex(seedDir, problems),
    gateNoteRemovals: readGateRemovals(seedDir, problems),
    flagEvents: readFlagEvents(seedDir, problems),
    gateHistory,
  };
}

function knownThrough(gates: GateEntry[]): string | null {
  let max = 0;
  for (const g of gates) for (const s of g.specs) max = Math.max(max, parseVersion(s.since));
  return max === 0 ? null : formatVersion(max - 1);
}

const next = (s: string): string => formatVersion(parseVersion(s) + 1);

export function expand(ranges: string[], order: string[]): string[] {
  const out: string[] = [];
  for (const r of ranges) {
    const [a, b] = r.split('-');
    const i = order.indexOf(a),
      j = order.indexOf(b ?? a);
    for (let k = i; k >= 0 && k <= j; k++) out.push(order[k]);
  }
  return out;
}

export interface ApiFacts {
  /** Whether removedIn comes from a removal marker (what the API server acts on) rather than the package being dropped. */
  removalMarked: boolean;
  /** null: served since before the first release read, and no marker says when. */
  introducedIn: string | null;
  deprecatedIn: string | null;
  removedIn: string | null;
  replacement: string | null;
  /** Releases (of those read) that serve it. */
  served: string[];
  firstRegistered: string;
}

/**
 * What the source says of one group/version/kind. The lifecycle markers are what the API server acts on
 * (its deprecation warnings, and no longer serving a prerelease version from `removed` on); releases without
 * the package bound them too: nothing is served before k8s.io/api registers it or after it is dropped.
 */
export function apiFacts(entry: ApiVersionEntry, order: string[]): ApiFacts {
  const registered = expand(entry.registeredIn, order);
  const first = registered[0],
    last = registered[registered.length - 1];
  const m = entry.markers;
  // Registration is the best evidence of the start when it began after the first release read (the
  // marker may have been written later, or copied from a sibling kind). Registered from the first release
  // read on, only a marker no later than that release can be right.
  const introducedIn =
    first !== order[0]
      ? first
      : m?.introduced && parseVersion(m.introduced) <= parseVersion(order[0])
        ? m.introduced
        : null;
  const dropped = last !== order[order.length - 1] ? next(last) : null;
  const candidates = [m?.removed ?? null, dropped].filter((x): x is string => x !== null);
  const removedIn = candidates.length > 0 ? candidates.sort((a, b) => parseVersion(a) - parseVersion(b))[0] : null;
  const served = registered.filter(
    (r) =>
      (introducedIn === null || parseVersion(r) >= parseVersion(introducedIn)) &&
      (removedIn === null || parseVersion(r) < parseVersion(removedIn)),
  );
  const replacementOk = m?.replacement && (m.replacementKind === null || m.replacementKind === `${entry.kind}List`);
  return {
    introducedIn,
    deprecatedIn: m?.deprecated ?? null,
    removedIn,
    removalMarked: m?.removed != null && removedIn === m.removed,
    replacement: replacementOk ? m!.replacement : null,
    served,
    firstRegistered: first,
  };
}

/** A kind a manifest can carry: not a list, not the options of a subresource call. */
export const isObjectKind = (kind: string) => !/List$/.test(kind) && !/Options$/.test(kind);
/** Whether the version's lifecycle markers were generated (prerelease versions from 1.19 on, and newer GA ones). */
export const entryHasMarkers = (entry: ApiVersionEntry) => entry.markers !== null;

export const isAlpha = (apiVersion: string) => /v\d+alpha\d+$/.test(apiVersion);
export const isBeta = (apiVersion: string) => /v\d+beta\d+$/.test(apiVersion);
export const groupOf = (apiVersion: string) => (apiVersion.includes('/') ? apiVersion.split('/')[0] : '');

/**
 * The index entry a record of `apiVersion` `kind` is checked against. A list is served with its resource: the
 * API server acts on the resource kind's markers, so a list takes them (upstream's list markers sometimes
 * differ, and nothing reads them).
 */
export function indexEntryOf(
  index: GeneratedIndex,
  apiVersion: string,
  kind: string,
): { entry: ApiVersionEntry; line: number } | undefined {
  const base = kind.endsWith('List') ? index.apiVersions.get(`${apiVersion} ${kind.slice(0, -4)}`) : undefined;
  return base ?? index.apiVersions.get(`${apiVersion} ${kind}`);
}

/** The API groups the index reads (a record of another group is not covered, not contradicted). */
export function groupsIndexed(index: GeneratedIndex): Set<string> {
  return new Set([...index.apiVersions.values()].map(({ entry }) => groupOf(entry.apiVersion)));
}

interface FieldFacts {
  introducedIn: string | null;
  removedIn: string | null;
  deprecatedIn: string | null;
  present: string[];
}

/** The entries of a path, or of every path a `*` step (any key of a map) matches. */
function matching<P>(paths: Record<string, P>, path: string): P[] {
  if (!path.includes('*')) return paths[path] ? [paths[path]] : [];
  const pattern = new RegExp(
    `^${path
      .split('.')
      .map((s) => s.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace('*', '[^.]+'))
      .join('\\.')}$`,
  );
  return Object.keys(paths)
    .filter((p) => pattern.test(p))
    .map((p) => paths[p]);
}

/** What the source says of a field path of a kind, over the given group/versions (all of the kind's when null). */
export function fieldFacts(
  index: GeneratedIndex,
  kind: string,
  path: string,
  apiVersions: string[] | null,
): FieldFacts | null | undefined {
  const byVersion = index.fields.get(kind);
  if (!byVersion) return undefined;
  const versions = (apiVersions ?? [...byVersion.keys()]).filter((v) => byVersion.has(v));
  if (versions.length === 0) return undefined;
  const order = byVersion.get(versions[0])!.order;
  const present = new Set<string>();
  // Releases where an enclosing field has another package's type: whether the path exists there is unknown.
  const unknown = new Set<string>();
  const parts = path.split('.');
  for (const v of versions) {
    const { paths, order: o } = byVersion.get(v)!;
    for (let n = 1; n < parts.length; n++)
      for (const enclosing of matching(paths, parts.slice(0, n).join('.').replace(/\[\]$/, '')))
        if (enclosing.opaque) for (const r of expand(enclosing.opaque, o)) unknown.add(r);
  }
  let deprecatedIn: string | null = null;
  for (const v of versions) {
    const { paths, order: o } = byVersion.get(v)!;
    // k8s.io/api keeps a version's types after the API server stops serving it: count served releases only.
    const api = index.apiVersions.get(`${v} ${kind}`);
    const served = api ? new Set(apiFacts(api.entry, index.order).served) : null;
    for (const p of matching(paths, path)) {
      for (const r of expand(p.present, o)) if (!served || served.has(r)) present.add(r);
      if (p.deprecatedFrom && (deprecatedIn === null || parseVersion(p.deprecatedFrom) < parseVersion(deprecatedIn)))
        deprecatedIn = p.deprecatedFrom;
    }
  }
  if (present.size === 0)
    return versions.some((v) => matching(byVersion.get(v)!.paths, path).length > 0) ? undefined : null;
  const sorted = [...present].sort((a, b) => parseVersion(a) - parseVersion(b));
  const first = sorted[0],
    last = sorted[sorted.length - 1];
  const before = order[order.indexOf(first) - 1];
  const after = order[order.indexOf(last) + 1];
  return {
    introducedIn: before !== undefined && !unknown.has(before) ? first : null,
    removedIn: after !== undefined && !unknown.has(after) ? after : null,
    deprecatedIn,
    present: sorted,
  };
}

/**
 * The releases in which a field path exists (for a component-config field a flag names); undefined when the
 * index cannot tell: no index for the kind, or an enclosing field of another package's type.
 */
export function fieldPresentIn(index: GeneratedIndex, kind: string, path: string): string[] | undefined {
  const byVersion = index.fields.get(kind);
  if (!byVersion) return undefined;
  const out = new Set<string>();
  const parts = path.split('.');
  for (const { paths, order } of byVersion.values()) {
    for (const r of expand(paths[path]?.present ?? [], order)) out.add(r);
    if (out.size === 0 && parts.some((_, n) => n > 0 && paths[parts.slice(0, n).join('.')]?.opaque)) return undefined;
  }
  return [...out].sort((a, b) => parseVersion(a) - parseVersion(b));
}

/** A gate's state in a release by its versioned specs; null before its first spec. */
export function gateStateIn(gate: GateEntry, release: string): GateEntry['specs'][number] | null {
  let state: GateEntry['specs'][number] | null = null;
  for (const s of gate.specs) if (parseVersion(s.since) <= parseVersion(release)) state = s;
  return state;
}
