// A chat message built from a headline and sections of one-line items, fitted to a length limit. When
// everything does not fit, every section keeps a fair share of its first items (round-robin) and says
// "…and N more" for the rest; sections with no room at all are counted on one closing line
// ("…and 52 more: 40 API versions removed, 12 flags removed"). Whole lines are dropped, never cut, so the
// markdown stays intact. An item may stand for several things (a grouped line): the counts say how many.
import { link } from './text';

/** The longest message by default: what a Slack section block holds; callers with smaller limits ask for less. */
export const CHAT_MESSAGE_MAX_LENGTH = 3000;
/** The shortest limit a caller may ask for: room for a headline, a gate's stages and a few items. */
export const CHAT_MESSAGE_MIN_LENGTH = 500;

export interface ChatSection {
  title: string;
  items: string[];
  /** What the items are, for "…and N more <noun>" (e.g. "release notes", "flags removed"). */
  noun: string;
  /** The noun for one ("…and 1 more flag removed"); default: noun. */
  one?: string;
  /** Shown in full whatever the limit (short, essential lists such as a gate's stages). */
  whole?: boolean;
  /** How many things each item stands for, for the "…and N more" counts (default: one each). */
  counts?: number[];
  /** Things after the items that were left out before the message was made (a list cut to its newest N): counted with the hidden ones. */
  beyond?: number;
  /** The word of the "…and N more" line: "older" for a list newest first (default "more"). */
  moreWord?: string;
}

export interface ChatMessage {
  /** Lines before the sections (headline, summary): kept as they are. */
  head: string[];
  sections: ChatSection[];
  /** Said when there are no items at all. */
  empty?: string;
  /** Where the whole list can be read (the dashboard): every "…and N more" line links there. */
  moreUrl?: string | null;
}

function moreLine(n: number, noun: string, url?: string | null, word = 'more'): string {
  const text = `…and ${n} ${word} ${noun}`;
  return url ? link(text, url) : text;
}

function nounFor(s: ChatSection, n: number): string {
  return n === 1 && s.one ? s.one : s.noun;
}

/** How many things the items from `from` on stand for, with those left out before. */
function countFrom(s: ChatSection, from: number): number {
  const items = s.counts ? s.counts.slice(from).reduce((sum, n) => sum + n, 0) : Math.max(0, s.items.length - from);
  return items + (s.beyond ?? 0);
}

function render(m: ChatMessage, shown: number[]): string {
  const blocks = [m.head.join('\n')];
  const untold: ChatSection[] = [];
  m.sections.forEach((s, i) => {
    if (s.items.length === 0) return;
    if (shown[i] === 0) {
      untold.push(s);
      return;
    }
    const lines = [`**${s.title}**`, ...s.items.slice(0, shown[i]).map((item) => `- ${item}`)];
    const hidden = countFrom(s, shown[i]);
    if (hidden > 0) lines.push(moreLine(hidden, nounFor(s, hidden), m.moreUrl, s.moreWord));
    blocks.push(lines.join('\n'));
  });
  if (untold.length > 0) {
    const n = untold.reduce((sum, s) => sum + countFrom(s, 0), 0);
    const text =
      untold.length === 1
        ? moreLine(n, nounFor(untold[0], n), m.moreUrl, untold[0].moreWord)
        : `…and ${n} more: ${untold.map((s) => `${countFrom(s, 0)} ${nounFor(s, countFrom(s, 0))}`).join(', ')}`;
    blocks.push(untold.length > 1 && m.moreUrl ? link(text, m.moreUrl) : text);
  }
  return blocks.join('\n\n') + '\n';
}

/** The message in at most maxLength characters (JavaScript string length). */
export function fitChatMessage(m: ChatMessage, maxLength: number = CHAT_MESSAGE_MAX_LENGTH): string {
  const total = m.sections.reduce((n, s) => n + countFrom(s, 0), 0);
  if (total === 0 && m.empty) return [...m.head, '', m.empty].join('\n') + '\n';
  const all = m.sections.map((s) => s.items.length);
  const full = render(m, all);
  if (full.length <= maxLength) return full;

  const shown = m.sections.map((s) => (s.whole ? s.items.length : 0));
  if (render(m, shown).length > maxLength) {
    // Too little room even for the required parts: give up head lines after the first (the summary) first.
    if (m.head.length > 1) return fitChatMessage({ ...m, head: m.head.slice(0, -1) }, maxLength);
    return lastResort(m, maxLength, total);
  }
  const done = m.sections.map((s, i) => shown[i] >= s.items.length);
  // Round-robin: each pass offers every unfinished section one more item; a section whose next item
  // does not fit is finished (its items are in order of importance, so none after it is shown).
  while (done.some((d) => !d)) {
    m.sections.forEach((s, i) => {
      if (done[i]) return;
      shown[i]++;
      if (render(m, shown).length > maxLength) {
        shown[i]--;
        done[i] = true;
      } else if (shown[i] >= s.items.length) done[i] = true;
    });
  }
  return render(m, shown);
}

/** Even the headline and the required sections are too long: keep the head lines that fit, then count. */
function lastResort(m: ChatMessage, maxLength: number, total: number): string {
  const tail = moreLine(total, 'items', m.moreUrl);
  const kept: string[] = [];
  for (const line of m.head) {
    if ([...kept, line, '', tail].join('\n').length + 1 > maxLength) break;
    kept.push(line);
  }
  return [...kept, '', tail].join('\n') + '\n';
}
