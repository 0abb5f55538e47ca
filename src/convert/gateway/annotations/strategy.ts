// A strategy converts the annotations whose seed record names its id: it reads the value into the
// Ingress's settings, or says why the value cannot be converted. Where it reads several annotations, the
// record's role says which one it is given; what the controller does when one is left out is the record's
// defaultValue, which the context looks up by role.
import type { AnnotationRecord, GatewayBundle } from '../types';
import type { AnnotationUse, IngressSettings } from './settings';

export interface StrategyContext {
  bundle: GatewayBundle;
  /** The defaultValue of the record of this strategy with the role; null when no record gives one. */
  defaultOf(role: string): string | null;
}

/**
 * A value the controller refuses as well: the Ingress was served without what the annotation asks, and so is
 * the route, so nothing is lost (never BREAKING, whatever the record's breaksWhenLost).
 */
export interface RefusedByController {
  refused: string;
}

/**
 * Why a value is not converted: a text (BREAKING where the record's breaksWhenLost says the route cannot work
 * without it), a value the controller refuses too, or a reason with its own verdict (breaks: BREAKING).
 */
type Refusal = string | RefusedByController | { reason: string; breaks: boolean };

export interface Strategy {
  id: string;
  /** Records what the annotation asks for; returns why it cannot be converted, or null. */
  read(
    use: AnnotationUse,
    record: AnnotationRecord,
    settings: IngressSettings,
    context: StrategyContext,
  ): Refusal | null;
}

export const isTrue = (value: string) => value.trim().toLowerCase() === 'true';
export const isBoolean = (value: string) => /^(true|false)$/i.test(value.trim());

/** The reason a record of a strategy that reads several annotations names no role the strategy knows. */
export const unknownRole = (record: AnnotationRecord, strategy: string) =>
  `netkb's record of it gives no role strategy ${strategy} knows (role ${record.role ?? 'null'})`;
