// Cursor pagination over an already filtered, ordered list, as GitHub's API has it: first/after page
// forward, last/before page backward. Cursors are opaque (base64url of the item's natural key), so they stay
// valid for the same knowledge base whatever page size is asked for.
import { badUserInput } from '../errors';

/** The most items a connection page or a limited list (Flag.changes(first:)) answers at once. */
const MAX_PAGE_SIZE = 100;
const DEFAULT_PAGE_SIZE = 20;

export interface Connection<T> {
  edges: { node: T; cursor: string }[];
  nodes: T[];
  pageInfo: { hasNextPage: boolean; hasPreviousPage: boolean; startCursor: string | null; endCursor: string | null };
  totalCount: number;
}

/** What a client asks of a connection: GraphQL's first, after, last and before arguments. */
export interface PageArgs {
  first?: number | null;
  after?: string | null;
  last?: number | null;
  before?: string | null;
}

function encodeCursor(key: string): string {
  return Buffer.from(`cursor:${key}`, 'utf8').toString('base64url');
}

function decodeCursor(cursor: string): string | null {
  const text = Buffer.from(cursor, 'base64url').toString('utf8');
  return text.startsWith('cursor:') ? text.slice('cursor:'.length) : null;
}

/** How many items a client asks for (first, last, or a command line's option), checked: 1 to 100. */
export function pageSize(name: string, value: number): number {
  if (!Number.isInteger(value) || value < 1 || value > MAX_PAGE_SIZE) {
    throw badUserInput(`${name} must be from 1 to ${MAX_PAGE_SIZE}, got ${value}`, { argument: name });
  }
  return value;
}

/** Where a cursor's item is in the list; a cursor that is malformed or from another list is refused. */
function cursorIndex<T>(items: T[], keyOf: (item: T) => string, name: 'after' | 'before', cursor: string): number {
  const key = decodeCursor(cursor);
  const index = key === null ? -1 : items.findIndex((item) => keyOf(item) === key);
  if (index < 0) {
    const from = name === 'after' ? 'an endCursor' : 'a startCursor';
    throw badUserInput(
      `${name}: the cursor does not belong to this list; use ${from} (or an edge's cursor) from the same query`,
      {
        argument: name,
      },
    );
  }
  return index;
}

export function paginate<T>(items: T[], keyOf: (item: T) => string, args: PageArgs = {}): Connection<T> {
  const { first, after, last, before } = args;
  const hasFirst = first !== null && first !== undefined;
  const hasLast = last !== null && last !== undefined;
  if (hasFirst && hasLast) {
    throw badUserInput('first and last together are not supported: give first (with after) or last (with before)', {
      argument: 'last',
    });
  }
  // The window the cursors leave, then the page at its start (first) or its end (last).
  let from = 0;
  let to = items.length;
  if (after !== null && after !== undefined) from = cursorIndex(items, keyOf, 'after', after) + 1;
  if (before !== null && before !== undefined) to = Math.max(from, cursorIndex(items, keyOf, 'before', before));
  let start: number;
  let end: number;
  if (hasLast) {
    end = to;
    start = Math.max(from, to - pageSize('last', last));
  } else {
    start = from;
    end = Math.min(to, from + pageSize('first', first ?? DEFAULT_PAGE_SIZE));
  }
  const nodes = items.slice(start, end);
  const edges = nodes.map((node) => ({ node, cursor: encodeCursor(keyOf(node)) }));
  return {
    edges,
    nodes,
    pageInfo: {
      hasNextPage: end < items.length,
      hasPreviousPage: start > 0,
      startCursor: edges.length > 0 ? edges[0].cursor : null,
      endCursor: edges.length > 0 ? edges[edges.length - 1].cursor : null,
    },
    totalCount: items.length,
  };
}
