// Reads the JSON layout of Kubernetes release notes (release-notes-draft.json, relnotes.k8s.io data):
// an object keyed by PR number whose values carry text, kinds, sigs, action_required, author, pr_number.
import { NotesFormatError, sigName, type ParsedNote } from './types';

const KIND: Record<string, ParsedNote['kind']> = {
  deprecation: 'DEPRECATION',
  'api-change': 'API_CHANGE',
  feature: 'FEATURE',
  bug: 'BUG_FIX',
  regression: 'BUG_FIX',
  cleanup: 'OTHER',
  flake: 'OTHER',
  documentation: 'OTHER',
  'failing-test': 'OTHER',
  design: 'OTHER',
};
const PRIORITY: ParsedNote['kind'][] = ['DEPRECATION', 'API_CHANGE', 'FEATURE', 'BUG_FIX', 'OTHER'];

export function parseJsonNotes(text: string): ParsedNote[] {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (err) {
    throw new NotesFormatError(`not valid JSON: ${(err as Error).message}`);
  }
  if (typeof data !== 'object' || data === null || Array.isArray(data))
    throw new NotesFormatError('expected an object keyed by PR number');
  const notes: ParsedNote[] = [];
  for (const [key, raw] of Object.entries(data as Record<string, Record<string, unknown>>)) {
    if (typeof raw !== 'object' || raw === null) throw new NotesFormatError(`entry ${key} is not an object`);
    if (raw.do_not_publish === true) continue;
    const body = typeof raw.text === 'string' ? raw.text.trim() : '';
    if (!body || body === 'NONE') continue;
    const pr = Number(raw.pr_number ?? key);
    const kinds = (Array.isArray(raw.kinds) ? raw.kinds : []).map((k) => KIND[String(k)]).filter(Boolean);
    const actionRequired = raw.action_required === true;
    const kind = actionRequired ? 'URGENT_UPGRADE_NOTE' : (PRIORITY.find((k) => kinds.includes(k)) ?? 'OTHER');
    const author =
      typeof raw.author === 'string'
        ? [raw.author]
        : [...(typeof raw.markdown === 'string' ? raw.markdown : '').matchAll(/\[@([A-Za-z0-9-]+)\]/g)].map(
            (m) => m[1],
          );
    notes.push({
      kind,
      text: body,
      actionRequired,
      prs: Number.isInteger(pr) && pr > 0 ? [pr] : [],
      authors: author,
      sigs: (Array.isArray(raw.sigs) ? raw.sigs : []).map((s) => sigName(String(s))),
      line: 0,
    });
  }
  if (notes.length === 0) throw new NotesFormatError('no publishable entries in the file');
  return notes;
}
