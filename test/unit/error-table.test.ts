// One table (src/errors.ts ERRORS) says, per error code, whether the client sees its message, the HTTP status
// of a GraphQL answer and the exit code of the command line; each layer answers from it.
import { ERRORS, ErrorCode, NetkbError, type ErrorCode as Code } from '../../src/errors';
import { isClientCode } from '../../src/graphql/errors';
import { toGraphQLError } from '../../src/graphql/domain-errors';
import { exitCodeFor } from '../../src/cli/errors';

const codes = Object.keys(ERRORS) as Code[];

it.each(codes)('%s: the GraphQL layer and the command line answer as the table says', (code) => {
  const err = new NetkbError(code, 'refused', { argument: 'manifest' });
  expect(isClientCode(code)).toBe(ERRORS[code].client);
  const gql = toGraphQLError(err);
  expect(gql.extensions.code).toBe(code);
  expect((gql.extensions.http as { status?: number } | undefined)?.status ?? null).toBe(ERRORS[code].http);
  expect(exitCodeFor(err)).toBe(ERRORS[code].exit);
});

it('names every code by itself, and keeps the defect masked and the time budget a 503', () => {
  expect(Object.entries(ErrorCode).every(([k, v]) => k === v)).toBe(true);
  expect(Object.keys(ErrorCode)).toEqual(codes);
  expect(isClientCode(ErrorCode.INTERNAL_SERVER_ERROR)).toBe(false);
  expect(ERRORS.TIMEOUT.http).toBe(503);
  expect(isClientCode('GRAPHQL_VALIDATION_FAILED')).toBe(true);
});
