// netkb cluster: what to read of a cluster, and reading it. Only what the knowledge base knows to change: the
// kinds with an API version removed or deprecated up to the target release (listed in a version the server
// serves: it returns every object of the kind, with its last-applied configuration), the deployed revisions of
// Helm releases (their Secrets, by a field selector on Helm's type, and ConfigMaps, by Helm's labels), and
// /metrics. Lists are paged (limit and continue). What the server refuses is an input with an error, never a
// silent gap.
import type { ApiVersion } from '../kb/model';
import type { VersionKey } from '../kb/version';
import { resourceOfKind } from '../kb/resource-names';
import type { InputError } from '../cli/formats/types';
import type { ApiServer } from './api-server';

/** One thing read: a page of a list (a JSON List, one object a line), or the metrics text. */
export interface ClusterInput {
  name: string;
  type: 'objects' | 'metrics';
  text: string;
  error: InputError | null;
}

interface CollectOptions {
  helm: boolean;
  metrics: boolean;
  /** Objects per list request (the `limit` parameter). */
  pageSize: number;
  progress(message: string): void;
}

/** A kind to list: its resource, and the API versions that may serve it, the one to prefer first. */
interface Target {
  kind: string;
  resource: string;
  apiVersions: string[];
}

/** The kinds whose API versions change up to `to` (served by the API server, not file formats), with their versions. */
export function listTargets(records: readonly ApiVersion[], to: VersionKey): Target[] {
  const byKind = new Map<string, ApiVersion[]>();
  for (const r of records) {
    // File formats (null: not served) and the kinds of lists are not listed.
    if (r.servedByDefault === null || r.kind.endsWith('List')) continue;
    const list = byKind.get(r.kind);
    if (list) list.push(r);
    else byKind.set(r.kind, [r]);
  }
  const changes = (r: ApiVersion) =>
    (r.removedIn !== null && r.removedIn <= to) || (r.deprecatedIn !== null && r.deprecatedIn <= to);
  const preference = (a: ApiVersion, b: ApiVersion) =>
    Number(a.removedIn !== null) - Number(b.removedIn !== null) ||
    Number(a.deprecatedIn !== null) - Number(b.deprecatedIn !== null) ||
    (b.introducedIn ?? 0) - (a.introducedIn ?? 0) ||
    a.apiVersion.localeCompare(b.apiVersion);
  return [...byKind.entries()]
    .filter(([, rs]) => rs.some(changes))
    .map(([kind, rs]) => ({
      kind,
      resource: resourceOfKind(kind),
      apiVersions: [...new Set([...rs].sort(preference).map((r) => r.apiVersion))],
    }))
    .sort((a, b) => a.kind.localeCompare(b.kind));
}

/** Everything the plan names, read from `server`. */
export async function collect(
  server: ApiServer,
  records: readonly ApiVersion[],
  to: VersionKey,
  options: CollectOptions,
): Promise<ClusterInput[]> {
  const out: ClusterInput[] = [];
  const { served, versionsOf } = await discovery(server);
  for (const target of listTargets(records, to)) {
    // A version netkb knows first; else any other version of the same groups the server lists it in (one netkb has
    // no record of: its objects are then said not checked, and their last-applied configurations still checked).
    const groups = new Set(target.apiVersions.map(groupOf));
    const others = [...groups].flatMap(versionsOf).filter((v) => !target.apiVersions.includes(v));
    let apiVersion: string | undefined;
    for (const v of [...target.apiVersions, ...others])
      if (await served(v, target.resource)) {
        apiVersion = v;
        break;
      }
    if (apiVersion === undefined) continue; // the cluster does not serve the kind: it has no such objects
    out.push(...(await listAll(server, apiVersion, target.resource, target.kind, '', options)));
  }
  if (options.helm) {
    // Only deployed revisions: the labels Helm's storage sets (pkg/storage/driver/secrets.go, cfgmaps.go).
    const deployed = 'labelSelector=owner%3Dhelm%2Cstatus%3Ddeployed';
    out.push(
      ...(await listAll(
        server,
        'v1',
        'secrets',
        'Secret',
        `fieldSelector=type%3Dhelm.sh%2Frelease.v1&${deployed}`,
        options,
      )),
      ...(await listAll(server, 'v1', 'configmaps', 'ConfigMap', deployed, options)),
    );
  }
  if (options.metrics) {
    options.progress('netkb cluster: reading /metrics');
    const answer = await server.get('/metrics');
    out.push({
      name: `${server.context}: /metrics`,
      type: 'metrics',
      text: answer.status === 200 ? answer.body : '',
      error: answer.status === 200 ? null : refusal(answer.status, 'get /metrics (a nonResourceURL)', answer.body),
    });
  }
  return out;
}

/**
 * Whether the server serves `resource` in `apiVersion`: the group versions of /apis, then that version's resource
 * list (/api/v1, /apis/GROUP/VERSION), each read once.
 */
async function discovery(server: ApiServer): Promise<{
  served: (apiVersion: string, resource: string) => Promise<boolean>;
  /** The group versions the server names for `group` ('' the core group), newest first as it lists them. */
  versionsOf: (group: string) => string[];
}> {
  const groups = await json(server, '/apis');
  const versions = new Set<string>(['v1']);
  for (const g of (groups?.groups as { versions?: { groupVersion?: string }[] }[] | undefined) ?? [])
    for (const v of g.versions ?? []) if (v.groupVersion) versions.add(v.groupVersion);
  const resources = new Map<string, Set<string>>();
  const versionsOf = (group: string) => [...versions].filter((v) => groupOf(v) === group);
  const served = async (apiVersion: string, resource: string) => {
    if (!versions.has(apiVersion)) return false;
    let names = resources.get(apiVersion);
    if (!names) {
      const list = await json(server, apiVersion.includes('/') ? `/apis/${apiVersion}` : `/api/${apiVersion}`);
      // Only resources that can be listed (a review is only created).
      names = new Set(
        ((list?.resources as { name?: string; verbs?: string[] }[] | undefined) ?? [])
          .filter((r) => r.name && !r.name.includes('/') && (r.verbs ?? []).includes('list'))
          .map((r) => r.name!),
      );
      resources.set(apiVersion, names);
    }
    return names.has(resource);
  };
  return { served, versionsOf };
}

const groupOf = (apiVersion: string) => (apiVersion.includes('/') ? apiVersion.split('/')[0] : '');

async function json(server: ApiServer, path: string): Promise<Record<string, unknown> | null> {
  const answer = await server.get(path);
  if (answer.status !== 200) return null;
  try {
    return JSON.parse(answer.body) as Record<string, unknown>;
  } catch {
    return null;
  }
}

/** Every page of a list, each a ClusterInput; a refusal is one input with its error. */
async function listAll(
  server: ApiServer,
  apiVersion: string,
  resource: string,
  kind: string,
  query: string,
  options: CollectOptions,
): Promise<ClusterInput[]> {
  const prefix = apiVersion.includes('/') ? `/apis/${apiVersion}` : `/api/${apiVersion}`;
  const name = `${server.context}: ${resource}${apiVersion.includes('/') ? `.${apiVersion.split('/')[0]}` : ''} ${apiVersion}`;
  const out: ClusterInput[] = [];
  let next: string | null = '';
  for (let page = 1; next !== null; page++) {
    options.progress(`netkb cluster: listing ${resource} (${apiVersion}), page ${page}`);
    const params = [query, `limit=${options.pageSize}`, next ? `continue=${encodeURIComponent(next)}` : '']
      .filter((p) => p !== '')
      .join('&');
    const answer = await server.get(`${prefix}/${resource}?${params}`);
    const pageName = page === 1 ? name : `${name} (page ${page})`;
    if (answer.status === 404 && page === 1) return []; // not served after all
    if (answer.status !== 200)
      return [
        ...out,
        { name: pageName, type: 'objects', text: '', error: refusal(answer.status, `list ${resource}`, answer.body) },
      ];
    let list: { items?: unknown[]; metadata?: { continue?: string } };
    try {
      list = JSON.parse(answer.body) as typeof list;
    } catch {
      return [
        ...out,
        {
          name: pageName,
          type: 'objects',
          text: '',
          error: { code: 'BAD_RESPONSE', message: `the answer to list ${resource} is not JSON`, line: 1, column: 1 },
        },
      ];
    }
    const items = (list.items ?? []).map((item) => ({ apiVersion, kind, ...(item as Record<string, unknown>) }));
    // One object a line: a finding's line is its object's place in the page.
    const text = `{"apiVersion":"v1","kind":"List","items":[\n${items.map((i) => JSON.stringify(i)).join(',\n')}\n]}\n`;
    out.push({ name: pageName, type: 'objects', text, error: null });
    next = list.metadata?.continue ? list.metadata.continue : null;
  }
  return out;
}

/** An error entry for a status the API server answered instead of data. */
function refusal(status: number, what: string, body: string): InputError {
  let reason = '';
  try {
    const s = JSON.parse(body) as { message?: unknown };
    if (typeof s.message === 'string') reason = `: ${s.message}`;
  } catch {
    /* not a Status */
  }
  const code = status === 401 || status === 403 ? 'FORBIDDEN' : 'BAD_RESPONSE';
  const hint = code === 'FORBIDDEN' ? ' (deploy/cluster-reader.yaml is the role netkb cluster needs)' : '';
  return { code, message: `the API server answered ${status} to ${what}${reason}${hint}`, line: 1, column: 1 };
}
