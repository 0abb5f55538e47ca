// Reads Kubernetes' generated list of feature gates with their versioned specs
// (test/compatibility_lifecycle/reference/versioned_feature_list.yaml, written by hack/update-featuregates.sh
// from the gates' VersionedSpecs in kube_features.go and the other feature files): for each gate, from which
// release on it had which stage, default and lock.
import { load } from 'js-yaml';
import { compareVersions } from '../../kb/version';

export type SourceStage = 'ALPHA' | 'BETA' | 'GA' | 'DEPRECATED';

interface SourceGateSpec {
  since: string;
  stage: SourceStage;
  defaultEnabled: boolean;
  lockedToDefault: boolean;
}
interface SourceGate {
  name: string;
  specs: SourceGateSpec[];
}

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
      const stage = STAGE[(typeof s.preRelease === 'string' ? s.preRelease : '').toLowerCase()];
      const m = /^(\d+)\.(\d+)/.exec(
        typeof s.version === 'string' || typeof s.version === 'number' ? String(s.version) : '',
      );
      if (!stage || !m || typeof s.default !== 'boolean') {
        throw new SourceFormatError(
          `${file}: ${rec.name}: spec ${j + 1} lacks a known preRelease, a version or a default`,
        );
      }
      return { since: `${m[1]}.${m[2]}`, stage, defaultEnabled: s.default, lockedToDefault: s.lockToDefault === true };
    });
    return { name: rec.name, specs: specs.sort((a, b) => compareVersions(a.since, b.since)) };
  });
}

/** The string value of every `Name featuregate.Feature = "Value"` constant of a Go feature file. */
export function readFeatureConstants(goSource: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const m of goSource.matchAll(/^\s*([A-Z][A-Za-z0-9_]*)\s+featuregate\.Feature\s*=\s*"([^"]+)"/gm))
    out.set(m[1], m[2]);
  return out;
}

/**
 * The versioned specs of a Go feature file (`map[featuregate.Feature]featuregate.VersionedSpecs{ Gate: {
 * {Version: version.MustParse("1.28"), Default: false, PreRelease: featuregate.Alpha}, ... } }`). Gate keys
 * are constants, resolved through `constants` (a qualified key such as genericfeatures.X by its last part);
 * a key no constant names is reported in `unresolved` and left out.
 */
export function readVersionedSpecsGo(
  goSource: string,
  constants: Map<string, string>,
  file: string,
): { gates: SourceGate[]; unresolved: string[] } {
  const start = goSource.search(/map\[featuregate\.Feature\]featuregate\.VersionedSpecs\s*\{/);
  if (start < 0) throw new SourceFormatError(`${file}: no map[featuregate.Feature]featuregate.VersionedSpecs`);
  const gates: SourceGate[] = [];
  const unresolved: string[] = [];
  const body = goSource.slice(goSource.indexOf('{', start) + 1);
  const entry = /^\s*([A-Za-z_][A-Za-z0-9_.]*)\s*:\s*\{\s*$/gm;
  const heads = [...body.matchAll(entry)];
  heads.forEach((h, i) => {
    const chunk = body.slice(h.index! + h[0].length, i + 1 < heads.length ? heads[i + 1].index! : body.length);
    const ident = h[1].split('.').pop()!;
    const name = constants.get(ident);
    if (!name) {
      unresolved.push(h[1]);
      return;
    }
    const specs: SourceGateSpec[] = [];
    for (const s of chunk.matchAll(/\{([^{}]*Version:\s*version\.MustParse\("(\d+)\.(\d+)"\)[^{}]*)\}/g)) {
      const fields = s[1];
      const stage = STAGE[(/PreRelease:\s*featuregate\.([A-Za-z]+)/.exec(fields)?.[1] ?? '').toLowerCase()];
      const def = /Default:\s*(true|false)/.exec(fields);
      if (!stage || !def) throw new SourceFormatError(`${file}: ${name}: a spec lacks PreRelease or Default`);
      specs.push({
        since: `${s[2]}.${s[3]}`,
        stage,
        defaultEnabled: def[1] === 'true',
        lockedToDefault: /LockToDefault:\s*true/.test(fields),
      });
    }
    if (specs.length > 0) gates.push({ name, specs: specs.sort((a, b) => compareVersions(a.since, b.since)) });
  });
  return { gates, unresolved };
}
