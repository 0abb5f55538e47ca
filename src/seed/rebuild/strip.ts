// The seed as it stood before a release: a loaded bundle with that release and every later one taken out,
// in memory. Used to rebuild a release from its sources and compare the result with what was curated.
//
// The copy is made from a bundle the loader already checked and filled, and it is never checked again: the
// loader's fill step would restate, from the generated index, the very facts taken out here, and what the
// rebuild measures would then be the loader, not the proposal. Records and lists that change are copied;
// the rest (components, kinds, the Gateway API part) is shared with the original, which stays untouched.
import type { Located, LocatedChange, SeedBundle } from '../bundle';
import type {
  ApiFieldRecord,
  ApiVersionRecord,
  FeatureGateRecord,
  FlagRecord,
  MetricRecord,
  WellKnownKeyRecord,
} from '../schemas';
import { parseVersion } from '../../kb/version';

type Life = { introducedIn?: string | null; deprecatedIn?: string | null; removedIn?: string | null };

/** The bundle as it stood before `release`: nothing it states happens in `release` or later. */
export function seedBefore(b: SeedBundle, release: string): SeedBundle {
  const cut = parseVersion(release);
  const earlier = (v: string | null | undefined): boolean => v == null || parseVersion(v) < cut;
  const keep = (v: string | null | undefined): string | null | undefined => (earlier(v) ? v : null);
  /** A record that begins at the cut or later is dropped; its later dates are cleared. */
  const life = <T extends Life>(list: Located<T>[], more: (r: T) => T = (r) => r): Located<T>[] =>
    list
      .filter((l) => earlier(l.record.introducedIn))
      .map((l) => ({
        ...l,
        record: more({
          ...l.record,
          deprecatedIn: keep(l.record.deprecatedIn),
          removedIn: keep(l.record.removedIn),
        }),
      }));

  const apiVersions = life<ApiVersionRecord>(b.apiVersions, (r) => ({
    ...r,
    replacementAvailableIn: keep(r.replacementAvailableIn),
  }));
  const apiKeys = new Set(apiVersions.map((l) => `${l.record.apiVersion} ${l.record.kind}`));
  for (const l of apiVersions)
    if (l.record.replacement && !apiKeys.has(`${l.record.replacement} ${l.record.kind}`)) l.record.replacement = null;

  return {
    ...b,
    hash: '',
    releases: b.releases.filter((l) => earlier(l.record.version)),
    constraints: b.constraints.filter((l) => earlier(l.record.since)),
    featureGates: b.featureGates.flatMap((l) => {
      const g = gateBefore(l.record, cut);
      return g ? [{ ...l, record: g }] : [];
    }),
    flags: life<FlagRecord>(b.flags, (r) => ({
      ...r,
      defaults: r.defaults?.filter((d) => earlier(d.since)),
      values: r.values
        ?.filter((x) => earlier(x.introducedIn))
        .map((x) => ({ ...x, deprecatedIn: keep(x.deprecatedIn), removedIn: keep(x.removedIn) })),
    })),
    apiVersions,
    apiFields: life<ApiFieldRecord>(b.apiFields),
    wellKnownKeys: life<WellKnownKeyRecord>(b.wellKnownKeys, (r) => ({ ...r, replacementIn: keep(r.replacementIn) })),
    metrics: life<MetricRecord>(b.metrics),
    changes: b.changes.filter((c: LocatedChange) => earlier(c.version)),
  };
}

/** A gate's stages before the cut; the last one is open again unless the gate was removed earlier. */
function gateBefore(g: FeatureGateRecord, cut: number): FeatureGateRecord | null {
  const lifecycle = g.lifecycle.filter((s) => parseVersion(s.since) < cut).map((s) => ({ ...s }));
  if (lifecycle.length === 0) return null;
  const removedIn = g.removedIn && parseVersion(g.removedIn) < cut ? g.removedIn : null;
  const last = lifecycle[lifecycle.length - 1];
  if (!removedIn && last.until && parseVersion(last.until) >= cut - 1) last.until = null;
  return { ...g, lifecycle, removedIn };
}
