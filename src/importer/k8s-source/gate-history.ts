// `netkb import gate-history`: the feature gates' specs release by release, from copies of Kubernetes'
// pre-versioned feature files that other public repositories vendored at known Kubernetes versions (what is
// read: seed/generated/feature-gates-history-source.yaml) -> seed/generated/feature-gates-history.json.
// Kubernetes itself only versions its gate specs from 1.31 on; before that each release's kube_features.go
// says the spec at that release and nothing else, so one copy per release is read.
import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { load } from 'js-yaml';
import { z } from 'zod';
import { GitTree, SourceRepoError } from './git-tree';
import { readFeatureSpecMap, readGateConstants, releaseOfVersion, vendoredVersion } from './gate-history-source';
import type { SourceStage } from './gates-source';
import { compareVersions, parseVersion } from '../../kb/version';

const release = z.string().regex(/^\d+\.\d+$/);
const gateHistorySourceSchema = z.object({
  repositories: z.array(z.object({ name: z.string().regex(/^[\w.-]+\/[\w.-]+$/), url: z.url() })).min(1),
  /** Where each module's feature file lives under a vendor folder. */
  featureFile: z.string(),
  files: z
    .array(
      z.object({
        release,
        module: z.string(),
        version: z.string(),
        repository: z.string(),
        commit: z.string().regex(/^[0-9a-f]{40}$/),
        vendor: z.string(),
      }),
    )
    .min(1),
});
export type GateHistorySource = z.infer<typeof gateHistorySourceSchema>;

export function readGateHistorySource(file: string): GateHistorySource {
  const parsed = gateHistorySourceSchema.safeParse(load(readFileSync(file, 'utf8')));
  if (!parsed.success)
    throw new SourceRepoError(
      `${file}: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`,
    );
  return parsed.data;
}

interface State {
  stage: SourceStage;
  defaultEnabled: boolean;
  lockedToDefault: boolean;
}
interface GateHistorySpec extends State {
  /** First and last release (inclusive) of a run of releases read in a row with this spec. */
  from: string;
  to: string;
}

/**
 * Reads every file the source names from the given repositories (name -> git folder; a bare mirror is
 * enough), checks that the repository's vendoring metadata at that commit names the stated module version and
 * that it is of the stated release, and writes feature-gates-history.json into `outDir`.
 */
export function importGateHistory(
  repos: Map<string, string>,
  outDir: string,
  source: GateHistorySource,
): { written: string; releases: number; gates: number; leftOut: string[] } {
  const known = new Map(source.repositories.map((r) => [r.name, r.url]));
  const unknown = [...repos.keys()].filter((n) => !known.has(n));
  if (unknown.length > 0)
    throw new SourceRepoError(
      `unknown repository ${unknown.join(', ')}: the source names ${[...known.keys()].join(', ')}`,
    );
  const missing = [...new Set(source.files.map((f) => f.repository))].filter((n) => !repos.has(n));
  if (missing.length > 0)
    throw new SourceRepoError(`name a git folder for ${missing.join(', ')} (NAME=DIR): the source reads from it`);
  const trees = new Map<string, GitTree>();
  for (const [name, dir] of repos) {
    try {
      trees.set(name, new GitTree(dir));
    } catch (err) {
      if (!(err instanceof SourceRepoError)) throw err;
      throw new SourceRepoError(
        `${dir}: not a git repository (give a clone of ${known.get(name)}; a bare mirror is enough)`,
      );
    }
  }

  // Releases may be missing (no copy found that can be checked): the index says nothing of them.
  const releases = [...new Set(source.files.map((f) => f.release))].sort(compareVersions);
  const perRelease = new Map<string, Map<string, { state: State; file: string }>>();
  const sources: { release: string; files: { module: string; version: string; source: string }[] }[] = [];
  const leftOut: string[] = [];
  for (const rel of releases) {
    const files = source.files.filter((f) => f.release === rel);
    const read = files.map((f) => {
      const git = trees.get(f.repository)!;
      const path = `${f.vendor}/${f.module}/${source.featureFile}`;
      const root = f.vendor.replace(/vendor$/, '');
      const meta = git.readFiles(f.commit, [
        `${f.vendor}/modules.txt`,
        `${root}Gopkg.lock`,
        `${root}Godeps/Godeps.json`,
        path,
      ]);
      const where = `${f.repository}@${f.commit.slice(0, 12)}:${path}`;
      const text = meta.get(path);
      if (text === undefined) throw new SourceRepoError(`${where}: no such file at that commit`);
      const vendored = vendoredVersion(f.module, dirname(source.featureFile), {
        modulesTxt: meta.get(`${f.vendor}/modules.txt`),
        gopkgLock: meta.get(`${root}Gopkg.lock`),
        godepsJson: meta.get(`${root}Godeps/Godeps.json`),
      });
      if (vendored !== f.version)
        throw new SourceRepoError(
          `${where}: the source says ${f.module} ${f.version}, the repository's vendoring metadata says ${vendored ?? 'nothing checkable'} for ${f.module}/${dirname(source.featureFile)}`,
        );
      if (releaseOfVersion(f.version) !== rel)
        throw new SourceRepoError(`${where}: ${f.module} ${f.version} is not a ${rel} version`);
      return { f, text, url: `${known.get(f.repository)}/blob/${f.commit}/${path}` };
    });
    // Constants of every file of the release: kube_features.go relists apiserver gates as genericfeatures.X.
    const constants = new Map<string, string>();
    for (const r of read) for (const [k, v] of readGateConstants(r.text)) constants.set(k, v);
    const gates = new Map<string, { state: State; file: string }>();
    for (const r of read) {
      const { gates: specs, unresolved } = readFeatureSpecMap(r.text, constants, r.url);
      leftOut.push(...unresolved.map((u) => `${rel} ${r.f.module}: ${u}`));
      for (const { name, ...state } of specs) {
        const before = gates.get(name);
        // Kubernetes refuses at start-up a gate added twice with different specs: two files that disagree
        // cannot be of one release.
        if (before && JSON.stringify(before.state) !== JSON.stringify(state))
          throw new SourceRepoError(
            `${name}: ${before.file} and ${r.url} give different specs for ${rel}; pick files of the same release`,
          );
        if (!before) gates.set(name, { state, file: r.url });
      }
    }
    perRelease.set(rel, gates);
    sources.push({
      release: rel,
      files: read.map((r) => ({ module: r.f.module, version: r.f.version, source: r.url })),
    });
  }

  const names = [...new Set([...perRelease.values()].flatMap((g) => [...g.keys()]))].sort((a, b) => a.localeCompare(b));
  const featureGates = names.map((name) => {
    const specs: GateHistorySpec[] = [];
    releases.forEach((rel) => {
      const s = perRelease.get(rel)!.get(name)?.state;
      if (!s) return;
      const last = specs[specs.length - 1];
      if (
        last &&
        parseVersion(last.to) + 1 === parseVersion(rel) &&
        last.stage === s.stage &&
        last.defaultEnabled === s.defaultEnabled &&
        last.lockedToDefault === s.lockedToDefault
      )
        last.to = rel;
      else specs.push({ from: rel, to: rel, ...s });
    });
    return { name, specs };
  });

  mkdirSync(outDir, { recursive: true });
  const file = join(outDir, 'feature-gates-history.json');
  const lines = (xs: unknown[]) =>
    xs.length === 0 ? '[]' : `[\n${xs.map((x) => `    ${JSON.stringify(x)}`).join(',\n')}\n  ]`;
  writeFileSync(
    file,
    `{\n  "generatedBy": "netkb import gate-history",\n  "releases": ${lines(sources)},\n` +
      `  "featureGates": ${lines(featureGates)},\n  "leftOut": ${lines(leftOut)}\n}\n`,
  );
  return { written: file, releases: releases.length, gates: featureGates.length, leftOut };
}
