// Limits on the shape of a GraphQL operation, checked before it runs: nesting depth, aliases,
// directives, and a cost that multiplies list fields by the page size they ask for. An operation over
// a limit is refused with QUERY_TOO_COMPLEX and HTTP 400.
import {
  GraphQLError,
  Kind,
  type FragmentDefinitionNode,
  type OperationDefinitionNode,
  type SelectionSetNode,
  type ValueNode,
} from 'graphql';
import { ErrorCode } from '../errors';

export interface QueryLimits {
  maxDepth: number;
  maxAliases: number;
  maxDirectives: number;
  maxCost: number;
  maxTokens: number;
}

export const DEFAULT_QUERY_LIMITS: QueryLimits = {
  maxDepth: 12,
  maxAliases: 30,
  maxDirectives: 20,
  maxCost: 20_000,
  maxTokens: 5_000,
};

/** Fields that return lists without a `first` or `last` argument count as this many items. */
const UNPAGED_LIST_FACTOR = 10;

interface Tally {
  depth: number;
  aliases: number;
  directives: number;
  cost: number;
}

export function measureOperation(
  operation: OperationDefinitionNode,
  fragments: Record<string, FragmentDefinitionNode>,
  listFields: Set<string>,
  variables: Record<string, unknown> = {},
): Tally {
  const tally: Tally = { depth: 0, aliases: 0, directives: operation.directives?.length ?? 0, cost: 0 };
  const walk = (set: SelectionSetNode, depth: number, multiplier: number, seen: Set<string>) => {
    tally.depth = Math.max(tally.depth, depth);
    for (const sel of set.selections) {
      tally.directives += sel.directives?.length ?? 0;
      if (sel.kind === Kind.FIELD) {
        if (sel.alias) tally.aliases++;
        tally.cost += multiplier;
        if (sel.selectionSet) {
          const isList = listFields.has(sel.name.value);
          const first = sel.arguments?.find((a) => a.name.value === 'first' || a.name.value === 'last');
          const size = first ? (numberOf(first.value, variables) ?? UNPAGED_LIST_FACTOR) : UNPAGED_LIST_FACTOR;
          // __Type.ofType unwraps NON_NULL/LIST one step: a chain without fan-out, which introspection
          // queries (GraphiQL's among them) nest seven or more deep. It adds cost, not depth.
          const next = sel.name.value === 'ofType' ? depth : depth + 1;
          walk(sel.selectionSet, next, isList ? multiplier * Math.max(1, size) : multiplier, seen);
        }
      } else if (sel.kind === Kind.INLINE_FRAGMENT) {
        walk(sel.selectionSet, depth, multiplier, seen);
      } else {
        const name = sel.name.value;
        const fragment = fragments[name];
        if (!fragment || seen.has(name)) continue;
        walk(fragment.selectionSet, depth, multiplier, new Set([...seen, name]));
      }
    }
  };
  walk(operation.selectionSet, 1, 1, new Set());
  return tally;
}

function numberOf(value: ValueNode, variables: Record<string, unknown>): number | null {
  if (value.kind === Kind.INT) return Number(value.value);
  if (value.kind === Kind.VARIABLE) {
    const v = variables[value.name.value];
    return typeof v === 'number' ? v : null;
  }
  return null;
}

export function checkLimits(t: Tally, limits: QueryLimits): void {
  const over = [
    t.depth > limits.maxDepth && `nests ${t.depth} levels deep (limit ${limits.maxDepth})`,
    t.aliases > limits.maxAliases && `uses ${t.aliases} aliases (limit ${limits.maxAliases})`,
    t.directives > limits.maxDirectives && `uses ${t.directives} directives (limit ${limits.maxDirectives})`,
    t.cost > limits.maxCost &&
      `would resolve about ${t.cost} fields (limit ${limits.maxCost}); ask for smaller pages or fewer nested lists`,
  ].filter(Boolean);
  if (over.length > 0) {
    throw new GraphQLError(`the query is too complex: it ${over.join('; ')}`, {
      extensions: { code: ErrorCode.QUERY_TOO_COMPLEX, http: { status: 400 }, ...t },
    });
  }
}
