// The manifest reader's vocabulary: limits, errors, and objects that remember where they came from.

export interface ManifestLimits {
  /** Largest manifest in bytes. */
  maxBytes: number;
  /** Most alias expansions per document (YAML "billion laughs" guard). */
  maxAliasCount: number;
  /** Deepest nesting of maps and lists. */
  maxDepth: number;
  /** Most objects in one manifest. */
  maxObjects: number;
  /** Largest Helm release once decompressed (a gzip bomb is refused by it); its manifest must fit maxBytes too. */
  maxDecodedBytes: number;
}

export const DEFAULT_LIMITS: ManifestLimits = {
  maxBytes: 5 * 1024 * 1024,
  maxAliasCount: 100,
  maxDepth: 64,
  maxObjects: 50_000,
  maxDecodedBytes: 32 * 1024 * 1024,
};

/** The last four are what input-kind.ts finds: the text is not a manifest at all. */
export type ManifestErrorCode =
  | 'INVALID_YAML'
  | 'TOO_LARGE'
  | 'TOO_COMPLEX'
  | 'TEMPLATE_NOT_RENDERED'
  | 'KUSTOMIZATION'
  | 'NOT_A_MANIFEST'
  | 'BINARY_INPUT';

export class ManifestError extends Error {
  constructor(
    readonly code: ManifestErrorCode,
    message: string,
    readonly line?: number,
    readonly column?: number,
    /** Further facts for scripts (the template language, an escaped excerpt). */
    readonly details: Readonly<Record<string, string>> = {},
  ) {
    super(message);
  }
}

export type PathSegment = string | number;

/**
 * How an object read from a cluster was checked (`kubectl get -o yaml|json`): the API server returns every object
 * in its preferred version, so a Deployment applied as extensions/v1beta1 reads back as apps/v1.
 * - `LAST_APPLIED`: the object checked is the live object's `kubectl.kubernetes.io/last-applied-configuration`,
 *   the source `kubectl apply` sends again; its findings point at the annotation's line.
 * - `LIVE`: the live object has no such annotation (created otherwise) and was checked as the server returned it.
 * - `HELM_RELEASE`: an object of the manifest of a Helm release's deployed revision (reader/helm-releases.ts); its
 *   findings point at the line of the release's data in the Secret or ConfigMap that stores it.
 * - `APISERVER_REQUEST`: no object, but requests to a deprecated API version that the API server recorded in its
 *   metrics or audit log (reader/apiserver-record.ts), at the line that names them.
 */
export interface ObjectOrigin {
  source: 'LAST_APPLIED' | 'LIVE' | 'HELM_RELEASE' | 'APISERVER_REQUEST';
  /** The live object's apiVersion, as the API server returned it; null for the other sources. */
  liveApiVersion: string | null;
  /** The Helm release, for HELM_RELEASE; else null. */
  helmRelease: HelmReleaseRef | null;
  /** The requests the API server recorded, for APISERVER_REQUEST; else null. */
  apiRequest: ApiRequestRef | null;
}

/**
 * A deprecated API version clients still request, as the API server records it (reader/apiserver-record.ts): no
 * object, but the group, version and resource requested (its kind looked up in the knowledge base).
 */
export interface ApiRequestRef {
  /** The input the finding's line is of. */
  recordedIn: 'METRICS' | 'AUDIT_LOG';
  resource: string;
  subresource: string;
  /** The removal release the API server states, or null. */
  removedRelease: string | null;
  /** The callers the audit log names, most requests first (none without an audit log). */
  callers: { user: string; userAgent: string | null; verbs: string[]; requests: number }[];
}

/** A Helm release's deployed revision, and where in its manifest an object is. */
export interface HelmReleaseRef {
  namespace: string | null;
  name: string;
  /** The revision (Helm's release version); null when neither the release nor its labels say. */
  revision: number | null;
  /** The chart's name and version ("ingress-nginx-4.0.1"); null when the release does not say. */
  chart: string | null;
  /** The template the object was rendered from (Helm's `# Source:` comment), or null. */
  template: string | null;
  /** The object's first line in the release's manifest (`helm get manifest`). */
  manifestLine: number;
}

export interface ManifestObject {
  /** 0-based index of the YAML document (items of a List share their List's index). */
  documentIndex: number;
  /** 1-based line of the object's first key. */
  readonly line: number;
  apiVersion: string;
  kind: string;
  name: string | null;
  namespace: string | null;
  value: Record<string, unknown>;
  /** Set for an object read from a cluster (metadata.uid or resourceVersion set); undefined for one written by hand. */
  origin?: ObjectOrigin;
  /** 1-based line of the node at `path` inside the object (the key's line for a map entry), or of its closest existing parent. */
  lineOf(path: PathSegment[]): number;
}

/** A document that is not a Kubernetes object (no apiVersion or kind). */
export interface SkippedDocument {
  documentIndex: number;
  line: number;
  reason: string;
}

export interface Manifest {
  objects: ManifestObject[];
  skipped: SkippedDocument[];
  documents: number;
}

/**
 * Takes a manifest document by document as it is read: `document` gets each document's objects (and
 * what was skipped), in order; `restart` says everything handed on so far is void and the whole
 * manifest comes again (the fast reader gave up half-way and the exact reader reads it all).
 */
export interface ManifestSink {
  document(objects: ManifestObject[], skipped: SkippedDocument[]): void;
  restart(): void;
}

/**
 * Where things are written in one document, by path from the document's root. Two implementations:
 * the `yaml` package's nodes (exact, slow) and a line index (fast, block style only).
 */
export interface Locator {
  /** Line of the first key of the map at `path`, or of the node's start when it is not a map. */
  firstKeyLine(path: PathSegment[]): number;
  /** Line of the entry at `path`: a map entry's key, a list item's start; undefined when there is none. */
  entryLine(path: PathSegment[]): number | undefined;
  /** For the map at `path`: the header line of each value written as a literal block scalar ("key: |"). */
  literalBlocks(path: PathSegment[]): Map<string, number>;
}

export function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
