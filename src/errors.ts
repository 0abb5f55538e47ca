// Client errors carry a stable extensions.code that scripts can branch on; the message says what to do.
import { GraphQLError } from 'graphql';

export const ErrorCode = {
  BAD_USER_INPUT: 'BAD_USER_INPUT',
  NOT_FOUND: 'NOT_FOUND',
  PAYLOAD_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  MANIFEST_TOO_COMPLEX: 'MANIFEST_TOO_COMPLEX',
  UNAUTHENTICATED: 'UNAUTHENTICATED',
  QUERY_TOO_COMPLEX: 'QUERY_TOO_COMPLEX',
  TIMEOUT: 'TIMEOUT',
  FORBIDDEN: 'FORBIDDEN',
  INTERNAL_SERVER_ERROR: 'INTERNAL_SERVER_ERROR',
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

export function clientError(code: ErrorCode, message: string, extensions: Record<string, unknown> = {}): GraphQLError {
  return new GraphQLError(message, { extensions: { ...extensions, code } });
}

export function badUserInput(message: string, extensions: Record<string, unknown> = {}): GraphQLError {
  return clientError(ErrorCode.BAD_USER_INPUT, message, extensions);
}
