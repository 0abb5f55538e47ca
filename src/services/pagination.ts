// Cursor pagination over an already filtered, ordered list. Cursors are opaque (base64url of the item's
// natural key), so they stay valid for the same knowledge base whatever page size is asked for.
import { badUserInput } from '../errors';

export const MAX_PAGE_SIZE = 100;
export const DEFAULT_PAGE_SIZE = 20;

export interface Connection<T> {
  edges: { node: T; cursor: string }[];
  pageInfo: { hasNextPage: boolean; endCursor: string | null };
  totalCount: number;
}

export function encodeCursor(key: string): string {
  return Buffer.from(`cursor:${key}`, 'utf8').toString('base64url');
}

function decodeCursor(cursor: string): string | null {
  const text = Buffer.from(cursor, 'base64url').toString('utf8');
  return text.startsWith('cursor:') ? text.slice('cursor:'.length) : null;
}

export function paginate<T>(
  items: T[],
  keyOf: (item: T) => string,
  first?: number | null,
  after?: string | null,
): Connection<T> {
  const size = first ?? DEFAULT_PAGE_SIZE;
  if (!Number.isInteger(size) || size < 1 || size > MAX_PAGE_SIZE) {
    throw badUserInput(`first must be from 1 to ${MAX_PAGE_SIZE}, got ${first}`, { argument: 'first' });
  }
  let start = 0;
  if (after !== null && after !== undefined) {
    const key = decodeCursor(after);
    const index = key === null ? -1 : items.findIndex((item) => keyOf(item) === key);
    if (index < 0)
      throw badUserInput('after: the cursor does not belong to this list; use an endCursor from the same query', {
        argument: 'after',
      });
    start = index + 1;
  }
  const page = items.slice(start, start + size);
  const edges = page.map((node) => ({ node, cursor: encodeCursor(keyOf(node)) }));
  return {
    edges,
    pageInfo: {
      hasNextPage: start + size < items.length,
      endCursor: edges.length > 0 ? edges[edges.length - 1].cursor : null,
    },
    totalCount: items.length,
  };
}
