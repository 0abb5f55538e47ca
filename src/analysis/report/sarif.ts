// SARIF 2.1.0, so code-scanning tools show findings inline at file and line. Pure: the CLI
// (`netkb check --format sarif`) and the dashboard's download write the same document from it. A file
// that could not be checked is a tool execution notification of level "error" (SARIF 2.1.0, 3.58) with
// its location and its code as the descriptor id, and the invocation is then not successful; a file a
// directory walk passed over as no manifest is a notification of level "note", which leaves it successful.
// Where files are and where the rules are documented is the caller's to say (the CLI: URIs relative to
// a source root, docs URL); without it, a location is the file name as given.
import { RULES } from '../engine/rules';
import type { Coverage } from '../engine/analyze';
import { alreadyText } from './already';
import { coverageOfFiles, coverageText } from './coverage';
import type { Finding, Rule } from '../types';

const LEVEL = { BREAKING: 'error', WARNING: 'warning', INFO: 'note' } as const;

export interface SarifInput {
  from: string;
  to: string;
  files: {
    file: string;
    findings: Finding[];
    /** What the file's report covered; none for a file that could not be checked. */
    coverage?: Coverage | null;
    error?: { code: string; message: string; line: number; column: number } | null;
  }[];
  /** Files a directory walk passed over as no manifest (netkb check). */
  skippedFiles?: { file: string; code: string; message: string; line: number; column: number }[];
  formatVersion(v: number): string;
  /** A file's artifactLocation (3.4): a URI reference, relative to a base of `uriBaseIds` when uriBaseId is set. */
  artifact?(file: string): { uri: string; uriBaseId?: string };
  /** run.originalUriBaseIds (3.14.14): each base id's absolute URI, ending in "/". */
  uriBaseIds?: Record<string, { uri: string }>;
  /** tool.driver.version. */
  toolVersion?: string;
  /** The page documenting a rule (reportingDescriptor.helpUri). */
  helpUri?(ruleId: string): string;
}

/** A rule's help (3.49.13): its registry description and message templates, and where it is documented. */
function ruleHelp(rule: Rule, helpUri: string | undefined): { text: string; markdown: string } {
  const messages = Object.entries(rule.messages);
  const docs = helpUri ? `\n\nDocumentation: ${helpUri}` : '';
  return {
    text: `${rule.description}\n\nMessages:\n${messages.map(([id, m]) => `- ${id}: ${m}`).join('\n')}${docs}`,
    markdown:
      `**${rule.id}**: ${rule.description}\n\nMessages:\n${messages.map(([id, m]) => `- \`${id}\`: ${m}`).join('\n')}` +
      (helpUri ? `\n\n[Documentation of \`${rule.id}\`](${helpUri})` : ''),
  };
}

/** A tool execution notification (3.58) about a file as a whole: its code, message and where it shows. */
function notification(
  level: 'error' | 'note',
  location: { uri: string; uriBaseId?: string },
  at: { code: string; message: string; line: number; column: number },
) {
  return {
    level,
    descriptor: { id: at.code },
    message: { text: at.message },
    locations: [
      {
        physicalLocation: {
          artifactLocation: location,
          region: { startLine: at.line, startColumn: at.column },
        },
      },
    ],
  };
}

/** The SARIF document as text. */
export function sarifReport(r: SarifInput): string {
  return JSON.stringify(sarifDocument(r), null, 2) + '\n';
}

/** The SARIF document (the command line writes it in pieces: jsonPieces). */
export function sarifDocument(r: SarifInput) {
  const artifact = r.artifact ?? ((file: string) => ({ uri: file }));
  const coverage = coverageOfFiles(r.files);
  return {
    $schema: 'https://json.schemastore.org/sarif-2.1.0.json',
    version: '2.1.0',
    runs: [
      {
        tool: {
          driver: {
            name: 'netkb',
            ...(r.toolVersion ? { version: r.toolVersion } : {}),
            informationUri: 'https://github.com/kubernetes/kubernetes/tree/master/CHANGELOG',
            rules: RULES.map((rule) => {
              const helpUri = r.helpUri?.(rule.id);
              return {
                id: rule.id,
                name: rule.id,
                shortDescription: { text: rule.description },
                fullDescription: { text: rule.description },
                ...(helpUri ? { helpUri } : {}),
                help: ruleHelp(rule, helpUri),
              };
            }),
          },
        },
        ...(r.uriBaseIds ? { originalUriBaseIds: r.uriBaseIds } : {}),
        // What the run covered (a property bag, 3.8): the objects read and the kinds netkb could not check at all.
        ...(coverage ? { properties: { coverage: { ...coverage, text: coverageText(coverage) } } } : {}),
        invocations: [
          {
            executionSuccessful: r.files.every((f) => !f.error),
            toolExecutionNotifications: [
              ...r.files.flatMap((file) =>
                file.error ? [notification('error', artifact(file.file), file.error)] : [],
              ),
              ...(r.skippedFiles ?? []).map((s) => notification('note', artifact(s.file), s)),
            ],
          },
        ],
        results: r.files.flatMap((file) =>
          file.findings.map((f) => ({
            ruleId: f.ruleId,
            ruleIndex: RULES.findIndex((rule) => rule.id === f.ruleId),
            level: LEVEL[f.severity],
            message: {
              text: `${f.message}${f.fix ? ` Fix: ${f.fix}` : ''} (from ${r.from} to ${r.to}: bites in ${r.formatVersion(f.effectiveIn)}${f.gatewayApiRelease ? ` with Gateway API ${f.gatewayApiRelease}` : ''}${f.alreadyAtFrom ? `, ${alreadyText(f, r.formatVersion)}` : ''})`,
            },
            // 3.27.24: what the cluster has already at `from` is "unchanged" since the run of the hop before.
            baselineState: f.alreadyAtFrom ? 'unchanged' : 'new',
            locations: [{ physicalLocation: { artifactLocation: artifact(file.file), region: { startLine: f.line } } }],
            properties: {
              messageId: f.messageId,
              severity: f.severity,
              checked: f.checked,
              effectiveIn: r.formatVersion(f.effectiveIn),
              since: f.since === null ? null : r.formatVersion(f.since),
              alreadyAtFrom: f.alreadyAtFrom,
              ...(f.gatewayApiRelease ? { gatewayApiRelease: f.gatewayApiRelease } : {}),
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
  };
}
