// The error codes that are the client's: errors with one keep their message; any other error is masked
// as INTERNAL_SERVER_ERROR and logged (plugins/mask-unexpected-errors.ts).
import { ERRORS, type ErrorCode } from '../errors';

/** netkb's client codes (src/errors.ts's table) and the GraphQL layer's own (Apollo's parse, validation and request errors). */
export const CLIENT_CODES = new Set<string>([
  ...(Object.keys(ERRORS) as ErrorCode[]).filter((code) => ERRORS[code].client),
  'GRAPHQL_PARSE_FAILED',
  'GRAPHQL_VALIDATION_FAILED',
  'BAD_REQUEST',
  'PERSISTED_QUERY_NOT_FOUND',
  'PERSISTED_QUERY_NOT_SUPPORTED',
  'OPERATION_RESOLUTION_FAILURE',
]);

export const isClientCode = (code: unknown): boolean => typeof code === 'string' && CLIENT_CODES.has(code);
