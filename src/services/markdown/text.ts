// Small, pure pieces of chat markdown: shortened plain text, code spans and labelled upstream links.

/** The first sentence of a text, or the whole text when it has none. */
export function firstSentence(text: string): string {
  const m = /^(.+?[.!?])(\s|$)/s.exec(text.trim());
  return (m ? m[1] : text.trim()).replace(/\s+/g, ' ');
}

/**
 * Plain text shortened to at most max characters at a word boundary, with "…" when shortened. A cut never
 * leaves an unmatched backtick behind (that would open a code span for the rest of the message).
 */
export function clip(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  let cut = flat.slice(0, Math.max(0, max - 1));
  const space = cut.lastIndexOf(' ');
  if (space > max / 2) cut = cut.slice(0, space);
  if ((cut.match(/`/g) ?? []).length % 2 === 1) cut = cut.slice(0, cut.lastIndexOf('`'));
  return `${cut.replace(/[\s,;:.(]+$/, '')}…`;
}

/** A code span that survives backticks inside the text. */
export function code(text: string): string {
  return text.includes('`') ? `\`\` ${text} \`\`` : `\`${text}\``;
}

export function link(label: string, url: string): string {
  return `[${label.replace(/[[\]]/g, '')}](${url.replace(/[()\s]/g, (c) => encodeURIComponent(c))})`;
}

/** A short name for an upstream URL: "#121046" for a pull request, "KEP-3866" for an enhancement, else the page. */
export function linkLabel(url: string): string {
  // A plain pattern rather than new URL(): labels are made for hundreds of links per message.
  const m = /^https?:\/\/([^/?#]+)([^?#]*)/i.exec(url);
  if (!m) return url;
  const u = { hostname: m[1].toLowerCase() };
  const parts = m[2].split('/').filter(Boolean);
  if (u.hostname === 'github.com') {
    const [owner, repo, what, id] = parts;
    const kep = /^(\d+)-/.exec(parts.find((p, i) => parts[i - 1]?.startsWith('sig-') && /^\d+-/.test(p)) ?? '');
    if (kep && repo === 'enhancements') return `KEP-${kep[1]}`;
    if (repo === 'enhancements' && what === 'issues' && id) return `KEP-${id}`;
    if ((what === 'pull' || what === 'issues') && id)
      return repo === 'kubernetes' && owner === 'kubernetes' ? `#${id}` : `${repo}#${id}`;
  }
  if (parts.length === 0) return u.hostname;
  const last = decodeURIComponent(parts[parts.length - 1]).replace(/\.md$/, '');
  // github.com/kubernetes/website/blob/main/…/X.md -> "website: X"; kubernetes.io/docs/…/x/ -> "kubernetes.io: x"
  return u.hostname === 'github.com' && parts.length > 2 ? `${parts[1]}: ${last}` : `${u.hostname}: ${last}`;
}

/** Pages about many records at once (the gate table, release-notes drafts, changelogs) say least about one. */
function isGeneralPage(url: string): boolean {
  return /feature_list\.md$|\/feature-gates\/?$|release-notes-draft|CHANGELOG|\/deprecation-guide\/?$/i.test(url);
}

/** A record's upstream URLs, most telling first: its KEP, its pull requests, its pages, then general pages. */
export function rankSources(urls: string[], kep?: string | null): string[] {
  const rank = (url: string) => {
    const label = linkLabel(url);
    if (kep && label === kep) return 0;
    if (label.startsWith('KEP-')) return 1;
    if (label.startsWith('#')) return 2;
    return isGeneralPage(url) ? 4 : 3;
  };
  return [...new Set(urls)]
    .map((url, i) => ({ url, i, r: rank(url) }))
    .sort((a, b) => a.r - b.r || a.i - b.i)
    .map((x) => x.url);
}

/** Links to a record's upstream URLs, labelled, most telling first, without duplicates. */
export function sourceLinks(urls: string[], kep?: string | null): string[] {
  return rankSources(urls, kep).map((url) => link(linkLabel(url), url));
}

/** The pull-request links of a release note: its PR numbers, linked where the record carries the URL. */
export function changeLinks(change: { prs: number[]; sources: string[] }): string[] {
  const out: string[] = [];
  for (const pr of change.prs) {
    const url = change.sources.find((s) => new RegExp(`/pull/${pr}(?:$|[/?#])`).test(s));
    if (url) out.push(link(`#${pr}`, url));
  }
  if (out.length === 0 && change.sources[0]) out.push(link(linkLabel(change.sources[0]), change.sources[0]));
  return out;
}

/** A release note as one list item: "1.29: its first sentence (#121046)". */
export function noteItem(
  change: { version: number; summary: string; prs: number[]; sources: string[] },
  max: number,
  formatVersion: (v: number) => string,
): string {
  const links = changeLinks(change);
  return `${formatVersion(change.version)}: ${clip(firstSentence(change.summary), max)}${links.length > 0 ? ` (${links.join(', ')})` : ''}`;
}

/** A text's sentences: split after ".", "!" or "?" followed by white space (not inside "networking.k8s.io"). */
export function sentences(text: string): string[] {
  return text
    .replace(/\s+/g, ' ')
    .trim()
    .split(/(?<=[.!?])\s+/)
    .filter(Boolean);
}

/** A release number such as 1.19 or 1.19+ (never part of a longer dotted name). */
const RELEASE = /(?<![\w.])\d+\.\d+(?![\w.]*\w)/;

/**
 * A sentence that tells what to do: an obligation ("must", "requires"), or a verb of action in its base form
 * ("move pod security enforcement to ...", "write the template's labels into it", "Set ... to keep ...").
 */
const REMEDY =
  /\b(?:must|requires?|required|change|move|set|use|write|remove|drop|rewrite|run|add|replace|label|keep|migrate|follow|restructure)\b/i;

/**
 * The part of a fix worth a chat line, in its order: its first sentence (what to do), then the sentences that
 * say what else must be done (REMEDY), then those that say when (they name a release: "It is served only from
 * 1.19: migrate once the cluster runs 1.19") or name the replacement when no kept sentence does yet, while they
 * fit in max characters; a remedy that does not fit whole is shortened rather than left out. When a sentence is
 * left out the gist ends with " …", so a reader knows the finding's full fix says more: a chat line never
 * passes for the whole advice.
 */
export function fixGist(fix: string, replacement: string | null, max: number): string {
  const all = sentences(fix);
  if (all.length === 0) return '';
  const MORE = ' …';
  const kept = new Map<number, string>([[0, all[0].length > max ? clip(all[0], max) : all[0]]]);
  let length = kept.get(0)!.length;
  const room = () => max - length - 1 - MORE.length;
  const take = (i: number, text: string) => {
    kept.set(i, text);
    length += 1 + text.length;
  };
  all.forEach((s, i) => {
    if (i === 0 || !REMEDY.test(s)) return;
    if (s.length <= room()) take(i, s);
    else if (room() >= 60) take(i, clip(s, room()));
  });
  all.forEach((s, i) => {
    if (kept.has(i)) return;
    const named =
      replacement !== null && s.includes(replacement) && ![...kept.values()].some((k) => k.includes(replacement));
    if ((RELEASE.test(s) || named) && s.length <= room()) take(i, s);
  });
  const text = [...kept.entries()]
    .sort((a, b) => a[0] - b[0])
    .map(([, t]) => t)
    .join(' ');
  return kept.size < all.length && !text.endsWith('…') ? `${text}${MORE}` : text;
}
