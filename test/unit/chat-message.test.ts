// fitChatMessage: whole lines only, fair shares per section, "…and N more" counts that add up, the limit kept.
import fc from 'fast-check';
import { fitChatMessage, type ChatMessage } from '../../src/services/markdown/chat-message';
import { clip, code, fixGist, linkLabel, changeLinks } from '../../src/services/markdown/text';

const items = (prefix: string, n: number) =>
  Array.from({ length: n }, (_, i) => `${prefix} item ${i + 1} with some words to take room`);

/** Items shown and "…and N more" per section title, read back from the message (nouns name the sections counted on the closing line). */
function readBack(text: string, nouns: Record<string, string> = {}): Record<string, { shown: number; more: number }> {
  const out: Record<string, { shown: number; more: number }> = {};
  let current = '';
  for (const line of text.split('\n').slice(1)) {
    const untold = /^…and \d+ more: (.+)$/.exec(line);
    if (untold) {
      for (const part of untold[1].split(', ')) {
        const [, n, noun] = /^(\d+) (.+)$/.exec(part)!;
        out[nouns[noun] ?? noun] = { shown: 0, more: Number(n) };
      }
      continue;
    }
    const title = /^\*\*(.+)\*\*$/.exec(line);
    if (title) {
      current = title[1];
      out[current] = { shown: 0, more: 0 };
      continue;
    }
    if (line.startsWith('- ') && current) out[current].shown++;
    const more = /^…and (\d+) more (.+)$/.exec(line);
    // A section with no room at all is counted alone after the last one shown.
    if (!more) continue;
    const owner = nouns[more[2]] && nouns[more[2]] !== current ? nouns[more[2]] : current;
    if (owner) out[owner] = { shown: owner === current ? out[current].shown : 0, more: Number(more[1]) };
  }
  return out;
}

describe('fitChatMessage', () => {
  const message: ChatMessage = {
    head: ['**headline**'],
    sections: [
      { title: 'Stages', items: ['1.29: alpha', '1.31: beta'], noun: 'stages', whole: true },
      { title: 'Notes', items: items('note', 40), noun: 'notes' },
      { title: 'Links', items: items('link', 3), noun: 'links' },
    ],
  };

  it('returns everything when it fits', () => {
    const text = fitChatMessage(message, 100_000);
    expect(text).not.toContain('more');
    expect(readBack(text)).toEqual({
      Stages: { shown: 2, more: 0 },
      Notes: { shown: 40, more: 0 },
      Links: { shown: 3, more: 0 },
    });
  });

  it('cuts whole lines, keeps whole sections and short sections, and counts the rest', () => {
    const text = fitChatMessage(message, 700);
    expect(text.length).toBeLessThanOrEqual(700);
    const back = readBack(text);
    expect(back.Stages).toEqual({ shown: 2, more: 0 });
    // Round-robin: the short list is shown whole although the long one comes first.
    expect(back.Links).toEqual({ shown: 3, more: 0 });
    expect(back.Notes.shown).toBeGreaterThan(0);
    expect(back.Notes.shown + back.Notes.more).toBe(40);
    expect(text.trimEnd().split('\n').pop()).toMatch(/^- link item 3/);
    for (const line of text.split('\n'))
      expect(line === '' || /^(\*\*.+\*\*|- .+|…and \d+ more \w+)$/.test(line)).toBe(true);
  });

  it('never exceeds the limit and always accounts for every item', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 60, max: 4000 }),
        fc.integer({ min: 0, max: 80 }),
        fc.integer({ min: 0, max: 10 }),
        (max, a, b) => {
          const m: ChatMessage = {
            head: ['**h**'],
            sections: [
              { title: 'A', items: items('a', a), noun: 'as' },
              { title: 'B', items: items('b', b), noun: 'bs' },
            ],
          };
          const text = fitChatMessage(m, max);
          expect(text.length).toBeLessThanOrEqual(max);
          const back = readBack(text, { as: 'A', bs: 'B' });
          if (back.A) expect(back.A.shown + back.A.more).toBe(a);
          if (back.B) expect(back.B.shown + back.B.more).toBe(b);
          if (!back.A && !back.B && a + b > 0) expect(text).toContain(`…and ${a + b} more`);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('counts sections without room on one closing line', () => {
    const text = fitChatMessage(message, 100);
    expect(text.length).toBeLessThanOrEqual(100);
    expect(text).toContain('…and 43 more: 40 notes, 3 links');
    expect(readBack(text, { notes: 'Notes', links: 'Links' })).toMatchObject({ Stages: { shown: 2, more: 0 } });
    expect(text.trimEnd().split('\n').pop()).toMatch(/^…and \d+ more: /);
  });

  it('counts what grouped items stand for, and links every "…and N more" line when given a URL', () => {
    const m: ChatMessage = {
      head: ['**h**'],
      sections: [
        { title: 'A', items: items('a', 4), noun: 'as', counts: [80, 2, 1, 1] },
        { title: 'B', items: items('b', 30), noun: 'bs' },
      ],
      moreUrl: 'https://netkb.example.com/?view=diff&from=1.21&to=1.25',
    };
    const text = fitChatMessage(m, 300);
    expect(text.length).toBeLessThanOrEqual(300);
    const a = /- a item/.test(text) ? text.split('\n').filter((l) => l.startsWith('- a item')).length : 0;
    const hidden = [80, 2, 1, 1].slice(a).reduce((n, x) => n + x, 0);
    expect(a).toBeGreaterThan(0);
    expect(text).toContain(`[…and ${hidden} more as](https://netkb.example.com/?view=diff&from=1.21&to=1.25)`);
    for (const line of text.split('\n')) expect(line.startsWith('…')).toBe(false);
  });

  it("counts items left out before the message with the hidden ones, in the section's own word", () => {
    const notes = { title: 'Release notes', noun: 'release notes', one: 'release note', moreWord: 'older' };
    // Three of ten notes given, all fit: the seven left out are counted.
    const whole = fitChatMessage({ head: ['**flag**'], sections: [{ ...notes, items: items('n', 3), beyond: 7 }] });
    expect(whole).toBe(
      `**flag**\n\n**Release notes**\n${items('n', 3)
        .map((i) => `- ${i}\n`)
        .join('')}…and 7 older release notes\n`,
    );
    // Cut by the limit too: the hidden and the left-out add up; one is "release note".
    const cut = fitChatMessage({ head: ['**flag**'], sections: [{ ...notes, items: items('n', 40), beyond: 1 }] }, 500);
    const shown = cut.split('\n').filter((l) => l.startsWith('- ')).length;
    expect(shown).toBeGreaterThan(0);
    expect(cut).toContain(`\n…and ${41 - shown} older release notes\n`);
    const one = fitChatMessage({ head: ['**flag**'], sections: [{ ...notes, items: items('n', 1), beyond: 1 }] });
    expect(one).toMatch(/\n…and 1 older release note\n$/);
  });

  it('says so when there is nothing to list', () => {
    expect(
      fitChatMessage({ head: ['**h**'], sections: [{ title: 'A', items: [], noun: 'as' }], empty: 'Nothing changes.' }),
    ).toBe('**h**\n\nNothing changes.\n');
  });
});

describe('text pieces', () => {
  it('fixGist keeps the first sentence, what else must be done, and when, and says when it left something out', () => {
    const fix =
      'Change apiVersion to networking.k8s.io/v1. It is served only from 1.19: migrate once the cluster runs 1.19, before 1.22. ' +
      'networking.k8s.io/v1 renames fields: spec.backend becomes spec.defaultBackend. v1 also allows resource backends.';
    expect(fixGist(fix, 'networking.k8s.io/v1', 260)).toBe(
      'Change apiVersion to networking.k8s.io/v1. It is served only from 1.19: migrate once the cluster runs 1.19, before 1.22. …',
    );
    // The replacement named only in a later sentence is kept; background is left out, and the " …" says so.
    expect(fixGist('Remove the flag. Background first. Use --cleanup instead.', '--cleanup', 260)).toBe(
      'Remove the flag. Use --cleanup instead. …',
    );
    // What must be done comes before when, and a remedy too long for the room is shortened, not dropped.
    const psp =
      'No newer PodSecurityPolicy version exists. Before upgrading to 1.25, move pod security enforcement to the ' +
      'built-in Pod Security Admission through namespace labels. Clusters older than 1.23 need a webhook.';
    expect(fixGist(psp, null, 200)).toMatch(
      /^No newer PodSecurityPolicy version exists\. Before upgrading to 1\.25, move pod security/,
    );
    expect(fixGist(psp, null, 400)).toBe(psp);
    expect(fixGist(fix, null, 60)).toBe('Change apiVersion to networking.k8s.io/v1. …');
    expect(fixGist('x'.repeat(100), null, 20).length).toBeLessThanOrEqual(20);
  });

  it('clip shortens at a word boundary and never leaves an open code span', () => {
    expect(clip('one two three four', 12)).toBe('one two…');
    const cut = clip('set `conntrack.maxPerCore` and `conntrack.min` together', 30);
    expect(cut.length).toBeLessThanOrEqual(30);
    expect((cut.match(/`/g) ?? []).length % 2).toBe(0);
  });

  it('code spans survive backticks', () => {
    expect(code('a`b')).toBe('`` a`b ``');
  });

  it('labels upstream links by what they are', () => {
    expect(linkLabel('https://github.com/kubernetes/kubernetes/pull/121046')).toBe('#121046');
    expect(
      linkLabel('https://github.com/kubernetes/enhancements/tree/master/keps/sig-network/3866-nftables-proxy'),
    ).toBe('KEP-3866');
    expect(linkLabel('https://github.com/kubernetes/enhancements/issues/3866')).toBe('KEP-3866');
    expect(linkLabel('https://github.com/kubernetes/website/pull/12')).toBe('website#12');
    expect(linkLabel('https://github.com/kubernetes/website/blob/main/content/en/docs/x/NFTablesProxyMode.md')).toBe(
      'website: NFTablesProxyMode',
    );
    expect(linkLabel('https://kubernetes.io/docs/reference/networking/virtual-ips/')).toBe(
      'kubernetes.io: virtual-ips',
    );
  });

  it('links a note to its pull requests when the record carries their URLs', () => {
    expect(
      changeLinks({
        prs: [1, 12],
        sources: [
          'https://github.com/kubernetes/kubernetes/pull/12',
          'https://github.com/kubernetes/kubernetes/pull/1',
        ],
      }),
    ).toEqual([
      '[#1](https://github.com/kubernetes/kubernetes/pull/1)',
      '[#12](https://github.com/kubernetes/kubernetes/pull/12)',
    ]);
  });
});
