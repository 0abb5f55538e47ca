// netkb gate NAME: a feature gate's whole life (the `featureGate` query), on the embedded database.
import type { KnowledgeBase } from '../kb/knowledge-base';
import type { FeatureGate } from '../kb/model';
import { formatOptionalVersion, formatVersion } from '../kb/version';
import { ErrorCode, NetkbError } from '../errors';
import { requireFeatureGate } from '../services/feature-gates';
import { featureGateMarkdown, requireChatLength } from '../services/markdown';
import { stateText } from '../services/markdown/gate-state-text';
import { intOption, lookupVerb } from './lookup-verb';
import { orDash, textTable } from './text-table';
import { changeJson, referenceBlocks } from './views';

const GATE_HELP = `Usage: netkb gate NAME [--format table|json|markdown] [--max-length N]

A feature gate's whole life: what it switches, its stages (alpha, beta, GA, deprecated) with their
releases and defaults, its removal, the fields it guards, the release notes about it and its sources.
The name is case-insensitive. Works on the embedded database; no server needed.

Options:
  --format F        table (default), json or markdown (the chat message of the API's FeatureGate.markdown)
  --max-length N    longest markdown message, 500 to 3000 (default 3000)
  -h, --help        this text

Exit codes: 0 answered, 2 bad input (unknown gate, with the closest names; unknown format; missing NAME).

Example:
  netkb gate NFTablesProxyMode --format markdown
`;

/** The gate, or the service's NOT_FOUND with the closest names; with none close, where else to look. */
function requireGate(kb: KnowledgeBase, name: string): FeatureGate {
  try {
    return requireFeatureGate(kb, name);
  } catch (err) {
    const none = err instanceof NetkbError && (err.details.suggestions as string[] | undefined)?.length === 0;
    if (none && err.code === ErrorCode.NOT_FOUND)
      throw new NetkbError(
        err.code,
        `${err.message} netkb search TEXT finds gates by words of their summary.`,
        err.facts(),
      );
    throw err;
  }
}

function gateJson(g: FeatureGate) {
  return {
    name: g.name,
    summary: g.summary,
    sigs: g.sigs,
    components: g.components,
    kep: g.kep,
    lifecycle: g.lifecycle.map((s) => ({
      stage: s.stage,
      defaultEnabled: s.defaultEnabled,
      lockedToDefault: s.lockedToDefault,
      since: formatVersion(s.since),
      until: formatOptionalVersion(s.until),
    })),
    removedIn: formatOptionalVersion(g.removedIn),
    fields: g.fields.map((f) => ({ kind: f.kind, path: f.path })),
    changes: g.changes.map(changeJson),
    notes: g.notes,
    sources: g.sources,
  };
}

function gateTable({ gate: g }: { gate: FeatureGate }): string {
  const blocks = [
    [
      `${g.name}: ${g.summary}`,
      `components: ${g.components.join(', ') || '-'}; SIGs: ${g.sigs.join(', ') || '-'}; KEP: ${orDash(g.kep)}; removed in: ${orDash(formatOptionalVersion(g.removedIn))}`,
    ].join('\n'),
    textTable(
      ['STAGE', 'SINCE', 'UNTIL', 'DEFAULT'],
      g.lifecycle.map((s) => [
        s.stage,
        formatVersion(s.since),
        orDash(formatOptionalVersion(s.until)),
        stateText(s).replace(/^[^,]+, /, ''),
      ]),
    ),
  ];
  if (g.fields.length > 0)
    blocks.push(
      `Guards\n${textTable(
        ['KIND', 'FIELD'],
        g.fields.map((f) => [f.kind, f.path]),
      )}`,
    );
  blocks.push(...referenceBlocks(g.changes, g.sources));
  return blocks.join('\n\n') + '\n';
}

export const runGate = lookupVerb<{ gate: FeatureGate; maxLength: number }>({
  name: 'gate',
  help: GATE_HELP,
  positionals: ['NAME'],
  options: { 'max-length': { type: 'string' } },
  answer: (kb, [name], options) => {
    const maxLength = requireChatLength(intOption(options, 'max-length'));
    return { gate: requireGate(kb, name), maxLength };
  },
  table: gateTable,
  json: (a) => gateJson(a.gate),
  markdown: (a) => featureGateMarkdown(a.gate, a.maxLength),
});
