// What kind of change a gate transition is, from the gate's state before and after (kb/gate-state.ts). The
// rule knows stages, not gates: ALPHA < BETA < GA is graduation, entering DEPRECATED is deprecation, any
// other stage change (down a stage, or out of DEPRECATED) is a demotion.
import type { GateState } from '../kb/gate-state';

export type GateTransitionKind =
  'REMOVED' | 'ADDED' | 'DEPRECATED' | 'GRADUATED' | 'DEMOTED' | 'DEFAULT_CHANGED' | 'LOCK_CHANGED';

/** The order in which kinds are listed: the first is a transition's main kind. */
const KIND_PRECEDENCE: readonly GateTransitionKind[] = [
  'REMOVED',
  'ADDED',
  'DEPRECATED',
  'GRADUATED',
  'DEMOTED',
  'DEFAULT_CHANGED',
  'LOCK_CHANGED',
];

const MATURITY: Record<string, number> = { ALPHA: 1, BETA: 2, GA: 3 };

/** Every kind that applies to a transition from `before` to `after`, in KIND_PRECEDENCE order. */
export function transitionKinds(before: GateState, after: GateState): GateTransitionKind[] {
  if (before.exists && !after.exists) return ['REMOVED'];
  if (!before.exists && after.exists) return ['ADDED'];
  const kinds = new Set<GateTransitionKind>();
  if (after.stage === 'DEPRECATED' && before.stage !== 'DEPRECATED') kinds.add('DEPRECATED');
  const from = MATURITY[before.stage ?? ''];
  const to = MATURITY[after.stage ?? ''];
  if (from !== undefined && to !== undefined && to > from) kinds.add('GRADUATED');
  // Down a stage, or back out of DEPRECATED: rare, but a stage change must never go without a kind.
  if (before.stage !== after.stage && !kinds.has('GRADUATED') && !kinds.has('DEPRECATED')) kinds.add('DEMOTED');
  if (before.defaultEnabled !== after.defaultEnabled) kinds.add('DEFAULT_CHANGED');
  if (before.lockedToDefault !== after.lockedToDefault) kinds.add('LOCK_CHANGED');
  return KIND_PRECEDENCE.filter((k) => kinds.has(k));
}
