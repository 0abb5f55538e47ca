// Reads files of a git repository at its release tags without a work tree (a bare mirror is enough):
// one `git ls-tree` per tag and one `git cat-file --batch` process for all the files wanted.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { formatVersion, parseVersion } from '../../kb/version';

export class SourceRepoError extends Error {
  override readonly name = 'SourceRepoError';
}

interface ReleaseRef {
  /** MAJOR.MINOR */
  release: string;
  /** The git revision read for it: a tag such as kubernetes-1.20.0, or a branch for the release in development. */
  ref: string;
  commit: string;
}

export class GitTree {
  constructor(readonly dir: string) {
    if (!existsSync(dir)) throw new SourceRepoError(`${dir}: no such folder`);
    try {
      this.git(['rev-parse', '--git-dir']);
    } catch {
      throw new SourceRepoError(
        `${dir}: not a git repository (clone kubernetes/api with its tags, or point at its .git folder)`,
      );
    }
  }

  private git(args: string[], input?: string): string {
    return execFileSync('git', ['-C', this.dir, ...args], {
      encoding: 'utf8',
      input,
      maxBuffer: 1 << 30,
      stdio: ['pipe', 'pipe', 'pipe'],
    });
  }

  /**
   * The release tags kubernetes-MAJOR.MINOR.0 at or after `from`, in order, plus `develBranch` (when it
   * exists and is not a released tag) as the next minor release.
   */
  releases(from: string, develBranch: string | null): ReleaseRef[] {
    const tags = this.git(['tag', '--list', 'kubernetes-*'])
      .split('\n')
      .map((t) => /^kubernetes-(\d+)\.(\d+)\.0$/.exec(t.trim()))
      .filter((m): m is RegExpExecArray => m !== null)
      .map((m) => ({ key: parseVersion(`${m[1]}.${m[2]}`), tag: m[0] }))
      .sort((a, b) => a.key - b.key);
    const first = parseVersion(from);
    const out: ReleaseRef[] = tags
      .filter((t) => t.key >= first)
      .map((t) => ({ release: formatVersion(t.key), ref: t.tag, commit: this.commitOf(t.tag) }));
    if (out.length === 0)
      throw new SourceRepoError(`${this.dir}: no release tags kubernetes-X.Y.0 from ${from} on (fetch the tags too)`);
    if (develBranch) {
      let commit: string | null = null;
      try {
        commit = this.commitOf(develBranch);
      } catch {
        commit = null;
      }
      const last = out[out.length - 1];
      if (commit && commit !== last.commit) {
        out.push({ release: formatVersion(parseVersion(last.release) + 1), ref: develBranch, commit });
      }
    }
    return out;
  }

  /** Every tag of the repository, as listed. */
  tags(): string[] {
    return this.git(['tag', '--list'])
      .split('\n')
      .map((t) => t.trim())
      .filter(Boolean);
  }

  commitOf(ref: string): string {
    return this.git(['rev-parse', `${ref}^{commit}`]).trim();
  }

  listFiles(ref: string): string[] {
    return this.git(['ls-tree', '-r', '--name-only', ref]).split('\n').filter(Boolean);
  }

  /** The contents of `paths` at `ref`, in one batch; a path that does not exist there is absent. */
  readFiles(ref: string, paths: string[]): Map<string, string> {
    const out = new Map<string, string>();
    if (paths.length === 0) return out;
    const raw = execFileSync('git', ['-C', this.dir, 'cat-file', '--batch'], {
      input: paths.map((p) => `${ref}:${p}`).join('\n') + '\n',
      maxBuffer: 1 << 30,
    });
    let at = 0;
    for (const p of paths) {
      const nl = raw.indexOf(10, at);
      const header = raw.subarray(at, nl).toString('utf8');
      at = nl + 1;
      if (header.endsWith(' missing')) continue;
      const size = Number(header.split(' ')[2]);
      out.set(p, raw.subarray(at, at + size).toString('utf8'));
      at += size + 1;
    }
    return out;
  }
}
