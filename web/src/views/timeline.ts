// Feature-gate timelines: one row per gate, a bar per stretch of releases in the same stage and default,
// a mark at the removal. Stages are told apart by text and pattern as well as by colour.
import { gql, loadReleases, type Operation, type Release } from '../api';
import { externalLink, fill, h, prLink, select } from '../dom';
import type {
  GateFacetsQuery,
  GateFacetsQueryVariables,
  GateTimelinesQuery,
  GateTimelinesQueryVariables,
  Stage,
} from '../generated/operations';
import type { View } from './view';
import { readParams } from '../url-state';
import { knownIn, stageIn } from '../../../src/kb/gate-state';
import { compareVersions, parseVersion } from '../../../src/kb/version';
import { clip, errorBox, latestRender, loading } from './common';

export type Gate = GateTimelinesQuery['featureGates'][number];
type GateStage = Gate['lifecycle'][number];

const GATES: Operation<GateTimelinesQuery, GateTimelinesQueryVariables> =
  /* GraphQL */ `query GateTimelines($sig: String, $component: String) {
  featureGates(sig: $sig, component: $component) {
    name summary sigs components kep kepUrl removedIn generated introducedIn knownThrough
    lifecycle { stage defaultEnabled lockedToDefault since until }
    changes { version kind summary prs actionRequired }
  }
}`;
export const FACETS: Operation<GateFacetsQuery, GateFacetsQueryVariables> =
  /* GraphQL */ `query GateFacets { sigs components }`;

export const STAGE_LABEL: Record<Stage, string> = { ALPHA: 'alpha', BETA: 'beta', GA: 'GA', DEPRECATED: 'deprecated' };
const STAGE_SHORT: Record<Stage, string> = { ALPHA: 'A', BETA: 'B', GA: 'GA', DEPRECATED: 'D' };
const STAGE_MEDIUM: Record<Stage, string> = { ALPHA: 'alpha', BETA: 'beta', GA: 'GA', DEPRECATED: 'depr.' };

/**
 * A stretch of consecutive releases with the same stage and default (column indexes, end exclusive): one bar.
 * A change of the lock alone does not start another bar (it would draw two equal bars side by side); it is a
 * mark inside the bar, at the column where it starts.
 */
interface Segment {
  start: number;
  end: number;
  /** The stage record of the bar's first release. */
  stage: GateStage;
  /** Where only the lock changes inside the bar: the column and the stage record from there on. */
  lockChanges: { at: number; stage: GateStage }[];
}

/**
 * The gate's state in each release, by netkb's rule (stageIn, src/kb/gate-state.ts, the server's own): the
 * stage whose `since` is the latest one not after the release, until the removal. Consecutive releases in
 * the same stage with the same default become one segment, whatever their lock.
 */
export function segments(gate: Gate, releases: string[]): Segment[] {
  // The rule reads release keys; each keyed stage carries the stage the API sent, which the segments show.
  const keyed = {
    removedIn: gate.removedIn ? parseVersion(gate.removedIn) : null,
    introducedIn: gate.introducedIn ? parseVersion(gate.introducedIn) : null,
    knownThrough: gate.knownThrough ? parseVersion(gate.knownThrough) : null,
    lifecycle: gate.lifecycle
      .map((stage) => ({ since: parseVersion(stage.since), stage }))
      .sort((a, b) => a.since - b.since),
  };
  const out: Segment[] = [];
  releases.forEach((release, i) => {
    // A release the gate's sources do not reach (a generated record's knownThrough) has no bar: nothing is said.
    if (!knownIn(keyed, parseVersion(release))) return;
    const stage = stageIn(keyed, parseVersion(release))?.stage;
    if (!stage) return;
    const last = out[out.length - 1];
    const current = last ? (last.lockChanges[last.lockChanges.length - 1]?.stage ?? last.stage) : null;
    if (last && current && last.end === i && current === stage) last.end = i + 1;
    else if (
      last &&
      current &&
      last.end === i &&
      current.stage === stage.stage &&
      current.defaultEnabled === stage.defaultEnabled
    ) {
      last.lockChanges.push({ at: i, stage });
      last.end = i + 1;
    } else out.push({ start: i, end: i + 1, stage, lockChanges: [] });
  });
  return out;
}

function rangeText(releases: string[], seg: Segment): string {
  const first = releases[seg.start];
  const last = releases[seg.end - 1];
  return first === last ? first : `${first}–${last}`;
}

function stateText(s: GateStage): string {
  return `${STAGE_LABEL[s.stage]}, ${s.defaultEnabled ? 'on' : 'off'} by default${s.lockedToDefault ? ', locked' : ''}`;
}

/** The bar's state, then each change of its lock: "GA, on by default; locked to the default from 1.20". */
function segmentText(seg: Segment, versions: string[]): string {
  const changes = seg.lockChanges.map(
    (c) => `; ${c.stage.lockedToDefault ? 'locked to the default' : 'no longer locked'} from ${versions[c.at]}`,
  );
  return `${stateText(seg.stage)}${changes.join('')}`;
}

export const timelineView: View = {
  id: 'timeline',
  title: 'Feature-gate timelines',
  carries: ['sig'],
  async render(root, params, update) {
    // "any" (not an empty value) so that a link can say "every SIG" and survive in the URL.
    const sig = params.sig || 'Network';
    const component = params.component || 'any';
    let filter = params.q ?? '';
    const isLatest = latestRender(root);
    const title = () => h('h2', { id: 'view-title' }, 'Feature-gate timelines');
    // Retry (after a request that did not reach netkb) draws the view again from the URL.
    const again = () => void timelineView.render(root, readParams(), update);
    fill(root, title(), loading('Loading gates…'));
    let releases: Release[];
    let facets: GateFacetsQuery;
    try {
      [releases, facets] = await Promise.all([loadReleases(), gql(FACETS, {})]);
    } catch (err) {
      if (isLatest()) fill(root, title(), errorBox(err, again));
      return;
    }
    if (!isLatest()) return;
    const versions = releases.map((r) => r.version);
    const { sigs, components } = facets;
    // The API matches names case-insensitively ("network"); the pickers show the listed spelling, and a name
    // it does not list stays visible as unknown (the error below says why), so that the picker can mend it.
    const listed = (names: string[], value: string) =>
      names.find((n) => n.toLowerCase() === value.toLowerCase()) ?? value;
    const unknown = (names: string[], value: string) =>
      value === 'any' || names.includes(listed(names, value)) ? [] : [{ value, text: `${value} (unknown)` }];
    // The URL is the one state: the name filter as typed goes with every other change, and the next
    // render reads the URL back, so the box and the URL cannot disagree.
    const rerender = (changes: Record<string, string>) => {
      update({ q: filter, ...changes });
      void timelineView.render(root, readParams(), update);
    };

    const count = h('p', { className: 'count', role: 'status', 'aria-live': 'polite' });
    let onFilter = () => {};
    const search = h('input', {
      id: 'gate-filter',
      type: 'search',
      value: filter,
      placeholder: 'e.g. DualStack',
      autocomplete: 'off',
      oninput: (e: Event) => {
        filter = (e.target as HTMLInputElement).value;
        // Each keystroke is not a place to go back to: the entry is replaced.
        update({ q: filter }, 'replace');
        onFilter();
      },
    });
    const controls = h(
      'form',
      { className: 'controls', role: 'search', onsubmit: (e: Event) => e.preventDefault() },
      select(
        'gate-sig',
        'SIG',
        [{ value: 'any', text: 'any SIG' }, ...unknown(sigs, sig), ...sigs.map((s) => ({ value: s }))],
        listed(sigs, sig),
        (v) => rerender({ sig: v }),
      ),
      select(
        'gate-component',
        'Component',
        [
          { value: 'any', text: 'any component' },
          ...unknown(components, component),
          ...components.map((c) => ({ value: c })),
        ],
        listed(components, component),
        (v) => rerender({ component: v }),
      ),
      h('label', { className: 'field', for: 'gate-filter' }, h('span', {}, 'Filter by name'), search),
    );
    const lede = () =>
      h(
        'p',
        { className: 'lede' },
        'One row per gate: its stage in each release, its default, and the release that removed it. Hover or focus a bar for the defaults and the release notes; open a gate’s name to keep them below its row.',
      );
    fill(root, title(), lede(), controls, loading('Loading gates…'));
    let gates: Gate[];
    try {
      gates = (await gql(GATES, { sig: sig === 'any' ? null : sig, component: component === 'any' ? null : component }))
        .featureGates;
    } catch (err) {
      // The controls stay: a SIG or component the server refuses is mended with them.
      if (isLatest()) fill(root, title(), lede(), controls, errorBox(err, again));
      return;
    }
    if (!isLatest()) return;

    const tip = h('div', { id: 'gate-tip', className: 'tooltip', role: 'tooltip', hidden: true });
    const sorted = [...gates].sort((a, b) => firstSince(a) - firstSince(b) || a.name.localeCompare(b.name));
    // One gate at a time can be opened below its row (Enter or click on its name): the same details as the
    // tooltip, but staying, so that its links can be reached from the keyboard. The URL names it (?gate=).
    let open: { name: string; details: HTMLTableRowElement } | null = null;
    const toggle = (gate: Gate, row: HTMLTableRowElement, button: HTMLButtonElement) => {
      const wasOpen = open?.name === gate.name;
      if (open) {
        open.details.remove();
        row.parentElement
          ?.querySelector(`tr[data-gate="${open.name}"] button.gate-toggle`)
          ?.setAttribute('aria-expanded', 'false');
        open = null;
      }
      if (!wasOpen) {
        const details = h(
          'tr',
          { className: 'gate-details', id: `details-${gate.name}`, 'data-details': gate.name },
          h('td', { colspan: versions.length + 1 }, gateDetails(gate, null)),
        );
        row.after(details);
        button.setAttribute('aria-expanded', 'true');
        open = { name: gate.name, details };
      }
      tip.hidden = true;
      update({ gate: open?.name ?? '' });
    };
    const rows = sorted.map((gate) => {
      const row = gateRow(gate, versions, tip);
      const button = row.querySelector<HTMLButtonElement>('button.gate-toggle')!;
      button.addEventListener('click', () => toggle(gate, row, button));
      return { gate, row, button };
    });
    const table = h(
      'table',
      { className: 'timeline', 'aria-describedby': 'timeline-legend' },
      h(
        'caption',
        { className: 'visually-hidden' },
        `Feature gates${sig !== 'any' ? ` of SIG ${sig}` : ''}${component !== 'any' ? ` read by ${component}` : ''}, stage by release`,
      ),
      h(
        'colgroup',
        {},
        h('col', { className: 'gate-col' }),
        versions.map(() => h('col', { className: 'release-col' })),
      ),
      h(
        'thead',
        {},
        h(
          'tr',
          {},
          h('th', { scope: 'col' }, 'Gate'),
          versions.map((v) => h('th', { scope: 'col', className: 'release' }, v)),
        ),
      ),
      h(
        'tbody',
        {},
        rows.map((r) => r.row),
      ),
    );
    const empty = h('p', { className: 'empty', hidden: true }, 'No gate matches.');

    function applyFilter(): void {
      const needle = filter.trim().toLowerCase();
      let shown = 0;
      for (const { gate, row } of rows) {
        const visible = !needle || gate.name.toLowerCase().includes(needle);
        row.hidden = !visible;
        if (open?.name === gate.name) open.details.hidden = !visible;
        if (visible) shown += 1;
      }
      count.textContent = `${shown} of ${gates.length} gates${needle ? ` matching “${filter.trim()}”` : ''}`;
      empty.hidden = shown > 0;
    }

    onFilter = applyFilter;
    fill(
      root,
      title(),
      lede(),
      controls,
      legend(),
      count,
      h('div', { className: 'timeline-scroll' }, table),
      empty,
      tip,
    );
    applyFilter();
    const linked = rows.find((r) => r.gate.name === params.gate);
    if (linked) {
      toggle(linked.gate, linked.row, linked.button);
      linked.row.scrollIntoView({ block: 'center' });
    }
  },
};

function firstSince(g: Gate): number {
  return Math.min(...g.lifecycle.map((s) => parseVersion(s.since)), Infinity);
}

function legend(): HTMLElement {
  const item = (cls: string, label: string, text: string) =>
    h('li', {}, h('span', { className: `swatch ${cls}`, 'aria-hidden': 'true' }, label), ` ${text}`);
  return h(
    'div',
    { id: 'timeline-legend', className: 'legend' },
    h('h3', { className: 'visually-hidden' }, 'Legend'),
    h(
      'ul',
      {},
      item('stage-alpha', 'A', 'alpha (striped)'),
      item('stage-beta', 'B', 'beta (dotted)'),
      item('stage-ga', 'GA', 'GA (solid)'),
      item('stage-deprecated', 'D', 'deprecated (cross-hatched)'),
      item('default-off', 'off', 'off by default (dashed outline)'),
      item('stage-ga lock-swatch', 'locked', 'locked to its default from here on (a double line inside the bar)'),
      item('removal', '✕', 'removed in this release'),
    ),
  );
}

function gateRow(gate: Gate, versions: string[], tip: HTMLElement): HTMLTableRowElement {
  const segs = segments(gate, versions);
  const removedAt = gate.removedIn ? versions.indexOf(gate.removedIn) : -1;
  const cells: HTMLElement[] = [];
  let col = 0;
  const gap = (to: number) => {
    if (to > col) cells.push(h('td', { colspan: to - col, className: 'gap' }));
    col = Math.max(col, to);
  };
  for (const seg of segs) {
    gap(seg.start);
    const span = seg.end - seg.start;
    const s = seg.stage;
    const barText = segmentText(seg, versions);
    const describe = `${gate.name}: ${stateText(s)} in ${rangeText(versions, seg)}${barText.slice(stateText(s).length)}`;
    const cell = h(
      'td',
      {
        colspan: span,
        className: `seg stage-${s.stage.toLowerCase()}${s.defaultEnabled ? ' default-on' : ' default-off'}`,
        tabindex: 0,
        'aria-label': describe,
        'aria-describedby': 'gate-tip',
        'data-stage': s.stage,
        'data-range': rangeText(versions, seg),
      },
      segmentContent(seg, versions),
    );
    wireTip(cell, gate, barText, tip);
    cells.push(cell);
    col = seg.end;
  }
  if (removedAt >= 0) {
    gap(removedAt);
    const mark = h(
      'td',
      {
        className: 'removal',
        tabindex: 0,
        'aria-label': `${gate.name}: removed in ${gate.removedIn}`,
        'aria-describedby': 'gate-tip',
        title: `removed in ${gate.removedIn}`,
      },
      h('span', { 'aria-hidden': 'true' }, '✕'),
    );
    wireTip(mark, gate, null, tip);
    cells.push(mark);
    col = removedAt + 1;
  }
  if (cells.length === 0) {
    const when = gate.removedIn
      ? `removed in ${gate.removedIn}, before ${versions[0]}`
      : gate.lifecycle.length === 0
        ? "no release known (a generated record: Kubernetes' lists name it only for a release in development)"
        : `not yet in ${versions[versions.length - 1]}`;
    cells.push(h('td', { colspan: versions.length, className: 'outside' }, when));
    col = versions.length;
  }
  gap(versions.length);
  const button = h(
    'button',
    {
      type: 'button',
      className: 'gate-toggle',
      'aria-expanded': 'false',
      'aria-controls': `details-${gate.name}`,
      'aria-describedby': 'gate-tip',
      title: `${gate.name}: show details below`,
    },
    gate.name,
  );
  const name = h('th', { scope: 'row', className: 'gate-name' }, button);
  wireTip(button, gate, null, tip);
  return h('tr', { 'data-gate': gate.name }, name, cells);
}

/** The bar's text, sized to its width: "GA · on · locked", "beta", "A". */
function stageLabel(s: GateStage, span: number, showLock: boolean): string {
  if (span >= 3) return `${STAGE_LABEL[s.stage]} · ${s.defaultEnabled ? 'on' : 'off'}${showLock ? ' · locked' : ''}`;
  return span === 2 ? STAGE_MEDIUM[s.stage] : STAGE_SHORT[s.stage];
}

/**
 * What a bar holds: its label, or, when the lock changes inside it, one part per stretch of equal lock side
 * by side (widths by their releases), each later part starting with a double line at the release where the
 * lock changes and saying "locked" (or "unlocked") as far as its width allows.
 */
function segmentContent(seg: Segment, versions: string[]): HTMLElement {
  const span = seg.end - seg.start;
  if (seg.lockChanges.length === 0)
    return h(
      'span',
      { className: 'seg-label', 'aria-hidden': 'true' },
      stageLabel(seg.stage, span, Boolean(seg.stage.lockedToDefault) && span >= 4),
    );
  const ends = [...seg.lockChanges.map((c) => c.at), seg.end];
  const part = (width: number, ...children: HTMLElement[]) => {
    const el = h('span', { className: 'seg-part' }, children);
    // CSSOM, not a style attribute: the page's content security policy allows no inline styles.
    el.style.flexGrow = String(width);
    return el;
  };
  const first = part(
    ends[0] - seg.start,
    h('span', { className: 'seg-label' }, stageLabel(seg.stage, ends[0] - seg.start, false)),
  );
  const later = seg.lockChanges.map((c, i) => {
    const width = ends[i + 1] - c.at;
    const word = c.stage.lockedToDefault ? 'locked' : 'unlocked';
    const el = part(width, h('span', { className: 'seg-label' }, width >= 2 ? word : word.charAt(0).toUpperCase()));
    el.classList.add('lock-mark');
    el.dataset.release = versions[c.at];
    el.title = `${word} from ${versions[c.at]}`;
    return el;
  });
  return h('span', { className: 'seg-parts', 'aria-hidden': 'true' }, first, later);
}

function wireTip(target: HTMLElement, gate: Gate, barText: string | null, tip: HTMLElement): void {
  const show = () => {
    fill(tip, gateDetails(gate, barText));
    tip.hidden = false;
    const box = target.getBoundingClientRect();
    const top =
      box.bottom + 6 + tip.offsetHeight > window.innerHeight
        ? Math.max(8, box.top - tip.offsetHeight - 6)
        : box.bottom + 6;
    tip.style.top = `${top}px`;
    tip.style.left = `${Math.max(8, Math.min(box.left, window.innerWidth - tip.offsetWidth - 8))}px`;
  };
  const hide = () => {
    tip.hidden = true;
  };
  target.addEventListener('mouseenter', show);
  target.addEventListener('focus', show);
  target.addEventListener('mouseleave', () => {
    if (document.activeElement !== target) hide();
  });
  target.addEventListener('blur', hide);
  target.addEventListener('keydown', (e) => {
    if (e.key === 'Escape') hide();
  });
}

const MAX_CHANGES = 6;

/** What the tooltip says: the bar in focus, every stage with its default, the removal, the release notes. */
function gateDetails(gate: Gate, focus: string | null): HTMLElement {
  // A gate's changes are Kubernetes release notes: Change.version is null only for Gateway API CHANGELOG entries.
  const changes = gate.changes
    .filter((c): c is typeof c & { version: string } => c.version !== null)
    .sort((a, b) => compareVersions(a.version, b.version));
  return h(
    'div',
    {},
    h(
      'p',
      { className: 'tip-title' },
      h('strong', {}, gate.name),
      gate.kep ? [' · ', gate.kepUrl ? externalLink(gate.kepUrl, gate.kep) : gate.kep] : null,
    ),
    h('p', {}, gate.summary),
    focus ? h('p', { className: 'tip-focus' }, `This bar: ${focus}.`) : null,
    h(
      'table',
      { className: 'tip-stages' },
      h('thead', {}, h('tr', {}, h('th', {}, 'Stage'), h('th', {}, 'Releases'), h('th', {}, 'Default'))),
      h(
        'tbody',
        {},
        gate.lifecycle.map((s) =>
          h(
            'tr',
            {},
            h('td', {}, STAGE_LABEL[s.stage]),
            h('td', {}, `${s.since}–${s.until ?? gate.knownThrough ?? (gate.removedIn ? 'removal' : 'now')}`),
            h('td', {}, `${s.defaultEnabled ? 'on' : 'off'}${s.lockedToDefault ? ' (locked)' : ''}`),
          ),
        ),
        gate.removedIn
          ? h(
              'tr',
              {},
              h('td', {}, 'removed'),
              h('td', {}, gate.removedIn),
              h('td', {}, 'setting it stops the component'),
            )
          : null,
      ),
    ),
    h(
      'p',
      { className: 'tip-meta' },
      `SIG ${gate.sigs.join(', ') || '—'} · ${gate.components.join(', ') || 'no component recorded'}`,
    ),
    changes.length === 0
      ? h('p', {}, 'No release note mentions this gate.')
      : h(
          'ul',
          { className: 'tip-changes' },
          changes.slice(0, MAX_CHANGES).map((c) =>
            h(
              'li',
              {},
              h('strong', {}, c.version),
              ` ${c.kind.toLowerCase().replace(/_/g, ' ')}${c.actionRequired ? ' (action required)' : ''}: ${clip(c.summary, 160)} `,
              c.prs.map((pr) => prLink(pr)),
            ),
          ),
          changes.length > MAX_CHANGES ? h('li', {}, `and ${changes.length - MAX_CHANGES} more`) : null,
        ),
  );
}
