// Names the operation (for logs and metrics) and collects the error codes of the answer. Listed after
// mask-unexpected-errors (server.ts), it sees the codes clients see: a masked failure is INTERNAL_SERVER_ERROR.
import type { ApolloServerPlugin } from '@apollo/server';
import type { Context } from '../context';
import { traceName } from '../prepared-queries';

export const traceOperation: ApolloServerPlugin<Context> = {
  async requestDidStart() {
    return {
      async didResolveOperation({ operation, operationName, contextValue }) {
        contextValue.trace.operation = operation
          ? traceName(operation, operationName ?? null)
          : (operationName ?? null);
        contextValue.trace.operationType = operation?.operation ?? null;
      },
      async willSendResponse({ response, contextValue }) {
        if (response.body.kind !== 'single') return;
        for (const e of response.body.singleResult.errors ?? [])
          contextValue.trace.errorCodes.push(typeof e.extensions?.code === 'string' ? e.extensions.code : 'UNKNOWN');
      },
    };
  },
};
