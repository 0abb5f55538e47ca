// Writes the converted manifest: documents without a change are copied from the input byte for byte; a
// changed document gets only the edits its changes need (minimal-edits.ts), so every line the
// conversion did not touch keeps its indentation, quoting, flow style, comments and line ends. A change
// those edits cannot express, or edits that would not read back as the converted document, make the
// document printed anew in the style its source uses (the fallback, respaced by source-lines.ts).
import { isDeepStrictEqual } from 'node:util';
import { loadAll } from 'js-yaml';
import { isCollection, isMap, parseAllDocuments, type Document } from 'yaml';
import { YAML_CORE_SCHEMA } from '../analysis/reader/yaml-core-schema';
import { applyEdits, minimalEdits, type PrintStyle } from './minimal-edits';
import { respaced } from './source-lines';

/**
 * Collects the output one document at a time, so that only the document being converted holds YAML nodes:
 * add() each document of the input in order (its parse, edited by the converters, and whether they changed
 * it), then finish(). Without a change the input itself is returned.
 */
export function documentPrinter(text: string): {
  add(doc: Document, changed: boolean, pristine?: () => Document | null): void;
  finish(): string;
} {
  const parts: string[] = [];
  let start = 0;
  let pending: { doc: Document; changed: boolean; pristine?: () => Document | null } | null = null;
  let anyChange = false;
  const flush = (end: number) => {
    if (!pending) return;
    const { doc, changed, pristine } = pending;
    parts.push(changed ? printDocument(text, start, end, doc, pristine?.()) : text.slice(start, end));
    start = end;
    pending = null;
  };
  return {
    add(doc, changed, pristine) {
      if (pending) flush(pending.doc.range![2]);
      pending = { doc, changed, pristine };
      anyChange ||= changed;
    },
    finish() {
      flush(text.length);
      return anyChange ? parts.join('') + text.slice(start) : text;
    },
  };
}

/**
 * The text from `start` to `end` (one document with what precedes it) with the document's changes.
 * `pristine`: the same document as read from the input, untouched (read again from `text` when not given).
 */
export function printDocument(text: string, start: number, end: number, doc: Document, pristine?: Document | null) {
  const source = text.slice(start, end);
  return patched(text, start, end, doc, source, pristine) ?? reprinted(doc, source);
}

function styleOf(source: string): PrintStyle {
  return {
    indent: indentOf(source),
    indentSeq: !/^( *)[^\s#-][^\n]*:[ \t]*\r?\n\1- /m.test(source),
    flowCollectionPadding: !/[{[][^\s\]}]/.test(source),
    eol: source.includes('\r\n') ? '\r\n' : '\n',
  };
}

function patched(
  text: string,
  start: number,
  end: number,
  doc: Document,
  source: string,
  given?: Document | null,
): string | null {
  // A document read from `source` has ranges counted from `start`; one read from the whole input, from 0.
  const pristine = given ?? parseAllDocuments(source).find((d) => d.contents !== null);
  if (!pristine || pristine.errors.length > 0) return null;
  const edits = minimalEdits(text, doc.contents, pristine.contents, given ? 0 : start, styleOf(source));
  if (!edits) return null;
  const out = applyEdits(text, edits, start, end);
  if (out === null) return null;
  // The edits must say what the converters made, and nothing else: read back (by the analysis's fast
  // reader, which reads values as the exact one does), the text must hold the converted document.
  try {
    const again = loadAll(out, null, { schema: YAML_CORE_SCHEMA }).filter((d) => d !== null && d !== undefined);
    return again.length === 1 && isDeepStrictEqual(again[0], doc.toJS()) ? out : null;
  } catch {
    return null;
  }
}

/** The document printed anew in the style its source uses: the way when edits in place cannot say it. */
function reprinted(doc: Document, source: string): string {
  // A comment after the last node belongs to the document, which the printer sets off with a blank line;
  // attached to the contents it prints where it was.
  if (doc.comment && !doc.directives?.docEnd && isCollection(doc.contents)) {
    doc.contents.comment = [doc.contents.comment, doc.comment].filter(Boolean).join('\n');
    doc.comment = null;
  }
  const style = styleOf(source);
  let printed = isJson(doc, source)
    ? `${JSON.stringify(doc.toJS(), null, /^\{[ \t]*\r?\n( +)"/.exec(source.trim())?.[1].length ?? 0)}\n`
    : respaced(
        source,
        doc.toString({
          lineWidth: 0,
          indent: style.indent,
          indentSeq: style.indentSeq,
          flowCollectionPadding: style.flowCollectionPadding,
        }),
        doc.toJS(),
      );
  if (style.eol === '\r\n') printed = printed.replace(/\r?\n/g, '\r\n');
  // Blank lines that end the source stay (the printer ends a document with exactly one newline).
  const ending = (/(?:\r?\n)*$/.exec(source)?.[0] ?? '').split(/\r?\n/).length - 1;
  return printed.replace(/(?:\r?\n)*$/, '') + style.eol.repeat(ending);
}

/** A document written as JSON (a flow map opening the source, no comments) is printed back as JSON. */
function isJson(doc: Document, source: string): boolean {
  return (
    isMap(doc.contents) && doc.contents.flow === true && source.trimStart().startsWith('{') && !source.includes('#')
  );
}

/** The indentation step the source uses (2 by default). */
function indentOf(source: string): number {
  const m = /^[^\s#-][^\n]*:[ \t]*\r?\n( +)\S/m.exec(source);
  return m ? Math.min(Math.max(m[1].length, 1), 8) : 2;
}
