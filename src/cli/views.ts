// Pieces of output several verbs share: a release note in JSON, release notes as a terminal table, and
// the closing blocks of a record (its release notes and sources).
import type { Change } from '../kb/model';
import { formatVersion } from '../kb/version';
import { clip, firstSentence } from '../services/markdown/text';
import { textTable } from './text-table';

export function changeJson(c: Change) {
  return {
    version: formatVersion(c.version),
    kind: c.kind,
    actionRequired: c.actionRequired,
    summary: c.summary,
    prs: c.prs,
    sources: c.sources,
  };
}

export function notesTable(changes: Change[]): string {
  return textTable(
    ['RELEASE', 'PRS', 'NOTE'],
    changes.map((c) => [
      formatVersion(c.version),
      c.prs.map((p) => `#${p}`).join(' '),
      clip(firstSentence(c.summary), 160),
    ]),
  );
}

/**
 * The "Release notes" and "Sources" blocks of a record, each only when it has any; older: how many older notes
 * the record has beyond those shown (newest first), said under them.
 */
export function referenceBlocks(changes: Change[], sources: string[], older = 0): string[] {
  const blocks: string[] = [];
  const more = older > 0 ? `\n…and ${older} older release note${older === 1 ? '' : 's'} (--notes all lists them)` : '';
  if (changes.length > 0) blocks.push(`Release notes\n${notesTable(changes)}${more}`);
  if (sources.length > 0) blocks.push(`Sources\n${sources.map((s) => `  ${s}`).join('\n')}`);
  return blocks;
}
