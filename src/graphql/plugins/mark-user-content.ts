// Marks the request's trace when its operation selects a root field the schema marks @userContent (a field
// whose arguments carry a user's own manifest), so that src/http/caching.ts keeps shared caches from storing
// the answer. The schema says which fields these are; no field name is written here.
import type { ApolloServerPlugin } from '@apollo/server';
import type { FragmentDefinitionNode, GraphQLSchema, OperationDefinitionNode, SelectionSetNode } from 'graphql';
import type { Context } from '../context';

const USER_CONTENT_DIRECTIVE = 'userContent';

// Per schema (one per server, or two with the admin file): the root fields carrying the directive.
const markedFields = new WeakMap<GraphQLSchema, Map<string, ReadonlySet<string>>>();

export const markUserContent: ApolloServerPlugin<Context> = {
  async requestDidStart() {
    return {
      async didResolveOperation({ operation, document, schema, contextValue }) {
        if (operation && selectsUserContent(schema, operation, document.definitions)) {
          contextValue.trace.userContent = true;
        }
      },
    };
  },
};

function selectsUserContent(
  schema: GraphQLSchema,
  operation: OperationDefinitionNode,
  definitions: readonly { kind: string }[],
): boolean {
  const marked = userContentFields(schema, operation.operation);
  if (marked.size === 0) return false;
  const fragments = new Map(
    definitions
      .filter((d): d is FragmentDefinitionNode => d.kind === 'FragmentDefinition')
      .map((d) => [d.name.value, d]),
  );
  const seen = new Set<string>();
  const visit = (set: SelectionSetNode): boolean =>
    set.selections.some((s) => {
      if (s.kind === 'Field') return marked.has(s.name.value);
      if (s.kind === 'InlineFragment') return visit(s.selectionSet);
      if (seen.has(s.name.value)) return false;
      seen.add(s.name.value);
      const fragment = fragments.get(s.name.value);
      return fragment !== undefined && visit(fragment.selectionSet);
    });
  return visit(operation.selectionSet);
}

function userContentFields(schema: GraphQLSchema, operationType: OperationDefinitionNode['operation']) {
  let byType = markedFields.get(schema);
  if (!byType) {
    byType = new Map();
    markedFields.set(schema, byType);
  }
  let fields = byType.get(operationType);
  if (!fields) {
    const root = schema.getRootType(operationType);
    fields = new Set(
      Object.values(root?.getFields() ?? {})
        .filter((f) => f.astNode?.directives?.some((d) => d.name.value === USER_CONTENT_DIRECTIVE))
        .map((f) => f.name),
    );
    byType.set(operationType, fields);
  }
  return fields;
}
