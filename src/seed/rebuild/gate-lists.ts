// The versioned feature-gate lists a proposal reads: those of the generated index, and any list given beside
// it (a versioned_feature_list.yaml read at the new release, before the index is regenerated). A list tells
// a release's gate stages for certain only when it also names a later release: the specs of the release in
// development may still change, as the loader's check assumes too (generated-index.ts, knownThrough).
import { basename } from 'node:path';
import { readVersionedFeatureList, SourceFormatError } from '../../importer/k8s-source/gates-source';
import { gateStateIn, type GateEntry, type GeneratedIndex } from '../generated-index';
import { formatVersion, parseVersion } from '../../kb/version';

export interface GateList {
  /** Where the list was read (a URL naming the commit), shown as the evidence of what it says. */
  source: string;
  gates: Map<string, GateEntry>;
  /** The newest release any spec of the list names; null for an empty list. */
  newest: number | null;
}

export function gateList(source: string, gates: GateEntry[]): GateList {
  let newest: number | null = null;
  for (const g of gates) for (const s of g.specs) newest = Math.max(newest ?? 0, parseVersion(s.since));
  return { source, gates: new Map(gates.map((g) => [g.name, g])), newest };
}

export class GateListError extends Error {
  override readonly name = 'GateListError';
}

/** A versioned_feature_list.yaml (kubernetes/kubernetes test/compatibility_lifecycle/reference/) as a list. */
export function readGateListFile(text: string, source: string): GateList {
  try {
    return gateList(source, readVersionedFeatureList(text, source));
  } catch (err) {
    if (err instanceof SourceFormatError) throw new GateListError(err.message);
    // js-yaml's own errors: the file is not YAML at all.
    if (err instanceof Error && err.name === 'YAMLException')
      throw new GateListError(`${source}: not YAML (${err.message.split('\n')[0]})`);
    throw err;
  }
}

export function gateListsOf(index: GeneratedIndex | null): GateList[] {
  return (index?.gateSources ?? []).map((s) => gateList(s.source, [...s.gates.values()]));
}

type Coverage = 'settled' | 'development';

/**
 * How a list covers `release`: `settled` when it names a later release, `development` when `release` is the
 * newest it names (a list taken during that release's own development), null when it stops before.
 */
export function coverage(list: GateList, release: number): Coverage | null {
  if (list.newest === null || list.newest < release) return null;
  return list.newest > release ? 'settled' : 'development';
}

/** The list that best tells a gate's state in `release`: settled before development, then the newest. */
export function bestListFor(lists: GateList[], gate: string, release: number): GateList | null {
  const ranked = lists
    .filter((l) => l.gates.has(gate) && coverage(l, release) !== null)
    .sort((a, b) => rank(b, release) - rank(a, release));
  return ranked[0] ?? null;
}
const rank = (l: GateList, release: number) => (coverage(l, release) === 'settled' ? 1_000_000 : 0) + (l.newest ?? 0);

/**
 * Whether a settled list drops a gate that an older list of the same file named: the gate left the code
 * after that older list's development cycle, by `release` at the latest. Returns the two lists.
 */
export function droppedBy(
  lists: GateList[],
  gate: string,
  release: number,
): { newer: GateList; older: GateList } | null {
  for (const newer of lists) {
    if (coverage(newer, release) !== 'settled' || newer.gates.has(gate)) continue;
    const older = lists.find(
      (o) =>
        o !== newer &&
        o.gates.has(gate) &&
        o.newest !== null &&
        o.newest < newer.newest! &&
        fileOf(o.source) === fileOf(newer.source),
    );
    if (older) return { newer, older };
  }
  return null;
}
const fileOf = (source: string) => basename(source.replace(/[?#].*$/, ''));

/** The state a list gives a gate in a release, and whether a spec begins exactly then. */
export function listState(list: GateList, gate: string, release: number) {
  const entry = list.gates.get(gate)!;
  const at = gateStateIn(entry, formatVersion(release));
  const before = gateStateIn(entry, formatVersion(release - 1));
  const begins = entry.specs.some((s) => parseVersion(s.since) === release);
  return { entry, at, before, begins };
}
