// When two findings are "the same finding about other objects", for every report that groups them (the
// markdown of the API, the CLI and the dashboard's download; the dashboard's list): the same rule, message,
// severity, release, replacement and fix, and all already at `from` or none (Finding.alreadyAtFrom), so a group never shows a fix or replacement that is wrong for some
// of its objects. Works on the analysis's findings and on the API's alike (releases as keys or as text).
interface Groupable {
  ruleId: string;
  messageId: string;
  message: string;
  severity: string;
  effectiveIn: string | number;
  replacement: string | null;
  fix: string | null;
  alreadyAtFrom: boolean;
}

export function findingGroupKey(f: Groupable): string {
  return JSON.stringify([
    f.ruleId,
    f.messageId,
    f.message,
    f.severity,
    f.effectiveIn,
    f.replacement,
    f.fix,
    f.alreadyAtFrom,
  ]);
}
