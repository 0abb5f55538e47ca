// JUnit XML for CI test reports: one suite per file, one test case per finding; findings at or above
// --fail-on are failures, the others pass. A file without findings is one passing case.
import { fails, type CheckResult, type Formatter } from './types';

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export const junit: Formatter = (r: CheckResult) => {
  const suites = r.files.map((file) => {
    const cases = file.findings.map((f) => {
      const name = `${r.formatVersion(f.effectiveIn)} ${f.resource.kind ?? 'document'}/${f.resource.name ?? f.resource.documentIndex + 1} line ${f.line}: ${f.ruleId}/${f.messageId}`;
      const body = fails(f, r.failOn)
        ? `<failure type="${f.severity}" message="${esc(f.message)}">${esc(`${file.file}:${f.line} ${f.message}${f.fix ? `\nFix: ${f.fix}` : ''}`)}</failure>`
        : `<system-out>${esc(`${f.severity}: ${f.message}`)}</system-out>`;
      return `    <testcase classname="${esc(file.file)}" name="${esc(name)}">${body}</testcase>`;
    });
    if (cases.length === 0)
      cases.push(`    <testcase classname="${esc(file.file)}" name="no findings from ${r.from} to ${r.to}"/>`);
    const failures = file.findings.filter((f) => fails(f, r.failOn)).length;
    return `  <testsuite name="${esc(file.file)}" tests="${cases.length}" failures="${failures}" errors="0">\n${cases.join('\n')}\n  </testsuite>`;
  });
  const tests = r.files.reduce((n, f) => n + Math.max(1, f.findings.length), 0);
  const failures = r.files.reduce((n, f) => n + f.findings.filter((x) => fails(x, r.failOn)).length, 0);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<testsuites name="netkb check ${esc(r.from)} to ${esc(r.to)}" tests="${tests}" failures="${failures}">\n${suites.join('\n')}\n</testsuites>\n`;
};
