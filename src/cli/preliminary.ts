// A note on stderr when the release a command upgrades to is marked preliminary in the knowledge base
// (releases.yaml `preliminary: true`: its notes are a release candidate's draft, not the final notes).
import type { KnowledgeBase } from '../kb/knowledge-base';
import { formatVersion, type VersionKey } from '../kb/version';
import type { CliIo } from './io';

export function notePreliminary(verb: string, kb: KnowledgeBase, to: VersionKey, io: CliIo): void {
  if (!kb.release(to)?.preliminary) return;
  io.stderr(
    `netkb ${verb}: note: ${formatVersion(to)} is preliminary in the knowledge base (its release notes are a release candidate's draft): what is said about ${formatVersion(to)} may change with the final notes\n`,
  );
}
