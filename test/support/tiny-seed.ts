// A seed bundle and a generated index built in memory from a few records, for tests of what reads them (the
// check against the index, release proposals) without loading the real seed.
import type { Located, LocatedChange, SeedBundle } from '../../src/seed/load';
import type { ApiVersionEntry, GateEntry, GeneratedIndex } from '../../src/seed/generated-index';
import type {
  ApiFieldRecord,
  ApiVersionRecord,
  ComponentRecord,
  FeatureGateRecord,
  FlagRecord,
  ReleaseRecord,
} from '../../src/seed/schemas';

const at = <T>(file: string, records: T[]): Located<T>[] =>
  records.map((record, index) => ({ file, index, line: index * 10 + 1, record }));

export interface TinySeed {
  releases: string[];
  gates?: FeatureGateRecord[];
  flags?: FlagRecord[];
  apiVersions?: ApiVersionRecord[];
  apiFields?: ApiFieldRecord[];
  components?: ComponentRecord[];
  changes?: LocatedChange[];
}

export function tinyBundle(s: TinySeed): SeedBundle {
  const releases: ReleaseRecord[] = s.releases.map((version) => ({ version, sources: ['https://example.com/'] }));
  return {
    hash: '',
    releases: at('seed/releases.yaml', releases),
    components: at('seed/components.yaml', s.components ?? []),
    kinds: [],
    constraints: [],
    featureGates: at('seed/feature-gates/gates.yaml', s.gates ?? []),
    flags: at('seed/flags/flags.yaml', s.flags ?? []),
    apiVersions: at('seed/api-versions/apis.yaml', s.apiVersions ?? []),
    apiFields: at('seed/api-fields/fields.yaml', s.apiFields ?? []),
    wellKnownKeys: [],
    generatedKeys: [],
    generatedFlags: [],
    generatedApiFields: [],
    fileFieldPaths: [],
    addOnApis: null,
    gateKeys: [],
    apiGroupDomains: [],
    sigOwners: [],
    toolGates: [],
    reservedKeyDomains: [],
    metrics: [],
    generatedGates: [],
    changes: s.changes ?? [],
    crossCheck: null,
    gatewayApi: { releases: [], changes: [], annotations: [], providers: [], index: null, implementations: [] },
  };
}

export interface TinyIndex {
  /** Releases read, oldest first. */
  order: string[];
  apiVersions?: Omit<ApiVersionEntry, 'dir'>[];
  /** kind -> apiVersion -> path -> ranges present ("1.30-1.35"), with an optional deprecatedFrom. */
  fields?: Record<string, Record<string, Record<string, { present: string[]; deprecatedFrom?: string }>>>;
  gates?: { source: string; gates: GateEntry[] }[];
}

export function tinyIndex(t: TinyIndex): GeneratedIndex {
  return {
    config: {
      api: {
        repository: 'https://github.com/kubernetes/api',
        recordsFrom: t.order[0],
        alphaGroups: [],
        skipKinds: [],
        betaOffByDefaultFrom: '1.24',
        betaOffByDefaultSource: 'https://example.com/kep-3136',
      },
      componentConfigs: [],
    },
    order: t.order,
    repository: 'https://github.com/kubernetes/api',
    refs: new Map(t.order.map((r) => [r, { ref: `kubernetes-${r}.0`, commit: '0'.repeat(40) }])),
    apiVersions: new Map(
      (t.apiVersions ?? []).map((e, i) => [
        `${e.apiVersion} ${e.kind}`,
        { entry: { ...e, dir: e.apiVersion.replace('.k8s.io', '') }, line: i + 1 },
      ]),
    ),
    apiVersionsFile: 'seed/generated/api-versions.json',
    fields: new Map(
      Object.entries(t.fields ?? {}).map(([kind, byVersion]) => [
        kind,
        new Map(
          Object.entries(byVersion).map(([apiVersion, paths]) => [
            apiVersion,
            {
              order: t.order,
              paths: Object.fromEntries(
                Object.entries(paths).map(([p, f]) => [
                  p,
                  { present: f.present, deprecatedFrom: f.deprecatedFrom ?? null },
                ]),
              ),
            },
          ]),
        ),
      ]),
    ),
    configFields: [],
    gateSources: (t.gates ?? []).map((g) => ({
      source: g.source,
      knownThrough: null,
      gates: new Map(g.gates.map((x) => [x.name, x])),
    })),
    gateReference: null,
    metrics: null,
    keps: null,
    gateNoteRemovals: null,
    gateHistory: null,
    flagEvents: null,
  };
}

/** A gate's versioned spec, as the lists write it. */
export const spec = (since: string, stage: GateEntry['specs'][number]['stage'], on: boolean, locked = false) => ({
  since,
  stage,
  defaultEnabled: on,
  lockedToDefault: locked,
});
