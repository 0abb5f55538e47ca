// What a release-note entry's text says about the gates, flags and fields it names: read sentence by
// sentence, with the words the notes use for removals, deprecations, promotions and defaults. Reading prose
// is never certain, so every finding keeps the sentence it came from, and a proposal built on it says so.
import type { FeatureGateRecord } from '../schemas';

export type Stage = FeatureGateRecord['lifecycle'][number]['stage'];

/** The sentences of a note (bullet lines too), with code spans' backticks kept. */
export function sentencesOf(text: string): string[] {
  return text
    .split(/\n+/)
    .flatMap((line) => line.split(/(?<=[.!?])\s+(?=[A-Z`])/))
    .map((s) => s.replace(/^\s*[-*]\s+/, '').trim())
    .filter(Boolean);
}

// "will be removed", "to be removed in a future release": announcements, not removals.
const FUTURE = /\b(will|would|may|might|to) be\b|\bin a future release\b|\bfuture\b|\bplanned\b|\bscheduled\b/i;
const REMOVAL =
  /\b(remov(?:e|ed|es|ing|al)|no longer (?:accept|support|recogni[sz]|regist|exist|available)\w*|stops? accepting|dropped|deleted)\b/i;
const DEPRECATION = /\bdeprecat(?:e|ed|es|ing|ion)\b/i;

/**
 * What a sentence says has happened, without what it announces: "is deprecated and will be removed in a future
 * release" -> "is deprecated". Null when all of it is an announcement ("will be deprecated", "in a future release").
 */
export function saidNow(sentence: string): string | null {
  const now = sentence.split(/\s+and\s+(?=will\b)|,\s*(?=and\s+will\b)/i)[0];
  return FUTURE.test(now) ? null : now;
}

/** A sentence without the parenthesised asides that name what stays ("(only `--x` is kept)"). */
export function withoutExceptions(sentence: string): string {
  return sentence.replace(/\(([^()]*)\)/g, (all, inner: string) =>
    /\b(kept|keeps|retained|still|remains?|except|unaffected|unchanged)\b/i.test(inner) ? '' : all,
  );
}

// "removing the incorrect statement that ...": words were removed from a text, not the thing it names.
const WORDS_REMOVED =
  /\bremov\w*\s+(?:the\s+|an?\s+)?(?:[\w-]+\s+){0,2}(?:statement|text|wording|sentence|mention|comment|warning|message|documentation|docs|description|help)\b/i;

/** Whether the sentence reports something removed in this release (not announced for a later one). */
export const saysRemoved = (sentence: string) =>
  REMOVAL.test(sentence) && !FUTURE.test(sentence) && !WORDS_REMOVED.test(sentence);
export const saysDeprecated = (sentence: string) => DEPRECATION.test(sentence) && !/\bundeprecat/i.test(sentence);

/** The `--flag` tokens of a text, in order, each once. */
export function flagsIn(text: string): string[] {
  return [...new Set([...text.matchAll(/(?<![\w-])--([a-z0-9][a-z0-9-]*[a-z0-9])/g)].map((m) => `--${m[1]}`))];
}

/** A gate-like name: UpperCamelCase with a capital after a lower-case letter ("NFTablesNetlink", not "GA" or "Beta"). */
const isGateWord = (w: string) => /^[A-Z][A-Za-z0-9]+$/.test(w) && /[a-z][A-Za-z0-9]*[A-Z]/.test(w);

/** The names written as gates: `X` feature gate, the `X` beta feature gate, feature gate `X`. */
export function gateNamesIn(text: string): string[] {
  const stage = '(?:[Aa]lpha|[Bb]eta|GA|[Ss]table|[Dd]eprecated)';
  const out = new Set<string>();
  for (const m of text.matchAll(
    new RegExp(
      `\`?([A-Z][A-Za-z0-9]+)\`?\\s+(?:${stage}\\s+)?[Ff]eature[- ]?gates?\\b|[Ff]eature[- ]?gates?\\s+\`?([A-Z][A-Za-z0-9]+)`,
      'g',
    ),
  )) {
    const name = m[1] ?? m[2];
    if (isGateWord(name)) out.add(name);
  }
  return [...out];
}

/**
 * The gates a note removes by listing them after a colon: "The following feature gates are removed, because ...:
 * A, B, C", "Removed GA'ed feature gates: `A`, `B`", or a bullet list under "Removed the following feature gates:".
 * The lead-in must say the gates are removed now (not "will be removed") and name feature gates; the list holds
 * gate-like names only, backticked or bare, separated by commas, "and" or bullet lines.
 */
export function gatesListedAsRemoved(text: string): string[] {
  const out = new Set<string>();
  const name = '`?([A-Z][A-Za-z0-9]+)`?';
  for (const m of text.matchAll(/([^.:\n]*(?:\n(?![-*]\s))?[^.:\n]*):([^:]*)/g)) {
    const lead = m[1];
    if (!/\bfeature[- ]?gates\b/i.test(lead) || !saysRemoved(lead) || /\bdeprecated\b/i.test(lead)) continue;
    // The list: the names up to the first word that is neither a name nor a separator.
    const list =
      /^\s*((?:[-*]\s+)?`?[A-Z][A-Za-z0-9]+`?(?:\s*(?:,\s*(?:and\s+)?|\band\b|\n\s*[-*])\s*`?[A-Z][A-Za-z0-9]+`?)*)/.exec(
        m[2],
      );
    if (!list) continue;
    for (const n of list[1].matchAll(new RegExp(name, 'g'))) if (isGateWord(n[1])) out.add(n[1]);
  }
  return [...out];
}

export interface GateStatement {
  /** The stage the sentence moves the gate to. */
  stage?: Stage;
  /** true: on by default; false: off by default. */
  defaultEnabled?: boolean;
  locked?: boolean;
  removed?: boolean;
  /** The gate is new in the release ("added ... alpha"). */
  added?: boolean;
  /** On by default, and the sentence says it can be turned off. */
  canDisable?: boolean;
  sentence: string;
}

const STAGE_WORD: Record<string, Stage> = {
  alpha: 'ALPHA',
  beta: 'BETA',
  ga: 'GA',
  stable: 'GA',
  'general availability': 'GA',
};

/** What one sentence says of the gate `name`, or null when it names the gate without saying anything of its life. */
export function gateStatement(sentence: string, name: string): GateStatement | null {
  if (!new RegExp(`\\b${name}\\b`).test(sentence)) return null;
  const s: GateStatement = { sentence };
  // The removal is the gate's: "Removed the GA `X` feature gate", "`X` feature gate has been removed"; not
  // something removed while the gate is in some state ("Dropped fields when the `X` feature gate is off").
  const gateRemoved =
    new RegExp(
      `\\b(?:removed|removes|removing|dropped|deleted)\\b(?:(?!\\b(?:added|introduced|when|if|while|unless)\\b)[\\s\\S])*?\\b${name}\`?\\s+(?:feature[- ]?)?gates?\\b`,
      'i',
    ).test(sentence) ||
    new RegExp(
      `\\b${name}\`?\\s+(?:feature[- ]?gate\\s+)?(?:has been|have been|was|is|are|were)\\s+(?:now\\s+)?(?:removed|dropped|deleted)\\b`,
      'i',
    ).test(sentence);
  if (saysRemoved(sentence) && gateRemoved) {
    s.removed = true;
    return s;
  }
  const promoted = /\b(?:promot|graduat|mov)\w*\b.*?\bto\s+`?(alpha|beta|ga|stable|general availability)\b/i.exec(
    sentence,
  );
  // "the `X` beta feature gate", "the beta `X` gate", "the `X` feature gate (Beta, enabled by default)"
  const named =
    new RegExp(`\\b(alpha|beta|ga|stable)\\s+\`?${name}\\b`, 'i').exec(sentence) ??
    new RegExp(`\\b${name}\`?\\s+(?:feature[- ]?gate\\s+)?\\(?\\s*(alpha|beta|ga|stable)\\b`, 'i').exec(sentence);
  const word = promoted?.[1] ?? named?.[1];
  if (word) s.stage = STAGE_WORD[word.toLowerCase()];
  // "the `X` feature gate is deprecated", "Deprecated the `X` feature gate"
  const deprecated =
    new RegExp(`\\b${name}\`?\\s+(?:feature[- ]?gate\\s+)?(?:is|was|has been)\\s+(?:now\\s+)?deprecated\\b`, 'i').test(
      sentence,
    ) || new RegExp(`\\bdeprecat(?:ed|es|ing)\\s+(?:the\\s+)?\`?${name}\\b`, 'i').test(sentence);
  if (!s.stage && deprecated && !FUTURE.test(sentence)) s.stage = 'DEPRECATED';
  if (!FUTURE.test(sentence)) {
    if (/\b(enabled?|on)\b[^.]*?\bby default\b|\benabled it by default\b/i.test(sentence)) s.defaultEnabled = true;
    else if (/\b(disabled|off)\b[^.]*?\bby default\b/i.test(sentence)) s.defaultEnabled = false;
    if (s.defaultEnabled === true && /\bcan be (?:disabled|turned off|switched off)\b/i.test(sentence))
      s.canDisable = true;
    if (/\block(?:ed|s)?\b/i.test(sentence)) {
      s.locked = true;
      if (/\bto\s+`?(true|enabled|on)\b/i.test(sentence)) s.defaultEnabled = true;
    }
  }
  if (/\b(?:added|introduced|new)\b.*\balpha\b|\balpha\b.*\b(?:added|introduced)\b/i.test(sentence)) {
    s.added = true;
    s.stage ??= 'ALPHA';
    s.defaultEnabled ??= false;
  }
  return s.stage || s.defaultEnabled !== undefined || s.locked || s.added ? s : null;
}

/** What a sentence says happens to a component flag in its release: removed, or deprecated (not announced). */
interface FlagStatement {
  removed?: boolean;
  deprecated?: boolean;
  sentence: string;
}

// The clause must speak of flags as flags, and not of something else removed or deprecated next to a flag (a
// secret cleaned up after a period, a field, a value the flag takes). A clause that names another tool (the
// notes source's otherToolAreas: kubeadm no longer passing a flag) is about that tool.
const FLAG_WORD = /\b(?:flags?|options?|arguments?|command[- ]line|CLI parameters?)\b/i;
const SOMETHING_ELSE =
  /\b(?:secrets?|fields?|annotations?|labels?|metrics?|feature[- ]gates?|manifests?|values?|set to|endpoints?|URLs?|providers?)\b/i;
// "Removed the `--x` flag", "`--x` ... has been removed", "remove deprecated flag `--x`"; not "removing" (advice
// to users: "after removing `--x` from the kubelet's arguments").
const FLAG_REMOVED = /\b(?:removed?|removes|dropped|deleted)\b|\bno longer (?:accepted|supported|recogni[sz]ed)\b/i;
const FLAG_DEPRECATED = (flag: string) =>
  new RegExp(
    `(?<!\\b(?:the|a|an|its|their|'s)\\s+)\\bdeprecat(?:e|es|ed|ing)\\s+(?:the\\s+)?(?:[\\w-]+\\s+){0,3}(?:\`?--[\\w-]+\`?,?\\s+(?:and\\s+)?)*\`?${flag}(?![\\w-])|(?<![\\w-])${flag}\`?(?:,?\\s+(?:and\\s+)?\`?--[\\w-]+\`?)*\\s+(?:(?:[\\w-]+\\s+)?(?:flags?|options?)\\s+)?(?:and\\s+(?:[\\w-]+\\s+){1,3})?(?:is|are|has been|have been|was|were)\\s+(?:now\\s+)?(?:marked\\s+as\\s+)?deprecated\\b`,
    'i',
  );

/**
 * What one sentence says of the flag `flag` (with its dashes), read clause by clause (", and ...", "; ..."):
 * removed when the clause that names it reports a removal in this release and speaks of flags; deprecated when
 * it deprecates the flag itself now (not "will be deprecated", not "no longer deprecated"); null when it says
 * neither, or is about something else the flag is only near.
 */
/**
 * The flag a sentence names as the successor of `flag`: written right after "in favor of", "replaced by", "use",
 * "superseded by" or "migrate to" ("--x is deprecated in favor of --y", "use --y instead"). Null when the sentence
 * names none, or names the flag itself.
 */
export function successorIn(sentence: string, flag: string): string | null {
  const list = '`?--[a-z0-9][a-z0-9-]*[a-z0-9]`?(?:,?\\s+(?:and\\s+)?`?--[a-z0-9][a-z0-9-]*[a-z0-9]`?)*';
  const m = new RegExp(
    `\\b(?:in fav(?:o|ou)r of|replaced (?:by|with)|superseded by|migrate to|(?:please )?use)\\s+(?:the\\s+)?(${list})`,
    'i',
  ).exec(sentence);
  if (!m) return null;
  const successors = flagsIn(m[1]);
  // Several successors pair with as many flags named before them, in order ("--a and --b are deprecated,
  // use --c and --d instead"); otherwise the pairing is not known.
  const before = flagsIn(sentence.slice(0, m.index));
  const successor =
    successors.length === 1
      ? successors[0]
      : successors.length === before.length
        ? successors[before.indexOf(flag)]
        : undefined;
  return successor && successor !== flag ? successor : null;
}

export function flagStatement(
  sentence: string,
  flag: string,
  otherTools: readonly string[] = [],
): FlagStatement | null {
  const escaped = flag.replace(/-/g, '\\-');
  const tool = otherTools.length > 0 ? new RegExp(`\\b(?:${otherTools.join('|')})\\b`, 'i') : null;
  const named = new RegExp(`(?<![\\w-])${escaped}(?![\\w-])`);
  // A clause ends at ", and", ", but", ";" or a full stop before a lower-case word ("... is deprecated. kube-apiserver
  // connections ..."): what the next one explains is not about the flag.
  for (const clause of sentence.split(/,\s+(?:and|but)\s+|;\s+|(?<=[a-z]{3})\.\s+(?=[a-z])/)) {
    // Other words are looked for outside the flags' own names (`--docker-endpoint` is not an endpoint).
    const words = clause.replace(/`?--[\w-]+`?/g, ' ');
    // "Removed deprecated `--x`", "Removed support for the kubelet `--x` mode": the flag removed by name needs no
    // word "flag" beside it.
    const removedByName = new RegExp(
      `\\bremoved\\s+(?:support\\s+for\\s+)?(?:the\\s+)?(?:deprecated\\s+)?(?:[\\w-]+\\s+)?\`?${escaped}(?![\\w-])`,
      'i',
    ).test(clause);
    if (
      !named.test(clause) ||
      !(FLAG_WORD.test(words) || removedByName) ||
      SOMETHING_ELSE.test(words) ||
      tool?.test(words)
    )
      continue;
    // A clause that lists feature gates is about the gates ("the corresponding `--feature-gates` flags have
    // been removed: `PodPriority`, ..."): the gate importers read it.
    if ([...words.matchAll(/`([A-Za-z0-9]+)`/g)].some((m) => isGateWord(m[1]))) continue;
    if (saysRemoved(clause) && FLAG_REMOVED.test(clause)) return { removed: true, sentence };
    // "is deprecated and will be removed in a future release": the deprecation is the part before the future.
    const now = saidNow(clause);
    if (
      now !== null &&
      FLAG_DEPRECATED(escaped).test(now) &&
      !/\bun-?deprecat|\bno longer (?:marked )?deprecated\b/i.test(clause)
    )
      return { deprecated: true, sentence };
  }
  return null;
}

/** What a sentence says of one value a list flag takes (an admission plugin): removed or deprecated, and when. */
interface ValueStatement {
  value: string;
  event: 'removed' | 'deprecated';
  /** The release the sentence names ("deprecated since 1.21"); null: the release of the notes. */
  release: string | null;
}

// "is deprecated", "has been deprecated", "is going deprecated": the value is deprecated now, not announced.
const VALUE_DEPRECATED = /\b(?:is|are|has been|have been|was|were|going|now)\s+(?:now\s+)?deprecated\b/i;
const DEPRECATED_SINCE = /\bdeprecated\s+since\s+`?v?(\d+\.\d+)`?/i;
const VALUE_REMOVED = /\b(?:removed|removes|dropped|deleted)\b/i;

/**
 * The values a sentence names by `noun` ("admission plugin", "admission controller") and what it says of each: a
 * name written next to the noun ("the `X` admission plugin", "the X API and admission plugin", "admission plugin
 * `X`"), in backticks or as an UpperCamelCase word with a capital inside (not "the Node admission plugin", not
 * "the Alpha admission plugin that ..."). Removed when the sentence reports a removal in this release, deprecated
 * when it says the value is deprecated now or since a release it names; nothing for an announcement.
 */
export function valueStatements(sentence: string, nouns: readonly string[]): ValueStatement[] {
  const noun = `(?:${nouns.map((n) => n.replace(/\s+/g, '\\s+')).join('|')})s?\\b`;
  const name = '(?:`([A-Za-z][A-Za-z0-9]*)`|\\b([A-Z][A-Za-z0-9]*))';
  const names = new Set<string>();
  for (const m of sentence.matchAll(new RegExp(`${name}\\s+(?:API\\s+and\\s+)?${noun}`, 'gi')))
    if (m[1] || isGateWord(m[2])) names.add(m[1] ?? m[2]);
  for (const m of sentence.matchAll(new RegExp(`\\b${noun}\\s+${name}`, 'gi')))
    if (m[1] || isGateWord(m[2])) names.add(m[1] ?? m[2]);
  if (names.size === 0) return [];
  const out: ValueStatement[] = [];
  const removed = saysRemoved(sentence) && VALUE_REMOVED.test(sentence);
  const since = DEPRECATED_SINCE.exec(sentence)?.[1] ?? null;
  // "is going deprecated and will be removed in future versions": the deprecation is the clause before the future.
  const now = saidNow(sentence);
  const deprecated = since !== null || (now !== null && VALUE_DEPRECATED.test(now));
  for (const value of names) {
    if (removed) out.push({ value, event: 'removed', release: null });
    if (deprecated) out.push({ value, event: 'deprecated', release: since });
  }
  return out;
}
