// The gate reference (seed/generated/feature-gates-reference.json, written by `netkb import gate-reference`):
// the newest stored gate tables Kubernetes publishes, as they state them. Kubernetes' generated feature list
// (test/compatibility_lifecycle/reference/feature_list.md, one row per gate still in code) and the website's
// per-gate pages (front matter `stages`, `removed`), each with the URL and commit read. Typed, read and checked
// for damage here, and turned into what each source says of each release; the check against the curated
// gates is cross-check/feature-gate-reference.ts.
//
// What each source says, release by release (docs/knowledge-sources.md, "The gate reference"):
// - The feature list's stage columns give each stage's first and last release ("1.31–" runs to the newest
//   release the list names, "1.31" is that release alone; a stage the specs name twice is shown as one range
//   over both). Its Enabled and Locked columns give the release a gate was *first* on by default and *first*
//   locked: before it the gate was off (not locked), in it on (locked); after it a later spec may have changed
//   the value (deprecated gates are often turned off again), so the list says nothing there. An empty column
//   means never. A range from "1.0" is the specs' placeholder for "before versioning" and dates nothing. The
//   list is taken as known through the release before the newest one it names (a list taken during that release's development).
// - A page's stage runs from fromVersion to toVersion, both included (an open last stage to the newest release
//   the page names, which the page is known through); `locked` is stated only where the page writes it (older,
//   hand-written pages never do); `removed: true` says the gate went in the release after the last toVersion.
//   Where a page gives two stages to one release, only what they share is taken.
import { existsSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { z } from 'zod';
import { formatVersion, parseVersion } from '../kb/version';
import type { SeedProblem } from './bundle';

export const GATE_REFERENCE_FILE = 'feature-gates-reference.json';
export const GATE_REFERENCE_SOURCE_FILE = 'feature-gates-reference-source.yaml';

const release = z.string().regex(/^\d+\.\d+$/, 'a release such as "1.35"');
const commit = z.string().regex(/^[0-9a-f]{40}$/, 'the full commit read (40 hex digits)');
const stage = z.enum(['ALPHA', 'BETA', 'GA', 'DEPRECATED']);
export type ReferenceStage = z.infer<typeof stage>;

const featureListGateSchema = z.strictObject({
  name: z.string().min(1),
  /** The Enabled column: the first release the gate is on by default; null: never. */
  enabledSince: release.nullable(),
  /** The Locked column: the first release the gate is locked to its default; null: never. */
  lockedSince: release.nullable(),
  /** The stage columns, one entry per range, ordered by first release; `to` null: open ("1.31–"). */
  stages: z.array(z.strictObject({ stage, from: release, to: release.nullable() })),
});
export type FeatureListGate = z.infer<typeof featureListGateSchema>;

const gatePageSchema = z.strictObject({
  name: z.string().min(1),
  source: z.url(),
  commit,
  /** The newest release the page names (fromVersion or toVersion): it says nothing of later ones. */
  knownThrough: release,
  /** `removed: true`: the release after the last toVersion; null when the page does not say removed. */
  removedIn: release.nullable(),
  stages: z
    .array(
      z.strictObject({
        stage,
        defaultEnabled: z.boolean(),
        from: release,
        /** null: open (the page's last stage without toVersion). */
        to: release.nullable(),
        /** null where the page does not write `locked`. */
        locked: z.boolean().nullable(),
      }),
    )
    .min(1),
});
export type GatePage = z.infer<typeof gatePageSchema>;

export const gateReferenceFileSchema = z.strictObject({
  generatedBy: z.literal('netkb import gate-reference'),
  featureList: z
    .strictObject({
      source: z.url(),
      commit,
      /** The newest release any of its cells names. */
      newest: release,
      /** The release before `newest`: the last one the list is taken as complete for. */
      knownThrough: release,
    })
    .nullable(),
  featureListGates: z.array(featureListGateSchema),
  gatePages: z.array(gatePageSchema),
});
export type GateReferenceFile = z.infer<typeof gateReferenceFileSchema>;

/** seed/generated/feature-gates-reference-source.yaml: where each file comes from, and where a folder holds it. */
export const gateReferenceSourceSchema = z.strictObject({
  featureList: z
    .strictObject({
      repository: z.url(),
      /** The file's path in the repository. */
      path: z.string().min(1),
      commit,
      /** Where the file is, relative to the folder the command reads. */
      file: z.string().min(1),
    })
    .nullable()
    .default(null),
  gatePages: z
    .strictObject({
      repository: z.url(),
      /** The pages' folder in the repository. */
      path: z.string().min(1),
      /** Where the pages are, relative to the folder the command reads. */
      dir: z.string().min(1),
      /** Each page's file name -> the commit it was read at. */
      commits: z.record(z.string().regex(/^[A-Za-z0-9]+\.md$/, 'a page file name, Name.md'), commit),
    })
    .nullable()
    .default(null),
});
export type GateReferenceSource = z.infer<typeof gateReferenceSourceSchema>;

/** What one source says of a gate in one release; null: the source does not say. */
export interface ReferenceState {
  stage: ReferenceStage | null;
  defaultEnabled: boolean | null;
  lockedToDefault: boolean | null;
}

export interface ReferenceSourceOfGate {
  kind: 'feature list' | 'website page';
  /** The file's address at the commit read. */
  source: string;
  knownThrough: string;
  /** The gate's line in the index file. */
  line: number;
  /** Release -> what the source says of it; releases it says nothing of are absent. */
  states: Map<string, ReferenceState>;
  removedIn: string | null;
  /** The source dates the gate's first stage "1.0": it stands for "before the lists were versioned". */
  undatedStart: boolean;
}

export interface GateReferenceIndex {
  /** The index file, relative to the project root. */
  file: string;
  /** Gate -> the sources that speak of it, newest knowledge first (the feature list before a page on a tie). */
  gates: Map<string, ReferenceSourceOfGate[]>;
}

const next = (r: string) => formatVersion(parseVersion(r) + 1);
const before = (r: string) => formatVersion(parseVersion(r) - 1);
const newestOf = (releases: (string | null)[]) =>
  formatVersion(Math.max(...releases.filter((r): r is string => r !== null).map(parseVersion)));

/** The newest release a feature list names, over every gate's cells. */
export function newestInFeatureList(gates: FeatureListGate[]): string | null {
  const all = gates.flatMap((g) => [g.enabledSince, g.lockedSince, ...g.stages.flatMap((s) => [s.from, s.to])]);
  return all.some((r) => r !== null) ? newestOf(all) : null;
}

/** The newest release a page names: the last one it is known through. */
export const pageKnownThrough = (stages: { from: string; to: string | null }[]) =>
  newestOf(stages.flatMap((s) => [s.from, s.to]));

/** A flag's value in a release, from the release it was first set (null: never set): before off, in it on. */
function firstSetIn(since: string | null, r: number): boolean | null {
  if (since === null) return false;
  const s = parseVersion(since);
  return r < s ? false : r === s ? true : null;
}

/** One value all claims share, or null. */
function shared<T>(values: T[]): T | null {
  const set = new Set(values);
  return set.size === 1 ? [...set][0] : null;
}

/** What the feature list says of a gate in each release from its first dated range to `knownThrough`. */
export function featureListStates(gate: FeatureListGate, newest: string, knownThrough: string) {
  const claims = new Map<number, ReferenceStage[]>();
  const last = parseVersion(knownThrough);
  for (const s of gate.stages) {
    if (s.from === '1.0') continue;
    const to = Math.min(parseVersion(s.to ?? newest), last);
    for (let r = parseVersion(s.from); r <= to; r++) claims.set(r, [...(claims.get(r) ?? []), s.stage]);
  }
  const states = new Map<string, ReferenceState>();
  for (const r of [...claims.keys()].sort((a, b) => a - b)) {
    states.set(formatVersion(r), {
      stage: shared(claims.get(r)!),
      defaultEnabled: firstSetIn(gate.enabledSince, r),
      lockedToDefault: firstSetIn(gate.lockedSince, r),
    });
  }
  return states;
}

/** What a per-gate page says of each release from its first fromVersion to the release it is known through. */
export function gatePageStates(page: Pick<GatePage, 'stages' | 'knownThrough'>) {
  const claims = new Map<number, GatePage['stages']>();
  for (const s of page.stages) {
    const to = parseVersion(s.to ?? page.knownThrough);
    for (let r = parseVersion(s.from); r <= to; r++) claims.set(r, [...(claims.get(r) ?? []), s]);
  }
  const states = new Map<string, ReferenceState>();
  for (const r of [...claims.keys()].sort((a, b) => a - b)) {
    const c = claims.get(r)!;
    states.set(formatVersion(r), {
      stage: shared(c.map((s) => s.stage)),
      defaultEnabled: shared(c.map((s) => s.defaultEnabled)),
      lockedToDefault: shared(c.map((s) => s.locked)),
    });
  }
  return states;
}

/**
 * The index from its parsed file, or the reasons it is damaged (a release range backwards, a gate listed
 * twice, a knownThrough or removal that does not follow from the entry): a damaged reference is not checked
 * against.
 */
export function toGateReference(data: GateReferenceFile, file: string, text: string): GateReferenceIndex | string[] {
  const damage: string[] = [];
  const lines = text.split('\n');
  const lineOf = (list: 'featureListGates' | 'gatePages', name: string) => {
    const start = lines.findIndex((l) => l.startsWith(`  "${list}"`));
    const at = lines.findIndex((l, i) => i > start && l.startsWith(`    {"name":${JSON.stringify(name)},`));
    return at < 0 ? 1 : at + 1;
  };
  const backwards = (what: string, ranges: { from: string; to: string | null }[]) => {
    for (const s of ranges)
      if (s.to !== null && parseVersion(s.to) < parseVersion(s.from)) damage.push(`${what}: ${s.from} to ${s.to}`);
  };
  const gates = new Map<string, ReferenceSourceOfGate[]>();
  const add = (name: string, entry: ReferenceSourceOfGate) => gates.set(name, [...(gates.get(name) ?? []), entry]);

  const list = data.featureList;
  if (list && data.featureListGates.length > 0) {
    const newest = newestInFeatureList(data.featureListGates);
    if (newest !== list.newest) damage.push(`featureList.newest is ${list.newest}, its gates name ${newest}`);
    if (list.knownThrough !== before(list.newest))
      damage.push(`featureList.knownThrough is ${list.knownThrough}, not the release before ${list.newest}`);
  } else if (!list && data.featureListGates.length > 0) damage.push('featureListGates without a featureList');
  const seen = new Set<string>();
  for (const g of data.featureListGates) {
    if (seen.has(g.name)) damage.push(`featureListGates: ${g.name} twice`);
    seen.add(g.name);
    backwards(`featureListGates ${g.name}`, g.stages);
    if (list)
      add(g.name, {
        kind: 'feature list',
        source: list.source,
        knownThrough: list.knownThrough,
        line: lineOf('featureListGates', g.name),
        states: featureListStates(g, list.newest, list.knownThrough),
        removedIn: null,
        undatedStart: g.stages.some((s) => s.from === '1.0'),
      });
  }
  seen.clear();
  for (const p of data.gatePages) {
    if (seen.has(p.name)) damage.push(`gatePages: ${p.name} twice`);
    seen.add(p.name);
    backwards(`gatePages ${p.name}`, p.stages);
    const known = pageKnownThrough(p.stages);
    if (p.knownThrough !== known)
      damage.push(`gatePages ${p.name}: knownThrough ${p.knownThrough}, its stages name ${known}`);
    const last = p.stages[p.stages.length - 1];
    if (p.removedIn !== null && (last.to === null || p.removedIn !== next(last.to)))
      damage.push(`gatePages ${p.name}: removedIn ${p.removedIn} is not the release after its last stage`);
    add(p.name, {
      kind: 'website page',
      source: p.source,
      knownThrough: p.knownThrough,
      line: lineOf('gatePages', p.name),
      states: gatePageStates(p),
      removedIn: p.removedIn,
      undatedStart: false,
    });
  }
  if (damage.length > 0) return damage;
  for (const list of gates.values())
    list.sort(
      (a, b) =>
        parseVersion(b.knownThrough) - parseVersion(a.knownThrough) ||
        (a.kind === b.kind ? 0 : a.kind === 'feature list' ? -1 : 1),
    );
  return { file, gates };
}

/** Reads seed/generated/feature-gates-reference.json; null when the seed has none (nothing to check). */
export function readGateReference(seedDir: string, problems: SeedProblem[]): GateReferenceIndex | null {
  const path = join(seedDir, 'generated', GATE_REFERENCE_FILE);
  if (!existsSync(path)) return null;
  const rel = relative(join(seedDir, '..'), path);
  const fail = (message: string) => {
    problems.push({ file: rel, message: `${message}; regenerate it with netkb import gate-reference` });
    return null;
  };
  let text: string;
  let data: unknown;
  try {
    text = readFileSync(path, 'utf8');
    data = JSON.parse(text);
  } catch (err) {
    return fail(`cannot be read: ${(err as Error).message.split('\n')[0]}`);
  }
  const r = gateReferenceFileSchema.safeParse(data);
  if (!r.success)
    return fail(
      `not a gate reference: ${r.error.issues
        .slice(0, 3)
        .map((i) => `${i.path.join('.')}: ${i.message}`)
        .join('; ')}`,
    );
  const index = toGateReference(r.data, rel, text);
  return Array.isArray(index) ? fail(`damaged: ${index.slice(0, 3).join('; ')}`) : index;
}
