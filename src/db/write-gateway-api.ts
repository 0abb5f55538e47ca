// Writes the Gateway API part of a compiled knowledge base inside the seed's transaction (write-seed.ts): the
// curated releases, CHANGELOG entries, ingress-nginx annotations and Ingress providers (seed/gateway-api/), and
// the CRD kinds and fields of the generated index (seed/generated/gateway-api.json) for the releases that have
// a record (compile.ts keeps only those).
import type { GatewayApiKnowledge, GatewayApiRelease } from '../kb/model';
import type { Tx } from './client';

const json = (x: unknown) => JSON.stringify(x ?? []);
/** Rows per createMany: PostgreSQL takes at most 65,535 bound values per statement. */
const CHUNK = 1000;

/** How many curated records the Gateway API part holds (the index's kinds and fields are generated). */
export function gatewayApiRecordCount(g: GatewayApiKnowledge): number {
  return (
    g.releases.length + g.releases.reduce((n, r) => n + r.changes.length, 0) + g.annotations.length + g.providers.length
  );
}

export async function writeGatewayApi(tx: Tx, g: GatewayApiKnowledge): Promise<void> {
  const idOf = new Map<GatewayApiRelease, number>();
  for (const r of g.releases) {
    const row = await tx.gatewayApiRelease.create({
      data: {
        version: r.version,
        position: r.position,
        releasedOn: r.releasedOn,
        minKubernetes: r.minKubernetes,
        notes: r.notes,
        sources: json(r.sources),
      },
    });
    idOf.set(r, row.id);
  }
  const kinds = g.releases.flatMap((r) =>
    r.kinds.map((k) => ({
      releaseId: idOf.get(r)!,
      channel: k.channel,
      group: k.group,
      kind: k.kind,
      plural: k.plural,
      servedVersions: json(k.servedVersions),
      storageVersion: k.storageVersion,
      deprecatedVersions: json(k.deprecatedVersions),
      bundleVersion: k.bundleVersion,
    })),
  );
  for (let i = 0; i < kinds.length; i += CHUNK) await tx.gatewayApiKind.createMany({ data: kinds.slice(i, i + CHUNK) });
  const fields = g.fields.map((f) => ({
    group: f.group,
    kind: f.kind,
    version: f.version,
    channel: f.channel,
    path: f.path,
    releases: json(f.releases),
    allowedValues: json(f.allowedValues),
  }));
  for (let i = 0; i < fields.length; i += CHUNK)
    await tx.gatewayApiField.createMany({ data: fields.slice(i, i + CHUNK) });
  const nodes = g.schemaNodes.map((n) => ({
    group: n.group,
    kind: n.kind,
    version: n.version,
    channel: n.channel,
    path: n.path,
    releases: json(n.releases),
    rules: json(n.rules),
    defaultJson: n.defaultJson,
  }));
  // Written in the knowledge base's order: the reader reads them back by id.
  for (let i = 0; i < nodes.length; i += CHUNK)
    await tx.gatewayApiSchemaNode.createMany({ data: nodes.slice(i, i + CHUNK) });
  await tx.gatewayApiChange.createMany({
    data: g.releases.flatMap((r) =>
      r.changes.map((c) => ({
        key: c.key,
        releaseId: idOf.get(r)!,
        position: c.position,
        kind: c.kind,
        summary: c.summary,
        actionRequired: c.actionRequired,
        prs: json(c.prs),
        sources: json(c.sources),
      })),
    ),
  });
  await tx.ingressNginxAnnotation.createMany({
    data: g.annotations.map((a) => ({
      name: a.name,
      summary: a.summary,
      gatewayApi: a.gatewayApi,
      conversion: a.conversion,
      reason: a.reason,
      role: a.role,
      header: a.header,
      defaultValue: a.defaultValue,
      neverValue: a.neverValue,
      accessControl: a.access?.control ?? null,
      accessPart: a.access?.part ?? null,
      accessScope: a.access?.scope ?? null,
      accessOffValues: a.access ? json(a.access.offValues) : null,
      acceptedMin: a.acceptedRange?.min ?? null,
      acceptedMax: a.acceptedRange?.max ?? null,
      breaksWhenLost: a.breaksWhenLost,
      controllerFlag: a.controllerFlag,
      redirectCode: a.redirectCode,
      protocols: a.protocols ? json(a.protocols) : null,
      sources: json(a.sources),
    })),
  });
  await tx.ingressProvider.createMany({
    data: g.providers.map((p) => ({
      id: p.id,
      name: p.name,
      annotationPrefix: p.annotationPrefix,
      classAnnotation: p.classAnnotation,
      regexPathsAnnotation: p.regexPathsAnnotation,
      httpsRedirectCode: p.httpsRedirectCode,
      trailingSlashRedirectCode: p.trailingSlashRedirectCode,
      sources: json(p.sources),
    })),
  });
  await tx.gatewayImplementation.createMany({
    data: g.implementations.map((i) => ({
      id: i.id,
      name: i.name,
      repository: i.repository,
      releases: json(i.releases),
      policies: json(i.policies),
      targetRefs: i.targetRefs,
      capabilities: json(i.capabilities),
      sources: json(i.sources),
    })),
  });
}
