// What a person typed, split the way both full-text indexes split text: words are runs of letters and
// digits (SQLite FTS5's unicode61 tokenizer: case and diacritics folded, everything else separates).
// Both indexes share it so that one query finds the same documents on SQLite and on PostgreSQL.

/** At most 16 words, each stripped of leading and trailing punctuation; quotes removed. */
export function queryWords(text: string): string[] {
  return text
    .split(/\s+/)
    .map((w) => w.replace(/"/g, '').replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, ''))
    .filter(Boolean)
    .slice(0, 16);
}

/** The tokens of a text as unicode61 makes them: lower case, without diacritics. */
export function tokens(text: string): string[] {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}\p{Co}]+/u)
    .filter(Boolean);
}

/**
 * The ranking contract both indexes follow: a match in a subject's name weighs most, then its summary,
 * then its notes (the service puts a subject named exactly what was typed before all of them).
 */
export const FIELD_WEIGHTS = { name: 10, summary: 3, notes: 1 } as const;
