// Where a NetkbError (src/errors.ts) becomes the GraphQL error clients see, once, as it leaves a
// resolver: its message, and extensions holding its facts and code. Everything after (Apollo's
// formatting and HTTP status, masking, metrics) sees the GraphQL error only.
import { GraphQLError, type GraphQLFieldResolver } from 'graphql';
import { ERRORS, NetkbError } from '../errors';

/**
 * The GraphQL error for a refusal. extensions are { argument, ...details, code }; a refusal with an HTTP
 * status is shaped like the GraphQL layer's own (query-limits.ts): { code, http, argument, ...details },
 * where Apollo takes http out and sets the status.
 */
export function toGraphQLError(err: NetkbError): GraphQLError {
  const status = ERRORS[err.code].http ?? undefined;
  const extensions =
    status === undefined ? { ...err.facts(), code: err.code } : { code: err.code, http: { status }, ...err.facts() };
  return new GraphQLError(err.message, { extensions, originalError: err });
}

/** The resolver, answering a NetkbError it throws (or rejects with) with its GraphQL error. */
export function convertingDomainErrors<S, C, A>(resolve: GraphQLFieldResolver<S, C, A>): GraphQLFieldResolver<S, C, A> {
  return (source, args, context, info) => {
    let result: unknown;
    try {
      result = resolve(source, args, context, info);
    } catch (err) {
      throw err instanceof NetkbError ? toGraphQLError(err) : err;
    }
    return result instanceof Promise ? result.catch(rethrowConverted) : result;
  };
}

function rethrowConverted(err: unknown): never {
  throw err instanceof NetkbError ? toGraphQLError(err) : err;
}
