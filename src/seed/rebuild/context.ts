// What every part of a proposal reads: the seed that stops before the release, the generated index, the
// gate lists, and the release's notes of the chosen SIG.
import type { SeedBundle } from '../bundle';
import type { GeneratedIndex } from '../generated-index';
import type { ParsedNote } from '../../notes/types';
import type { GateList } from './gate-lists';

export interface ProposeContext {
  seed: SeedBundle;
  index: GeneratedIndex | null;
  /** The release proposed, as written ("1.38") and as a key. */
  release: string;
  key: number;
  /** The release before it, the seed's newest. */
  previous: string;
  lists: GateList[];
  /** The release's note entries of the chosen SIG, each PR once. */
  notes: ParsedNote[];
}

export const prUrl = (pr: number) => `https://github.com/kubernetes/kubernetes/pull/${pr}`;

/** Where a note entry is checked: its PR, or the notes file for an entry without one. */
export const noteSource = (n: ParsedNote, notesSource: string) => (n.prs[0] ? prUrl(n.prs[0]) : notesSource);
