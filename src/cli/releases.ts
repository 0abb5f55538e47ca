// netkb releases: the releases the knowledge base knows, with dates and how many notes each holds.
import type { KnowledgeBase } from '../kb/knowledge-base';
import { formatVersion } from '../kb/version';
import { listReleases } from '../services/catalog';
import { link } from '../services/markdown/text';
import { lookupVerb } from './lookup-verb';
import { orDash, textTable } from './text-table';

const RELEASES_HELP = `Usage: netkb releases [--format table|json|markdown]

The Kubernetes minor releases the knowledge base covers, oldest first: release and end-of-life dates,
whether the notes are preliminary (a release candidate's draft) or imported, and how many release notes
and action-required notes each has. Works on the embedded database; no server needed.

Options:
  --format F    table (default), json or markdown
  -h, --help    this text

Exit codes: 0 answered, 2 bad input (unknown format, unexpected argument).
`;

function releasesJson(kb: KnowledgeBase) {
  return listReleases(kb).map((r) => {
    const notes = kb.changes.filter((c) => c.version === r.version);
    return {
      version: formatVersion(r.version),
      releasedOn: r.releasedOn,
      endOfLifeOn: r.endOfLifeOn,
      preliminary: r.preliminary,
      imported: r.imported,
      changes: notes.length,
      actionRequired: notes.filter((c) => c.actionRequired).length,
      sources: r.sources,
    };
  });
}

type Rows = ReturnType<typeof releasesJson>;

/** The release's changelog or notes among its sources, the page a reader wants from a release. */
const changelog = (sources: string[]) => sources.find((s) => /CHANGELOG|release-notes/i.test(s));

export const runReleases = lookupVerb<Rows>({
  name: 'releases',
  help: RELEASES_HELP,
  positionals: [],
  answer: (kb) => releasesJson(kb),
  table: (rows) =>
    textTable(
      ['RELEASE', 'RELEASED', 'END OF LIFE', 'NOTES', 'ACTION REQUIRED', 'STATUS'],
      rows.map((r) => [
        r.version,
        orDash(r.releasedOn),
        orDash(r.endOfLifeOn),
        String(r.changes),
        String(r.actionRequired),
        r.preliminary ? 'preliminary' : r.imported ? 'imported' : '',
      ]),
    ) + '\n',
  json: (rows) => rows,
  markdown: (rows) =>
    [
      '| release | released | end of life | notes | action required |',
      '|---|---|---|---|---|',
      ...rows.map(
        (r) =>
          `| ${changelog(r.sources) ? link(r.version, changelog(r.sources)!) : r.version}${r.preliminary ? ' (preliminary)' : r.imported ? ' (imported)' : ''} | ${orDash(r.releasedOn)} | ${orDash(r.endOfLifeOn)} | ${r.changes} | ${r.actionRequired} |`,
      ),
    ].join('\n') + '\n',
});
