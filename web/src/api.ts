// Every piece of data comes from netkb's GraphQL API on the same server.
export class ApiError extends Error {
  constructor(message: string, readonly code: string | null, readonly status: number, readonly extensions: Record<string, unknown> = {}) {
    super(message);
  }
}

interface GraphQLBody<T> { data?: T; errors?: { message: string; extensions?: { code?: string; [k: string]: unknown } }[] }

export async function gql<T>(query: string, variables: Record<string, unknown> = {}): Promise<T> {
  let res: Response;
  try {
    res = await fetch('/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ query, variables }),
    });
  } catch (err) {
    throw new ApiError(`netkb is not reachable: ${(err as Error).message}`, null, 0);
  }
  let body: GraphQLBody<T>;
  try {
    body = (await res.json()) as GraphQLBody<T>;
  } catch {
    throw new ApiError(`netkb answered HTTP ${res.status} without JSON`, null, res.status);
  }
  if (body.errors && body.errors.length > 0) {
    const first = body.errors[0];
    throw new ApiError(first.message, first.extensions?.code ?? null, res.status, first.extensions ?? {});
  }
  if (!body.data) throw new ApiError(`netkb answered HTTP ${res.status} without data`, null, res.status);
  return body.data;
}

export interface Release { version: string; releasedOn: string | null; preliminary: boolean }

let releases: Promise<Release[]> | null = null;

/** The releases the knowledge base covers, oldest first (asked once per page load). */
export function loadReleases(): Promise<Release[]> {
  releases ??= gql<{ releases: Release[] }>('query Releases { releases { version releasedOn preliminary } }').then((d) => d.releases);
  releases.catch(() => { releases = null; });
  return releases;
}
