// Helm 3 release storage objects built as Helm writes them, for tests: helm/helm pkg/storage/driver/util.go
// (encodeRelease: the release's JSON, gzipped at best compression, base64) and secrets.go / cfgmaps.go
// (newSecretsObject: type helm.sh/release.v1, labels name, owner: helm, status, version, the encoded release as
// data.release, which a Secret's YAML shows base64 once more; a ConfigMap's data.release is the encoded text).
import { gzipSync } from 'node:zlib';
import { stringify } from 'yaml';

export interface ReleaseSpec {
  name: string;
  namespace: string;
  revision: number;
  status: 'deployed' | 'superseded' | 'failed' | 'uninstalled' | 'pending-upgrade';
  chart: { name: string; version: string };
  manifest: string;
  /** Values given at install; they stay in the release and must never reach a report. */
  config?: Record<string, unknown>;
}

/** The release's JSON as Helm marshals it (the fields a release has; hooks and templates left empty). */
export function releaseJson(r: ReleaseSpec): string {
  return JSON.stringify({
    name: r.name,
    info: { first_deployed: '2021-03-01T10:00:00Z', last_deployed: '2021-03-01T10:00:00Z', status: r.status },
    chart: { metadata: { name: r.chart.name, version: r.chart.version, apiVersion: 'v2' }, templates: [], values: {} },
    config: r.config ?? {},
    manifest: r.manifest,
    version: r.revision,
    namespace: r.namespace,
  });
}

/** encodeRelease: gzip (best compression), then base64. */
export function encodeRelease(json: string | Buffer): string {
  return gzipSync(typeof json === 'string' ? Buffer.from(json) : json, { level: 9 }).toString('base64');
}

const labels = (r: ReleaseSpec) => ({ name: r.name, owner: 'helm', status: r.status, version: String(r.revision) });

/** The Secret Helm's default storage keeps, as `kubectl get secret -o yaml` prints it (uid and resourceVersion set). */
export function releaseSecret(r: ReleaseSpec, encoded = encodeRelease(releaseJson(r))): Record<string, unknown> {
  return {
    apiVersion: 'v1',
    kind: 'Secret',
    metadata: {
      name: `sh.helm.release.v1.${r.name}.v${r.revision}`,
      namespace: r.namespace,
      labels: labels(r),
      resourceVersion: String(1000 + r.revision),
      uid: `00000000-0000-4000-8000-${String(r.revision).padStart(12, '0')}`,
    },
    type: 'helm.sh/release.v1',
    data: { release: Buffer.from(encoded).toString('base64') },
  };
}

/** The ConfigMap of Helm's configmap storage (HELM_DRIVER=configmap). */
export function releaseConfigMap(r: ReleaseSpec): Record<string, unknown> {
  return {
    apiVersion: 'v1',
    kind: 'ConfigMap',
    metadata: {
      name: `sh.helm.release.v1.${r.name}.v${r.revision}`,
      namespace: r.namespace,
      labels: labels(r),
      resourceVersion: String(2000 + r.revision),
      uid: `00000000-0000-4000-9000-${String(r.revision).padStart(12, '0')}`,
    },
    data: { release: encodeRelease(releaseJson(r)) },
  };
}

/** A `kubectl get ... -o yaml` List of the objects. */
export function listYaml(items: Record<string, unknown>[]): string {
  return stringify({ apiVersion: 'v1', items, kind: 'List', metadata: { resourceVersion: '' } }, { lineWidth: 0 });
}
