// convertManifest / netkb convert: the manifest rewritten so every release from one release to another
// accepts it, with what changed and what could not be changed (and why).
import {
  DEFAULT_LIMITS,
  inputProblem,
  noObjectsProblem,
  readManifest,
  refuseProblem,
  type ManifestLimits,
} from '../analysis';
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
  /** The file the manifest was read from, when there is one (a kustomization is known by its name). */
  fileName?: string,
): ConversionReport {
  const { from, to, releases: path } = requireRange(kb, fromInput, toInput);
  const all = { ...DEFAULT_LIMITS, ...limits };
  const result = refusingBadManifests(all, () => {
    refuseProblem(inputProblem(manifest, fileName));
    const converted = convert(manifest, { kb: analysisKb(kb), path: { from, to, releases: path } }, all);
    if (converted.documents === 0) {
      // No object: read again (cheap, there is nothing in it) to tell an empty List from documents without kind.
      const read = readManifest(manifest, all);
      refuseProblem(noObjectsProblem(read.objects.length, read.skipped));
    }
    return converted;
  });
  return { from, to, path, ...result };
}
