// The errors netkb's services, analysis and conversions refuse a request with: a NetkbError carries a
// stable code that scripts can branch on, a message that says what to do, the argument at fault and any
// further facts. It knows nothing of GraphQL or HTTP: the GraphQL layer turns it into a GraphQL error
// (src/graphql/domain-errors.ts), the command line into an exit code (src/cli/errors.ts).

export const ErrorCode = {
  BAD_USER_INPUT: 'BAD_USER_INPUT',
  NOT_FOUND: 'NOT_FOUND',
  PAYLOAD_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  MANIFEST_TOO_COMPLEX: 'MANIFEST_TOO_COMPLEX',
  /** A Helm or Jinja (Salt) template given as a manifest; the `template` fact says which. */
  TEMPLATE_NOT_RENDERED: 'TEMPLATE_NOT_RENDERED',
  /** A kustomization given as a manifest. */
  KUSTOMIZATION: 'KUSTOMIZATION',
  /** An empty manifest, only comments, or documents none of which has apiVersion and kind. */
  NOT_A_MANIFEST: 'NOT_A_MANIFEST',
  /** NUL bytes, control characters or bytes that are not UTF-8. */
  BINARY_INPUT: 'BINARY_INPUT',
  UNAUTHENTICATED: 'UNAUTHENTICATED',
  QUERY_TOO_COMPLEX: 'QUERY_TOO_COMPLEX',
  TIMEOUT: 'TIMEOUT',
  FORBIDDEN: 'FORBIDDEN',
  INTERNAL_SERVER_ERROR: 'INTERNAL_SERVER_ERROR',
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

/** The facts a refusal reports besides its code and message; `argument` names the input at fault. */
export type ErrorFacts = { argument?: string } & Record<string, unknown>;

/** A request netkb refuses: the caller's to fix (bad input, over a limit, not allowed, out of time). */
export class NetkbError extends Error {
  override readonly name = 'NetkbError';
  /** The input at fault ("first", "manifest", "filter.from"), when one is. */
  readonly argument: string | undefined;
  /** Further facts for scripts (known releases, limits, line and column), in the order they are reported. */
  readonly details: Readonly<Record<string, unknown>>;

  constructor(
    readonly code: ErrorCode,
    message: string,
    facts: ErrorFacts = {},
  ) {
    super(message);
    const { argument, ...details } = facts;
    this.argument = argument;
    this.details = details;
  }

  /** The same facts as given to the constructor (what crosses to and from worker threads). */
  facts(): ErrorFacts {
    return this.argument === undefined ? { ...this.details } : { argument: this.argument, ...this.details };
  }
}

export function clientError(code: ErrorCode, message: string, facts: ErrorFacts = {}): NetkbError {
  return new NetkbError(code, message, facts);
}

export function badUserInput(message: string, facts: ErrorFacts = {}): NetkbError {
  return clientError(ErrorCode.BAD_USER_INPUT, message, facts);
}
