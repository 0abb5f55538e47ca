// SARIF 2.1.0, so code-scanning tools show findings inline at file and line. Pure: the CLI
// (`netkb check --format sarif`) and the dashboard's download write the same document from it. A file
// that could not be checked is a tool execution notification of level "error" (SARIF 2.1.0, 3.58) with
// its location and its code as the descriptor id, and the invocation is then not successful.
import { RULES } from '../engine/rules';
import type { Finding } from '../types';

const LEVEL = { BREAKING: 'error', WARNING: 'warning', INFO: 'note' } as const;

export interface SarifInput {
  from: string;
  to: string;
  files: {
    file: string;
    findings: Finding[];
    error?: { code: string; message: string; line: number; column: number } | null;
  }[];
  formatVersion(v: number): string;
}

export function sarifReport(r: SarifInput): string {
  return (
    JSON.stringify(
      {
        $schema: 'https://json.schemastore.org/sarif-2.1.0.json',
        version: '2.1.0',
        runs: [
          {
            tool: {
              driver: {
                name: 'netkb',
                informationUri: 'https://github.com/kubernetes/kubernetes/tree/master/CHANGELOG',
                rules: RULES.map((rule) => ({
                  id: rule.id,
                  name: rule.id,
                  shortDescription: { text: rule.description },
                  fullDescription: { text: rule.description },
                })),
              },
            },
            invocations: [
              {
                executionSuccessful: r.files.every((f) => !f.error),
                toolExecutionNotifications: r.files.flatMap((file) =>
                  file.error
                    ? [
                        {
                          level: 'error',
                          descriptor: { id: file.error.code },
                          message: { text: file.error.message },
                          locations: [
                            {
                              physicalLocation: {
                                artifactLocation: { uri: file.file },
                                region: { startLine: file.error.line, startColumn: file.error.column },
                              },
                            },
                          ],
                        },
                      ]
                    : [],
                ),
              },
            ],
            results: r.files.flatMap((file) =>
              file.findings.map((f) => ({
                ruleId: f.ruleId,
                ruleIndex: RULES.findIndex((rule) => rule.id === f.ruleId),
                level: LEVEL[f.severity],
                message: {
                  text: `${f.message}${f.fix ? ` Fix: ${f.fix}` : ''} (from ${r.from} to ${r.to}: bites in ${r.formatVersion(f.effectiveIn)})`,
                },
                locations: [
                  { physicalLocation: { artifactLocation: { uri: file.file }, region: { startLine: f.line } } },
                ],
                properties: {
                  messageId: f.messageId,
                  severity: f.severity,
                  effectiveIn: r.formatVersion(f.effectiveIn),
                  path: f.path,
                  replacement: f.replacement,
                  resource: f.resource,
                  change: f.change
                    ? { version: r.formatVersion(f.change.version), prs: f.change.prs, sources: f.change.sources }
                    : null,
                },
              })),
            ),
          },
        ],
      },
      null,
      2,
    ) + '\n'
  );
}
