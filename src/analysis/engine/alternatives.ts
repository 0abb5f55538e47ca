// The alternatives a fix names (the fields that replace a field, the flags that replace a flag, the value
// that replaces a flag value), each resolved to its record so that the fix can say from which release it
// works. An alternative that arrives only after the path ends cannot be followed on it: it is left out of
// the advice and of the finding's `replacement`, and named only when nothing else is left, with its release.
//
// The words are the calling rule's: it declares them as fix templates in its own kit and hands their fillers
// in (AdviceWords), so that every word of a fix stays in the declaration of the rule that gives it.
import type { ApiField, FeatureGate, Flag } from '../../kb/model';
import { replacementPaths } from '../../kb/replacement-paths';
import type { VersionKey } from '../../kb/version';
import type { RuleContext } from '../types';

/** `Gate` is null for alternatives that never have a gate (flags and flag values): their rules need no gate words. */
interface Alternative<Gate extends FeatureGate | null = FeatureGate | null> {
  /** How the fix writes it: a field path, a flag, `--flag=value`. */
  name: string;
  /** First release that has it; null: before every release the sources cover. */
  introducedIn: VersionKey | null;
  removedIn: VersionKey | null;
  /** The gate that must be on for it to work, when one guards it. */
  gate: Gate;
}

/** The words of advice, each a fix template of the calling rule filled with the data given. */
export interface AdviceWords {
  /** An alternative with what it takes to work: "spec.x (from 1.21)". */
  alternative(data: { name: string; when: string }): string;
  /** "from 1.21" */
  from(data: { release: string }): string;
  /** "No replacement exists by 1.25; later releases add spec.x (from 1.30)." */
  nothingYet(data: { release: string; alternatives: string }): string;
}

/** The words for an alternative a feature gate guards. */
export interface GateWords {
  /** "behind the gate X": the gate has no stage at that release. */
  gate(data: { gate: string }): string;
  /** "behind the alpha gate X" */
  stagedGate(data: { stage: string; gate: string }): string;
  /** "behind the alpha gate X, on by default from 1.22" */
  onByDefault(data: { gated: string; release: string }): string;
}

/** The words alternatives need: the gate's too when they can have one. */
type WordsFor<Gate extends FeatureGate | null> = [Gate] extends [null] ? AdviceWords : AdviceWords & GateWords;

/** The fields a field's `replacement` names, as records (the seed loader refuses names without one). */
export function fieldAlternatives(field: ApiField, ctx: RuleContext): Alternative<FeatureGate | null>[] {
  return replacementPaths(field.replacement).flatMap((path) => {
    const alt = ctx.kb.apiFields.find((f) => f.kind === field.kind && f.path === path);
    return alt
      ? [{ name: alt.path, introducedIn: alt.introducedIn, removedIn: alt.removedIn, gate: alt.featureGate }]
      : [];
  });
}

/** The flags of the same component a flag's `replacements` name. */
export function flagAlternatives(flag: Flag, ctx: RuleContext): Alternative<null>[] {
  return flag.replacements.flatMap((name) => {
    const alt = ctx.kb.flag(flag.component, name);
    return alt ? [{ name: alt.name, introducedIn: alt.introducedIn, removedIn: alt.removedIn, gate: null }] : [];
  });
}

/** The value of the same flag a flag value's `replacement` names. */
export function valueAlternatives(
  flag: Flag,
  replacements: readonly (string | null)[],
  nameOf: (value: string) => string = (value) => `${flag.name}=${value}`,
): Alternative<null>[] {
  return replacements
    .map((r) => (r === null ? undefined : flag.values.find((x) => x.value === r)))
    .filter((alt): alt is Flag['values'][number] => alt !== undefined)
    .map((alt) => ({ name: nameOf(alt.value), introducedIn: alt.introducedIn, removedIn: alt.removedIn, gate: null }));
}

/** The first release from which `alt` works without enabling anything: it exists and its gate is on by default. */
function worksFrom(alt: Alternative): VersionKey | null {
  if (!alt.gate) return alt.introducedIn;
  const on = alt.gate.lifecycle.find((s) => s.defaultEnabled);
  const since = on ? on.since : alt.gate.removedIn;
  if (since === null) return null;
  return alt.introducedIn === null ? since : Math.max(since, alt.introducedIn);
}

/** True when the alternative still works at `version` (it may arrive later; it must not be gone by then). */
function notGoneBy(alt: Alternative, version: VersionKey): boolean {
  return alt.removedIn === null || alt.removedIn > version;
}

export interface Advice<Gate extends FeatureGate | null = FeatureGate | null> {
  /** The alternatives usable on the path, each with when it works, e.g. "spec.x (from 1.21 ...)". */
  usable: Alternative<Gate>[];
  /** Alternatives that arrive only after the path ends. */
  later: Alternative<Gate>[];
}

/** Splits alternatives into those that can be followed by `ctx.path.to` and those that arrive later. */
export function onThePath<Gate extends FeatureGate | null>(
  alts: Alternative<Gate>[],
  bites: VersionKey,
  ctx: RuleContext,
): Advice<Gate> {
  const usable: Alternative<Gate>[] = [];
  const later: Alternative<Gate>[] = [];
  for (const alt of alts) {
    if (!notGoneBy(alt, bites)) continue;
    if (alt.introducedIn !== null && alt.introducedIn > ctx.path.to) later.push(alt);
    else usable.push(alt);
  }
  return { usable, later };
}

/**
 * "spec.internalTrafficPolicy (from 1.21 behind the alpha gate ServiceInternalTrafficPolicy, on by
 * default from 1.22)"; only the name when it already works at the start of the path.
 */
export function describe<Gate extends FeatureGate | null>(
  alt: Alternative<Gate>,
  ctx: RuleContext,
  words: WordsFor<Gate>,
): string {
  const v = ctx.kb.formatVersion;
  const works = worksFrom(alt);
  const from = ctx.path.from;
  if ((alt.introducedIn === null || alt.introducedIn <= from) && works !== null && works <= from) return alt.name;
  const parts: string[] = [];
  if (alt.introducedIn !== null) parts.push(words.from({ release: v(alt.introducedIn) }));
  if (alt.gate && works !== alt.introducedIn) {
    // Only an alternative whose type allows a gate has one, and for that type WordsFor asks the rule for the
    // gate's words; the types cannot carry that link from the gate to the words, hence the assertion.
    const gateWords = words as AdviceWords & GateWords;
    const at = alt.introducedIn ?? from;
    const stage = alt.gate.lifecycle.find((s) => s.since <= at && (s.until === null || s.until >= at));
    const gated = stage
      ? gateWords.stagedGate({ stage: stage.stage.toLowerCase(), gate: alt.gate.name })
      : gateWords.gate({ gate: alt.gate.name });
    parts.push(works !== null ? gateWords.onByDefault({ gated, release: v(works) }) : gated);
  }
  return parts.length > 0 ? words.alternative({ name: alt.name, when: parts.join(' ') }) : alt.name;
}

/** The `replacement` a finding carries: only what can be used on the path, or null. */
export function replacementText(advice: Advice, separator: string): string | null {
  return advice.usable.length > 0 ? advice.usable.map((a) => a.name).join(separator) : null;
}

/** "No replacement exists by 1.25; later releases add spec.trafficDistribution (from 1.30)." */
function nothingYet(advice: Advice, ctx: RuleContext, words: AdviceWords): string {
  const v = ctx.kb.formatVersion;
  return words.nothingYet({
    release: v(ctx.path.to),
    alternatives: advice.later
      .map((a) => words.alternative({ name: a.name, when: words.from({ release: v(a.introducedIn!) }) }))
      .join(', '),
  });
}

/**
 * A fix that points to the alternatives: `lead` gets them, each written with when it works, and words the
 * fix ("Use {names} instead."); `none` is the fix when the record names none.
 */
export function adviceText<Gate extends FeatureGate | null>(
  advice: Advice<Gate>,
  ctx: RuleContext,
  words: WordsFor<Gate>,
  lead: (names: string[]) => string,
  none: string | null,
): string | null {
  if (advice.usable.length > 0) return lead(advice.usable.map((a) => describe(a, ctx, words)));
  if (advice.later.length > 0) {
    const nothing = nothingYet(advice, ctx, words);
    return none ? `${nothing} ${none}` : nothing;
  }
  return none;
}
