// How a gate's stage reads in a chat message: "beta, on by default", "GA, on, locked".
import type { GateState } from '../../kb/gate-state';
import type { Stage } from '../../kb/model';

function stageName(stage: Stage): string {
  return stage === 'GA' ? 'GA' : stage.toLowerCase();
}

export function stateText(s: { stage: Stage; defaultEnabled: boolean; lockedToDefault: boolean | null }): string {
  return `${stageName(s.stage)}, ${s.defaultEnabled ? 'on' : 'off'} by default${s.lockedToDefault ? ', locked' : ''}`;
}

/** The short form for lists: "beta (on)", "GA (on, locked)". */
function shortStateText(s: { stage: Stage; defaultEnabled: boolean; lockedToDefault: boolean | null }): string {
  return `${stageName(s.stage)} (${s.defaultEnabled ? 'on' : 'off'}${s.lockedToDefault ? ', locked' : ''})`;
}

/** "added as alpha (off)", "beta (on) → GA (on, locked)", "removed, was GA (on, locked)"; on/off is the default. */
export function transitionText(before: GateState, after: GateState): string {
  const text = (s: GateState) =>
    shortStateText({
      stage: s.stage!,
      defaultEnabled: Boolean(s.defaultEnabled),
      lockedToDefault: Boolean(s.lockedToDefault),
    });
  if (!before.exists && after.exists) return `added as ${text(after)}`;
  if (before.exists && !after.exists) return `removed, was ${text(before)}`;
  return `${text(before)} → ${text(after)}`;
}

/**
 * How much a transition matters to someone upgrading, most first: a changed default (behaviour changes
 * in every cluster that does not set the gate), a removal (setting the gate stops the component), a new
 * lock, a new stage, a new gate.
 */
export function transitionWeight(before: GateState, after: GateState): number {
  if (before.exists && after.exists && before.defaultEnabled !== after.defaultEnabled) return 0;
  if (before.exists && !after.exists) return 1;
  if (before.exists && after.exists && before.lockedToDefault !== after.lockedToDefault) return 2;
  if (before.exists && after.exists) return 3;
  return 4;
}
