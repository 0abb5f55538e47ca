// A component flag as a chat message: what it does, when it came, was deprecated and removed, what
// replaces it, its defaults and values over time, the release notes about it and its upstream links.
import type { Flag } from '../../kb/model';
import { formatVersion } from '../../kb/version';
import { CHAT_MESSAGE_MAX_LENGTH, fitChatMessage, type ChatSection } from './chat-message';
import { noteItem, clip, code, sourceLinks } from './text';
import { flagChanges } from '../flags';

/** The summary takes at most this share of the message (and 400 characters). */
const SUMMARY_SHARE = 0.15;
const NOTE_MAX = 200;

/**
 * notes: at most that many release notes, the newest (the command line's --notes); the message's length cuts
 * them further from the oldest, and a closing line counts the older ones not shown.
 */
export function flagMarkdown(f: Flag, maxLength?: number, notes?: number): string {
  const newest = flagChanges(f);
  const shown = notes === undefined ? newest : newest.slice(0, notes);
  const head = [
    `**${f.component} ${code(f.name)}**`,
    clip(f.summary, Math.min(400, Math.floor((maxLength ?? CHAT_MESSAGE_MAX_LENGTH) * SUMMARY_SHARE))),
  ];
  const life: string[] = [];
  if (f.introducedIn !== null) life.push(`${formatVersion(f.introducedIn)}: added`);
  if (f.deprecatedIn !== null) life.push(`${formatVersion(f.deprecatedIn)}: deprecated`);
  if (f.removedIn !== null)
    life.push(`${formatVersion(f.removedIn)}: removed (${f.component} refuses to start with it)`);
  if (f.replacements.length > 0) life.push(`instead: ${f.replacements.map(code).join(', ')}`);
  if (f.configField) life.push(`config file: ${code(f.configField)}`);
  const sections: ChatSection[] = [
    { title: 'Life', noun: 'facts', items: life, whole: true },
    {
      title: 'Defaults',
      noun: 'defaults',
      items: f.defaults.map((d) => `${formatVersion(d.since)} on: ${code(d.value)}`),
    },
    {
      title: 'Values',
      noun: 'values',
      items: f.values.map((v) =>
        [
          code(v.value),
          v.introducedIn !== null ? `added ${formatVersion(v.introducedIn)}` : null,
          v.deprecatedIn !== null ? `deprecated ${formatVersion(v.deprecatedIn)}` : null,
          v.removedIn !== null ? `removed ${formatVersion(v.removedIn)}` : null,
          v.replacement ? `use ${code(v.replacement)}` : null,
        ]
          .filter(Boolean)
          .join(', '),
      ),
    },
    {
      title: 'Release notes',
      noun: 'release notes',
      one: 'release note',
      // Newest first: when the message is cut, the oldest notes go.
      items: shown.map((c) => noteItem(c, NOTE_MAX, formatVersion)),
      beyond: newest.length - shown.length,
      moreWord: 'older',
    },
    { title: 'Links', noun: 'links', items: sourceLinks(f.sources) },
  ];
  return fitChatMessage({ head, sections }, maxLength);
}
