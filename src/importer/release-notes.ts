// The release notes the importers read (gate-notes, flag-notes): each release's notes as the release team
// published them, the JSON draft's entries where there is one (1.20 on), else the markdown's bullets, each with
// the pull request it cites. The files and their commits are named in seed/generated/gate-removals-source.yaml.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { readSourceFile, SourceConfigError } from './source-file';
import { parseVersion } from '../kb/version';
import { gateRemovalsSourceSchema, type GateRemovalsSource } from '../seed/gate-removals-index';
import { jsonLinesObject } from './json-lines';

export { SourceConfigError };

/** Reads a release-notes source file (gate-removals-source.yaml); a bad one is a SourceConfigError. */
export function readReleaseNotesSource(file: string): GateRemovalsSource {
  return readSourceFile(file, gateRemovalsSourceSchema);
}

interface ReleaseNotes {
  release: string;
  /** The address of the release's notes at the commit read. */
  source: string;
  notes: Note[];
}

/**
 * One entry of a release's notes: its text, the pull request it cites, and its area labels (the JSON drafts'
 * labels, or the name the markdown groups it under).
 */
export interface Note {
  text: string;
  pr: number | null;
  areas: string[];
}

/** A release's notes: each entry's text and pull request (the JSON draft's entries, or the markdown's bullets). */
function notesOf(text: string, file: string): Note[] {
  if (file.endsWith('.json')) {
    const data = JSON.parse(text) as Record<string, { text?: unknown; pr_number?: unknown; areas?: unknown }>;
    return Object.values(data)
      .filter((n) => typeof n.text === 'string')
      .map((n) => ({
        text: n.text as string,
        pr: typeof n.pr_number === 'number' ? n.pr_number : null,
        areas: Array.isArray(n.areas) ? n.areas.filter((a): a is string => typeof a === 'string') : [],
      }));
  }
  // The markdown of 1.14-1.19 groups some notes under the name of what they are about: a heading ("#### kubelet:")
  // over unindented bullets, or a bullet holding only a name ("- kube-apiserver:") over indented ones. The name
  // is kept as the bullets' area, as the JSON drafts label theirs.
  const notes: Note[] = [];
  let headingGroup: string | null = null;
  let bulletGroup: string | null = null;
  for (const line of text.split('\n')) {
    if (/^#/.test(line)) {
      headingGroup = groupName(line.replace(/^#+\s*/, ''));
      bulletGroup = null;
      continue;
    }
    const bullet = /^(\s*)- (.*)$/.exec(line);
    if (!bullet) continue;
    const indented = bullet[1].length > 0;
    if (!indented) {
      bulletGroup = groupName(bullet[2]);
      if (bulletGroup) continue;
    }
    const group = indented ? (bulletGroup ?? headingGroup) : headingGroup;
    const pr = /\[#(\d+)\]\(https:\/\/github\.com\/kubernetes\/kubernetes\/pull\/\d+\)/.exec(line);
    notes.push({ text: line, pr: pr ? Number(pr[1]) : null, areas: group ? [group] : [] });
  }
  return notes;
}

/** The name a markdown heading or bullet stands for when it holds nothing else ("kube-proxy:", "`kubelet`"). */
function groupName(text: string): string | null {
  const m = /^`?([a-z][a-z0-9-]*)`?:?\s*$/.exec(text.trim());
  return m ? m[1] : null;
}

/** Every release the source names, in release order, with its notes read from `dir`. */
/** Events read from the notes in release order, then by the keys given (component or tool, name, event). */
export function sortByRelease<T extends { release: string }>(events: T[], keys: (e: T) => string[]): T[] {
  return events.sort((a, b) => {
    const byRelease = parseVersion(a.release) - parseVersion(b.release);
    if (byRelease !== 0) return byRelease;
    const [x, y] = [keys(a), keys(b)];
    for (let i = 0; i < x.length; i++) {
      const c = x[i].localeCompare(y[i]);
      if (c !== 0) return c;
    }
    return 0;
  });
}

/**
 * Writes an index read from the notes (`generatedBy`, the releases read, one event a line, then the flag values'
 * events when it has them) as `file` in `outDir`; answers the path written.
 */
export function writeNotesIndex(
  outDir: string,
  file: string,
  index: {
    generatedBy: string;
    releases: unknown[];
    events: unknown[];
    values?: unknown[];
    valueNotes?: unknown[];
    configValues?: unknown[];
  },
): string {
  mkdirSync(outDir, { recursive: true });
  const path = join(outDir, file);
  writeFileSync(
    path,
    jsonLinesObject([
      ['generatedBy', index.generatedBy],
      ['releases', index.releases, 'list'],
      ['events', index.events, 'list'],
      ...(index.values ? [['values', index.values, 'list'] as [string, unknown, 'list']] : []),
      ...(index.valueNotes ? [['valueNotes', index.valueNotes, 'list'] as [string, unknown, 'list']] : []),
      ...(index.configValues ? [['configValues', index.configValues, 'list'] as [string, unknown, 'list']] : []),
    ]),
  );
  return path;
}

export function readReleaseNotes(dir: string, source: GateRemovalsSource): ReleaseNotes[] {
  const releases = Object.keys(source.releases).sort((a, b) => parseVersion(a) - parseVersion(b));
  return releases.map((release) => {
    const r = source.releases[release];
    const path = join(dir, r.file);
    if (!existsSync(path)) throw new SourceConfigError(`${path}: missing (releases.${release}.file of the source)`);
    return {
      release,
      source: `${source.repository}/blob/${r.commit}/${r.path}`,
      notes: notesOf(readFileSync(path, 'utf8'), r.file),
    };
  });
}
