// Pieces of output several verbs share: a release note in JSON and release notes as a terminal table.
import type { Change } from '../kb/model';
import { formatVersion } from '../kb/version';
import { clip, firstSentence } from '../services/markdown/text';
import { textTable } from './text-table';

export function changeJson(c: Change) {
  return { version: formatVersion(c.version), kind: c.kind, actionRequired: c.actionRequired, summary: c.summary, prs: c.prs, sources: c.sources };
}

export function notesTable(changes: Change[]): string {
  return textTable(['RELEASE', 'PRS', 'NOTE'], changes.map((c) => [formatVersion(c.version), c.prs.map((p) => `#${p}`).join(' '), clip(firstSentence(c.summary), 160)]));
}
