// Every piece of data comes from netkb's GraphQL API on the same server.
import type { ReleasesQuery, ReleasesQueryVariables } from './generated/operations';

export class ApiError extends Error {
  constructor(
    message: string,
    readonly code: string | null,
    readonly status: number,
    readonly extensions: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

interface GraphQLBody<T> {
  data?: T;
  errors?: { message: string; extensions?: { code?: string; [k: string]: unknown } }[];
}

/**
 * A query as sent, typed with its result and variables from web/src/generated/operations.ts (`npm run codegen`
 * reads the queries of web/src, each a template literal marked with a GraphQL comment): gql() answers that result.
 */
export type Operation<Result, Variables> = string & { readonly __operation?: [Result, Variables] };

export async function gql<Result, Variables>(
  query: Operation<Result, Variables>,
  variables: Variables,
): Promise<Result> {
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
  let body: GraphQLBody<Result>;
  try {
    body = (await res.json()) as GraphQLBody<Result>;
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

export type Release = ReleasesQuery['releases'][number];

const RELEASES: Operation<ReleasesQuery, ReleasesQueryVariables> =
  /* GraphQL */ `query Releases { releases { version releasedOn preliminary } }`;

let releases: Promise<Release[]> | null = null;

/** The releases the knowledge base covers, oldest first (asked once per page load). */
export function loadReleases(): Promise<Release[]> {
  releases ??= gql(RELEASES, {}).then((d) => d.releases);
  releases.catch(() => {
    releases = null;
  });
  return releases;
}
