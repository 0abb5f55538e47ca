// The one vocabulary of severities: how each is named and marked wherever a finding is shown. The markdown
// every report renderer writes (the CLI's, the API's chat answers) marks it with a coloured icon; the dashboard,
// where colour already tells them apart, with a symbol that does not need colour, and its word.
import type { Severity } from '../types';

export const SEVERITY_TERMS: Readonly<Record<Severity, { icon: string; symbol: string; word: string }>> = {
  BREAKING: { icon: '🔴', symbol: '✖', word: 'breaking' },
  WARNING: { icon: '🟠', symbol: '▲', word: 'warning' },
  INFO: { icon: '🔵', symbol: 'ℹ', word: 'info' },
};
