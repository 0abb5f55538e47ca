// Writes the Gateway API part of a seed inside the seed's transaction (write-seed.ts): the curated releases,
// CHANGELOG entries, ingress-nginx annotations and Ingress providers (seed/gateway-api/), and the CRD kinds and fields of the
// generated index (seed/generated/gateway-api.json) for the releases that have a record.
import { compareGatewayApiVersions } from '../seed/gateway-api-index';
import type { GatewayApiSeed } from '../seed/load';
import { parseVersion } from '../kb/version';
import type { Tx } from './client';

const json = (x: unknown) => JSON.stringify(x ?? []);
/** Rows per createMany: PostgreSQL takes at most 65,535 bound values per statement. */
const CHUNK = 1000;

/** The key of a Gateway API change: distinct from every Kubernetes change key ("1.20#id"). */
function gatewayApiChangeKey(release: string, id: string): string {
  return `gateway-api@${release}#${id}`;
}

/** How many seed records the Gateway API part holds (the curated ones; the index's rows are generated). */
export function gatewayApiRecordCount(g: GatewayApiSeed): number {
  return g.releases.length + g.changes.length + g.annotations.length + g.providers.length;
}

export async function writeGatewayApi(tx: Tx, g: GatewayApiSeed): Promise<void> {
  const releases = [...g.releases].sort((a, b) => compareGatewayApiVersions(a.record.version, b.record.version));
  const idByVersion = new Map<string, number>();
  for (const [position, { record: r }] of releases.entries()) {
    const row = await tx.gatewayApiRelease.create({
      data: {
        version: r.version,
        position,
        releasedOn: r.releasedOn ?? null,
        minKubernetes: r.minKubernetes ? parseVersion(r.minKubernetes) : null,
        notes: r.notes ?? null,
        sources: json(r.sources),
      },
    });
    idByVersion.set(r.version, row.id);
  }
  const kinds = (g.index?.kinds ?? []).flatMap((k) => {
    const releaseId = idByVersion.get(k.release);
    if (releaseId === undefined) return [];
    return [
      {
        releaseId,
        channel: k.channel,
        group: k.group,
        kind: k.kind,
        plural: k.plural,
        servedVersions: json(k.servedVersions),
        storageVersion: k.storageVersion,
        deprecatedVersions: json(k.deprecatedVersions),
        bundleVersion: k.bundleVersion,
      },
    ];
  });
  for (let i = 0; i < kinds.length; i += CHUNK) await tx.gatewayApiKind.createMany({ data: kinds.slice(i, i + CHUNK) });
  const fields = (g.index?.fields ?? []).map((f) => ({
    group: f.group,
    kind: f.kind,
    version: f.version,
    channel: f.channel,
    path: f.path,
    releases: json(f.releases),
  }));
  for (let i = 0; i < fields.length; i += CHUNK)
    await tx.gatewayApiField.createMany({ data: fields.slice(i, i + CHUNK) });
  const positions = new Map<string, number>();
  await tx.gatewayApiChange.createMany({
    data: g.changes.map(({ record: c }) => {
      const position = positions.get(c.release) ?? 0;
      positions.set(c.release, position + 1);
      return {
        key: gatewayApiChangeKey(c.release, c.id),
        releaseId: idByVersion.get(c.release)!,
        position,
        kind: c.kind,
        summary: c.summary,
        actionRequired: c.actionRequired,
        prs: json(c.prs),
        sources: json(c.sources),
      };
    }),
  });
  await tx.ingressNginxAnnotation.createMany({
    data: g.annotations.map(({ record: a }) => ({
      name: a.name,
      summary: a.summary,
      gatewayApi: a.gatewayApi ?? null,
      conversion: a.conversion ?? null,
      reason: a.reason ?? null,
      role: a.role ?? null,
      header: a.header ?? null,
      defaultValue: a.defaultValue ?? null,
      accessControl: a.access?.control ?? null,
      accessPart: a.access?.part ?? null,
      accessScope: a.access?.scope ?? null,
      accessOffValues: a.access ? json(a.access.offValues ?? []) : null,
      sources: json(a.sources),
    })),
  });
  await tx.ingressProvider.createMany({
    data: g.providers.map(({ record: p }) => ({
      id: p.id,
      name: p.name,
      annotationPrefix: p.annotationPrefix,
      classAnnotation: p.classAnnotation,
      regexPathsAnnotation: p.regexPathsAnnotation,
      sources: json(p.sources),
    })),
  });
}
