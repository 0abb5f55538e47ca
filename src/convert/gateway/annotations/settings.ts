// What the annotations of one Ingress ask for, once each was read by its strategy: the route and Gateway
// builders read these, never the annotations themselves.
import type { PathSegment } from '../../../analysis';
import type { AnnotationAccess, BackendProtocol } from '../../../kb/model';

/** One annotation of the input: its name, value and where it is written. */
export interface AnnotationUse {
  name: string;
  value: string;
  line: number;
  path: PathSegment[];
}

/** An annotation that belongs to an access control, with its record's part in it (read by ../access.ts). */
export interface AccessUse {
  use: AnnotationUse;
  access: AnnotationAccess;
  /** Why the converter does not write it (the record's reason). */
  reason: string;
}

/**
 * An annotation without a Gateway API counterpart that the chosen implementation's policy may carry (read by
 * ../traffic-policies.ts), with its record's reason and default, and whether the route breaks without it.
 */
export interface TrafficUse {
  use: AnnotationUse;
  reason: string;
  breaks: boolean;
  defaultValue: string | null;
}

export interface IngressSettings {
  /** Paths are regular expressions (use-regex, or a rewrite-target, which turns them on for ingress-nginx). */
  regexPaths: AnnotationUse | null;
  rewriteTarget: AnnotationUse | null;
  /** ssl-redirect: "false" turns off the redirect of TLS hosts that ingress-nginx makes by default. */
  sslRedirect: { use: AnnotationUse; on: boolean } | null;
  forceSslRedirect: { use: AnnotationUse; on: boolean } | null;
  /** The redirect (role url) and the strategy that read it. */
  redirect: { use: AnnotationUse; strategy: string; url: URL; statusCode: number } | null;
  /**
   * app-root: the path "/" of the host is redirected to, with the status code written (the record's, or the
   * closest the bundle accepts, `codeLost` then saying why).
   */
  appRoot: { use: AnnotationUse; path: string; statusCode: number; codeLost: string | null } | null;
  /** from-to-www-redirect: a redirect from the www (or bare) form of each host to the host, when on. */
  fromToWww: { use: AnnotationUse; on: boolean; statusCode: number; codeLost: string | null } | null;
  /** Status codes given apart from a redirect's target (role code), each for the redirect of its strategy. */
  redirectCodes: { use: AnnotationUse; strategy: string; statusCode: number }[];
  /** Redirects read before one that ingress-nginx reads first, which replaced them. */
  redirectsOverruled: { use: AnnotationUse; by: AnnotationUse }[];
  /** The canary switch (role trigger). */
  canary: { use: AnnotationUse; on: boolean } | null;
  /** The canary's weight (role weight), with the total it is out of when none is given (weight-total's default). */
  canaryWeight: { use: AnnotationUse; value: number; defaultTotal: number | null } | null;
  canaryWeightTotal: { use: AnnotationUse; value: number } | null;
  /**
   * The header a canary looks at (role header), with the value it needs when none is given (header-value's
   * default) and the value that keeps a request off the canary then (its record's neverValue).
   */
  canaryHeader: { use: AnnotationUse; defaultValue: string | null; neverValue: string | null } | null;
  canaryHeaderValue: AnnotationUse | null;
  /** A regular expression the header's value must match instead (role header-pattern). */
  canaryHeaderPattern: AnnotationUse | null;
  headers: { use: AnnotationUse; name: string; value: string }[];
  /** The Host header the backend sees instead of the request's (a URLRewrite hostname). */
  hostRewrite: { use: AnnotationUse; hostname: string } | null;
  timeouts: { use: AnnotationUse; seconds: number }[];
  /** The CORS annotations by role, with the defaults of the roles' records (read by ./cors.ts). */
  cors: { given: Map<string, AnnotationUse>; defaults: Map<string, string | null> } | null;
  /** The CORS filter every rule carries, once the annotations were read (null: CORS is off). */
  corsFilter: Record<string, unknown> | null;
  /**
   * ssl-passthrough: the host's TLS connections go unopened to its path "/" backend (../passthrough.ts), with the
   * controller flag the record says it needs.
   */
  sslPassthrough: { use: AnnotationUse; on: boolean; controllerFlag: string | null } | null;
  /** Annotations of an access control (none is converted: access.ts marks the routes that lose one). */
  access: AccessUse[];
  /** Annotations the implementation's traffic policy may carry (only with an implementation chosen). */
  traffic: TrafficUse[];
  /** The protocol spoken to the backends (the backend-protocol record's entry for the value given). */
  backendProtocol: { use: AnnotationUse; protocol: BackendProtocol } | null;
  /** The annotations of TLS to the backend by role, with the defaults of the roles' records (read by ../backend-tls.ts). */
  backendTls: { given: Map<string, AnnotationUse>; defaults: Map<string, string | null> } | null;
}

export function noSettings(): IngressSettings {
  return {
    regexPaths: null,
    rewriteTarget: null,
    sslRedirect: null,
    forceSslRedirect: null,
    redirect: null,
    appRoot: null,
    fromToWww: null,
    redirectCodes: [],
    redirectsOverruled: [],
    canary: null,
    canaryWeight: null,
    canaryWeightTotal: null,
    canaryHeader: null,
    canaryHeaderValue: null,
    canaryHeaderPattern: null,
    headers: [],
    hostRewrite: null,
    timeouts: [],
    cors: null,
    corsFilter: null,
    sslPassthrough: null,
    access: [],
    traffic: [],
    backendProtocol: null,
    backendTls: null,
  };
}
