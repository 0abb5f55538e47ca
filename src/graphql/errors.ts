// The error codes that are the client's: errors with one keep their message; any other error is masked
// as INTERNAL_SERVER_ERROR and logged (plugins/mask-unexpected-errors.ts).
import { ErrorCode } from '../errors';

export const CLIENT_CODES = new Set<string>([
  ErrorCode.BAD_USER_INPUT,
  ErrorCode.NOT_FOUND,
  ErrorCode.PAYLOAD_TOO_LARGE,
  ErrorCode.MANIFEST_TOO_COMPLEX,
  ErrorCode.TEMPLATE_NOT_RENDERED,
  ErrorCode.KUSTOMIZATION,
  ErrorCode.NOT_A_MANIFEST,
  ErrorCode.BINARY_INPUT,
  ErrorCode.UNAUTHENTICATED,
  ErrorCode.FORBIDDEN,
  ErrorCode.QUERY_TOO_COMPLEX,
  ErrorCode.TIMEOUT,
  'GRAPHQL_PARSE_FAILED',
  'GRAPHQL_VALIDATION_FAILED',
  'BAD_REQUEST',
  'PERSISTED_QUERY_NOT_FOUND',
  'PERSISTED_QUERY_NOT_SUPPORTED',
  'OPERATION_RESOLUTION_FAILURE',
]);

export const isClientCode = (code: unknown): boolean => typeof code === 'string' && CLIENT_CODES.has(code);
