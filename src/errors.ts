// The errors netkb's services, analysis and conversions refuse a request with: a NetkbError carries a
// stable code that scripts can branch on, a message that says what to do, the argument at fault and any
// further facts. It knows nothing of GraphQL or HTTP: the GraphQL layer turns it into a GraphQL error
// (src/graphql/domain-errors.ts), the command line into an exit code (src/cli/errors.ts).

interface ErrorSpec {
  /** The caller's to fix: its message reaches the client as written (else it is masked and logged). */
  client: boolean;
  /** The HTTP status a GraphQL answer with this error takes; null: 200, as GraphQL errors do. */
  http: number | null;
  /** The exit code of the command line. */
  exit: number;
}

/**
 * Every code netkb refuses a request with, and what it means to each way of asking: the one table the GraphQL
 * layer (which codes keep their message, which HTTP status) and the command line (exit codes) read.
 */
export const ERRORS = {
  BAD_USER_INPUT: { client: true, http: null, exit: 2 },
  NOT_FOUND: { client: true, http: null, exit: 2 },
  PAYLOAD_TOO_LARGE: { client: true, http: null, exit: 2 },
  MANIFEST_TOO_COMPLEX: { client: true, http: null, exit: 2 },
  /** A Helm or Jinja (Salt) template given as a manifest; the `template` fact says which. */
  TEMPLATE_NOT_RENDERED: { client: true, http: null, exit: 2 },
  /** A kustomization given as a manifest. */
  KUSTOMIZATION: { client: true, http: null, exit: 2 },
  /** An empty manifest, only comments, or documents none of which has apiVersion and kind. */
  NOT_A_MANIFEST: { client: true, http: null, exit: 2 },
  /** NUL bytes, control characters or bytes that are not UTF-8. */
  BINARY_INPUT: { client: true, http: null, exit: 2 },
  UNAUTHENTICATED: { client: true, http: null, exit: 2 },
  QUERY_TOO_COMPLEX: { client: true, http: null, exit: 2 },
  /** Over the analysis time budget: the server is busy or the input too large, so 503 (try again). */
  TIMEOUT: { client: true, http: 503, exit: 2 },
  FORBIDDEN: { client: true, http: null, exit: 2 },
  /** A defect of netkb: masked for clients, logged. */
  INTERNAL_SERVER_ERROR: { client: false, http: null, exit: 2 },
} as const satisfies Record<string, ErrorSpec>;

export type ErrorCode = keyof typeof ERRORS;
/** The codes by name (`ErrorCode.TIMEOUT`), from the table. */
export const ErrorCode = Object.fromEntries(Object.keys(ERRORS).map((code) => [code, code])) as {
  readonly [C in ErrorCode]: C;
};

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
