// The YAML printer writes a changed document in one canonical spacing: one space before an inline comment,
// one after a colon. Lines the conversion did not touch should still read as their author wrote them, so
// each printed line that differs from a source line of the same document only in the spacing between
// tokens (never inside quotes, never the indentation) is replaced by that source line; a printed line
// that the source holds exactly as printed is left alone. Source lines are taken in order, each at most
// once. Pure text work, linear in the document's lines; respaced() also checks that the document still
// says the same (a last guard for text inside block scalars, where spacing is content).
import { isDeepStrictEqual } from 'node:util';
import { parseDocument } from 'yaml';

/**
 * The line with its spacing made canonical where spacing carries no meaning, outside quotes: blanks after
 * `[` `{` or before `]` `}` `,` go, a run after `:` `,` `-` or before a comment becomes one space, and
 * trailing blanks go.
 * Indentation, blanks inside quotes or between two words of a plain scalar, and comment text stay.
 */
export function spacingKey(line: string): string {
  const indent = /^[ \t]*/.exec(line)![0];
  let out = indent;
  let quote: '"' | "'" | null = null;
  for (let i = indent.length; i < line.length; i++) {
    const c = line[i];
    if (quote === null && (c === ' ' || c === '\t')) {
      let j = i;
      while (j < line.length && (line[j] === ' ' || line[j] === '\t')) j++;
      const next = line[j];
      if (next === undefined) break;
      if (next === '#') return `${out} ${line.slice(j)}`;
      out +=
        '[{'.includes(line[i - 1]) || ']},'.includes(next) ? '' : ':,-'.includes(line[i - 1]) ? ' ' : line.slice(i, j);
      i = j - 1;
      continue;
    }
    out += c;
    if ((quote === '"' && c === '\\') || (quote === "'" && c === "'" && line[i + 1] === "'")) {
      out += line[++i] ?? '';
      continue;
    }
    if (quote === null && (c === '"' || c === "'") && (i === indent.length || ' :,-[{'.includes(line[i - 1])))
      quote = c;
    else if (c === quote) quote = null;
  }
  return out;
}

/** `printed` with every line that only re-spaces a not yet used source line replaced by that source line. */
export function keepSourceSpacing(source: string, printed: string): string {
  const eol = printed.includes('\r\n') ? '\r\n' : '\n';
  const lines = source.split(/\r?\n/);
  const waiting = new Map<string, string[]>();
  for (const line of lines) {
    const key = spacingKey(line);
    if (key === line) continue;
    const queue = waiting.get(key);
    if (queue) queue.push(line);
    else waiting.set(key, [line]);
  }
  if (waiting.size === 0) return printed;
  // A printed line written exactly so in the source stays: it may be the content of a block scalar,
  // where "a # x" and "a   # x" are two different lines of text.
  const asWritten = new Set(lines);
  return printed
    .split(/\r?\n/)
    .map((line) => {
      if (asWritten.has(line)) return line;
      const queue = waiting.get(spacingKey(line));
      return queue && queue.length > 0 ? queue.shift()! : line;
    })
    .join(eol);
}

/** `printed` with the source's spacing put back, unless the result would not read as `value` (then `printed` as it is). */
export function respaced(source: string, printed: string, value: unknown): string {
  const spaced = keepSourceSpacing(source, printed);
  if (spaced === printed) return printed;
  const again = parseDocument(spaced);
  return again.errors.length === 0 && isDeepStrictEqual(again.toJS(), value) ? spaced : printed;
}
