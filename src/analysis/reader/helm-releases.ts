// Helm 3 releases as the cluster keeps them: a Secret of type helm.sh/release.v1 (Helm's default storage) or a
// ConfigMap labelled owner: helm (its configmap storage), one per revision, whose data.release is the release
// encoded as Helm's storage drivers write it (helm/helm pkg/storage/driver/util.go, encodeRelease: the release's
// JSON, gzipped, base64; a Secret's data is base64 once more, as every Secret's is). What runs is the deployed
// revision's rendered manifest: its objects are what a Kubernetes upgrade must still serve, and what `helm upgrade`
// compares the next revision with. Superseded, failed and uninstalled revisions are not decoded.
//
// Nothing of the release's data leaves this file but the objects of its manifest, the release's name, namespace,
// revision and chart: no error text that could quote the data (JSON's and YAML's messages quote what they read).
import { readExact } from './manifest-exact-lazy';
import {
  isPlainObject,
  ManifestError,
  type HelmReleaseRef,
  type ManifestLimits,
  type ManifestObject,
  type SkippedDocument,
} from './manifest-types';

/**
 * zlib, loaded when a release is first decoded: the dashboard's bundle shares the reader's modules and has no zlib
 * (scripts/build-web.js leaves node:zlib out; the dashboard never reads a manifest itself).
 */
const gunzipSync = (bytes: Buffer, options: { maxOutputLength: number }): Buffer =>
  (require('node:zlib') as typeof import('node:zlib')).gunzipSync(bytes, options);

/** The type of the Secrets Helm 3 stores releases in (pkg/storage/driver/secrets.go). */
const HELM_RELEASE_SECRET_TYPE = 'helm.sh/release.v1';

/** A storage object's release, as far as its labels tell without decoding it. */
export interface StoredRelease {
  /** The release's encoded text (Helm's base64 of the gzipped JSON). */
  encoded: string;
  labels: Record<string, unknown>;
  namespace: string | null;
}

/** The release `value` stores, if it is a Helm release Secret or ConfigMap; null for any other object. */
export function storedRelease(value: Record<string, unknown>): StoredRelease | null {
  const metadata = isPlainObject(value.metadata) ? value.metadata : {};
  const labels = isPlainObject(metadata.labels) ? metadata.labels : {};
  const data = isPlainObject(value.data) ? value.data : null;
  if (!data || typeof data.release !== 'string') return null;
  const namespace = typeof metadata.namespace === 'string' ? metadata.namespace : null;
  if (value.apiVersion === 'v1' && value.kind === 'Secret' && value.type === HELM_RELEASE_SECRET_TYPE) {
    const once = base64(data.release);
    return once === null ? { encoded: '', labels, namespace } : { encoded: once.toString('latin1'), labels, namespace };
  }
  if (value.apiVersion === 'v1' && value.kind === 'ConfigMap' && labels.owner === 'helm')
    return { encoded: data.release, labels, namespace };
  return null;
}

type ReleaseRead =
  | {
      kind: 'objects';
      release: HelmReleaseRef;
      documents: { value: unknown; locator: ReturnType<typeof readExact>[number]['locator'] }[];
      sources: [number, string][];
    }
  | { kind: 'notDeployed' }
  | { kind: 'unreadable'; reason: string };

/**
 * The deployed revision's manifest, read as YAML documents (with the `# Source:` template of each line), or why
 * there is nothing to check. A release that decodes to more than `limits.maxDecodedBytes` is refused as a whole
 * (TOO_LARGE), as a gzip bomb must be; its manifest is read under the manifest's own limits.
 */
export function readRelease(stored: StoredRelease, limits: ManifestLimits): ReleaseRead {
  const status = typeof stored.labels.status === 'string' ? stored.labels.status : null;
  if (status !== null && status !== 'deployed') return { kind: 'notDeployed' };
  const label = releaseLabel(stored);
  const bytes = base64(stored.encoded);
  if (bytes === null || bytes.length === 0) return { kind: 'unreadable', reason: `${label} is not base64` };
  let json: Buffer = bytes;
  // Releases stored before Helm compressed them are JSON as they are (decodeRelease checks the gzip magic).
  if (bytes[0] === 0x1f && bytes[1] === 0x8b && bytes[2] === 0x08) {
    try {
      json = gunzipSync(bytes, { maxOutputLength: limits.maxDecodedBytes });
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE' || e instanceof RangeError)
        throw new ManifestError(
          'TOO_LARGE',
          `${label} decompresses to more than ${limits.maxDecodedBytes} bytes (the limit for a decoded release): refused`,
          undefined,
          undefined,
          { decodedLimitBytes: String(limits.maxDecodedBytes) },
        );
      return { kind: 'unreadable', reason: `${label} is not valid gzip` };
    }
  } else if (bytes.length > limits.maxDecodedBytes) {
    throw new ManifestError(
      'TOO_LARGE',
      `${label} is larger than ${limits.maxDecodedBytes} bytes: refused`,
      undefined,
      undefined,
      {
        decodedLimitBytes: String(limits.maxDecodedBytes),
      },
    );
  }
  let release: unknown;
  try {
    release = JSON.parse(json.toString('utf8'));
  } catch {
    return { kind: 'unreadable', reason: `${label} does not decode to JSON` };
  }
  if (!isPlainObject(release) || typeof release.manifest !== 'string')
    return { kind: 'unreadable', reason: `${label} has no manifest` };
  const info = isPlainObject(release.info) ? release.info : {};
  if (status === null && info.status !== 'deployed') return { kind: 'notDeployed' };
  const manifest = release.manifest;
  if (Buffer.byteLength(manifest, 'utf8') > limits.maxBytes)
    throw new ManifestError('TOO_LARGE', `the manifest of ${label} is larger than ${limits.maxBytes} bytes: refused`);
  const chart = isPlainObject(release.chart) && isPlainObject(release.chart.metadata) ? release.chart.metadata : {};
  const ref: HelmReleaseRef = {
    namespace: typeof release.namespace === 'string' ? release.namespace : stored.namespace,
    name:
      typeof release.name === 'string'
        ? release.name
        : typeof stored.labels.name === 'string'
          ? stored.labels.name
          : '',
    revision: typeof release.version === 'number' ? release.version : revisionOf(stored.labels),
    chart:
      typeof chart.name === 'string'
        ? `${chart.name}${typeof chart.version === 'string' ? `-${chart.version}` : ''}`
        : null,
    template: null,
    manifestLine: 1,
  };
  let documents;
  try {
    documents = readExact(manifest, limits);
  } catch (e) {
    if (e instanceof ManifestError && e.code === 'INVALID_YAML')
      return {
        kind: 'unreadable',
        reason: `the manifest of ${label} is not valid YAML${e.line !== undefined ? ` (line ${e.line} of the manifest)` : ''}`,
      };
    throw e;
  }
  return { kind: 'objects', release: ref, documents, sources: templateLines(manifest) };
}

/** "the Helm release shop/web revision 3", from the storage object's labels (readable before decoding). */
export function releaseLabel(stored: StoredRelease): string {
  const name = typeof stored.labels.name === 'string' ? stored.labels.name : '(unnamed)';
  const revision = revisionOf(stored.labels);
  return `the Helm release ${stored.namespace ? `${stored.namespace}/` : ''}${name}${revision === null ? '' : ` revision ${revision}`}`;
}

function revisionOf(labels: Record<string, unknown>): number | null {
  return typeof labels.version === 'string' && /^\d+$/.test(labels.version) ? Number(labels.version) : null;
}

/** The text of strict base64 (whitespace aside), or null. */
function base64(text: string): Buffer | null {
  const compact = text.replace(/\s+/g, '');
  return /^[A-Za-z0-9+/]*={0,2}$/.test(compact) && compact.length % 4 === 0 ? Buffer.from(compact, 'base64') : null;
}

/** The lines of Helm's `# Source: chart/templates/x.yaml` comments, each with its template, in order. */
function templateLines(manifest: string): [number, string][] {
  const out: [number, string][] = [];
  manifest.split('\n').forEach((line, i) => {
    const m = /^# Source: (.+?)\s*$/.exec(line);
    if (m) out.push([i + 1, m[1]]);
  });
  return out;
}

/** The template an object of the manifest starting at `line` was rendered from (the last `# Source:` above it). */
export function templateAt(sources: [number, string][], line: number): string | null {
  let found: string | null = null;
  for (const [at, template] of sources) {
    if (at > line) break;
    found = template;
  }
  return found;
}

/** An object of a release's manifest: its lines in the input are the storage object's data.release line. */
export class ReleaseObject implements ManifestObject {
  readonly apiVersion: string;
  readonly kind: string;
  readonly name: string | null;
  readonly namespace: string | null;
  readonly value: Record<string, unknown>;

  constructor(
    readonly documentIndex: number,
    inner: ManifestObject,
    private readonly releaseLine: () => number,
    readonly origin: NonNullable<ManifestObject['origin']>,
  ) {
    this.apiVersion = inner.apiVersion;
    this.kind = inner.kind;
    this.name = inner.name;
    // An object of a release without a namespace of its own is installed in the release's namespace.
    this.namespace = inner.namespace ?? origin.helmRelease?.namespace ?? null;
    this.value = inner.value;
  }

  get line(): number {
    return this.releaseLine();
  }

  lineOf(): number {
    return this.releaseLine();
  }
}

/** What a storage object that cannot be decoded leaves: a skipped document saying why. */
export function unreadableRelease(documentIndex: number, line: number, reason: string): SkippedDocument {
  return { documentIndex, line, reason: `${reason}, so its objects were not checked` };
}
