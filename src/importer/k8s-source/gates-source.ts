// Reads Kubernetes' generated list of feature gates with their versioned specs
// (test/compatibility_lifecycle/reference/versioned_feature_list.yaml, written by hack/update-featuregates.sh
// from the gates' VersionedSpecs in kube_features.go and the other feature files): for each gate, from which
// release on it had which stage, default and lock.
import { load } from 'js-yaml';

export type SourceStage = 'ALPHA' | 'BETA' | 'GA' | 'DEPRECATED';

export interface SourceGateSpec { since: string; stage: SourceStage; defaultEnabled: boolean; lockedToDefault: boolean }
export interface SourceGate { name: string; specs: SourceGateSpec[] }

const STAGE: Record<string, SourceStage> = { alpha: 'ALPHA', beta: 'BETA', ga: 'GA', deprecated: 'DEPRECATED' };

export class SourceFormatError extends Error {
  override readonly name = 'SourceFormatError';
}

export function readVersionedFeatureList(text: string, file: string): SourceGate[] {
  const data = load(text);
  if (!Array.isArray(data)) throw new SourceFormatError(`${file}: expected a list of gates`);
  return data.map((g: unknown, i: number) => {
    const rec = g as { name?: unknown; versionedSpecs?: unknown };
    if (typeof rec?.name !== 'string' || !Array.isArray(rec.versionedSpecs)) {
      throw new SourceFormatError(`${file}: entry ${i + 1} has no name or versionedSpecs`);
    }
    const specs = rec.versionedSpecs.map((s: Record<string, unknown>, j: number) => {
      const stage = STAGE[String(s.preRelease ?? '').toLowerCase()];
      const m = /^(\d+)\.(\d+)/.exec(String(s.version ?? ''));
      if (!stage || !m || typeof s.default !== 'boolean') {
        throw new SourceFormatError(`${file}: ${rec.name}: spec ${j + 1} lacks a known preRelease, a version or a default`);
      }
      return { since: `${m[1]}.${m[2]}`, stage, defaultEnabled: s.default, lockedToDefault: s.lockToDefault === true };
    });
    return { name: rec.name, specs: specs.sort((a, b) => compare(a.since, b.since)) };
  });
}

export function compare(a: string, b: string): number {
  const [am, an] = a.split('.').map(Number), [bm, bn] = b.split('.').map(Number);
  return am - bm || an - bn;
}
