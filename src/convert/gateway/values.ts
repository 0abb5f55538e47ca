// Reading plain values of an object read from YAML, and the paths of an Ingress's rules.
import type { PathSegment } from '../../analysis';
import type { IngressView } from './types';

export function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** The maps of a list value, with their index in the list; [] when it is not a list. */
export function recordsOf(v: unknown): [Record<string, unknown>, number][] {
  return Array.isArray(v)
    ? v.flatMap((x: unknown, i) => (isRecord(x) ? [[x, i] as [Record<string, unknown>, number]] : []))
    : [];
}

/** One path of an Ingress's rules, as ingress-nginx reads it. */
export interface IngressPath {
  /** The rule's host; "" for a rule without one. */
  host: string;
  /** "/" for an empty or missing path. */
  path: string;
  /** ImplementationSpecific when none is given. */
  pathType: string;
  /** Where it is written in the Ingress (spec.rules[i].http.paths[j]). */
  at: PathSegment[];
  /** The path entry itself (its backend). */
  entry: Record<string, unknown>;
}

/** Every path of the Ingress's rules, in order. */
export function ingressPaths(ingress: IngressView): IngressPath[] {
  return recordsOf(ingress.spec.rules).flatMap(([rule, i]) =>
    recordsOf(isRecord(rule.http) ? rule.http.paths : undefined).map(([p, j]) => ({
      host: typeof rule.host === 'string' ? rule.host : '',
      path: typeof p.path === 'string' && p.path !== '' ? p.path : '/',
      pathType: typeof p.pathType === 'string' ? p.pathType : 'ImplementationSpecific',
      at: ['spec', 'rules', i, 'http', 'paths', j],
      entry: p,
    })),
  );
}
