// SARIF 2.1.0: the pure formatter lives in src/analysis/report/sarif.ts, shared with the dashboard's download.
import { sarifReport } from '../../analysis';
import type { CheckResult, Formatter } from './types';

export const sarif: Formatter = (r: CheckResult) => sarifReport(r);
