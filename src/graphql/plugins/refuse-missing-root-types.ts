// graphql-js reports a mutation against a schema without Mutation as an internal error; it is the client's.
import type { ApolloServerPlugin } from '@apollo/server';
import { GraphQLError } from 'graphql';
import { ErrorCode } from '../../errors';
import type { Context } from '../context';

export const refuseMissingRootTypes: ApolloServerPlugin<Context> = {
  async requestDidStart() {
    return {
      async didResolveOperation({ operation, schema }) {
        if (operation?.operation === 'mutation' && !schema.getMutationType()) {
          throw new GraphQLError(
            'writes are disabled on this server: it runs without NETKB_ADMIN_TOKEN, so there are no mutations',
            {
              extensions: { code: ErrorCode.FORBIDDEN, http: { status: 403 } },
            },
          );
        }
        if (operation?.operation === 'subscription') {
          throw new GraphQLError('netkb has no subscriptions', {
            extensions: { code: ErrorCode.BAD_USER_INPUT, http: { status: 400 } },
          });
        }
      },
    };
  },
};
