// Refuses operations over the depth, alias, directive and cost limits (../query-limits.ts) before they
// run. The prepared-query fast path (src/http/prepared-fast-path.ts) asks the same checker, per request.
import type { ApolloServerPlugin } from '@apollo/server';
import {
  getNamedType,
  getNullableType,
  isListType,
  isObjectType,
  Kind,
  type FragmentDefinitionNode,
  type GraphQLSchema,
  type OperationDefinitionNode,
} from 'graphql';
import type { Context } from '../context';
import { checkLimits, measureOperation, type QueryLimits } from '../query-limits';

export type OperationLimitChecker = ReturnType<typeof operationLimitChecker>;

/** Measures an operation against the limits; throws the GraphQLError that refuses it. */
export function operationLimitChecker(limits: QueryLimits) {
  let listFields: Set<string> | null = null;
  const check = (
    schema: GraphQLSchema,
    operation: OperationDefinitionNode,
    fragments: Record<string, FragmentDefinitionNode>,
    variables: Record<string, unknown>,
  ) => {
    listFields ??= listFieldNames(schema);
    checkLimits(measureOperation(operation, fragments, listFields, variables), limits);
  };
  return {
    check,
    /** Whether the operation is within the limits (Apollo answers it with the refusal otherwise). */
    passes(...args: Parameters<typeof check>): boolean {
      try {
        check(...args);
        return true;
      } catch {
        return false;
      }
    },
  };
}

export function operationLimits(checker: OperationLimitChecker): ApolloServerPlugin<Context> {
  return {
    async requestDidStart() {
      return {
        async didResolveOperation({ operation, document, schema, request }) {
          if (!operation) return;
          const fragments = Object.fromEntries(
            document.definitions
              .filter((d): d is FragmentDefinitionNode => d.kind === Kind.FRAGMENT_DEFINITION)
              .map((d) => [d.name.value, d]),
          );
          checker.check(schema, operation, fragments, request.variables ?? {});
        },
      };
    },
  };
}

/**
 * Names of fields that return a list or a connection: what multiplies the cost of what is below them. A
 * connection's edges and nodes are its page, already counted by the connection's first or last.
 */
function listFieldNames(schema: GraphQLSchema): Set<string> {
  const names = new Set<string>();
  for (const type of Object.values(schema.getTypeMap())) {
    if (!isObjectType(type) || type.name.startsWith('__')) continue;
    for (const field of Object.values(type.getFields())) {
      const named = getNamedType(field.type);
      if (
        field.name !== 'edges' &&
        field.name !== 'nodes' &&
        (isListType(getNullableType(field.type)) || named.name.endsWith('Connection'))
      )
        names.add(field.name);
    }
  }
  return names;
}
