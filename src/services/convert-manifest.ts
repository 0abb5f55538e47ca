// convertManifest / netkb convert: the manifest rewritten so every release from one release to another
// accepts it, with what changed and what could not be changed (and why).
import { DEFAULT_LIMITS, type ManifestLimits } from '../analysis';
import { convertManifest as convert } from '../convert/convert';
import type { ConversionResult } from '../convert/types';
import type { KnowledgeBase } from '../kb/knowledge-base';
import type { VersionKey } from '../kb/version';
import { analysisKb } from './analysis-kb';
import { refusingBadManifests } from './upgrade-report';
import { requireRange } from './versions';

export interface ConversionReport extends ConversionResult {
  from: VersionKey;
  to: VersionKey;
  /** Every release from `from` to `to`, both included. */
  path: VersionKey[];
}

export function convertManifest(
  kb: KnowledgeBase,
  fromInput: string,
  toInput: string,
  manifest: string,
  limits: Partial<ManifestLimits> = {},
): ConversionReport {
  const { from, to, releases: path } = requireRange(kb, fromInput, toInput);
  const all = { ...DEFAULT_LIMITS, ...limits };
  const result = refusingBadManifests(all, () =>
    convert(manifest, { kb: analysisKb(kb), path: { from, to, releases: path } }, all),
  );
  return { from, to, path, ...result };
}
