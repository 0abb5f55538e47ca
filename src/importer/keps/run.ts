// `netkb import keps`: reads every kep.yaml of a kubernetes/enhancements clone (at a ref) or of a folder of
// its files (at a commit the caller names) and writes seed/generated/keps.json, one KEP per line.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { GitTree, SourceRepoError } from '../k8s-source/git-tree';
import { readSourceFile } from '../source-file';
import { KEPS_INDEX_FILE, kepsSourceSchema, type KepIndexFile, type KepsSource } from '../../seed/kep-index';
import { readKep } from './read-kep';
import { jsonLinesObject } from '../json-lines';

/** seed/generated/keps-source.yaml: the repository and the folder read. */
export function readKepsSource(file: string): KepsSource {
  return readSourceFile(file, kepsSourceSchema);
}

interface KepFile {
  /** The path in the repository, such as keps/sig-network/3705-cloud-node-ips/kep.yaml. */
  path: string;
  text: string;
}

interface KepsRead {
  commit: string;
  files: KepFile[];
}

const isKepFile = (path: string) => path === 'kep.yaml' || path.endsWith('/kep.yaml');

/** The kep.yaml files under the source's folder of a clone (a bare mirror is enough) at `ref`. */
export function readKepsFromGit(dir: string, ref: string, source: KepsSource): KepsRead {
  let git: GitTree;
  try {
    git = new GitTree(dir);
  } catch (err) {
    if (err instanceof SourceRepoError && /not a git repository/.test(err.message))
      throw new SourceRepoError(
        `${dir}: not a git repository (clone kubernetes/enhancements, or name a folder of its kep.yaml files with --commit)`,
      );
    throw err;
  }
  // Inside a work tree, git lists files from the folder it runs in: a subfolder of another repository
  // (a copy of keps/ in a project, say) would pass for the clone.
  const prefix = execFileSync('git', ['-C', dir, 'rev-parse', '--show-prefix'], { encoding: 'utf8' }).trim();
  if (prefix !== '')
    throw new SourceRepoError(
      `${dir}: a folder inside a git repository (${prefix}), not a clone's root: name the clone, or give --commit to read the folder as it is`,
    );
  let commit: string;
  try {
    commit = git.commitOf(ref);
  } catch {
    throw new SourceRepoError(`${dir}: no commit ${ref}`);
  }
  const paths = git.listFiles(commit).filter((p) => p.startsWith(`${source.dir}/`) && isKepFile(p));
  if (paths.length === 0) throw new SourceRepoError(`${dir}: no ${source.dir}/**/kep.yaml at ${ref}`);
  const texts = git.readFiles(commit, paths);
  return { commit, files: paths.map((path) => ({ path, text: texts.get(path) ?? '' })) };
}

/**
 * The kep.yaml files of a folder that holds the repository's files as they are at `commit`: either the
 * repository's root (with the source's folder, keps/, in it) or that folder itself.
 */
export function readKepsFromFolder(dir: string, commit: string, source: KepsSource): KepsRead {
  if (!/^[0-9a-f]{40}$/.test(commit))
    throw new SourceRepoError(`--commit ${commit}: name the full commit (40 hex digits) the files were read at`);
  if (!existsSync(dir) || !statSync(dir).isDirectory()) throw new SourceRepoError(`${dir}: no such folder`);
  const root = existsSync(join(dir, source.dir)) ? join(dir, source.dir) : dir;
  const found: string[] = [];
  const walk = (at: string) => {
    for (const e of readdirSync(at, { withFileTypes: true })) {
      if (e.isDirectory()) walk(join(at, e.name));
      else if (e.name === 'kep.yaml') found.push(join(at, e.name));
    }
  };
  walk(root);
  if (found.length === 0) throw new SourceRepoError(`${dir}: no kep.yaml files`);
  return {
    commit,
    files: found.map((f) => ({
      path: `${source.dir}/${relative(root, f).split(sep).join('/')}`,
      text: readFileSync(f, 'utf8'),
    })),
  };
}

/** The index of the files read: KEPs ordered by number, then path; files left out ordered by path. */
export function buildKepIndex(read: KepsRead, source: KepsSource): KepIndexFile {
  const byPath = (a: { path: string }, b: { path: string }) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0);
  const keps: KepIndexFile['keps'] = [];
  const skipped: KepIndexFile['skipped'] = [];
  for (const f of [...read.files].sort(byPath)) {
    const r = readKep(f.path, f.text);
    if ('entry' in r) keps.push(r.entry);
    else skipped.push({ path: f.path, reason: r.skipped });
  }
  keps.sort((a, b) => a.number - b.number || byPath(a, b));
  return { generatedBy: 'netkb import keps', repository: source.repository, commit: read.commit, skipped, keps };
}

/** JSON with one KEP (and one file left out) per line: a new KEP or a changed one reads as a one-line diff. */
export function formatKepIndex(index: KepIndexFile): string {
  return jsonLinesObject([
    ['generatedBy', index.generatedBy],
    ['repository', index.repository],
    ['commit', index.commit],
    ['skipped', index.skipped, 'list'],
    ['keps', index.keps, 'list'],
  ]);
}

export function writeKepIndex(index: KepIndexFile, outDir: string): string {
  mkdirSync(outDir, { recursive: true });
  const file = join(outDir, KEPS_INDEX_FILE);
  writeFileSync(file, formatKepIndex(index));
  return file;
}
