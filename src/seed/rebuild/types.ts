// What a release proposal holds: per record kind, the changes the sources call for, each with the seed file
// it goes to, the record as it would read afterwards, the evidence (index line, list, PR) and the doubts a
// reviewer has to settle. Nothing here is written to seed/: the review list shows it (review.ts).
import type {
  ApiFieldRecord,
  ApiVersionRecord,
  FeatureGateRecord,
  FlagRecord,
  ReleaseRecord,
  ChangeRecord,
} from '../schemas';
import type { LifeField } from './facts';

export interface Evidence {
  /** Where a reviewer checks it: an index file and line, a list or tree URL at a commit, a PR URL. */
  source: string;
  /** What that source says, in our words. */
  says: string;
}

export interface Target {
  /** The seed file the change belongs in ("seed/feature-gates/network-m-z.yaml"). */
  file: string;
  /** Line of the record to change; null for a new record. */
  line: number | null;
  /**
   * The loader states it from the index once the release is in releases.yaml (a value it fills into a record
   * that leaves it out, or a record it generates): nothing to write by hand, only to check.
   */
  byLoader: boolean;
}

interface Proposed<R> {
  target: Target;
  /** The record as it would read with the change (a new record in full, with what is unknown left empty). */
  record: R;
  evidence: Evidence[];
  /** What the sources leave open or disagree on: the reviewer decides. */
  doubts: string[];
}

export interface GateProposal extends Proposed<FeatureGateRecord> {
  gate: string;
  isNew: boolean;
  /** The stage that begins in the release, if any. */
  stage: FeatureGateRecord['lifecycle'][number] | null;
  removed: boolean;
}

export interface ApiVersionProposal extends Proposed<ApiVersionRecord> {
  apiVersion: string;
  kind: string;
  field: LifeField;
}

export interface ApiFieldProposal extends Proposed<ApiFieldRecord> {
  kind: string;
  path: string;
  field: LifeField;
}

export interface FlagProposal extends Proposed<FlagRecord> {
  component: string;
  flag: string;
  field: 'removedIn' | 'deprecatedIn';
  /** The component-config field that disappeared, or a release note's text. */
  via: 'config-field' | 'note';
}

/** A release-note entry, imported: upstream's words, to be rewritten in ours before it enters seed/changes. */
export interface ChangeProposal {
  id: string;
  prs: number[];
  kind: ChangeRecord['kind'];
  actionRequired: boolean;
  sigs: string[];
  authors: string[];
  components: string[];
  subjects: string[];
  /** Upstream's text of the entry. */
  text: string;
  sources: string[];
  /** Names that look like gates or flags but match no record, to follow up. */
  unlinked: string[];
}

export interface ReleaseProposal {
  release: string;
  /** The seed's newest release, which the proposal follows. */
  previous: string;
  releaseRecord: ReleaseRecord;
  gates: GateProposal[];
  apiVersions: ApiVersionProposal[];
  apiFields: ApiFieldProposal[];
  flags: FlagProposal[];
  changes: ChangeProposal[];
  /** What the sources could not cover (a gate list that stops before the release, ...). */
  notices: string[];
}
