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
        settings.canaryHeader = { use, defaultValue: context.defaultOf('header-value') };
        return null;
      case 'header-value':
        if (!oneLine(use.value)) return 'the value is empty or spans lines';
        settings.canaryHeaderValue = use;
        return null;
      default:
        return unknownRole(record, 'canary');
    }
  },
};

export const canaryWeight: Strategy = {
  id: 'canary-weight',
  read(use, record, settings, context) {
    const value = Number(use.value.trim());
    if (!Number.isInteger(value) || value < 0) return `the value ${JSON.stringify(use.value)} is not a whole number`;
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

/** The canary's weight and the total it is out of, or why they do not make one. */
export function canaryShare(
  weight: { use: AnnotationUse; value: number; defaultTotal: number | null } | null,
  total: { use: AnnotationUse; value: number } | null,
): { weight: number; total: number; use: AnnotationUse } | { reason: string } | null {
  if (!weight)
    return total ? { reason: `${total.use.name} gives a total but the Ingress gives no weight out of it` } : null;
  const of = total?.value ?? weight.defaultTotal;
  if (of === null) return { reason: `netkb's records give no default total for ${weight.use.name}` };
  if (of === 0 || weight.value > of)
    return {
      reason: `the weight ${weight.use.name}=${weight.value} is not a share of the total ${total ? `${total.use.name}=` : ''}${of}`,
    };
  return { weight: weight.value, total: of, use: weight.use };
}

/** The canary's header rule: the header name, and the value it must have (the record's default when not given). */
export function canaryHeader(
  header: { use: AnnotationUse; defaultValue: string | null } | null,
  value: AnnotationUse | null,
): { name: string; value: string; use: AnnotationUse } | null {
  if (!header) return null;
  const wanted = value?.value.trim() ?? header.defaultValue;
  return wanted === null ? null : { name: header.use.value.trim(), value: wanted, use: header.use };
}
