// The same PR listed twice in one notes file (the urgent notes repeat entries of other sections) is one entry:
// the first, action required when either listing is.
import type { ParsedNote } from './types';

export function oncePerPr(notes: ParsedNote[]): ParsedNote[] {
  const byPr = new Map<number, ParsedNote>();
  const out: ParsedNote[] = [];
  for (const n of notes) {
    const pr = n.prs[0];
    const seen = pr === undefined ? undefined : byPr.get(pr);
    if (seen) {
      seen.actionRequired ||= n.actionRequired;
      continue;
    }
    if (pr !== undefined) byPr.set(pr, n);
    out.push(n);
  }
  return out;
}
