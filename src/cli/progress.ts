// The progress line `netkb check` writes to standard error while it reads and checks a large tree: only
// on a terminal (never into a pipe or a file, where it would be noise), only once the work has taken a
// moment, and at most a few times a second. The clock is injected so the logic is testable without timing.
import { progressAllowed } from '../config';

/** Nothing is shown for work that finishes within this. */
export const PROGRESS_DELAY_MS = 300;
/** At most one update per interval. */
export const PROGRESS_INTERVAL_MS = 100;

/**
 * Shown only on a terminal that can redraw a line, unless NETKB_PROGRESS=0 turns it off (config.ts reads
 * both, and refuses a bad NETKB_PROGRESS even when standard error is not a terminal).
 */
export function progressEnabled(stderrIsTTY: boolean, env: NodeJS.ProcessEnv = process.env): boolean {
  return progressAllowed(env) && stderrIsTTY;
}

interface ProgressLine {
  /** Says where the work is; drawn only when the delay and interval allow. */
  update(text: string): void;
  /** Clears the line, if one was drawn. */
  finish(): void;
}

export const NO_PROGRESS: ProgressLine = { update() {}, finish() {} };

export function progressLine(write: (text: string) => void, now: () => number = Date.now, columns = 100): ProgressLine {
  const start = now();
  let last = -Infinity;
  let drawn = false;
  return {
    update(text) {
      const t = now();
      if (t - start < PROGRESS_DELAY_MS || t - last < PROGRESS_INTERVAL_MS) return;
      last = t;
      drawn = true;
      const width = Math.max(20, columns - 1);
      const shown = text.length > width ? `…${text.slice(text.length - width + 1)}` : text;
      write(`\r\x1b[K${shown}`);
    },
    finish() {
      if (drawn) write('\r\x1b[K');
      drawn = false;
    },
  };
}
