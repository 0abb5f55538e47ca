// Readers for the feature-gate history: the pre-versioned Go feature files of one Kubernetes release
// (`var defaultKubernetesFeatureGates = map[featuregate.Feature]featuregate.FeatureSpec{ Gate: {Default:
// true, PreRelease: featuregate.GA, LockToDefault: true}, ... }`, before 1.15 with utilfeature in place of
// featuregate), and the vendoring metadata that says which version of a module a repository vendored
// (vendor/modules.txt, Gopkg.lock, Godeps/Godeps.json). Pure: text in, facts out.
import { SourceFormatError, type SourceStage } from './gates-source';

/** A gate's spec in one release's file: the file at release X says the spec at X, nothing about other releases. */
interface ReleaseGateSpec {
  name: string;
  stage: SourceStage;
  defaultEnabled: boolean;
  lockedToDefault: boolean;
}

const STAGE: Record<string, SourceStage> = { Alpha: 'ALPHA', Beta: 'BETA', GA: 'GA', Deprecated: 'DEPRECATED' };

/**
 * The value of every `Name pkg.Feature = "Value"` constant of a Go feature file, whatever the package
 * qualifier (featuregate from 1.15, utilfeature before).
 */
export function readGateConstants(goSource: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const m of goSource.matchAll(/^\s*([A-Za-z_][A-Za-z0-9_]*)\s+[a-z][A-Za-z0-9_]*\.Feature\s*=\s*"([^"]+)"/gm))
    out.set(m[1], m[2]);
  return out;
}

/** Go comments out, strings kept (a `//` inside a string literal is not a comment). */
function stripComments(go: string): string {
  return go.replace(/"(?:[^"\\\n]|\\.)*"|`[^`]*`|\/\/[^\n]*|\/\*[\s\S]*?\*\//g, (s) =>
    s.startsWith('/') ? (s.startsWith('/*') ? s.replace(/[^\n]/g, ' ') : '') : s,
  );
}

/**
 * The gate specs of a pre-versioned Go feature file: its one `map[pkg.Feature]pkg.FeatureSpec{...}`
 * literal. Keys are constants, resolved through `constants` (a qualified key such as genericfeatures.X by
 * its last part); a key no constant names is returned in `unresolved` and left out. A spec without
 * `LockToDefault: true` is not locked: Go leaves an omitted field at its zero value.
 */
export function readFeatureSpecMap(
  goSource: string,
  constants: Map<string, string>,
  file: string,
): { gates: ReleaseGateSpec[]; unresolved: string[] } {
  const go = stripComments(goSource);
  const heads = [...go.matchAll(/map\[[a-z][A-Za-z0-9_]*\.Feature\][a-z][A-Za-z0-9_]*\.FeatureSpec\s*\{/g)];
  if (heads.length !== 1)
    throw new SourceFormatError(
      `${file}: expected one map[...Feature]...FeatureSpec literal, found ${heads.length} (a versioned file? it has its own reader)`,
    );
  const open = heads[0].index + heads[0][0].length;
  let depth = 1;
  let end = open;
  for (; end < go.length && depth > 0; end++) {
    if (go[end] === '{') depth++;
    else if (go[end] === '}') depth--;
  }
  if (depth !== 0) throw new SourceFormatError(`${file}: the FeatureSpec map literal is not closed`);
  const body = go.slice(open, end - 1);
  const gates: ReleaseGateSpec[] = [];
  const unresolved: string[] = [];
  const seen = new Set<string>();
  let rest = body;
  for (const m of body.matchAll(/([A-Za-z_][A-Za-z0-9_.]*)\s*:\s*\{([^{}]*)\}\s*,?/g)) {
    rest = rest.replace(m[0], '');
    const key = m[1];
    const name = constants.get(key.split('.').pop()!);
    if (!name) {
      unresolved.push(key);
      continue;
    }
    const fields = new Map<string, string>();
    for (const f of m[2].split(',')) {
      const kv = /^\s*([A-Za-z]+)\s*:\s*(.+?)\s*$/.exec(f);
      if (kv) fields.set(kv[1], kv[2]);
      else if (f.trim() !== '') throw new SourceFormatError(`${file}: ${name}: cannot read "${f.trim()}"`);
    }
    const pre = /^[a-z][A-Za-z0-9_]*\.([A-Za-z]+)$/.exec(fields.get('PreRelease') ?? '');
    const stage = pre ? STAGE[pre[1]] : undefined;
    const def = fields.get('Default');
    const lock = fields.get('LockToDefault') ?? 'false';
    if (!stage || (def !== 'true' && def !== 'false') || (lock !== 'true' && lock !== 'false'))
      throw new SourceFormatError(
        `${file}: ${name}: expected Default and LockToDefault as true/false and PreRelease Alpha, Beta, GA or Deprecated, got {${m[2].trim()}}`,
      );
    if (seen.has(name)) throw new SourceFormatError(`${file}: ${name} is listed twice`);
    seen.add(name);
    gates.push({ name, stage, defaultEnabled: def === 'true', lockedToDefault: lock === 'true' });
  }
  if (rest.trim() !== '')
    throw new SourceFormatError(`${file}: cannot read this part of the FeatureSpec map: ${rest.trim().slice(0, 120)}`);
  return { gates, unresolved };
}

/**
 * The version of `module` from which a repository vendored the package `pkg` (a folder of the module, such
 * as pkg/features) at one commit, from whichever metadata it kept: vendor/modules.txt (`# k8s.io/kubernetes
 * v1.19.0`, or the version of a `=> module version` replacement), Gopkg.lock (dep: the `version` of the
 * module's project) or Godeps/Godeps.json (godep: the `Comment`, git-describe of the vendored commit). The
 * metadata must list the package itself: a file of a package it does not list was not put there by the tool
 * from that version (a leftover of an earlier vendoring). null when it names no such version, or when a
 * replacement points at a local folder.
 */
export function vendoredVersion(
  module: string,
  pkg: string,
  meta: { modulesTxt?: string; gopkgLock?: string; godepsJson?: string },
): string | null {
  const esc = (x: string) => x.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  if (meta.modulesTxt) {
    const m = new RegExp(`^# ${esc(module)} (\\S+)(?: => (\\S+)(?: (\\S+))?)?\\s*$`, 'm').exec(meta.modulesTxt);
    if (!m) return null;
    const packages = meta.modulesTxt
      .slice(m.index + m[0].length)
      .split(/^# /m)[0]
      .split('\n');
    if (!packages.includes(`${module}/${pkg}`)) return null;
    return m[2] === undefined ? m[1] : (m[3] ?? null);
  }
  if (meta.gopkgLock) {
    for (const block of meta.gopkgLock.split('[[projects]]')) {
      if (!new RegExp(`^\\s*name = "${esc(module)}"`, 'm').test(block)) continue;
      if (!block.includes(`"${pkg}"`)) return null;
      return /^\s*version = "([^"]+)"/m.exec(block)?.[1] ?? null;
    }
    return null;
  }
  if (meta.godepsJson) {
    const deps = (JSON.parse(meta.godepsJson) as { Deps?: { ImportPath: string; Comment?: string }[] }).Deps ?? [];
    return deps.find((d) => d.ImportPath === `${module}/${pkg}`)?.Comment ?? null;
  }
  return null;
}

/**
 * The Kubernetes minor release a module version belongs to: k8s.io/kubernetes v1.19.0 -> 1.19; a staging
 * module's v0.19.0 or dep tag kubernetes-1.19.0 -> 1.19; a git-describe such as v1.10.1-beta.0-52-gf17f745
 * -> 1.10. null for anything else.
 */
export function releaseOfVersion(version: string): string | null {
  const k = /^(?:v|kubernetes-)1\.(\d+)\.\d+(?:-[0-9A-Za-z.-]+)?$/.exec(version);
  if (k) return `1.${k[1]}`;
  const staging = /^v0\.(\d+)\.\d+$/.exec(version);
  return staging ? `1.${staging[1]}` : null;
}
