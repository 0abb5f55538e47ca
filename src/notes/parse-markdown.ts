// Reads the markdown layout of Kubernetes release notes (release-notes-draft.md / CHANGELOG x.y.0
// section): "Urgent Upgrade Notes", then "Changes by Kind" with "### Deprecation", "### API Change",
// "### Feature", "### Bug or Regression", "### Other (Cleanup or Flake)"... Each bullet ends with
// "([#PR](url), [@author](url)) [SIG A, B and C]".
import { NotesFormatError, sigName, type ParsedNote } from './types';

const KIND_BY_HEADING: [RegExp, ParsedNote['kind']][] = [
  [/urgent upgrade notes|action required|you must read this/i, 'URGENT_UPGRADE_NOTE'],
  [/^deprecation/i, 'DEPRECATION'],
  [/^api change/i, 'API_CHANGE'],
  [/^feature/i, 'FEATURE'],
  [/^bug or regression|^bug/i, 'BUG_FIX'],
  [/^known issues?/i, 'KNOWN_ISSUE'],
  [/^other|^failing test|^documentation|^uncategorized/i, 'OTHER'],
];

const STOP = /^(dependencies|downloads|changelog since)/i;

export function parseMarkdownNotes(text: string): ParsedNote[] {
  const lines = text.split(/\r?\n/);
  const notes: ParsedNote[] = [];
  let kind: ParsedNote['kind'] | null = null;
  let inUrgent = false;
  let current: { start: number; text: string[] } | null = null;
  const flush = () => {
    if (current && kind) notes.push(toNote(current.text.join(' '), kind, inUrgent, current.start));
    current = null;
  };
  lines.forEach((line, i) => {
    const heading = /^(#{1,4})\s+(.*)$/.exec(line);
    if (heading) {
      flush();
      const title = heading[2].trim();
      const level = heading[1].length;
      if (STOP.test(title)) {
        kind = null;
        inUrgent = false;
        return;
      }
      if (/urgent upgrade notes/i.test(title)) {
        inUrgent = true;
        kind = 'URGENT_UPGRADE_NOTE';
        return;
      }
      const match = KIND_BY_HEADING.find(([re]) => re.test(title));
      if (match) {
        if (level <= 2 || match[1] !== 'URGENT_UPGRADE_NOTE')
          inUrgent = match[1] === 'URGENT_UPGRADE_NOTE' ? true : inUrgent && level > 2;
        kind = inUrgent ? 'URGENT_UPGRADE_NOTE' : match[1];
      } else if (level <= 2) {
        kind = null;
        inUrgent = false;
      }
      return;
    }
    const bullet = /^- (.*)$/.exec(line);
    if (bullet) {
      flush();
      current = { start: i + 1, text: [bullet[1].trim()] };
      return;
    }
    if (current && /^\s+\S/.test(line)) {
      current.text.push(line.trim());
      return;
    }
    if (current && line.trim() === '') return;
    flush();
  });
  flush();
  if (notes.length === 0)
    throw new NotesFormatError(
      'no release-note entries found: expected "- text ([#123](...), [@author](...)) [SIG Network]" bullets under "### Feature", "### Bug or Regression", ... headings',
    );
  return notes;
}

function toNote(raw: string, kind: ParsedNote['kind'], urgent: boolean, line: number): ParsedNote {
  const prs = [...raw.matchAll(/\[#(\d+)\]\(https?:\/\/[^)]*\)/g)].map((m) => Number(m[1]));
  const authors = [...raw.matchAll(/\[@([A-Za-z0-9-]+(?:\[bot\])?)\]\(https?:\/\/[^)]*\)/g)].map((m) => m[1]);
  const sigTag = /\[SIG ([^\]]+)\]\s*$/.exec(raw);
  const sigs = sigTag
    ? sigTag[1]
        .split(/,\s*|\s+and\s+/)
        .filter(Boolean)
        .map(sigName)
    : [];
  const text = raw
    .replace(/\s*\(\[#\d+\][^)]*\)(?:,\s*\[@[^\]]+\]\([^)]*\))*\)?/g, '')
    .replace(/\s*\[SIG [^\]]+\]\s*$/, '')
    .replace(/\s*\((\[#\d+\]\([^)]*\),?\s*)+(\[@[^\]]+\]\([^)]*\),?\s*)*\)/g, '')
    .trim();
  return {
    kind,
    text,
    actionRequired: urgent || kind === 'URGENT_UPGRADE_NOTE',
    prs: [...new Set(prs)],
    authors: [...new Set(authors)],
    sigs,
    line,
  };
}
