// The release's note entries as imported changes: upstream's wording kept (as `netkb import notes` does),
// linked to the records the seed has and to those the proposal adds, for a curator to rewrite in our words.
import type { SeedBundle } from '../bundle';
import { linkText, type LinkCatalog } from '../../notes/link';
import type { ParsedNote } from '../../notes/types';
import { noteSource, prUrl } from './context';
import type { ChangeProposal, FlagProposal, GateProposal } from './types';

export function proposeChanges(
  seed: SeedBundle,
  notes: ParsedNote[],
  added: { gates: GateProposal[]; flags: FlagProposal[] },
  notesSource: string,
): ChangeProposal[] {
  const catalog: LinkCatalog = {
    gates: [...seed.featureGates.map((l) => l.record.name), ...added.gates.filter((g) => g.isNew).map((g) => g.gate)],
    flags: [
      ...seed.flags.map((l): [string, string] => [l.record.component, l.record.name]),
      ...added.flags
        .filter((f) => f.target.line === null && f.component)
        .map((f): [string, string] => [f.component, f.flag]),
    ],
    apiVersions: seed.apiVersions.map((l) => [l.record.apiVersion, l.record.kind]),
    keys: seed.wellKnownKeys.map((l) => l.record.key),
    metrics: seed.metrics.map((l) => [l.record.component, l.record.name]),
    components: seed.components.map((l) => l.record.name),
  };
  return notes.map((n, i) => {
    const links = linkText(n.text, catalog);
    return {
      id: n.prs[0] !== undefined ? String(n.prs[0]) : `entry-${i + 1}`,
      prs: n.prs,
      kind: n.kind,
      actionRequired: n.actionRequired,
      sigs: n.sigs,
      authors: n.authors,
      components: links.components,
      subjects: links.subjects,
      text: n.text,
      sources: n.prs.length > 0 ? n.prs.map(prUrl) : [noteSource(n, notesSource)],
      unlinked: links.unlinked,
    };
  });
}
