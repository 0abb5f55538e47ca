// SARIF 2.1.0: the pure formatter lives in src/analysis/report/sarif.ts, shared with the dashboard's
// download; the command line adds what only it knows: where the files are relative to the source root,
// netkb's version and where each rule is documented.
import { jsonPieces, sarifDocument } from '../../analysis';
import { artifactUris } from './sarif-uri';
import type { CheckResult, Formatter } from './types';

/** The document as sarifReport writes it, in pieces: one result a piece (runs[0].results[i] is at depth 4). */
export const sarif: Formatter = function* (r: CheckResult, context) {
  if (!context) yield* jsonPieces(sarifDocument(r), 4);
  else {
    const { artifact, uriBaseIds } = artifactUris(context.cwd, context.sarifRoot);
    yield* jsonPieces(
      sarifDocument({
        ...r,
        artifact,
        uriBaseIds,
        toolVersion: context.toolVersion,
        helpUri: (ruleId) => new URL(`analysis.md#${ruleId}`, context.docsUrl).href,
      }),
      4,
    );
  }
  yield '\n';
};
