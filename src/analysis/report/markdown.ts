// The report as a compact chat message: a headline with the counts, then findings grouped by release,
// each with its object, line and fix. Cut at a length a chat message holds, saying how much was left out.
import type { Finding } from '../types';
import { SEVERITY_ICON } from './severity';

export interface MarkdownInput {
  from: string;
  to: string;
  documents: number;
  findings: Finding[];
  summary: { breaking: number; warning: number; info: number };
  formatVersion(v: number): string;
  /** Longest message; the rest is summarised as "and N more". */
  maxLength?: number;
  /** Where a finding is, e.g. "deploy/proxy.yaml:12"; default "line 12". */
  where?(f: Finding): string;
  /** Inputs that could not be checked (netkb check over several files): listed first, never cut. */
  errors?: { file: string; code: string; message: string; line: number; column: number }[];
}

export function reportMarkdown(r: MarkdownInput): string {
  const max = r.maxLength ?? 3500;
  const { breaking, warning, info } = r.summary;
  const head =
    `**netkb: ${r.from} → ${r.to}** (${r.documents} object${r.documents === 1 ? '' : 's'}): ` +
    `${breaking} breaking, ${warning} warning${warning === 1 ? '' : 's'}, ${info} info`;
  const errors = r.errors ?? [];
  const notChecked =
    errors.length === 0
      ? []
      : [
          `**Not checked** (${errors.length} file${errors.length === 1 ? '' : 's'}):`,
          ...errors.map((e) => `- ❌ ${e.file}:${e.line}:${e.column}: \`${e.code}\` ${e.message}`),
          '',
        ];
  if (r.findings.length === 0)
    return errors.length === 0
      ? `${head}\n\nNothing in this manifest breaks or changes on the way. ✅\n`
      : [head, '', ...notChecked, 'Nothing breaks or changes on the way in the files that were checked.', ''].join(
          '\n',
        );
  const lines: string[] = [head, '', ...notChecked];
  let current: number | null = null;
  let shown = 0;
  for (const f of r.findings) {
    const block: string[] = [];
    if (f.effectiveIn !== current) block.push(`${current === null ? '' : '\n'}**${r.formatVersion(f.effectiveIn)}**`);
    const obj = f.resource.kind
      ? `${f.resource.kind}${f.resource.name ? ` ${f.resource.namespace ? `${f.resource.namespace}/` : ''}${f.resource.name}` : ''}`
      : `document ${f.resource.documentIndex + 1}`;
    const where = r.where ? r.where(f) : `line ${f.line}`;
    block.push(
      `- ${SEVERITY_ICON[f.severity]} ${obj}, ${where}: ${f.message}${f.fix ? ` _Fix:_ ${firstSentence(f.fix)}` : ''}`,
    );
    const remaining = r.findings.length - shown - 1;
    const tail = remaining > 0 ? `\n…and ${remaining} more` : '';
    if ([...lines, ...block].join('\n').length + tail.length > max && shown > 0) {
      lines.push(`\n…and ${r.findings.length - shown} more finding${r.findings.length - shown === 1 ? '' : 's'}`);
      return lines.join('\n') + '\n';
    }
    lines.push(...block);
    current = f.effectiveIn;
    shown++;
  }
  return lines.join('\n') + '\n';
}

/** Chat messages keep the fix short; the full text is in the finding. */
function firstSentence(text: string): string {
  const m = /^(.+?[.:])(\s|$)/.exec(text);
  return m ? m[1] : text;
}
