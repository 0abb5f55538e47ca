// Queries Apollo has already answered once, kept parsed and validated against the schema they ran on,
// so that a repeat skips Apollo's request pipeline and graphql-js executes it directly. Profiling showed
// the pipeline (request parsing, document cache, a dozen async plugin hooks, response assembly) costs
// more than executing a small lookup over the in-memory knowledge base.
//
// What keeps this safe:
// - only queries (never mutations) that Apollo answered without any error are kept
//   (plugins/keep-prepared-queries.ts), keyed by their text and operation name, so parse errors,
//   validation (including introspection being off) and every other refusal stay Apollo's;
// - the operation limits are checked again for each request's variables;
// - a repeat whose execution yields any error is answered again by Apollo, so errors keep Apollo's
//   formatting, masking and status codes; queries read only, so running one twice changes nothing;
// - only plain JSON POSTs without persisted-query extensions whose Accept allows application/json;
// - the answer is byte for byte Apollo's: the rule and its test are written where the fast path lives,
//   src/http/prepared-fast-path.ts.
import {
  execute,
  Kind,
  type DocumentNode,
  type FragmentDefinitionNode,
  type GraphQLSchema,
  type OperationDefinitionNode,
} from 'graphql';

interface PreparedQuery {
  schema: GraphQLSchema;
  document: DocumentNode;
  operation: OperationDefinitionNode;
  operationName: string | null;
  /** The name logs and metrics use (operation name, else the first field). */
  traceName: string;
  fragments: Record<string, FragmentDefinitionNode>;
}

interface PreparedRequest {
  query: string;
  operationName: string | null;
  variables: Record<string, unknown>;
}

const MAX_ENTRIES = 500;

export class PreparedQueries {
  private readonly entries = new Map<string, PreparedQuery>();

  private static key(query: string, operationName: string | null): string {
    return `${operationName ?? ''}\u0000${query}`;
  }

  /**
   * Keeps a query Apollo answered cleanly (plugins/keep-prepared-queries.ts decides which), under the text
   * and operation name the request gave; `resolved.operationName` is the one Apollo ran it by.
   */
  keep(
    query: string,
    operationName: string | null,
    resolved: {
      schema: GraphQLSchema;
      document: DocumentNode;
      operation: OperationDefinitionNode;
      operationName: string | null;
    },
  ): void {
    const key = PreparedQueries.key(query, operationName);
    if (this.entries.has(key)) return;
    if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value as string);
    const { schema, document, operation } = resolved;
    const fragments = Object.fromEntries(
      document.definitions
        .filter((d): d is FragmentDefinitionNode => d.kind === Kind.FRAGMENT_DEFINITION)
        .map((d) => [d.name.value, d]),
    );
    this.entries.set(key, {
      schema,
      document,
      operation,
      operationName,
      traceName: traceName(operation, resolved.operationName),
      fragments,
    });
  }

  /** The prepared query for a request body, when the body is one this path may answer. */
  match(body: unknown, accept: string | undefined): { prepared: PreparedQuery; request: PreparedRequest } | null {
    if (this.entries.size === 0 || typeof body !== 'object' || body === null || Array.isArray(body)) return null;
    if (accept !== undefined && accept !== '*/*' && accept !== 'application/json') return null;
    const { query, operationName, variables, extensions } = body as Record<string, unknown>;
    if (typeof query !== 'string' || extensions !== undefined) return null;
    if (operationName !== undefined && operationName !== null && typeof operationName !== 'string') return null;
    if (variables !== undefined && variables !== null && (typeof variables !== 'object' || Array.isArray(variables)))
      return null;
    const prepared = this.entries.get(PreparedQueries.key(query, (operationName as string | null | undefined) ?? null));
    if (!prepared) return null;
    return {
      prepared,
      request: {
        query,
        operationName: (operationName as string | null | undefined) ?? null,
        variables: (variables as Record<string, unknown> | null | undefined) ?? {},
      },
    };
  }
}

/** The response body of a clean execution, exactly as Apollo writes it; null when Apollo must answer. */
export async function runPrepared(
  prepared: PreparedQuery,
  request: PreparedRequest,
  contextValue: unknown,
): Promise<string | null> {
  const result = await execute({
    schema: prepared.schema,
    document: prepared.document,
    operationName: request.operationName,
    variableValues: request.variables,
    contextValue,
  });
  if (result.errors?.length || result.data === undefined || result.data === null) return null;
  return JSON.stringify({ data: result.data }) + '\n';
}

/** The name an operation goes by in logs and metrics: its name, else its first field, else its type. */
export function traceName(operation: OperationDefinitionNode | undefined, operationName: string | null): string {
  const first = operation?.selectionSet.selections.find((s) => s.kind === Kind.FIELD);
  return operationName ?? (first && first.kind === Kind.FIELD ? first.name.value : (operation?.operation ?? 'unknown'));
}
