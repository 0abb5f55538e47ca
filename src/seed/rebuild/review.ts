// A proposal as a reviewer works through it: a markdown review list (one checkbox per change, each with
// its evidence and doubts, grouped by seed file) and, per seed file, the YAML to add: new records in full
// (with what no source gives left empty, which the loader refuses until a person fills it in), changed
// records as their keys and the changed fields only, and the release's notes as a changes file whose
// summaries are still to be written in our words (upstream's text beside each, as a comment).
import { Document, isScalar, visit } from 'yaml';
import type { ReleaseProposal, Target, Evidence, ChangeProposal } from './types';

interface ReviewFiles {
  /** The review list (README.md of the output folder). */
  review: string;
  /** Seed path (seed/changes/1.38.yaml) -> the YAML to add or merge there. */
  snippets: Map<string, string>;
}

type Item = {
  title: string;
  target: Target;
  evidence: Evidence[];
  doubts: string[];
  yaml: Record<string, unknown> | null;
};

export function renderReview(p: ReleaseProposal, opts: { command: string }): ReviewFiles {
  const snippets = new Map<string, string[]>();
  const add = (file: string, text: string) => snippets.set(file, [...(snippets.get(file) ?? []), text]);
  const lines: string[] = [
    `# Kubernetes ${p.release}: what its sources add to the seed`,
    '',
    `Proposed by \`${opts.command}\`, following ${p.previous}. Nothing here is in seed/ yet. Check each item against`,
    'its source, settle its doubts, write summaries in our own words (seed/README.md), merge the YAML of the',
    'files beside this list into seed/, then run `npm run seed:check` and `npm test`.',
    '',
  ];
  if (p.notices.length > 0) lines.push('## Read first', '', ...p.notices.map((n) => `- ${n}`), '');

  lines.push(
    '## The release: seed/releases.yaml',
    '',
    `- [ ] add release ${p.release}: its date (releasedOn) from the release announcement`,
    '',
  );
  add(
    'seed/releases.yaml',
    block([`Release ${p.release}: fill in releasedOn (and endOfLifeOn when scheduled).`], [p.releaseRecord]),
  );

  const sections: [string, Item[]][] = [
    [
      'Feature gates',
      p.gates.map((g) => ({
        title: g.removed
          ? `\`${g.gate}\`: removed in ${p.release}`
          : g.isNew
            ? `\`${g.gate}\`: new record${g.stage ? `, ${stageText(g.stage)} from ${p.release}` : ''}`
            : `\`${g.gate}\`: ${stageText(g.stage!)} from ${p.release}`,
        target: g.target,
        evidence: g.evidence,
        doubts: g.doubts,
        yaml: g.isNew
          ? g.record
          : { name: g.gate, lifecycle: g.record.lifecycle, ...(g.removed ? { removedIn: p.release } : {}) },
      })),
    ],
    [
      'API versions',
      p.apiVersions.map((a) => ({
        title: `\`${a.apiVersion} ${a.kind}\`: ${a.field} ${p.release}`,
        target: a.target,
        evidence: a.evidence,
        doubts: a.doubts,
        yaml: { apiVersion: a.apiVersion, kind: a.kind, [a.field]: p.release },
      })),
    ],
    [
      'API fields',
      p.apiFields.map((f) => ({
        title: `\`${f.kind} ${f.path}\`: ${f.field} ${p.release}`,
        target: f.target,
        evidence: f.evidence,
        doubts: f.doubts,
        yaml: f.target.line === null ? f.record : { kind: f.kind, path: f.path, [f.field]: p.release },
      })),
    ],
    [
      'Flags',
      p.flags.map((f) => ({
        title: `\`${f.component || '?'} ${f.flag}\`: ${f.field} ${p.release}`,
        target: f.target,
        evidence: f.evidence,
        doubts: f.doubts,
        yaml: f.target.line === null ? f.record : { component: f.component, name: f.flag, [f.field]: p.release },
      })),
    ],
  ];
  for (const [name, items] of sections) {
    lines.push(`## ${name} (${items.length})`, '');
    if (items.length === 0) lines.push('Nothing proposed.', '');
    const byHand = items.filter((i) => !i.target.byLoader);
    const byLoader = items.filter((i) => i.target.byLoader);
    for (const [file, group] of groupBy(byHand, (i) => i.target.file)) {
      lines.push(`### ${file}`, '');
      for (const i of group) {
        lines.push(...itemLines(i));
        if (i.yaml)
          add(
            file,
            block(
              [
                `${i.title.replace(/`/g, '')}${i.target.line ? `: the record at line ${i.target.line}, its changed fields` : ': a new record'}`,
                ...i.evidence.map((e) => `${e.source}: ${e.says}`),
              ],
              [i.yaml],
            ),
          );
      }
      lines.push('');
    }
    if (byLoader.length > 0) {
      lines.push(
        `### Stated by the loader from the index once ${p.release} is in releases.yaml (nothing to write; check)`,
        '',
      );
      for (const i of byLoader) lines.push(...itemLines(i));
      lines.push('');
    }
  }

  lines.push(
    `## Release notes: seed/changes/${p.release}.yaml (${p.changes.length})`,
    '',
    "Upstream's words are in the comments of the proposed file: write each summary in ours, check the kind",
    '(seed/README.md, "changes"), the subjects and the components, and leave out what is not user-facing.',
    '',
  );
  for (const c of p.changes)
    lines.push(
      `- [ ] #${c.id} ${c.kind}${c.actionRequired ? ' (action required)' : ''}${c.subjects.length > 0 ? `: ${c.subjects.join(', ')}` : ''}${c.unlinked.length > 0 ? `; not linked: ${c.unlinked.join(', ')}` : ''}`,
    );
  lines.push('');
  add(`seed/changes/${p.release}.yaml`, changesFile(p));

  return {
    review: `${lines.join('\n')}\n`,
    snippets: new Map([...snippets].map(([f, parts]) => [f, parts.join('\n')])),
  };
}

const stageText = (s: { stage: string; defaultEnabled: boolean; lockedToDefault?: boolean | null }) =>
  `${s.stage} ${s.defaultEnabled ? 'on' : 'off'} by default${s.lockedToDefault ? ', locked' : ''}`;

function itemLines(i: Item): string[] {
  return [
    `- [ ] ${i.title}${i.target.line ? ` (line ${i.target.line})` : ''}`,
    ...i.evidence.map((e) => `  - source: ${e.source}: ${e.says}`),
    ...i.doubts.map((d) => `  - doubt: ${d}`),
  ];
}

function groupBy<T>(items: T[], key: (t: T) => string): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const i of items) out.set(key(i), [...(out.get(key(i)) ?? []), i]);
  return out;
}

/** YAML of `value` with null fields left out and lists of plain values on one line, as the seed writes them. */
export function toYaml(value: unknown): string {
  const doc = new Document(prune(value));
  visit(doc, {
    Seq(_, node) {
      if (node.items.every((x) => isScalar(x))) node.flow = true;
    },
  });
  return doc.toString({ lineWidth: 0, flowCollectionPadding: false });
}

function prune(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(prune);
  if (value && typeof value === 'object')
    return Object.fromEntries(
      Object.entries(value)
        .filter(([, v]) => v !== null && v !== undefined)
        .map(([k, v]) => [k, prune(v)]),
    );
  return value;
}

const comment = (text: string) => wrap(text, 110).map((l) => `# ${l}`);

function wrap(text: string, width: number): string[] {
  const out: string[] = [];
  for (const para of text.split(/\n+/)) {
    let line = '';
    for (const word of para.split(/\s+/).filter(Boolean)) {
      if (line && line.length + word.length + 1 > width) {
        out.push(line);
        line = word;
      } else line = line ? `${line} ${word}` : word;
    }
    if (line) out.push(line);
  }
  return out;
}

/** A list item of a seed file with comments above it. */
function block(comments: string[], items: unknown[]): string {
  return [...comments.flatMap(comment), toYaml(items).trimEnd(), ''].join('\n');
}

function changesFile(p: ReleaseProposal): string {
  const head = [
    ...comment(
      `Kubernetes ${p.release}: the release's note entries, proposed by netkb release propose. Each summary is still to be written in our own words (the loader refuses an empty one); upstream's text is in the comment above each entry. Delete the comments once written.`,
    ),
    toYaml({
      version: p.release,
      ...(p.releaseRecord.sources[0] ? { source: p.releaseRecord.sources[0] } : {}),
    }).trimEnd(),
    'changes:',
  ];
  const entries = p.changes.map((c) => {
    const item = toYaml([changeRecord(c)])
      .trimEnd()
      .split('\n')
      .map((l) => `  ${l}`);
    return [
      ...comment(`upstream: ${c.text}`).map((l) => `  ${l}`),
      ...(c.unlinked.length > 0
        ? comment(`not linked (no record yet): ${c.unlinked.join('; ')}`).map((l) => `  ${l}`)
        : []),
      ...item,
    ].join('\n');
  });
  return `${[...head, ...entries].join('\n')}\n`;
}

function changeRecord(c: ChangeProposal) {
  return {
    ...(c.prs.length === 0 ? { id: c.id } : {}),
    prs: c.prs.length > 0 ? c.prs : undefined,
    kind: c.kind,
    actionRequired: c.actionRequired || undefined,
    summary: '',
    sigs: c.sigs,
    authors: c.authors.length > 0 ? c.authors : undefined,
    components: c.components.length > 0 ? c.components : undefined,
    subjects: c.subjects.length > 0 ? c.subjects : undefined,
    sources: c.sources,
  };
}
