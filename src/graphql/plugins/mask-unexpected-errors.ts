// What clients see of errors: client errors keep their message and stable extensions.code; anything
// unexpected becomes INTERNAL_SERVER_ERROR naming the request id, and is logged with its stack.
import type { ApolloServerPlugin } from '@apollo/server';
import { unwrapResolverError } from '@apollo/server/errors';
import { ErrorCode } from '../../errors';
import type { Context } from '../context';
import { isClientCode } from '../errors';

export function maskUnexpectedErrors(
  log: (requestId: string, error: unknown) => void,
  keepStacks: boolean,
): ApolloServerPlugin<Context> {
  return {
    async requestDidStart() {
      return {
        async didEncounterErrors({ errors, contextValue }) {
          for (const e of errors)
            if (!isClientCode(e.extensions?.code)) log(contextValue.requestId, unwrapResolverError(e));
        },
        async willSendResponse({ response, contextValue }) {
          if (response.body.kind !== 'single' || !response.body.singleResult.errors) return;
          response.body.singleResult.errors = response.body.singleResult.errors.map((e) => {
            if (isClientCode(e.extensions?.code)) {
              if (keepStacks || !e.extensions?.stacktrace) return e;
              const { stacktrace: _dropped, ...extensions } = e.extensions;
              return { ...e, extensions };
            }
            return {
              message: `internal error: the server could not answer (request ${contextValue.requestId}); it has been logged`,
              path: e.path,
              extensions: {
                code: ErrorCode.INTERNAL_SERVER_ERROR,
                requestId: contextValue.requestId,
                ...(keepStacks && e.extensions?.stacktrace ? { stacktrace: e.extensions.stacktrace } : {}),
              },
            };
          });
        },
      };
    },
  };
}
