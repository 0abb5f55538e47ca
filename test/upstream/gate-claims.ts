// What a release note says of a feature gate, when it says it in one of the plain forms the release team
// writes: promoted or graduated to a stage, demoted to alpha, added as an alpha or beta gate, removed, locked,
// enabled or disabled by default. Anything said another way is not a claim: the spot checks compare the seed
// only with what these forms say, so a note they misread would show as a failure to look at, not a pass.
export type GateClaim = { gate: string; claim: 'ALPHA' | 'BETA' | 'GA' | 'REMOVED' | 'LOCKED' | 'ON' | 'OFF' };

// A gate as the notes write it: in backticks, in double quotes, or bare.
const NAME = '[`"]?([A-Z][A-Za-z0-9]+)[`"]?';
const LIST = `((?:[\`"]?[A-Z][A-Za-z0-9]+[\`"]?(?:,\\s*(?:and\\s+)?|\\s+and\\s+))*[\`"]?[A-Z][A-Za-z0-9]+[\`"]?)`;
const GATE_WORDS = '(?:\\s+feature(?:\\s+gates?)?)?(?:\\s+in\\s+(?:the\\s+)?`?[\\w-]+`?)?';

const stageOf = (word: string): GateClaim['claim'] =>
  /^alpha$/i.test(word) ? 'ALPHA' : /^beta$/i.test(word) ? 'BETA' : 'GA';
const namesIn = (list: string) => [...list.matchAll(/[`"]?([A-Z][A-Za-z0-9]+)[`"]?/g)].map((m) => m[1]);
/** Names the sentence marks as gates: quoted ones, and those written next to "feature gate". */
const gatesIn = (sentence: string) => [
  ...[...sentence.matchAll(/[`"]([A-Z][A-Za-z0-9]+)[`"]/g)].map((m) => m[1]),
  ...[...sentence.matchAll(/feature[- ]gates?\s+([A-Z][A-Za-z0-9]+)\b/g)].map((m) => m[1]),
  ...[...sentence.matchAll(/\b([A-Z][A-Za-z0-9]+)\s+feature\s+gate/g)].map((m) => m[1]),
];

export function gateClaims(text: string): GateClaim[] {
  const out: GateClaim[] = [];
  const add = (gate: string, claim: GateClaim['claim']) => {
    if (!out.some((c) => c.gate === gate && c.claim === claim)) out.push({ gate, claim });
  };
  for (const sentence of text.split(/(?<=[.!?])\s+(?=[A-Z`-])|\n+/)) {
    // Promoted / graduated X (and Y) to a stage; "and Z to beta" after it names another target.
    const promoted = new RegExp(
      `\\b(?:promot|graduat)\\w*\\s+(?:the\\s+)?(?:feature[- ]gates?\\s+)?${LIST}${GATE_WORDS}\\s+(?:from\\s+\\w+\\s+)?to\\s+(alpha|beta|GA|stable|general availability)\\b`,
      'gi',
    );
    for (const m of sentence.matchAll(promoted)) {
      for (const g of namesIn(m[1])) add(g, stageOf(m[2]));
      const rest = sentence.slice(m.index + m[0].length);
      for (const k of rest.matchAll(new RegExp(`\\band\\s+${NAME}\\s+to\\s+(alpha|beta|GA|stable)\\b`, 'g')))
        add(k[1], stageOf(k[2]));
      if (/^,?\s+(?:and\s+)?enabled(?:\s+it)?\s+by\s+default/i.test(rest)) for (const g of namesIn(m[1])) add(g, 'ON');
    }
    for (const m of sentence.matchAll(
      new RegExp(
        `${NAME}\\s+feature\\s+gate\\s+by\\s+default\\s+and\\s+promoted\\s+it\\s+to\\s+(beta|GA|stable)\\b`,
        'gi',
      ),
    ))
      add(m[1], stageOf(m[2]));
    if (/\bdemot\w*\b/i.test(sentence) && /\bto\s+alpha\b/i.test(sentence))
      for (const g of gatesIn(sentence)) add(g, 'ALPHA');
    // Added as an alpha or beta gate, or as the gate behind alpha support.
    for (const m of sentence.matchAll(
      new RegExp(`\\bAdded\\s+(?:the\\s+)?${NAME}\\s+(alpha|beta)\\s+feature\\s+gate`, 'gi'),
    ))
      add(m[1], stageOf(m[2]));
    for (const m of sentence.matchAll(
      new RegExp(
        `\\bAdded\\s+alpha\\s+support\\b[^.]*?\\b(?:behind|guarded\\s+by)\\s+the\\s+${NAME}\\s+feature\\s+gate`,
        'gi',
      ),
    ))
      add(m[1], 'ALPHA');
    for (const m of sentence.matchAll(
      new RegExp(
        `${NAME}\\s+feature\\s+gate\\s*\\((?:(alpha|beta|GA)\\s*,\\s*)?(enabled|disabled)\\s+by\\s+default\\)`,
        'gi',
      ),
    )) {
      if (m[2]) add(m[1], stageOf(m[2]));
      add(m[1], /^enabled$/i.test(m[3]) ? 'ON' : 'OFF');
    }
    // Removed, unless only announced.
    if (!/\bwill\s+be\s+removed\b|\bplanned\b/i.test(sentence)) {
      if (/^(?:[\w-]+:\s+)?Removed\b/.test(sentence) && /feature[- ]gates?/i.test(sentence))
        for (const g of gatesIn(sentence)) add(g, 'REMOVED');
      for (const m of sentence.matchAll(
        new RegExp(
          `(?:feature\\s+gate\\s+${NAME}|${NAME}\\s+feature\\s+gate)\\s+(?:has\\s+been|was|is)\\s+removed`,
          'gi',
        ),
      ))
        add(m[1] ?? m[2], 'REMOVED');
    }
    // Locked, unless said of the past ("locked since") or the future.
    if (!/locked\s+since|will\s+be\s+locked|be\s+locked\s+to/i.test(sentence)) {
      for (const m of sentence.matchAll(new RegExp(`\\bLocked\\s+(?:the\\s+)?(?:[\\w-]+\\s+)*?${NAME}`, 'g')))
        add(m[1], 'LOCKED');
      for (const m of sentence.matchAll(
        new RegExp(`${NAME}(?:\\s+feature\\s+gate)?\\s+(?:is|was|has\\s+been)\\s+(?:now\\s+)?locked`, 'g'),
      ))
        add(m[1], 'LOCKED');
    }
    // On or off by default.
    for (const m of sentence.matchAll(
      new RegExp(
        `${NAME}${GATE_WORDS}\\s+(?:is|was|has\\s+been)\\s+(?:now\\s+)?(?:enabled|turned\\s+on)\\s+by\\s+default`,
        'g',
      ),
    ))
      add(m[1], 'ON');
    for (const m of sentence.matchAll(
      new RegExp(`\\bEnabled\\s+(?:the\\s+)?${NAME}${GATE_WORDS}\\s+by\\s+default`, 'g'),
    ))
      add(m[1], 'ON');
    for (const m of sentence.matchAll(
      new RegExp(`${NAME}\\s+feature\\s+gate,?\\s+which\\s+defaults\\s+to\\s+(enabled|disabled)`, 'g'),
    ))
      add(m[1], m[2] === 'enabled' ? 'ON' : 'OFF');
  }
  return out;
}
