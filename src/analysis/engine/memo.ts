// A memo for one analysis: facts that do not depend on the object (a flag's fate on the path, what a
// field written at a path meets), worked out once and reused for every object they apply to.
import type { RuleContext } from '../types';

// The memo hangs off the call's context (made per upgradeReport/convertManifest call), so nothing outlives
// the analysis. Keys are tuples looked up level by level in nested maps: no key string is built per lookup.
type Part = string | number | boolean | null;
interface Level {
  values: Map<Part, unknown>;
  next: Map<Part, Level>;
}
const memos = new WeakMap<object, Level>();
const level = (): Level => ({ values: new Map(), next: new Map() });

/** `build()` the first time the tuple `key` is asked for in this analysis, the same answer afterwards. */
export function remember<T>(ctx: RuleContext, key: readonly Part[], build: () => T): T {
  return rememberIn(ctx, key, build);
}

/**
 * remember, across every analysis of one input (ctx.input: the pages of a cluster's lists are one input): for what
 * a rule says once per input.
 */
export function rememberPerInput<T>(ctx: RuleContext, key: readonly Part[], build: () => T): T {
  return rememberIn(ctx.input ?? ctx, key, build);
}

function rememberIn<T>(scope: object, key: readonly Part[], build: () => T): T {
  let at: Level | undefined = memos.get(scope);
  if (!at) memos.set(scope, (at = level()));
  const last = key.length - 1;
  for (let i = 0; i < last; i++) {
    let next: Level | undefined = at.next.get(key[i]);
    if (!next) at.next.set(key[i], (next = level()));
    at = next;
  }
  if (at.values.has(key[last])) return at.values.get(key[last]) as T;
  const value = build();
  at.values.set(key[last], value);
  return value;
}
