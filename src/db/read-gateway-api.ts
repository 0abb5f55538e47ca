// Reads the Gateway API part of the knowledge base (written by write-gateway-api.ts) into the in-memory
// shape of src/kb/model.ts, inside the reader's consistent read (read-kb.ts).
import type { AccessControl } from '../kb/access-controls';
import type {
  GatewayApiAllowedValues,
  AnnotationAccess,
  BackendProtocol,
  GatewayApiCelRule,
  GatewayApiChange,
  GatewayApiChannel,
  GatewayApiKnowledge,
  GatewayApiPathAt,
  GatewayApiRelease,
  GatewayImplementation,
  ImplementationCapability,
  IngressNginxAnnotation,
} from '../kb/model';
import type { Tx } from './client';

const list = <T = string>(s: string): T[] => JSON.parse(s) as T[];
const channelOrder = (c: string) => (c === 'standard' ? 0 : 1);

export async function readGatewayApi(db: Tx): Promise<GatewayApiKnowledge> {
  const [releases, kinds, fields, nodes, changes, annotations, providers, implementations] = await Promise.all([
    db.gatewayApiRelease.findMany({ orderBy: { position: 'asc' } }),
    db.gatewayApiKind.findMany({
      orderBy: [{ releaseId: 'asc' }, { channel: 'asc' }, { group: 'asc' }, { kind: 'asc' }],
    }),
    db.gatewayApiField.findMany({
      orderBy: [{ group: 'asc' }, { kind: 'asc' }, { version: 'asc' }, { channel: 'asc' }, { path: 'asc' }],
    }),
    db.gatewayApiSchemaNode.findMany({ orderBy: { id: 'asc' } }),
    db.gatewayApiChange.findMany({ orderBy: [{ releaseId: 'asc' }, { position: 'asc' }] }),
    db.ingressNginxAnnotation.findMany({ orderBy: { name: 'asc' } }),
    db.ingressProvider.findMany({ orderBy: { id: 'asc' } }),
    db.gatewayImplementation.findMany({ orderBy: { id: 'asc' } }),
  ]);
  const byId = new Map<number, GatewayApiRelease>();
  // Most fields share their list of releases with others: one array per distinct list keeps the snapshot
  // file small (v8's serializer writes a shared object once). The knowledge base is never mutated.
  const releaseLists = new Map<string, string[]>();
  const releasesOf = (json: string): string[] => {
    let found = releaseLists.get(json);
    if (!found) releaseLists.set(json, (found = list(json)));
    return found;
  };
  // The part a field and a schema node share: where in which kind, and in which releases.
  const pathAt = (row: {
    group: string;
    kind: string;
    version: string;
    channel: string;
    path: string;
    releases: string;
  }): GatewayApiPathAt => ({
    group: row.group,
    kind: row.kind,
    version: row.version,
    channel: row.channel as GatewayApiChannel,
    path: row.path,
    releases: releasesOf(row.releases),
  });
  // A rule shared by many nodes and releases is one object, as compile.ts makes it.
  const rules = new Map<string, GatewayApiCelRule>();
  const ruleOf = (rule: string, message: string): GatewayApiCelRule => {
    const id = JSON.stringify([rule, message]);
    let found = rules.get(id);
    if (!found) rules.set(id, (found = { rule, message }));
    return found;
  };
  const out: GatewayApiKnowledge = {
    releases: releases.map((r) => {
      const release: GatewayApiRelease = {
        typename: 'GatewayApiRelease',
        version: r.version,
        position: r.position,
        releasedOn: r.releasedOn,
        minKubernetes: r.minKubernetes,
        sources: list(r.sources),
        notes: r.notes,
        kinds: [],
        changes: [],
      };
      byId.set(r.id, release);
      return release;
    }),
    fields: fields.map((f) => ({
      ...pathAt(f),
      allowedValues: list<GatewayApiAllowedValues>(f.allowedValues).map((a) => ({
        releases: releasesOf(JSON.stringify(a.releases)),
        values: a.values,
        pattern: a.pattern,
      })),
    })),
    schemaNodes: nodes.map((n) => ({
      ...pathAt(n),
      rules: list<GatewayApiCelRule>(n.rules).map((r) => ruleOf(r.rule, r.message)),
      defaultJson: n.defaultJson,
    })),
    annotations: annotations.map((a): IngressNginxAnnotation => ({
      typename: 'IngressNginxAnnotation',
      name: a.name,
      summary: a.summary,
      gatewayApi: a.gatewayApi,
      conversion: a.conversion,
      reason: a.reason,
      role: a.role,
      header: a.header,
      defaultValue: a.defaultValue,
      neverValue: a.neverValue,
      acceptedRange:
        a.acceptedMin !== null && a.acceptedMax !== null ? { min: a.acceptedMin, max: a.acceptedMax } : null,
      breaksWhenLost: a.breaksWhenLost,
      controllerFlag: a.controllerFlag,
      redirectCode: a.redirectCode,
      access:
        a.accessControl && a.accessPart && a.accessScope
          ? {
              control: a.accessControl as AccessControl,
              part: a.accessPart as AnnotationAccess['part'],
              scope: a.accessScope as AnnotationAccess['scope'],
              offValues: list(a.accessOffValues ?? '[]'),
            }
          : null,
      protocols: a.protocols === null ? null : list<BackendProtocol>(a.protocols),
      sources: list(a.sources),
    })),
    providers: providers.map((p) => ({ ...p, sources: list(p.sources) })),
    implementations: implementations.map((i) => ({
      id: i.id,
      name: i.name,
      repository: i.repository,
      releases: list(i.releases),
      policies: list<GatewayImplementation['policies'][number]>(i.policies),
      targetRefs: i.targetRefs,
      capabilities: list<ImplementationCapability>(i.capabilities),
      sources: list(i.sources),
    })),
  };
  for (const k of kinds) {
    const release = byId.get(k.releaseId)!;
    release.kinds.push({
      release: release.version,
      channel: k.channel as GatewayApiChannel,
      group: k.group,
      kind: k.kind,
      plural: k.plural,
      servedVersions: list(k.servedVersions),
      storageVersion: k.storageVersion,
      deprecatedVersions: list(k.deprecatedVersions),
      bundleVersion: k.bundleVersion,
    });
  }
  for (const r of out.releases) r.kinds.sort((a, b) => channelOrder(a.channel) - channelOrder(b.channel));
  for (const c of changes) {
    const release = byId.get(c.releaseId)!;
    const change: GatewayApiChange = {
      typename: 'Change',
      key: c.key,
      gatewayApiRelease: release.version,
      position: c.position,
      kind: c.kind,
      summary: c.summary,
      actionRequired: c.actionRequired,
      prs: list<number>(c.prs),
      sources: list(c.sources),
    };
    release.changes.push(change);
  }
  return out;
}
