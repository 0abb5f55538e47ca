import type { KnowledgeBase } from '../kb/knowledge-base';
import type { ApiField, ApiVersion } from '../kb/model';
import { notFound } from './suggest';
import { requireRelease } from './versions';

interface ApiVersionQuery {
  group?: string | null;
  kind?: string | null;
  removedIn?: string | null;
}

/** The `apiVersion` query: a version of a kind the knowledge base does not have is NOT_FOUND with the closest. */
export function requireApiVersion(kb: KnowledgeBase, apiVersion: string, kind: string): ApiVersion {
  const found = kb.apiVersion(apiVersion.trim(), kind.trim());
  if (found) return found;
  throw notFound(
    'API version',
    `${apiVersion.trim()} ${kind.trim()}`,
    kb.apiVersions.map((a) => a.key),
    'apiVersion',
  );
}

/** group "" or "core" selects the core group. removedIn keeps what stopped being served in that release. */
export function listApiVersions(kb: KnowledgeBase, q: ApiVersionQuery = {}): ApiVersion[] {
  const group =
    q.group === undefined || q.group === null
      ? null
      : q.group.trim().toLowerCase() === 'core'
        ? ''
        : q.group.trim().toLowerCase();
  const kind = q.kind?.trim().toLowerCase();
  const removedIn = q.removedIn ? requireRelease(kb, q.removedIn, 'removedIn') : null;
  return kb.apiVersions.filter(
    (a) =>
      (group === null || a.group === group) &&
      (!kind || a.kind.toLowerCase() === kind) &&
      (removedIn === null || a.removedIn === removedIn),
  );
}

export function listApiFields(kb: KnowledgeBase, kind?: string | null): ApiField[] {
  const k = kind?.trim().toLowerCase();
  return k ? kb.apiFields.filter((f) => f.kind.toLowerCase() === k) : kb.apiFields;
}
