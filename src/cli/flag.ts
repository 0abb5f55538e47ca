// netkb flag COMPONENT NAME: one component flag's life (the `flag` query), on the embedded database.
import type { KnowledgeBase } from '../kb/knowledge-base';
import type { Change, Flag } from '../kb/model';
import { formatOptionalVersion, formatVersion } from '../kb/version';
import { findFlag, flagChanges, listFlags, normalizeFlagName } from '../services/flags';
import { flagMarkdownMessage, requireChatLength } from '../services/markdown';
import { closeNames } from '../services/suggest';
import { UsageError } from './files';
import { intOption, lookupVerb } from './lookup-verb';
import { orDash, textTable } from './text-table';
import { changeJson, referenceBlocks } from './views';

const FLAG_HELP = `Usage: netkb flag COMPONENT NAME [--format table|json|markdown] [--notes N] [--max-length N]

One command-line flag of a component: what it does, when it was added, deprecated and removed, what
replaces it, its config-file field, its defaults and values over time, and the release notes about it,
newest first.
NAME may be written --conntrack-max, -conntrack-max or conntrack-max. Works on the embedded database.

Arguments:
  COMPONENT         the component, e.g. kube-proxy or kubelet (an unknown one lists those with flags)
  NAME              the flag

Options:
  --format F        table (default), json or markdown (a chat message)
  --notes N         at most N release notes, the newest (default: all)
  --max-length N    longest markdown message, 500 to 3000 (default 3000)
  -h, --help        this text

Exit codes: 0 answered, 2 bad input (unknown component or flag, with the closest names; unknown format;
missing argument).

Example:
  netkb flag kube-proxy --conntrack-max
`;

/** What the verb answers: the flag, the notes it shows (newest first, at most --notes), the markdown limit. */
interface FlagAnswer {
  flag: Flag;
  notes: Change[];
  maxLength: number;
}

function requireFlag(kb: KnowledgeBase, component: string, name: string): Flag {
  const found = findFlag(kb, component, name);
  if (found) return found;
  const components = [...new Set(kb.flags.map((f) => f.component))].sort();
  const c = component.trim().toLowerCase();
  if (!components.includes(c)) {
    const close = closeNames(c, components);
    throw new UsageError(
      `no flags of a component named "${component}"${close.length > 0 ? `; did you mean ${close.join(', ')}?` : ''} Components with flags: ${components.join(', ')}.`,
    );
  }
  const close = closeNames(
    normalizeFlagName(name),
    listFlags(kb, c).map((f) => f.name),
  );
  throw new UsageError(
    `${c} has no flag ${normalizeFlagName(name)} in the knowledge base.${close.length > 0 ? ` Did you mean ${close.join(', ')}?` : ''}`,
  );
}

function flagJson({ flag: f, notes }: FlagAnswer) {
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
    notes: f.notes,
    sources: f.sources,
  };
}

function flagTable({ flag: f, notes }: FlagAnswer): string {
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
  blocks.push(...referenceBlocks(notes, f.sources));
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
    const flag = requireFlag(kb, component, name);
    return { flag, notes: flagChanges(flag, intOption(options, 'notes'), '--notes'), maxLength };
  },
  table: flagTable,
  json: flagJson,
  markdown: (a) => flagMarkdownMessage({ ...a.flag, changes: a.notes }, a.maxLength),
});
