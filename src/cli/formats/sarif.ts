// SARIF 2.1.0: the pure formatter lives in src/analysis/report/sarif.ts, shared with the dashboard's
// download; the command line adds what only it knows: where the files are relative to the source root,
// netkb's version and where each rule is documented.
import { sarifReport } from '../../analysis';
import { artifactUris } from './sarif-uri';
import type { CheckResult, Formatter } from './types';

export const sarif: Formatter = (r: CheckResult, context) => {
  if (!context) return sarifReport(r);
  const { artifact, uriBaseIds } = artifactUris(context.cwd, context.sarifRoot);
  return sarifReport({
    ...r,
    artifact,
    uriBaseIds,
    toolVersion: context.toolVersion,
    helpUri: (ruleId) => new URL(`analysis.md#${ruleId}`, context.docsUrl).href,
  });
};
