// A feature gate as a chat message: what it does, its stages with their releases, the release notes
// about it and its upstream links (KEP, pull requests, docs).
import type { FeatureGate } from '../../kb/model';
import { formatVersion } from '../../kb/version';
import { CHAT_MESSAGE_MAX_LENGTH, fitChatMessage, type ChatSection } from './chat-message';
import { stateText } from './gate-state-text';
import { noteItem, clip, code, link, linkLabel, rankSources, sourceLinks } from './text';

/** The summary takes at most this share of the message (and 400 characters). */
const SUMMARY_SHARE = 0.15;
const NOTE_MAX = 200;

export function gateMarkdown(gate: FeatureGate, maxLength?: number): string {
  const kepUrl = gate.kep ? rankSources(gate.sources, gate.kep).find((s) => linkLabel(s) === gate.kep) : undefined;
  const facts = [
    gate.components.length > 0 ? gate.components.join(', ') : null,
    gate.sigs.length > 0 ? `SIG ${gate.sigs.join(', ')}` : null,
    gate.kep ? (kepUrl ? link(gate.kep, kepUrl) : gate.kep) : null,
  ].filter(Boolean);
  const head = [
    `**Feature gate ${code(gate.name)}**${facts.length > 0 ? ` · ${facts.join(' · ')}` : ''}`,
    clip(gate.summary, Math.min(400, Math.floor((maxLength ?? CHAT_MESSAGE_MAX_LENGTH) * SUMMARY_SHARE))),
  ];

  const stages = gate.lifecycle.map((s, i) => {
    const last = i === gate.lifecycle.length - 1;
    // The last stage lasts until the removal, if any; the seed closes it (until) when it knows the removal.
    const open = last && (gate.removedIn === null || s.until === null) && gate.knownThrough === null;
    const releases = open
      ? `from ${formatVersion(s.since)}`
      : s.until !== null && s.until !== s.since
        ? `${formatVersion(s.since)}–${formatVersion(s.until)}`
        : formatVersion(s.since);
    return `${releases}: ${stateText(s)}`;
  });
  if (gate.removedIn !== null)
    stages.push(`${formatVersion(gate.removedIn)}: removed (setting it stops the component from starting)`);

  const sections: ChatSection[] = [
    { title: 'Stages', items: stages, noun: 'stages', whole: true },
    {
      title: 'Release notes',
      noun: 'release notes',
      items: gate.changes.map((c) => noteItem(c, NOTE_MAX, formatVersion)),
    },
    { title: 'Guards', noun: 'guarded fields', items: gate.fields.map((f) => `${f.kind} ${code(f.path)}`) },
    { title: 'Links', noun: 'links', items: sourceLinks(gate.sources, gate.kep) },
  ];
  return fitChatMessage({ head, sections }, maxLength);
}
