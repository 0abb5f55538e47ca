// CSV (RFC 4180: CRLF line ends, a header row, fields with a comma, quote or line break quoted, quotes
// doubled) for spreadsheets and scripts: one row per finding. A file that could not be checked is one row
// too, severity ERROR with its code as the rule and its line and column, so a script sees it; so is a file a
// directory walk passed over as no manifest, severity SKIPPED. The column checked (the last but two) is false for
// a finding that says what netkb could not check (and for such files); the last two, since and already_at_from,
// are Finding.since and Finding.alreadyAtFrom.
import { originSuffix } from '../../analysis';
import type { CheckResult, Formatter } from './types';

const CSV_COLUMNS = [
  'file',
  'line',
  'column',
  'rule',
  'message_id',
  'severity',
  'release',
  'object',
  'message',
  'fix',
  'gateway_api_release',
  'checked',
  'since',
  'already_at_from',
] as const;

function csvField(value: string | number | null | undefined): string {
  const text = value === null || value === undefined ? '' : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export const csv: Formatter = (r: CheckResult) => {
  const rows: (string | number | null)[][] = [];
  for (const file of r.files) {
    for (const f of file.findings) {
      const object = f.resource.kind
        ? `${f.resource.kind}/${f.resource.namespace ? `${f.resource.namespace}/` : ''}${f.resource.name ?? ''}${originSuffix(f.resource)}`
        : `document ${f.resource.documentIndex + 1}`;
      rows.push([
        file.file,
        f.line,
        null,
        f.ruleId,
        f.messageId,
        f.severity,
        r.formatVersion(f.effectiveIn),
        object,
        f.message,
        f.fix,
        f.gatewayApiRelease,
        String(f.checked),
        f.since === null ? null : r.formatVersion(f.since),
        String(f.alreadyAtFrom),
      ]);
    }
    const e = file.error;
    if (e)
      rows.push([
        file.file,
        e.line,
        e.column,
        e.code,
        null,
        'ERROR',
        null,
        null,
        e.message,
        null,
        null,
        'false',
        null,
        'false',
      ]);
  }
  for (const s of r.skippedFiles ?? [])
    rows.push([
      s.file,
      s.line,
      s.column,
      s.code,
      null,
      'SKIPPED',
      null,
      null,
      s.message,
      null,
      null,
      'false',
      null,
      'false',
    ]);
  return [CSV_COLUMNS, ...rows].map((row) => `${row.map(csvField).join(',')}\r\n`).join('');
};
