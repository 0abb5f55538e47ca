// What a person typed, split the way both full-text indexes split text: words are runs of letters and
// digits (SQLite FTS5's unicode61 tokenizer: case and diacritics folded, everything else separates).
// Both indexes share it so that one query finds the same documents on SQLite and on PostgreSQL.
//
// Kubernetes names run words together (IPv6DualStack, NFTablesProxyMode, spec.ipFamilyPolicy), so a text
// is indexed as it is and as its words, and a typed word is looked up by its words: "DualStack" finds the
// phrase "dual stack" in "ipv6dualstack ipv6 dual stack". The split is done here, before either database
// sees the text, so that both find the same documents.

/** At most 16 words, each stripped of leading and trailing punctuation; quotes removed. */
export function queryWords(text: string): string[] {
  return text
    .split(/\s+/)
    .map((w) => w.replace(/"/g, '').replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, ''))
    .filter(Boolean)
    .slice(0, 16);
}

/** Letters without diacritics (NFKD, marks dropped), case kept: the camel-case split needs the case. */
function foldDiacritics(text: string): string {
  return text.normalize('NFKD').replace(/\p{M}/gu, '');
}

/** Runs of letters and digits with their case, as unicode61 separates them. */
function rawTokens(text: string): string[] {
  return foldDiacritics(text)
    .split(/[^\p{L}\p{N}\p{Co}]+/u)
    .filter(Boolean);
}

/**
 * The words of one token, two ways (lower case). `joined` splits only where a lower-case letter or a digit
 * meets a capital, so an acronym stays with the word it prefixes: IPv6DualStack → ipv6 dual stack,
 * NFTablesProxyMode → nftables proxy mode, HTTP2 → http2. `apart` also splits an acronym from a following
 * capitalised word of two or more lower-case letters: CSIMigration → csi migration, NFTables → nf tables;
 * IPv6 and PodIPs keep their acronym (a single letter or a digit after it is part of it).
 */
export function camelWords(token: string): { joined: string[]; apart: string[] } {
  const joined = token.split(/(?<=[\p{Ll}\p{N}])(?=\p{Lu})/u);
  const apart = joined.flatMap((part) => part.split(/(?<=\p{Lu})(?=\p{Lu}\p{Ll}{2})/u));
  return { joined: joined.map((w) => w.toLowerCase()), apart: apart.map((w) => w.toLowerCase()) };
}

/**
 * The ways one typed word can be written as tokens, each a phrase (duplicates dropped): its camel-case words
 * joined, and apart when that differs. "kube-proxy" → [[kube, proxy]]; "DualStack" → [[dual, stack]];
 * "NFTables" → [[nftables], [nf, tables]]. A word's run-together token is not a form of its own: every
 * document holding the name holds its words too, and a second match there would rank a passing mention of
 * the name above the subject that carries it.
 */
export function wordForms(word: string): string[][] {
  const raw = rawTokens(word);
  if (raw.length === 0) return [];
  const joined = raw.flatMap((t) => camelWords(t).joined);
  const apart = raw.flatMap((t) => camelWords(t).apart);
  return apart.length > joined.length ? [joined, apart] : [joined];
}

/**
 * The tokens a text is indexed under: each whitespace-separated word's tokens as they are, then, when one of
 * them has camel-case words, the word again with them split (joined), and again with acronyms apart when
 * that differs. Each form wordForms makes of a typed word, and a typed run of lower-case tokens, is then a
 * phrase of the index, also across punctuation ("spec.ipFamilyPolicy"), while the text grows only by its
 * camel-case words (documents are ranked shorter first). "IPv6DualStack gate" → ipv6dualstack ipv6 dual
 * stack gate.
 */
export function indexTokens(text: string): string[] {
  return text.split(/\s+/).flatMap((word) => {
    const raw = rawTokens(word);
    const plain = raw.map((t) => t.toLowerCase());
    const words = raw.map(camelWords);
    const joined = words.flatMap((w) => w.joined);
    const apart = words.flatMap((w) => w.apart);
    return [...plain, ...(joined.length > plain.length ? joined : []), ...(apart.length > joined.length ? apart : [])];
  });
}

/**
 * The ranking contract both indexes follow: a match in a subject's name weighs most, then its summary,
 * then its notes. Both also say whether the name alone matches; the service puts a subject named exactly
 * what was typed first, then those, then the rest.
 */
export const FIELD_WEIGHTS = { name: 10, summary: 3, notes: 1 } as const;
