// From one document's value to the objects it holds: the object itself, the items of a List, and
// component configs written inside a ConfigMap. Lines come from a Locator, asked only when needed:
// most objects never have a finding, so most never pay for their positions.
import { readExact } from './manifest-exact-lazy';
import {
  readRelease,
  releaseLabel,
  ReleaseObject,
  storedRelease,
  templateAt,
  unreadableRelease,
  type StoredRelease,
} from './helm-releases';
import {
  isPlainObject,
  ManifestError,
  type Locator,
  type ManifestLimits,
  type ManifestObject,
  type ObjectOrigin,
  type PathSegment,
  type SkippedDocument,
} from './manifest-types';

export interface DocumentOut {
  objects: ManifestObject[];
  skipped: SkippedDocument[];
  /** Objects read so far in the whole manifest (the limit counts them all, also when documents are handed on one by one). */
  total: number;
}

export function objectsOfDocument(
  documentIndex: number,
  value: unknown,
  locator: () => Locator,
  limits: ManifestLimits,
  out: DocumentOut,
  /** False inside a Helm release's manifest: a release is not looked for in another. */
  releases = true,
): void {
  if (value === null || value === undefined) return;
  if (!isObjectValue(value)) {
    out.skipped.push({ documentIndex, line: locator().firstKeyLine([]), reason: 'it has no apiVersion and kind' });
    return;
  }
  if (isListValue(value, Array.isArray(value.items))) {
    const items = Array.isArray(value.items) ? value.items : [];
    items.forEach((item, i) => objectOfListItem(documentIndex, item, i, locator, limits, out, releases));
  } else {
    addObject(documentIndex, value, [], locator, limits, out, releases);
  }
}

/** A value with apiVersion and kind: an object (a List too). */
function isObjectValue(value: unknown): value is Record<string, unknown> & { apiVersion: string; kind: string } {
  return isPlainObject(value) && typeof value.apiVersion === 'string' && typeof value.kind === 'string';
}

/**
 * Whether a document's value is a List whose items are objects: kind List, or a kind ending in List with an items
 * list (`hasItems`, given apart for a reader that hands the items on one by one and reads the rest on its own).
 */
export function isListValue(value: unknown, hasItems: boolean): boolean {
  return isObjectValue(value) && (value.kind === 'List' || (/List$/.test(value.kind) && hasItems));
}

/** The object of item `i` of a List, at path ['items', i] of its document. */
export function objectOfListItem(
  documentIndex: number,
  item: unknown,
  i: number,
  locator: () => Locator,
  limits: ManifestLimits,
  out: DocumentOut,
  releases = true,
): void {
  if (isObjectValue(item)) addObject(documentIndex, item, ['items', i], locator, limits, out, releases);
  else
    out.skipped.push({
      documentIndex,
      line: locator().entryLine(['items', i]) ?? locator().firstKeyLine([]),
      reason: `item ${i} of the List has no apiVersion and kind`,
    });
}

function addObject(
  documentIndex: number,
  v: Record<string, unknown>,
  at: PathSegment[],
  locator: () => Locator,
  limits: ManifestLimits,
  out: DocumentOut,
  releases: boolean,
): void {
  const stored = releases ? storedRelease(v) : null;
  if (stored) {
    const line = () => locator().entryLine([...at, 'data', 'release']) ?? locator().firstKeyLine(at);
    return releaseObjects(documentIndex, stored, line, limits, out);
  }
  if (out.total >= limits.maxObjects)
    throw new ManifestError('TOO_COMPLEX', `the manifest holds more than ${limits.maxObjects} objects`);
  out.total++;
  out.objects.push(liveObject(documentIndex, v, locator, at, limits) ?? makeObject(documentIndex, v, locator, at));
  if (v.kind === 'ConfigMap') embeddedObjects(documentIndex, v, locator, at, limits, out);
}

/**
 * The objects of a Helm release's deployed revision, in place of the Secret or ConfigMap that stores it; nothing
 * for another revision; a skipped document saying why for one that cannot be decoded.
 */
function releaseObjects(
  documentIndex: number,
  stored: StoredRelease,
  releaseLine: () => number,
  limits: ManifestLimits,
  out: DocumentOut,
): void {
  const read = readRelease(stored, limits);
  if (read.kind === 'notDeployed') return;
  if (read.kind === 'unreadable') {
    out.skipped.push(unreadableRelease(documentIndex, releaseLine(), read.reason));
    return;
  }
  for (const doc of read.documents) {
    const inner: DocumentOut = { objects: [], skipped: [], total: out.total };
    objectsOfDocument(documentIndex, doc.value, () => doc.locator, limits, inner, false);
    out.total = inner.total;
    if (inner.skipped.length > 0)
      out.skipped.push({
        documentIndex,
        line: releaseLine(),
        reason: `a document of the manifest of ${releaseLabel(stored)} has no apiVersion and kind`,
      });
    for (const o of inner.objects) {
      const helmRelease = { ...read.release, template: templateAt(read.sources, o.line), manifestLine: o.line };
      out.objects.push(
        new ReleaseObject(documentIndex, o, releaseLine, {
          source: 'HELM_RELEASE',
          liveApiVersion: null,
          helmRelease,
          apiRequest: null,
        }),
      );
    }
  }
}

/**
 * Objects written as YAML inside a ConfigMap's data (kubeadm keeps KubeProxyConfiguration there as
 * `config.conf: |`). Only literal blocks are read: their lines map one to one onto the manifest's.
 */
function embeddedObjects(
  documentIndex: number,
  configMap: Record<string, unknown>,
  locator: () => Locator,
  at: PathSegment[],
  limits: ManifestLimits,
  out: DocumentOut,
): void {
  const data = configMap.data;
  if (!isPlainObject(data)) return;
  const candidates = Object.entries(data).filter(
    ([, v]) => typeof v === 'string' && /^apiVersion:/m.test(v) && /^kind:/m.test(v),
  );
  if (candidates.length === 0) return;
  const literals = locator().literalBlocks([...at, 'data']);
  for (const [key, text] of candidates) {
    const shift = literals.get(key);
    if (shift === undefined) continue;
    let docs;
    try {
      docs = readExact(text as string, limits, shift);
    } catch {
      continue;
    }
    for (const doc of docs) {
      const v = doc.value;
      if (isPlainObject(v) && typeof v.apiVersion === 'string' && typeof v.kind === 'string') {
        out.total++;
        out.objects.push(makeObject(documentIndex, v, () => doc.locator, []));
      }
    }
  }
}

/** The annotation in which `kubectl apply` keeps the object it was given (an input format, as `kind: List` is). */
export const LAST_APPLIED = 'kubectl.kubernetes.io/last-applied-configuration';

/**
 * An object read from a cluster (the API server sets metadata.uid and resourceVersion): the object its
 * last-applied annotation holds, when that is a JSON object with apiVersion and kind (the source `kubectl apply`
 * sends again), its lines all the annotation's; else the live object itself, marked as live. Undefined for an
 * object written by hand.
 */
function liveObject(
  documentIndex: number,
  value: Record<string, unknown>,
  locator: () => Locator,
  at: PathSegment[],
  limits: ManifestLimits,
): ManifestObject | undefined {
  const metadata = isPlainObject(value.metadata) ? value.metadata : null;
  if (!metadata || (metadata.uid === undefined && metadata.resourceVersion === undefined)) return undefined;
  const liveApiVersion = value.apiVersion as string;
  const annotations = isPlainObject(metadata.annotations) ? metadata.annotations : null;
  const text = annotations?.[LAST_APPLIED];
  const applied = typeof text === 'string' ? appliedValue(text, limits) : null;
  if (!applied)
    return new LocatedObject(documentIndex, value, locator, at, {
      source: 'LIVE',
      liveApiVersion,
      helmRelease: null,
      apiRequest: null,
    });
  // The applied object names itself; where it does not (applied with -n), the live object's name and namespace.
  const appliedMeta = isPlainObject(applied.metadata) ? applied.metadata : {};
  applied.metadata = {
    ...appliedMeta,
    ...(typeof appliedMeta.name === 'string' || metadata.name === undefined ? {} : { name: metadata.name }),
    ...(typeof appliedMeta.namespace === 'string' || metadata.namespace === undefined
      ? {}
      : { namespace: metadata.namespace }),
  };
  const annotationAt: PathSegment[] = [...at, 'metadata', 'annotations', LAST_APPLIED];
  return new AppliedObject(
    documentIndex,
    applied,
    () => locator().entryLine(annotationAt) ?? locator().firstKeyLine(at),
    {
      source: 'LAST_APPLIED',
      liveApiVersion,
      helmRelease: null,
      apiRequest: null,
    },
  );
}

/** The object a last-applied annotation holds, or null when it is not JSON of an object with apiVersion and kind. */
function appliedValue(text: string, limits: ManifestLimits): Record<string, unknown> | null {
  let v: unknown;
  try {
    v = JSON.parse(text);
  } catch {
    return null;
  }
  if (!isPlainObject(v) || typeof v.apiVersion !== 'string' || typeof v.kind !== 'string') return null;
  if (tooDeep(v, limits.maxDepth))
    throw new ManifestError('TOO_COMPLEX', `a ${LAST_APPLIED} annotation nests deeper than ${limits.maxDepth} levels`);
  return v;
}

function tooDeep(v: unknown, left: number): boolean {
  if (typeof v !== 'object' || v === null) return false;
  if (left <= 0) return true;
  for (const x of Array.isArray(v) ? v : Object.values(v)) if (tooDeep(x, left - 1)) return true;
  return false;
}

/** The object of a last-applied annotation: every line of it is the annotation's, read when first needed. */
class AppliedObject implements ManifestObject {
  readonly apiVersion: string;
  readonly kind: string;
  readonly name: string | null;
  readonly namespace: string | null;
  private at: number | undefined;

  constructor(
    readonly documentIndex: number,
    readonly value: Record<string, unknown>,
    private readonly annotationLine: () => number,
    readonly origin: ObjectOrigin,
  ) {
    const metadata = value.metadata as Record<string, unknown>;
    this.apiVersion = value.apiVersion as string;
    this.kind = value.kind as string;
    this.name = typeof metadata.name === 'string' ? metadata.name : null;
    this.namespace = typeof metadata.namespace === 'string' ? metadata.namespace : null;
  }

  get line(): number {
    if (this.at === undefined) this.at = this.annotationLine();
    return this.at;
  }

  lineOf(): number {
    return this.line;
  }
}

function makeObject(
  documentIndex: number,
  value: Record<string, unknown>,
  locator: () => Locator,
  at: PathSegment[],
): ManifestObject {
  return new LocatedObject(documentIndex, value, locator, at);
}

/** An object of the manifest; its lines are asked of the document's locator when first needed. */
class LocatedObject implements ManifestObject {
  readonly apiVersion: string;
  readonly kind: string;
  readonly name: string | null;
  readonly namespace: string | null;
  private firstLine: number | undefined;

  constructor(
    readonly documentIndex: number,
    readonly value: Record<string, unknown>,
    private readonly locator: () => Locator,
    private readonly at: PathSegment[],
    readonly origin?: ObjectOrigin,
  ) {
    const metadata = isPlainObject(value.metadata) ? value.metadata : {};
    this.apiVersion = value.apiVersion as string;
    this.kind = value.kind as string;
    this.name = typeof metadata.name === 'string' ? metadata.name : null;
    this.namespace = typeof metadata.namespace === 'string' ? metadata.namespace : null;
  }

  get line(): number {
    if (this.firstLine === undefined) this.firstLine = this.locator().firstKeyLine(this.at);
    return this.firstLine;
  }

  lineOf(path: PathSegment[]): number {
    const loc = this.locator();
    const at = this.at;
    const found = loc.entryLine(at.length === 0 ? path : [...at, ...path]);
    if (found !== undefined) return found;
    for (let n = path.length - 1; n > 0; n--) {
      const parent = loc.entryLine(at.length === 0 ? path.slice(0, n) : [...at, ...path.slice(0, n)]);
      if (parent !== undefined) return parent;
    }
    return this.line;
  }
}
