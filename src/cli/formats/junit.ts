// JUnit XML for CI test reports: one suite per file, one test case per finding; findings at or above
// --fail-on are failures, the others pass. A file without findings is one passing case; a file that could
// not be checked is one case with an <error> (type: its code; file:line:column in the text); a file a directory
// walk passed over as no manifest is a suite of one <skipped> case saying why.
import { alreadyText, coverageText, originSuffix } from '../../analysis';
import { fails, releaseOf, type CheckResult, type Formatter } from './types';

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export const junit: Formatter = (r: CheckResult) => {
  const suites = r.files.map((file) => {
    const cases = file.findings.map((f) => {
      const already = f.alreadyAtFrom ? ` (${alreadyText(f, r.formatVersion)})` : '';
      const name = `${releaseOf(f, r.formatVersion)} ${f.resource.kind ?? 'document'}/${f.resource.name ?? f.resource.documentIndex + 1}${originSuffix(f.resource)} line ${f.line}: ${f.ruleId}/${f.messageId}${already}`;
      const body = fails(f, r.failOn, r.strict)
        ? `<failure type="${f.severity}" message="${esc(f.message)}">${esc(`${file.file}:${f.line} ${f.message}${f.fix ? `\nFix: ${f.fix}` : ''}`)}</failure>`
        : `<system-out>${esc(`${f.severity}: ${f.message}`)}</system-out>`;
      return `    <testcase classname="${esc(file.file)}" name="${esc(name)}">${body}</testcase>`;
    });
    const e = file.error;
    if (e)
      cases.push(
        `    <testcase classname="${esc(file.file)}" name="${esc(`not checked: ${e.code} at line ${e.line}, column ${e.column}`)}"><error type="${esc(e.code)}" message="${esc(e.message)}">${esc(`${file.file}:${e.line}:${e.column} ${e.message}`)}</error></testcase>`,
      );
    else if (cases.length === 0)
      cases.push(`    <testcase classname="${esc(file.file)}" name="no findings from ${r.from} to ${r.to}"/>`);
    const failures = file.findings.filter((f) => fails(f, r.failOn, r.strict)).length;
    // What the file's report covered, as a suite property (the JUnit schema's place for facts about a run).
    const properties = file.coverage
      ? `    <properties><property name="netkb.coverage" value="${esc(coverageText(file.coverage))}"/></properties>\n`
      : '';
    return `  <testsuite name="${esc(file.file)}" tests="${cases.length}" failures="${failures}" errors="${e ? 1 : 0}">\n${properties}${cases.join('\n')}\n  </testsuite>`;
  });
  const skipped = r.skippedFiles ?? [];
  for (const s of skipped)
    suites.push(
      `  <testsuite name="${esc(s.file)}" tests="1" failures="0" errors="0" skipped="1">\n` +
        `    <testcase classname="${esc(s.file)}" name="${esc(`passed over: ${s.code} at line ${s.line}, column ${s.column}`)}"><skipped message="${esc(s.message)}"/></testcase>\n` +
        '  </testsuite>',
    );
  const tests = r.files.reduce((n, f) => n + (f.error ? 1 : Math.max(1, f.findings.length)), 0) + skipped.length;
  const failures = r.files.reduce((n, f) => n + f.findings.filter((x) => fails(x, r.failOn, r.strict)).length, 0);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<testsuites name="netkb check ${esc(r.from)} to ${esc(r.to)}" tests="${tests}" failures="${failures}" errors="${r.files.filter((f) => f.error).length}"${skipped.length > 0 ? ` skipped="${skipped.length}"` : ''}>\n${suites.join('\n')}\n</testsuites>\n`;
};
