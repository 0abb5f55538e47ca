// canary, canary-weight: a canary Ingress takes a share of the requests of the main Ingress with the same
// host and path (canary-merge.ts). The records' roles say which annotation is which: for canary the switch
// (trigger, "true" or "false"), the header to look at (header) and the value it must have (header-value);
// for canary-weight the canary's weight (weight) and the total it is out of (weight-total). What the
// controller assumes when the header value or the total is left out is the records' defaultValue.
import type { AnnotationUse } from './settings';
import { isBoolean, isTrue, unknownRole, type Strategy } from './strategy';

const oneLine = (value: string) => value.trim() !== '' && !/[\r\n]/.test(value);

export const canary: Strategy = {
  id: 'canary',
  read(use, record, settings, context) {
    switch (record.role) {
      case 'trigger':
        if (!isBoolean(use.value)) return `the value ${JSON.stringify(use.value)} is not "true" or "false"`;
        settings.canary = { use, on: isTrue(use.value) };
        return null;
      case 'header':
        if (!oneLine(use.value)) return 'the value is empty or spans lines';
        settings.canaryHeader = {
          use,
          defaultValue: context.defaultOf('header-value'),
          neverValue: record.neverValue ?? null,
        };
        return null;
      case 'header-value':
        if (!oneLine(use.value)) return 'the value is empty or spans lines';
        settings.canaryHeaderValue = use;
        return null;
      case 'header-pattern':
        if (!oneLine(use.value)) return 'the value is empty or spans lines';
        settings.canaryHeaderPattern = use;
        return null;
      default:
        return unknownRole(record, 'canary');
    }
  },
};

// ingress-nginx reads both with Go's strconv.Atoi: an optional sign and digits, nothing around them; a value it
// cannot read is dropped (weight 0, total 100) by the canary parser:
// https://github.com/kubernetes/ingress-nginx/blob/controller-v1.15.1/internal/ingress/annotations/canary/main.go
const WHOLE_NUMBER = /^[+-]?[0-9]+$/;

export const canaryWeight: Strategy = {
  id: 'canary-weight',
  read(use, record, settings, context) {
    if (!WHOLE_NUMBER.test(use.value))
      return `the value ${JSON.stringify(use.value)} is not a whole number, and ingress-nginx drops it too (${record.role === 'weight-total' ? 'the default total applies' : 'no request goes to the canary by weight'})`;
    const value = Number(use.value);
    switch (record.role) {
      case 'weight': {
        const total = Number(context.defaultOf('weight-total') ?? NaN);
        settings.canaryWeight = { use, value, defaultTotal: Number.isInteger(total) ? total : null };
        return null;
      }
      case 'weight-total':
        settings.canaryWeightTotal = { use, value };
        return null;
      default:
        return unknownRole(record, 'canary-weight');
    }
  },
};

/**
 * The canary's weight and the total it is out of, as ingress-nginx's balancer draws them
 * (route_to_alternative_balancer in
 * https://github.com/kubernetes/ingress-nginx/blob/controller-v1.15.1/rootfs/etc/nginx/lua/balancer.lua): it
 * draws a whole number from 1 to the total and sends the request to the canary when the draw is at most the
 * weight. The total is the one given only when it is above the default (a smaller one, zero or negative, counts
 * as the default), so a weight at or above the total sends every request to the canary, and a negative weight
 * none: the share is the weight held within 0 and the total. `notes` says what differs from the values given.
 */
export function canaryShare(
  weight: { use: AnnotationUse; value: number; defaultTotal: number | null } | null,
  total: { use: AnnotationUse; value: number } | null,
): { weight: number; total: number; use: AnnotationUse; notes: string[] } | { reason: string } | null {
  // Without a weight ingress-nginx's parser takes 0 (canary/main.go): no request goes to the canary by weight,
  // whatever the total, and its header rule (if any) still applies.
  if (!weight) return null;
  const given = total?.value ?? weight.defaultTotal;
  if (given === null) return { reason: `netkb's records give no default total for ${weight.use.name}` };
  const of = weight.defaultTotal !== null && given < weight.defaultTotal ? weight.defaultTotal : given;
  if (of <= 0)
    return {
      reason: `the weight ${weight.use.name}=${weight.value} is not a share of the total ${total ? `${total.use.name}=` : ''}${of}`,
    };
  const notes: string[] = [];
  if (total && of !== total.value)
    notes.push(`ingress-nginx counts a total of ${total.value} as ${of}, as it does any total not above ${of}`);
  const share = Math.min(Math.max(weight.value, 0), of);
  if (weight.value > of)
    notes.push(`ingress-nginx sends every request to the canary when the weight ${weight.value} is above the total`);
  if (weight.value < 0) notes.push(`ingress-nginx sends no request to the canary by a negative weight`);
  return { weight: share, total: of, use: weight.use, notes };
}

/**
 * The canary's header rule, as ingress-nginx's balancer reads the header (route_to_alternative_balancer,
 * https://github.com/kubernetes/ingress-nginx/blob/controller-v1.15.1/rootfs/etc/nginx/lua/balancer.lua): the
 * header name; the value it must equal (header-value), else a regular expression it must match (header-pattern,
 * not read when a value is given: `ignored`), else the header-value record's default; and, with that default
 * only, the value that keeps a request off the canary whatever the weight (the header record's neverValue).
 */
export function canaryHeader(
  header: { use: AnnotationUse; defaultValue: string | null; neverValue: string | null } | null,
  value: AnnotationUse | null,
  pattern: AnnotationUse | null = null,
): {
  name: string;
  type: 'Exact' | 'RegularExpression';
  value: string;
  never: string | null;
  use: AnnotationUse;
  ignored: AnnotationUse | null;
} | null {
  if (!header) return null;
  const name = header.use.value.trim();
  if (value) return { name, type: 'Exact', value: value.value.trim(), never: null, use: header.use, ignored: pattern };
  if (pattern)
    return {
      name,
      type: 'RegularExpression',
      value: pattern.value.trim(),
      never: null,
      use: header.use,
      ignored: null,
    };
  if (header.defaultValue === null) return null;
  return { name, type: 'Exact', value: header.defaultValue, never: header.neverValue, use: header.use, ignored: null };
}
