// How a severity is shown in the markdown every report renderer writes (the CLI's, the API's chat answers):
// one mark per severity, so a finding looks the same wherever it is read.
import type { Severity } from '../types';

export const SEVERITY_ICON: Readonly<Record<Severity, string>> = { BREAKING: '🔴', WARNING: '🟠', INFO: '🔵' };
