// Proposes what a new release adds to the seed, from its sources: the generated index (API versions and
// fields of k8s.io/api, component-config fields, versioned gate specs), the gate lists given beside it, and
// the release's notes. Pure: the seed bundle, the index and the texts in, a proposal out; nothing is read
// or written here. The seed must stop at the release before (a proposal follows the newest release).
import type { SeedBundle } from '../bundle';
import type { GeneratedIndex } from '../generated-index';
import type { ParsedNote } from '../../notes/types';
import { sigName } from '../../notes/types';
import { oncePerPr } from '../../notes/dedupe';
import { formatVersion, parseVersion } from '../../kb/version';
import { gateListsOf, type GateList } from './gate-lists';
import type { ProposeContext } from './context';
import { proposeGates } from './propose-gates';
import { proposeApiFields, proposeApiVersions } from './propose-api';
import { proposeFlags } from './propose-flags';
import { proposeChanges } from './propose-notes';
import type { ReleaseProposal } from './types';
import { FOCUS_SIG } from '../../kb/focus';

interface ProposeInput {
  /** The seed, stopping at the release before `release`. */
  seed: SeedBundle;
  index: GeneratedIndex | null;
  release: string;
  /** Every entry of the release's notes file (parse-json.ts or parse-markdown.ts). */
  notes: ParsedNote[];
  /** Where the notes were read: the URL of the file, or its name. */
  notesSource: string;
  /** Only the entries of this SIG (default Network); null takes every entry. */
  sig?: string | null;
  /** Versioned gate lists read beside the index (a versioned_feature_list.yaml of the release). */
  gateLists?: GateList[];
}

export class ProposalInputError extends Error {
  override readonly name = 'ProposalInputError';
}

export function proposeRelease(input: ProposeInput): ReleaseProposal {
  const key = parseVersion(input.release);
  const release = formatVersion(key);
  const newest = Math.max(...input.seed.releases.map((r) => parseVersion(r.record.version)));
  if (newest >= key)
    throw new ProposalInputError(
      `release ${release} is on record already (the seed's newest release is ${formatVersion(newest)})`,
    );
  if (newest !== key - 1)
    throw new ProposalInputError(
      `the seed's newest release is ${formatVersion(newest)}: propose ${formatVersion(newest + 1)} first, one release at a time`,
    );
  const sig = input.sig === undefined ? FOCUS_SIG : input.sig;
  const notes = oncePerPr(sig === null ? input.notes : input.notes.filter((n) => n.sigs.includes(sigName(sig))));
  const ctx: ProposeContext = {
    seed: input.seed,
    index: input.index,
    release,
    key,
    previous: formatVersion(newest),
    lists: [...gateListsOf(input.index), ...(input.gateLists ?? [])],
    notes,
  };
  const { gates, notices } = proposeGates(ctx, input.notesSource);
  const flags = proposeFlags(ctx, input.notesSource);
  if (!input.index) notices.push('No generated index: API versions, API fields and config fields are not proposed.');
  else if (!input.index.order.includes(release))
    notices.push(
      `The generated index stops at ${input.index.order[input.index.order.length - 1]}: regenerate it (netkb import k8s-source) so that it reads ${release}.`,
    );
  else if (input.index.refs.get(release)?.ref === input.index.config.api?.develBranch)
    notices.push(
      `The generated index reads ${release} from the development branch (${input.index.refs.get(release)!.ref}), not a release tag: its API facts may still change.`,
    );
  notices.push(
    `${notes.length} note entries${sig === null ? '' : ` of SIG ${sigName(sig)}`} (of ${input.notes.length} in ${input.notesSource}).`,
  );
  return {
    release,
    previous: ctx.previous,
    releaseRecord: {
      version: release,
      releasedOn: null,
      sources: [input.notesSource].filter((s) => /^https?:/.test(s)),
    },
    gates,
    apiVersions: proposeApiVersions(ctx),
    apiFields: proposeApiFields(ctx, input.notesSource),
    flags,
    changes: proposeChanges(input.seed, notes, { gates, flags }, input.notesSource),
    notices,
  };
}
