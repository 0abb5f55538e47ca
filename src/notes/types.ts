// One entry of an official release-notes file, as read (upstream wording, not yet ours).
export interface ParsedNote {
  kind: 'URGENT_UPGRADE_NOTE' | 'DEPRECATION' | 'API_CHANGE' | 'FEATURE' | 'BUG_FIX' | 'KNOWN_ISSUE' | 'OTHER';
  text: string;
  actionRequired: boolean;
  prs: number[];
  authors: string[];
  /** As the notes write them: "Network", "API Machinery". */
  sigs: string[];
  /** 1-based line in the file where the entry starts (markdown) or 0 (JSON). */
  line: number;
}

export class NotesFormatError extends Error {}

/** "network" / "api-machinery" / "SIG Network" -> "Network" / "API Machinery". */
export function sigName(raw: string): string {
  const s = raw
    .trim()
    .replace(/^sig[\s-]+/i, '')
    .replace(/-/g, ' ');
  const special: Record<string, string> = { 'api machinery': 'API Machinery', cli: 'CLI', etcd: 'Etcd' };
  const lower = s.toLowerCase();
  return special[lower] ?? lower.replace(/\b\w/g, (c) => c.toUpperCase());
}
