// Splits a YAML stream into its documents by their markers ("---" starts one, "..." ends one) the way
// the `yaml` package counts them, without parsing: the fast reader loads each slice on its own.
// Returns null for what it does not split with certainty (directives, a byte-order mark, content on a
// "---" line); the caller then reads the whole text with the exact reader.

export interface DocumentSlice {
  /** 0-based index of the slice's first line in the whole text. */
  firstLine: number;
  /** 0-based index one past the slice's last line. */
  endLine: number;
  start: number;
  end: number;
  /** Whether any line of the slice is content (not blank, not a comment, not a marker). */
  hasContent: boolean;
}

interface SplitText {
  /** Offset of the first character of each line. */
  lineStarts: LineStarts;
  documents: DocumentSlice[];
}

const START = /^---(?:[ \t]|$)/;
const END = /^\.\.\.(?:[ \t]|$)/;

/** Offsets of line starts; a typed array (filling one took a tenth of the time an array of numbers did). */
export type LineStarts = Int32Array;

function lineStartsOf(text: string): LineStarts {
  let starts = new Int32Array(1024);
  let n = 1;
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) {
    if (n === starts.length) {
      const grown = new Int32Array(n * 2);
      grown.set(starts);
      starts = grown;
    }
    starts[n++] = i + 1;
  }
  return starts.subarray(0, n);
}

export function splitDocuments(text: string): SplitText | null {
  if (text.charCodeAt(0) === 0xfeff) return null;
  const lineStarts = lineStartsOf(text);
  const documents: DocumentSlice[] = [];
  let current = { firstLine: 0, hasMarker: false, hasContent: false };
  const close = (endLine: number) => {
    if (current.hasContent || current.hasMarker) {
      documents.push({
        firstLine: current.firstLine,
        endLine,
        start: lineStarts[current.firstLine],
        end: endLine < lineStarts.length ? lineStarts[endLine] : text.length,
        hasContent: current.hasContent,
      });
    }
  };
  for (let i = 0; i < lineStarts.length; i++) {
    const first = text.charCodeAt(lineStarts[i]);
    // Only lines starting with '-', '.', '%', '#' or content at column 0 can change the split.
    if (first === 0x2d /* - */ || first === 0x2e /* . */) {
      const line = lineAt(text, lineStarts, i);
      if (START.test(line)) {
        if (!isBlankOrComment(line.slice(3))) return null;
        if (current.hasContent || current.hasMarker) {
          close(i);
          current = { firstLine: i, hasMarker: true, hasContent: false };
        } else {
          current.hasMarker = true;
        }
        continue;
      }
      if (END.test(line)) {
        if (!isBlankOrComment(line.slice(3)) || !(current.hasContent || current.hasMarker)) return null;
        close(i + 1);
        current = { firstLine: i + 1, hasMarker: false, hasContent: false };
        continue;
      }
    }
    if (current.hasContent) continue;
    const line = lineAt(text, lineStarts, i);
    if (first === 0x25 /* % */) return null;
    if (!isBlankOrComment(line)) current.hasContent = true;
  }
  close(lineStarts.length);
  return { lineStarts, documents };
}

function lineAt(text: string, lineStarts: LineStarts, i: number): string {
  const end = i + 1 < lineStarts.length ? lineStarts[i + 1] - 1 : text.length;
  const line = text.slice(lineStarts[i], end);
  return line.endsWith('\r') ? line.slice(0, -1) : line;
}

function isBlankOrComment(s: string): boolean {
  const t = s.trimStart();
  return t === '' || t[0] === '#';
}
