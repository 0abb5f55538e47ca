// The release tags of a gateway-api clone (a bare mirror is enough) in the configured range, in semver order,
// with the commit each names and that commit's date.
import { execFileSync } from 'node:child_process';
import { compareGatewayApiVersions } from '../../seed/gateway-api-index';
import { GitTree, SourceRepoError } from '../k8s-source/git-tree';
import type { GatewayApiSource } from './source-config';

export interface ReleaseTag {
  version: string;
  commit: string;
  /** The commit's committer date, as an ISO day in UTC. */
  date: string;
}

/** Opens the clone, with a message that says what is expected of it. */
export function openRepository(dir: string): GitTree {
  try {
    return new GitTree(dir);
  } catch (err) {
    if (err instanceof SourceRepoError && /not a git repository/.test(err.message))
      throw new SourceRepoError(
        `${dir}: not a git repository (clone kubernetes-sigs/gateway-api with its tags, or point at its .git folder)`,
      );
    throw err;
  }
}

/** The tags in range; `source` is any importer's tag range (Gateway API's, Envoy Gateway's). */
export function releaseTags(
  git: GitTree,
  source: Pick<GatewayApiSource, 'fromTag' | 'toTag' | 'skipTags'>,
): ReleaseTag[] {
  const skipped = new Set(source.skipTags.map((s) => s.tag));
  const out = run(git.dir, ['tag', '--list', 'v*'])
    .split('\n')
    .map((t) => t.trim())
    .filter((t) => /^v\d+\.\d+\.\d+$/.test(t) && !skipped.has(t))
    .filter((t) => compareGatewayApiVersions(t, source.fromTag) >= 0)
    .filter((t) => source.toTag === null || compareGatewayApiVersions(t, source.toTag) <= 0)
    .sort(compareGatewayApiVersions);
  if (out.length === 0)
    throw new SourceRepoError(
      `${git.dir}: no release tags vX.Y.Z from ${source.fromTag}${source.toTag ? ` to ${source.toTag}` : ''} (fetch the tags too)`,
    );
  return out.map((version) => {
    const [commit, seconds] = run(git.dir, ['show', '-s', '--format=%H %ct', `${version}^{commit}`])
      .trim()
      .split(' ');
    return { version, commit, date: new Date(Number(seconds) * 1000).toISOString().slice(0, 10) };
  });
}

function run(dir: string, args: string[]): string {
  return execFileSync('git', ['-C', dir, ...args], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
}
