// Prose cut short by YAML: in a plain (unquoted) scalar, " #" starts a comment, so a note such as
// `notes: Removed by #106907 in 1.24.` is read as "Removed by". The loader refuses a prose field whose plain
// text is followed by a comment on the same line: quote it or write it as a block scalar.
import { isPair, isScalar, visit, type Document, type LineCounter } from 'yaml';

/** Fields that hold sentences in our own words (seed/README.md); a comment after them is a cut. */
const PROSE_FIELDS: ReadonlySet<string> = new Set([
  'summary',
  'notes',
  'why',
  'explanation',
  'effect',
  'migrationNotes',
  'reason',
]);

interface ProseCut {
  field: string;
  line: number;
  column: number;
  /** What YAML kept of the text. */
  kept: string;
  /** The comment that follows it on the same line, as written. */
  comment: string;
}

export function proseCutByComment(doc: Document, source: string, lines: LineCounter): ProseCut[] {
  const cuts: ProseCut[] = [];
  visit(doc, {
    Pair(_, pair) {
      if (!isPair(pair) || !isScalar(pair.key) || !isScalar(pair.value)) return;
      const field = String(pair.key.value);
      const value = pair.value;
      if (!PROSE_FIELDS.has(field) || value.type !== 'PLAIN' || !value.range) return;
      const end = value.range[1];
      const lineEnd = source.indexOf('\n', end);
      const rest = source.slice(end, lineEnd === -1 ? source.length : lineEnd);
      const hash = rest.indexOf('#');
      if (hash === -1) return;
      const pos = lines.linePos(end + hash);
      cuts.push({
        field,
        line: pos.line,
        column: pos.col,
        kept: String(value.value),
        comment: rest.slice(hash).trim(),
      });
    },
  });
  return cuts;
}
