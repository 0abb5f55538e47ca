// What the API server itself records of deprecated API calls, in the formats Kubernetes writes it:
// - the metric apiserver_requested_deprecated_apis{group, version, resource, subresource, removed_release}, a gauge
//   set to 1 for each deprecated API version requested since the server started (1.19 release notes, #73032;
//   k8s.io/apiserver pkg/endpoints/metrics), as `kubectl get --raw /metrics` prints it (Prometheus' text format);
// - audit events (audit.k8s.io/v1 Event, one JSON object a line, as the log backend writes them) that the server
//   annotates k8s.io/deprecated: "true" and k8s.io/removed-release: "1.22", with the caller's user, user agent and
//   verb (https://kubernetes.io/blog/2020/09/03/warnings/#deprecation-warnings).
// Only those fields are read: an audit event may hold request and response bodies (a Secret's data), which
// nothing here keeps.
import { resourceOfKind } from '../../kb/resource-names';
import { ManifestError, type ManifestObject, type ObjectOrigin } from './manifest-types';

/** One deprecated API version requested, with the callers the audit log names. */
export interface RequestedApi {
  /** The record it was read from, whose line `line` is. */
  recordedIn: 'METRICS' | 'AUDIT_LOG';
  group: string;
  version: string;
  resource: string;
  subresource: string;
  /** The removal release the API server states ("1.22"), or null where it states none. */
  removedRelease: string | null;
  /** The first line that names it in its file. */
  line: number;
  callers: ApiCaller[];
}

interface ApiCaller {
  user: string;
  userAgent: string | null;
  /** The verbs of its requests, sorted. */
  verbs: string[];
  requests: number;
}

const METRIC = 'apiserver_requested_deprecated_apis';
/** A sample's value: a float, NaN or ±Inf. */
const SAMPLE_VALUE = /^[-+]?(?:\d+(?:\.\d*)?(?:[eE][-+]?\d+)?|\.\d+(?:[eE][-+]?\d+)?|NaN|Inf)$/;

/**
 * The deprecated APIs a metrics text names with a value above 0 (a series at 0 was not requested). A text with no
 * line in Prometheus' format is refused (NOT_METRICS), with the line that is not.
 */
export function readRequestedApiMetrics(text: string): RequestedApi[] {
  const out = new Map<string, RequestedApi>();
  const lines = text.split('\n');
  lines.forEach((raw, i) => {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) return;
    const m = /^([A-Za-z_:][A-Za-z0-9_:]*)(\{.*\})?\s+(\S+)(\s+\S+)?$/.exec(line);
    if (!m || !SAMPLE_VALUE.test(m[3]))
      throw new ManifestError('NOT_A_MANIFEST', `line ${i + 1} is not in Prometheus' text format`, i + 1, 1);
    if (m[1] !== METRIC || !(Number(m[3]) > 0)) return;
    const labels = labelsOf(m[2] ?? '', i + 1);
    const entry: RequestedApi = {
      recordedIn: 'METRICS',
      group: labels.group ?? '',
      version: labels.version ?? '',
      resource: labels.resource ?? '',
      subresource: labels.subresource ?? '',
      removedRelease: labels.removed_release ? labels.removed_release : null,
      line: i + 1,
      callers: [],
    };
    if (entry.version === '' || entry.resource === '') return;
    const key = keyOf(entry);
    if (!out.has(key)) out.set(key, entry);
  });
  return [...out.values()];
}

/** `{a="x",b="y"}`: label values with Prometheus' escapes (\\, \", \n). */
function labelsOf(text: string, line: number): Record<string, string> {
  const out: Record<string, string> = {};
  const re = /\s*([A-Za-z_][A-Za-z0-9_]*)="((?:[^"\\]|\\.)*)"\s*,?/gy;
  const body = text.slice(1, -1);
  re.lastIndex = 0;
  while (re.lastIndex < body.length) {
    const m = re.exec(body);
    if (!m)
      throw new ManifestError('NOT_A_MANIFEST', `line ${line} has labels that are not in Prometheus' format`, line, 1);
    out[m[1]] = m[2].replace(/\\(.)/g, (_, c: string) => (c === 'n' ? '\n' : c));
  }
  return out;
}

/**
 * The deprecated APIs an audit log's events were annotated with, each with its callers (most requests first). Lines
 * that are not JSON objects are passed over; a log none of whose lines is an audit event is refused (NOT_AUDIT_LOG).
 */
export function readDeprecatedApiCalls(text: string): RequestedApi[] {
  const out = new Map<string, { api: RequestedApi; callers: Map<string, ApiCaller & { verbSet: Set<string> }> }>();
  let events = 0;
  text.split('\n').forEach((raw, i) => {
    const line = raw.trim();
    if (!line.startsWith('{')) return;
    let event: unknown;
    try {
      event = JSON.parse(line);
    } catch {
      return;
    }
    if (!isObject(event) || event.kind !== 'Event') return;
    events++;
    const annotations = isObject(event.annotations) ? event.annotations : {};
    if (annotations['k8s.io/deprecated'] !== 'true') return;
    const ref = isObject(event.objectRef) ? event.objectRef : {};
    const api: RequestedApi = {
      recordedIn: 'AUDIT_LOG',
      group: str(ref.apiGroup) ?? '',
      version: str(ref.apiVersion) ?? '',
      resource: str(ref.resource) ?? '',
      subresource: str(ref.subresource) ?? '',
      removedRelease: str(annotations['k8s.io/removed-release']) ?? null,
      line: i + 1,
      callers: [],
    };
    if (api.version === '' || api.resource === '') return;
    const key = keyOf(api);
    let entry = out.get(key);
    if (!entry) out.set(key, (entry = { api, callers: new Map() }));
    const user = isObject(event.user) ? (str(event.user.username) ?? '(unknown user)') : '(unknown user)';
    const userAgent = str(event.userAgent) ?? null;
    const who = `${user}\u0000${userAgent ?? ''}`;
    let caller = entry.callers.get(who);
    if (!caller) entry.callers.set(who, (caller = { user, userAgent, verbs: [], requests: 0, verbSet: new Set() }));
    caller.requests++;
    const verb = str(event.verb);
    if (verb) caller.verbSet.add(verb);
  });
  if (events === 0 && text.trim() !== '')
    throw new ManifestError(
      'NOT_A_MANIFEST',
      'no audit event in it (audit.k8s.io Event objects, one JSON object a line, as the log backend writes them)',
      1,
      1,
    );
  return [...out.values()].map(({ api, callers }) => ({
    ...api,
    callers: [...callers.values()]
      .map(({ verbSet, ...c }) => ({ ...c, verbs: [...verbSet].sort() }))
      .sort((a, b) => b.requests - a.requests || a.user.localeCompare(b.user)),
  }));
}

export function keyOf(api: Pick<RequestedApi, 'group' | 'version' | 'resource' | 'subresource'>): string {
  return `${api.group}/${api.version}/${api.resource}/${api.subresource}`;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined);

/**
 * The requested APIs as objects to check, in order: each of the kind the records know for its resource (a record
 * of that version, else of its group; else the resource's own name, which no record has), with no name, its
 * lines the line that names it.
 */
export function requestObjects(
  apis: RequestedApi[],
  records: { apiVersion: string; kind: string }[],
): ManifestObject[] {
  return apis.map((api, i) => requestObject(api, i, records));
}

/** The kind a group/version/resource stands for: a record's of that version, else of the group, else the resource. */
function kindOf(api: RequestedApi, records: { apiVersion: string; kind: string }[]): string {
  const apiVersion = apiVersionOf(api);
  const group = api.group;
  const same = records.find((r) => r.apiVersion === apiVersion && resourceOfKind(r.kind) === api.resource);
  if (same) return same.kind;
  const inGroup = records.find(
    (r) =>
      (r.apiVersion.includes('/') ? r.apiVersion.split('/')[0] : '') === group &&
      resourceOfKind(r.kind) === api.resource,
  );
  return inGroup ? inGroup.kind : api.resource;
}

const apiVersionOf = (api: RequestedApi) => (api.group ? `${api.group}/${api.version}` : api.version);

function requestObject(
  api: RequestedApi,
  index: number,
  records: { apiVersion: string; kind: string }[],
): ManifestObject {
  const apiVersion = apiVersionOf(api);
  const kind = kindOf(api, records);
  const origin: ObjectOrigin = {
    source: 'APISERVER_REQUEST',
    liveApiVersion: null,
    helmRelease: null,
    apiRequest: {
      recordedIn: api.recordedIn,
      resource: api.resource,
      subresource: api.subresource,
      removedRelease: api.removedRelease,
      callers: api.callers,
    },
  };
  return {
    documentIndex: index,
    line: api.line,
    apiVersion,
    kind,
    name: null,
    namespace: null,
    value: { apiVersion, kind, metadata: {} },
    origin,
    lineOf: () => api.line,
  };
}
