// "Did you mean …?": the known names closest to a mistyped one (edit distance, case-insensitive), with
// names that contain the input or are contained in it first.
import { clientError, ErrorCode, type NetkbError } from '../errors';

function distance(a: string, b: string): number {
  const prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    let diag = prev[0];
    prev[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const up = prev[j];
      prev[j] = Math.min(prev[j] + 1, prev[j - 1] + 1, diag + (a[i - 1] === b[j - 1] ? 0 : 1));
      diag = up;
    }
  }
  return prev[b.length];
}

export function closeNames(input: string, candidates: string[], max = 3): string[] {
  const wanted = input.trim().toLowerCase().replace(/^-+/, '');
  if (!wanted) return [];
  const scored = candidates.map((name) => {
    const n = name.toLowerCase().replace(/^-+/, '');
    const contains = n.includes(wanted) || (wanted.length >= 4 && wanted.includes(n));
    return { name, contains, d: distance(wanted, n) };
  });
  const limit = Math.max(2, Math.floor(wanted.length / 3));
  return scored
    .filter((s) => s.contains || s.d <= limit)
    .sort((a, b) => Number(b.contains) - Number(a.contains) || a.d - b.d || a.name.localeCompare(b.name))
    .slice(0, max)
    .map((s) => s.name);
}

function orList(items: string[]): string {
  return items.length <= 1 ? items.join('') : `${items.slice(0, -1).join(', ')} or ${items[items.length - 1]}`;
}

interface UnknownName {
  /** What was not found, as the message opens ('Unknown SIG "Netwrk".'). */
  message: string;
  /** The name to compare with the known ones (the input, or its normalised key). */
  typed: string;
  known: string[];
  argument: string;
  /** Said instead of "Did you mean …?" when no known name is close (e.g. the whole list, when it is short). */
  otherwise?: string;
}

/**
 * The refusal of a name the knowledge base does not have, naming the closest it does: in the message ("Did you
 * mean "a" or "b"?") and in extensions.suggestions (empty when none is close), with the argument at fault.
 */
export function unknownName(code: ErrorCode, u: UnknownName): NetkbError {
  const suggestions = closeNames(u.typed, u.known);
  const hint =
    suggestions.length > 0 ? `Did you mean ${orList(suggestions.map((s) => `"${s}"`))}?` : (u.otherwise ?? '');
  return clientError(code, hint ? `${u.message} ${hint}` : u.message, { argument: u.argument, suggestions });
}

/**
 * The answer to a lookup of a name the knowledge base does not have: NOT_FOUND with the closest names (the
 * field then answers null, and the error says why, as GitHub's API does for an unknown object).
 */
export function notFound(what: string, typed: string, known: string[], argument: string): NetkbError {
  return unknownName(ErrorCode.NOT_FOUND, {
    message: `No ${what} is named "${typed.trim()}".`,
    typed,
    known,
    argument,
  });
}
