// Imports an official release-notes file (markdown or JSON) for a release the seed does not cover:
// entries of the chosen SIG become changes marked imported, linked to the entities they mention.
import { replaceImportedNotes, type ImportedNoteRow } from '../db/imported-notes';
import { badUserInput } from '../errors';
import type { KnowledgeBase } from '../kb/knowledge-base';
import { formatVersion, parseVersion, VersionFormatError } from '../kb/version';
import { oncePerPr } from '../notes/dedupe';
import { linkText, type LinkCatalog } from '../notes/link';
import { parseJsonNotes } from '../notes/parse-json';
import { parseMarkdownNotes } from '../notes/parse-markdown';
import { NotesFormatError, sigName, type ParsedNote } from '../notes/types';
import { FOCUS_SIG } from '../kb/focus';

interface ImportRequest {
  version: string;
  format: 'MARKDOWN' | 'JSON';
  content: string;
  /** Shown as the origin of the rows, e.g. the file name. */
  sourceFile: string;
  /** Only entries of this SIG (default Network); null imports every entry. */
  sig?: string | null;
}

export interface ImportResult {
  version: number;
  changesCreated: number;
  skipped: number;
  unlinked: string[];
}

export async function importReleaseNotes(kb: KnowledgeBase, dbFile: string, req: ImportRequest): Promise<ImportResult> {
  let version: number;
  try {
    version = parseVersion(req.version);
  } catch (err) {
    if (err instanceof VersionFormatError) throw badUserInput(`version: ${err.message}`, { argument: 'version' });
    throw err;
  }
  if (kb.changes.some((c) => c.version === version && !c.imported)) {
    throw badUserInput(
      `release ${formatVersion(version)} is curated in seed/ already; import is for releases the seed does not cover`,
      { argument: 'version' },
    );
  }
  let notes: ParsedNote[];
  try {
    notes = req.format === 'JSON' ? parseJsonNotes(req.content) : parseMarkdownNotes(req.content);
  } catch (err) {
    if (err instanceof NotesFormatError) throw badUserInput(`content: ${err.message}`, { argument: 'content' });
    throw err;
  }
  const sig = req.sig === undefined ? FOCUS_SIG : req.sig;
  if (sig !== null && !notes.some((n) => n.sigs.length > 0)) {
    throw badUserInput(
      `content: the file names no SIGs, so entries of SIG ${sigName(sig)} cannot be told apart; import every entry instead (CLI: --all)`,
      { argument: 'content' },
    );
  }
  const chosen = oncePerPr(sig === null ? notes : notes.filter((n) => n.sigs.includes(sigName(sig))));
  if (chosen.length === 0) {
    throw badUserInput(
      `content: no entry of SIG ${sigName(sig!)} in the file (${notes.length} entries of other SIGs or without SIG tags); nothing was imported`,
      { argument: 'content' },
    );
  }
  const catalog = catalogOf(kb);
  const importedAt = new Date().toISOString();
  const unlinked: string[] = [];
  const rows: ImportedNoteRow[] = chosen.map((n, position) => {
    const links = linkText(n.text, catalog);
    const id = n.prs[0] !== undefined ? String(n.prs[0]) : `entry-${position + 1}`;
    for (const u of links.unlinked)
      unlinked.push(`${n.prs[0] !== undefined ? `#${n.prs[0]}` : `entry ${position + 1}`}: ${u}`);
    return {
      key: `${formatVersion(version)}#${id}`,
      version,
      position,
      kind: n.kind,
      text: n.text,
      actionRequired: n.actionRequired,
      sigs: n.sigs,
      components: links.components,
      prs: n.prs,
      authors: n.authors,
      subjects: links.subjects,
      sources:
        n.prs.length > 0
          ? n.prs.map((p) => `https://github.com/kubernetes/kubernetes/pull/${p}`)
          : [`https://github.com/kubernetes/kubernetes/blob/master/CHANGELOG/CHANGELOG-${formatVersion(version)}.md`],
      importedAt,
      sourceFile: req.sourceFile,
    };
  });
  const previous = kb.changes.filter((c) => c.version === version && c.imported).map((c) => c.key);
  await replaceImportedNotes(dbFile, version, rows, previous);
  return { version, changesCreated: rows.length, skipped: notes.length - chosen.length, unlinked };
}

function catalogOf(kb: KnowledgeBase): LinkCatalog {
  return {
    gates: kb.featureGates.map((g) => g.name),
    flags: kb.flags.map((f) => [f.component, f.name]),
    apiVersions: kb.apiVersions.map((a) => [a.apiVersion, a.kind]),
    keys: kb.wellKnownKeys.map((k) => k.key),
    metrics: kb.metrics.map((m) => [m.component, m.name]),
    components: kb.components.map((c) => c.name),
  };
}
