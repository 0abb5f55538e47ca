// netkb flag COMPONENT NAME: one component flag's life (the `flag` query), on the embedded database.
import type { Change, Flag } from '../kb/model';
import { formatOptionalVersion, formatVersion } from '../kb/version';
import { flagChanges, lookupFlag } from '../services/flags';
import { flagMarkdownMessage, requireChatLength } from '../services/markdown';
import { intOption, lookupVerb } from './lookup-verb';
import { orDash, textTable } from './text-table';
import { changeJson, referenceBlocks } from './views';

const FLAG_HELP = `Usage: netkb flag COMPONENT NAME [--format table|json|markdown] [--notes N|all] [--max-length N]

One command-line flag of a component: what it does, when it was added, deprecated and removed, what
replaces it, its config-file field, its defaults and values over time, and the release notes about it,
newest first.
NAME may be written --conntrack-max, -conntrack-max or conntrack-max. Works on the embedded database.

Arguments:
  COMPONENT         the component, e.g. kube-proxy or kubelet (an unknown one is refused with the closest names)
  NAME              the flag

Options:
  --format F        table (default), json or markdown (a chat message)
  --notes N         the N newest release notes, 1 to 100 (default 10); a line counts the older ones
  --notes all       every release note
  --max-length N    longest markdown message, 500 to 3000 (default 3000)
  -h, --help        this text

Exit codes: 0 answered, 2 bad input (unknown component or flag, with the closest names; unknown format;
missing argument).

Example:
  netkb flag kube-proxy --conntrack-max
`;

/** Release notes a flag shows without --notes: enough for the last few releases (--proxy-mode has 91). */
const NOTES_SHOWN = 10;

/**
 * What the verb answers: the flag, the notes it shows (newest first, at most --notes), how many older ones it
 * leaves out, the markdown limit.
 */
interface FlagAnswer {
  flag: Flag;
  notes: Change[];
  older: number;
  maxLength: number;
}

/** --notes: a number (checked as the API's Flag.changes(first:) is), all, or NOTES_SHOWN when not given. */
function notesOption(options: Parameters<typeof intOption>[0]): number | undefined {
  if (options.notes === 'all') return undefined;
  return intOption(options, 'notes') ?? NOTES_SHOWN;
}

function flagJson({ flag: f, notes, older }: FlagAnswer) {
  const v = formatOptionalVersion;
  return {
    component: f.component,
    name: f.name,
    summary: f.summary,
    introducedIn: v(f.introducedIn),
    deprecatedIn: v(f.deprecatedIn),
    removedIn: v(f.removedIn),
    replacements: f.replacements,
    configField: f.configField,
    defaults: f.defaults.map((d) => ({ value: d.value, since: formatVersion(d.since) })),
    values: f.values.map((x) => ({
      value: x.value,
      introducedIn: v(x.introducedIn),
      deprecatedIn: v(x.deprecatedIn),
      removedIn: v(x.removedIn),
      replacement: x.replacement,
    })),
    changes: notes.map(changeJson),
    olderChanges: older,
    notes: f.notes,
    sources: f.sources,
  };
}

function flagTable({ flag: f, notes, older }: FlagAnswer): string {
  const v = (x: number | null) => orDash(formatOptionalVersion(x));
  const blocks = [
    [
      `${f.component} ${f.name}: ${f.summary}`,
      `introduced in: ${v(f.introducedIn)}; deprecated in: ${v(f.deprecatedIn)}; removed in: ${v(f.removedIn)}`,
      `replacements: ${f.replacements.join(' ') || '-'}; config field: ${orDash(f.configField)}`,
    ].join('\n'),
  ];
  if (f.defaults.length > 0)
    blocks.push(
      `Defaults\n${textTable(
        ['SINCE', 'DEFAULT'],
        f.defaults.map((d) => [formatVersion(d.since), d.value]),
      )}`,
    );
  if (f.values.length > 0)
    blocks.push(
      `Values\n${textTable(
        ['VALUE', 'ADDED', 'DEPRECATED', 'REMOVED', 'REPLACEMENT'],
        f.values.map((x) => [x.value, v(x.introducedIn), v(x.deprecatedIn), v(x.removedIn), orDash(x.replacement)]),
      )}`,
    );
  blocks.push(...referenceBlocks(notes, f.sources, older));
  return blocks.join('\n\n') + '\n';
}

export const runFlag = lookupVerb<FlagAnswer>({
  name: 'flag',
  help: FLAG_HELP,
  positionals: ['COMPONENT', 'NAME'],
  dashedPositionals: true,
  options: { 'max-length': { type: 'string' }, notes: { type: 'string' } },
  answer: (kb, [component, name], options) => {
    const maxLength = requireChatLength(intOption(options, 'max-length'));
    const flag = lookupFlag(kb, component, name);
    const notes = flagChanges(flag, notesOption(options), '--notes');
    return { flag, notes, older: flag.changes.length - notes.length, maxLength };
  },
  table: flagTable,
  json: flagJson,
  markdown: (a) => flagMarkdownMessage(a.flag, a.maxLength, a.notes.length),
});
