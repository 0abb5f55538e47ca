// The redirect strategies: ssl-redirect and force-ssl-redirect (HTTP -> HTTPS, built by the planner as a
// route on the HTTP listeners), permanent-redirect and temporal-redirect (every rule answers with a
// RequestRedirect filter instead of a backend, with the status code the records give), app-root (the path "/"
// of the host answers with a redirect, ../app-root.ts) and from-to-www-redirect (a route for the other form of
// the host name answers with a redirect to the host, ../www-redirect.ts), each with its record's redirectCode.
import { gapText } from '../bundle-gaps';
import type { AnnotationRecord, GatewayBundle } from '../types';
import { isBoolean, isTrue, unknownRole, type RefusedByController, type Strategy } from './strategy';
import { REWRITE_PATH } from './rewrite-target';

export const sslRedirect: Strategy = {
  id: 'ssl-redirect',
  read(use, _record, settings) {
    if (!isBoolean(use.value)) return `the value ${JSON.stringify(use.value)} is not "true" or "false"`;
    settings.sslRedirect = { use, on: isTrue(use.value) };
    return null;
  },
};

export const forceSslRedirect: Strategy = {
  id: 'force-ssl-redirect',
  read(use, _record, settings) {
    if (!isBoolean(use.value)) return `the value ${JSON.stringify(use.value)} is not "true" or "false"`;
    settings.forceSslRedirect = { use, on: isTrue(use.value) };
    return null;
  },
};

/** The field of a RequestRedirect's status code; its enum in the chosen bundle says which codes it can give. */
export const REDIRECT_STATUS_CODE = 'spec.rules[].filters[].requestRedirect.statusCode';

function statusCodeProblem(code: number, bundle: GatewayBundle): string | null {
  return bundle.hasField('HTTPRoute', REDIRECT_STATUS_CODE, code)
    ? null
    : gapText(bundle, { kind: 'HTTPRoute', path: REDIRECT_STATUS_CODE, value: code });
}

// The records' roles: the redirect's target (url) and its status code given apart (code), whose
// defaultValue is the code the controller answers with when the Ingress gives none, and whose acceptedRange
// holds the codes it takes: it answers with the defaultValue instead of any other.
function redirect(id: string, precedence: number): Strategy {
  return {
    id,
    read(use, record, settings, context) {
      if (record.role === 'code') {
        if (!/^\s*\d+\s*$/.test(use.value)) return `the value ${JSON.stringify(use.value)} is not a status code`;
        const code = Number(use.value);
        const range = record.acceptedRange;
        if (range && (code < range.min || code > range.max))
          return `ingress-nginx ignores the code ${code} (it takes ${range.min} to ${range.max} for it) and redirects with ${record.defaultValue ?? 'its default code'}, the code it uses when none is given; so does the route`;
        const problem = statusCodeProblem(code, context.bundle);
        if (problem)
          return `ingress-nginx answers ${code}, but ${problem}; the route redirects with ${record.defaultValue ?? 'the default code'}, the code ingress-nginx uses when none is given`;
        settings.redirectCodes.push({ use, strategy: id, statusCode: code });
        return null;
      }
      if (record.role !== 'url') return unknownRole(record, id);
      let url: URL;
      try {
        url = new URL(use.value.trim());
      } catch {
        return `the value ${JSON.stringify(use.value)} is not an absolute URL`;
      }
      if (url.protocol !== 'http:' && url.protocol !== 'https:')
        return `the URL's scheme ${url.protocol} is not http or https`;
      if (url.search || url.hash) return 'RequestRedirect cannot set a query string or fragment';
      // ingress-nginx reads the temporal redirect first and the permanent one only without it, whatever the order
      // of the annotations (internal/ingress/annotations/redirect/redirect.go, Parse, at controller-v1.15.1).
      const before = settings.redirect;
      if (before && PRECEDENCE.get(before.strategy)! <= precedence)
        return `ingress-nginx redirects with ${before.use.name} instead, which it reads first`;
      const statusCode = Number(context.defaultOf('code') ?? NaN);
      if (!Number.isInteger(statusCode)) return `netkb's records give no default status code for strategy ${id}`;
      const problem = statusCodeProblem(statusCode, context.bundle);
      if (problem) return `its status code ${statusCode}: ${problem}`;
      if (before) settings.redirectsOverruled.push({ use: before.use, by: use });
      settings.redirect = { use, strategy: id, url, statusCode };
      return null;
    },
  };
}

/** The order ingress-nginx reads the redirects in: the first one set wins. */
const PRECEDENCE = new Map([
  ['temporal-redirect', 0],
  ['permanent-redirect', 1],
]);
export const permanentRedirect = redirect('permanent-redirect', PRECEDENCE.get('permanent-redirect')!);
export const temporalRedirect = redirect('temporal-redirect', PRECEDENCE.get('temporal-redirect')!);

/** The RequestRedirect filter of a permanent or temporal redirect to `url`. */
export function redirectFilter(url: URL, statusCode: number): Record<string, unknown> {
  const scheme = url.protocol.slice(0, -1);
  return {
    scheme,
    hostname: url.hostname,
    ...(url.port ? { port: Number(url.port) } : {}),
    path: { type: 'ReplaceFullPath', replaceFullPath: url.pathname },
    statusCode,
  };
}

/**
 * The status code a redirect the controller answers with `own` is written with: its own where the bundle accepts
 * it, else the closest one the bundle accepts (301 for a permanent code, 302 for a temporary one), with what the
 * bundle lacks (`lost`); null when the bundle accepts neither.
 */
export function redirectStatus(own: number, bundle: GatewayBundle): { code: number; lost: string | null } | null {
  if (bundle.hasField('HTTPRoute', REDIRECT_STATUS_CODE, own)) return { code: own, lost: null };
  const closest = own === 301 || own === 308 ? 301 : 302;
  if (!bundle.hasField('HTTPRoute', REDIRECT_STATUS_CODE, closest)) return null;
  return { code: closest, lost: gapText(bundle, { kind: 'HTTPRoute', path: REDIRECT_STATUS_CODE, value: own }) };
}

/**
 * The status code of a record's own redirect (redirectCode) as the bundle can write it, with why it is not the
 * controller's own where it is not; or why none can be written.
 */
function recordStatus(record: AnnotationRecord, bundle: GatewayBundle): { code: number; lost: string | null } | string {
  const own = record.redirectCode;
  if (own === null) return `netkb's record of it gives no status code for the redirect`;
  const status = redirectStatus(own, bundle);
  if (!status) return gapText(bundle, { kind: 'HTTPRoute', path: REDIRECT_STATUS_CODE, value: own });
  return { code: status.code, lost: status.lost && `ingress-nginx answers ${own}, but ${status.lost}` };
}

// What ingress-nginx takes for app-root: the rewrite parser's character check (REWRITE_PATH), then
// url.ParseRequestURI and no absolute URL, which leaves a path that starts with "/"
// (internal/ingress/annotations/rewrite/main.go and parser/validators.go at controller-v1.15.1).
const isAppRoot = (value: string) => value.startsWith('/') && REWRITE_PATH.test(value);
/** The fields a RequestRedirect needs to replace the whole path. */
export const REDIRECT_PATH = [
  'spec.rules[].filters[].requestRedirect.path',
  'spec.rules[].filters[].requestRedirect.path.replaceFullPath',
];

export const appRoot: Strategy = {
  id: 'app-root',
  read(use, record, settings, { bundle }) {
    if (!isAppRoot(use.value)) return refusedAppRoot(use.value);
    // nginx reads "$" in the return it writes as the start of a variable; a RequestRedirect path is literal.
    if (use.value.includes('$'))
      return `the path ${JSON.stringify(use.value)} holds "$", which nginx fills in as a variable; a RequestRedirect path is written as it is`;
    const gap = REDIRECT_PATH.find((path) => !bundle.hasField('HTTPRoute', path));
    if (gap) return gapText(bundle, { kind: 'HTTPRoute', path: gap });
    const status = recordStatus(record, bundle);
    if (typeof status === 'string') return status;
    settings.appRoot = { use, path: use.value, statusCode: status.code, codeLost: status.lost };
    return null;
  },
};

function refusedAppRoot(value: string): RefusedByController {
  return {
    refused: `ingress-nginx ignores the value ${JSON.stringify(value)} (it takes a path starting with "/" of letters, digits and - . _ ~ / : $ only: no query string, no absolute URL) and serves the Ingress without the redirect; so does the route`,
  };
}

export const fromToWwwRedirect: Strategy = {
  id: 'from-to-www-redirect',
  read(use, record, settings, { bundle }) {
    if (!isBoolean(use.value)) return `the value ${JSON.stringify(use.value)} is not "true" or "false"`;
    if (!isTrue(use.value)) {
      settings.fromToWww = { use, on: false, statusCode: 0, codeLost: null };
      return null;
    }
    const hostname = 'spec.rules[].filters[].requestRedirect.hostname';
    if (!bundle.hasField('HTTPRoute', hostname)) return gapText(bundle, { kind: 'HTTPRoute', path: hostname });
    const status = recordStatus(record, bundle);
    if (typeof status === 'string') return status;
    settings.fromToWww = { use, on: true, statusCode: status.code, codeLost: status.lost };
    return null;
  },
};
