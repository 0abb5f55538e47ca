// `netkb import well-known-keys PAGE API_REPO`: reads the website's "Well-Known Labels, Annotations and Taints"
// page (PAGE, the markdown source at the commit well-known-keys-source.yaml names) and the key constants of
// kubernetes/api at every release tag (API_REPO, a clone with its tags), and writes
// seed/generated/well-known-keys.json. Facts only: the keys, the page's marks after each heading, the domains
// the page reserves, and for each constant the releases that have it and the first release whose doc comment
// calls it deprecated. No sentence of either source is kept.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { GitTree } from '../k8s-source/git-tree';
import { docSaysDeprecated } from '../k8s-source/go-source';
import { jsonLinesObject } from '../json-lines';
import { inReservedDomain } from '../../kb/key-domains';
import {
  readWellKnownKeysSourceFile,
  WELL_KNOWN_KEYS_FILE,
  type ApiKey,
  type PageKey,
  type WellKnownKeysFile,
  type WellKnownKeysSource,
} from '../../seed/well-known-keys-index';
import type { SeedProblem } from '../../seed/bundle';

export class SourceConfigError extends Error {
  override readonly name = 'SourceConfigError';
}

export function readWellKnownKeysSource(file: string): WellKnownKeysSource {
  const problems: SeedProblem[] = [];
  const source = readWellKnownKeysSourceFile(file, file, problems);
  if (!source) throw new SourceConfigError(`${file}: ${problems.map((p) => p.message).join('; ')}`);
  return source;
}

/** A key as the page or a constant writes it, with a placeholder or a trailing slash made "prefix/*". */
function keyOf(written: string): string | null {
  const prefix = /^([a-z0-9.-]+)\/(\[NAME\]|\$[a-z]+|\*)?$/.exec(written);
  if (prefix) return `${prefix[1]}/*`;
  return /^([a-z0-9.-]+\/)?[A-Za-z0-9._-]+$/.test(written) ? written : null;
}

/**
 * The page's keys: every `###` heading (the key, then the page's mark in brackets) and every key of its lists
 * of keys described elsewhere (`- [\`key\`](...)`), once each in the page's order; and the domains of its
 * sentence reserving the kubernetes.io and k8s.io namespaces.
 */
export function readPage(text: string): { reservedDomains: string[]; keys: PageKey[] } {
  const reserved = /reserves all labels and annotations in the ([a-z0-9.-]+) and ([a-z0-9.-]+) namespaces/.exec(text);
  if (!reserved)
    throw new SourceConfigError(
      'the page no longer says which namespaces Kubernetes reserves for its labels and annotations; read it again and adapt the importer',
    );
  const keys: PageKey[] = [];
  const seen = new Set<string>();
  const add = (written: string, mark: string | null) => {
    const key = keyOf(written);
    if (key === null || seen.has(key)) return;
    seen.add(key);
    keys.push({ key, mark });
  };
  for (const line of text.split('\n')) {
    const heading = /^### (\S+)(?: \(([^)]+)\))?(?: \{#[^}]*\})?\s*$/.exec(line);
    if (heading) add(heading[1], heading[2] ?? null);
    const listed = /^- \[`([^`]+)`\]\(/.exec(line);
    if (listed) add(listed[1], null);
  }
  if (keys.length === 0)
    throw new SourceConfigError('the page has no key headings; read it again and adapt the importer');
  return { reservedDomains: [reserved[1], reserved[2]], keys };
}

interface GoConstant {
  value: string;
  deprecated: boolean;
}

/**
 * The exported string constants of a Go file: `Name = "v"`, `Name string = "v"` and `Name = other + "v"`
 * (other a constant of the same file), each with whether it is called deprecated: by its doc comment (a
 * comment applies to the constants that follow it up to a blank line), a trailing `// deprecated`, or a name
 * starting with Deprecated.
 */
export function readStringConstants(go: string): GoConstant[] {
  const values = new Map<string, string>();
  const out: GoConstant[] = [];
  let doc: string[] = [];
  let inComment = false;
  for (const raw of go.split('\n')) {
    const line = raw.trim();
    if (line.startsWith('//')) {
      if (!inComment) doc = [];
      inComment = true;
      doc.push(line.replace(/^\/\/\s?/, ''));
      continue;
    }
    inComment = false;
    if (line === '') {
      doc = [];
      continue;
    }
    const m =
      /^(?:const\s+)?([A-Za-z_]\w*)(?:\s+string)?\s*=\s*(?:([A-Za-z_]\w*)\s*\+\s*)?"([^"]*)"\s*(?:\/\/\s*(.*))?$/.exec(
        line,
      );
    if (!m) continue;
    const base = m[2] === undefined ? '' : values.get(m[2]);
    if (base === undefined) continue;
    const value = base + m[3];
    values.set(m[1], value);
    if (!/^[A-Z]/.test(m[1])) continue;
    const deprecated =
      docSaysDeprecated(doc.join(' ')) || /^deprecated\b/i.test(m[4] ?? '') || m[1].startsWith('Deprecated');
    out.push({ value, deprecated });
  }
  return out;
}

/** Every key constant of the files the source names, release by release, as the first and last release and deprecation. */
function readApiKeys(
  tree: Pick<GitTree, 'listFiles' | 'readFiles'>,
  releases: { release: string; ref: string }[],
  source: WellKnownKeysSource['api'],
  reservedDomains: string[],
): ApiKey[] {
  const byKey = new Map<string, ApiKey>();
  for (const r of releases) {
    const paths = tree.listFiles(r.ref).filter((p) => Object.hasOwn(source.files, p.slice(p.lastIndexOf('/') + 1)));
    const files = tree.readFiles(r.ref, paths);
    for (const [file, text] of [...files].sort(([a], [b]) => (a < b ? -1 : 1))) {
      const type = source.files[file.slice(file.lastIndexOf('/') + 1)];
      for (const c of readStringConstants(text)) {
        const key = keyOf(c.value);
        if (key === null || !inReservedDomain(key, reservedDomains)) continue;
        const known = byKey.get(key);
        if (!known) {
          byKey.set(key, {
            key,
            type,
            file,
            from: r.release,
            through: r.release,
            deprecatedFrom: c.deprecated ? r.release : null,
          });
          continue;
        }
        known.through = r.release;
        if (c.deprecated && known.deprecatedFrom === null) known.deprecatedFrom = r.release;
      }
    }
  }
  return [...byKey.values()].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
}

export function buildWellKnownKeys(pageFile: string, apiDir: string, source: WellKnownKeysSource): WellKnownKeysFile {
  let text: string;
  try {
    text = readFileSync(pageFile, 'utf8');
  } catch {
    throw new SourceConfigError(`${pageFile}: cannot read the page`);
  }
  const page = readPage(text);
  const tree = new GitTree(apiDir);
  const releases = tree.releases(source.api.fromRelease, source.api.develBranch);
  return {
    generatedBy: 'netkb import well-known-keys',
    pageSource: `${source.page.repository}/blob/${source.page.commit}/${source.page.path}`,
    reservedDomains: page.reservedDomains,
    pageKeys: page.keys,
    apiRepository: source.api.repository,
    apiReleases: releases,
    apiKeys: readApiKeys(tree, releases, source.api, page.reservedDomains),
  };
}

/** The index as the committed file holds it: one key a line. */
function formatWellKnownKeys(index: WellKnownKeysFile): string {
  return jsonLinesObject([
    ['generatedBy', index.generatedBy],
    ['pageSource', index.pageSource],
    ['reservedDomains', index.reservedDomains],
    ['pageKeys', index.pageKeys, 'list'],
    ['apiRepository', index.apiRepository],
    ['apiReleases', index.apiReleases, 'list'],
    ['apiKeys', index.apiKeys, 'list'],
  ]);
}

export function writeWellKnownKeys(index: WellKnownKeysFile, outDir: string): string {
  mkdirSync(outDir, { recursive: true });
  const file = join(outDir, WELL_KNOWN_KEYS_FILE);
  writeFileSync(file, formatWellKnownKeys(index));
  return file;
}
