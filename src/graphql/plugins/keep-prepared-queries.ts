// Keeps the queries Apollo answered cleanly, for the prepared-query fast path (../prepared-queries.ts
// says what keeps that path safe): only queries, only answers without any error, never persisted queries.
import type { ApolloServerPlugin } from '@apollo/server';
import type { Context } from '../context';
import type { PreparedQueries } from '../prepared-queries';

export function keepPreparedQueries(prepared: PreparedQueries): ApolloServerPlugin<Context> {
  return {
    async requestDidStart() {
      return {
        async willSendResponse({ request, response, operation, document, schema, operationName }) {
          if (response.body.kind !== 'single' || response.body.singleResult.errors?.length) return;
          if (!operation || operation.operation !== 'query' || !document || typeof request.query !== 'string') return;
          if (request.extensions?.persistedQuery) return;
          prepared.keep(request.query, request.operationName ?? null, {
            schema,
            document,
            operation,
            operationName: operationName ?? null,
          });
        },
      };
    },
  };
}
